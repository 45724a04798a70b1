import { ROLE, type Session } from '@kampus/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import {
  call,
  createTestApp,
  hostOf,
  latestMailTo,
  linkIn,
  login,
  readOutbox,
  type TestApp,
} from '../../../../test/helpers.js';
import { auditLogs } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

/** The flows issue #2 names as "done": sessions, host binding, throttling, group switching, impersonation, mail. */
describe('identity acceptance', () => {
  let test: TestApp;
  let holding: CompanyRow;
  let retail: CompanyRow;
  let other: CompanyRow;
  let admin: UserRow;
  let learner: UserRow;
  let superAdmin: UserRow;

  beforeAll(async () => {
    test = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' });
    const f = test.factories;
    holding = await f.createCompany({ isGroupAlias: true, canSwitchCompany: true });
    retail = await f.createCompany({ parentId: holding.id });
    other = await f.createCompany();
    admin = await f.createAdmin(holding);
    learner = await f.createUser(other);
    superAdmin = await f.createSuperAdmin(other);
  });
  afterAll(() => test.close());

  const refresh = (company: CompanyRow, token: string) =>
    call(test.app, 'POST', '/api/token/refresh', { host: hostOf(company), body: { refresh_token: token } });

  it('rotates refresh tokens and revokes the whole family when a rotated one is presented again', async () => {
    const first = await login(test.app, holding, admin.email!);
    const second = await refresh(holding, first.refresh_token);
    expect(second.statusCode).toBe(200);
    const rotated = second.json() as Session;
    expect(rotated.refresh_token).not.toBe(first.refresh_token);

    const reuse = await refresh(holding, first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    // The family is gone: even the newest token of it no longer works.
    expect((await refresh(holding, rotated.refresh_token)).statusCode).toBe(401);
    const audit = await asSystem(test.db, (tx) =>
      tx.select().from(auditLogs).where(eq(auditLogs.action, 'session.refresh_reuse_detected')),
    );
    expect(audit.some((row) => row.entityId === admin.id)).toBe(true);
  });

  it('refuses a token issued on one company host on another', async () => {
    const session = await login(test.app, holding, admin.email!);
    const home = await call(test.app, 'GET', '/api/user', { host: hostOf(holding), token: session.access_token });
    expect(home.statusCode).toBe(200);
    const elsewhere = await call(test.app, 'GET', '/api/user', { host: hostOf(other), token: session.access_token });
    expect(elsewhere.statusCode).toBe(401);
    expect((await refresh(other, session.refresh_token)).statusCode).toBe(401);
  });

  it('asks for a mailed code, not a lock-out, once an account fails too often', async () => {
    const body = (password: string) => ({ grant_type: 'password', username: learner.email, password });
    for (let attempt = 0; attempt < 4; attempt++) {
      const wrong = await call(test.app, 'POST', '/api/token', { host: hostOf(other), body: body('wrong-password') });
      expect(wrong.statusCode).toBe(401);
    }
    const challenged = await call(test.app, 'POST', '/api/token', {
      host: hostOf(other),
      headers: { 'x-content-language': 'en' },
      body: body('Correct-Horse-42'),
    });
    expect(challenged.statusCode).toBe(200);
    expect(challenged.json()).toMatchObject({ requires_sms_code: true, channel: 'email' });
    expect(challenged.json()).not.toHaveProperty('access_token');
  });

  it('lets a group user act in a sub-company through X-Company-Id or change-company, and nowhere else', async () => {
    const session = await login(test.app, holding, admin.email!);
    const asRetail = await call(test.app, 'GET', '/api/user', {
      host: hostOf(holding),
      token: session.access_token,
      headers: { 'x-company-id': String(retail.id) },
    });
    expect(asRetail.statusCode).toBe(200);
    const asOther = await call(test.app, 'GET', '/api/user', {
      host: hostOf(holding),
      token: session.access_token,
      headers: { 'x-company-id': String(other.id) },
    });
    expect(asOther.statusCode).toBe(403);

    const switched = await call(test.app, 'POST', '/api/change-company', {
      host: hostOf(holding),
      token: session.access_token,
      body: { company_id: retail.id },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ company_id: retail.id, company_name: retail.name });
    expect((await refresh(holding, session.refresh_token)).statusCode).toBe(401);
    const refused = await call(test.app, 'POST', '/api/change-company', {
      host: hostOf(holding),
      token: (switched.json() as Session).access_token,
      body: { company_id: other.id },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('signs the super admin in on any company host, and audits impersonation from start to end', async () => {
    const own = await login(test.app, holding, superAdmin.email!);
    expect(own.roles.map((r) => r.id)).toContain(ROLE.superAdmin);
    const started = await call(test.app, 'POST', `/api/impersonate/${admin.id}`, {
      host: hostOf(holding),
      token: own.access_token,
    });
    expect(started.statusCode).toBe(200);
    const acting = started.json() as Session;
    expect(acting).toMatchObject({ id: admin.id, impersonator: { id: superAdmin.id } });

    const left = await call(test.app, 'DELETE', '/api/impersonate/leaving', {
      host: hostOf(holding),
      token: acting.access_token,
    });
    expect(left.statusCode).toBe(200);
    expect((await refresh(holding, acting.refresh_token)).statusCode).toBe(401);
    const actions = await asSystem(test.db, (tx) =>
      tx
        .select({ action: auditLogs.action, actor: auditLogs.actorUserId })
        .from(auditLogs)
        .where(eq(auditLogs.entityId, admin.id)),
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'impersonation.started', actor: superAdmin.id },
        { action: 'impersonation.ended', actor: superAdmin.id },
      ]),
    );
    const byAdmin = await call(test.app, 'POST', `/api/impersonate/${superAdmin.id}`, {
      host: hostOf(holding),
      token: (await login(test.app, holding, admin.email!)).access_token,
    });
    expect(byAdmin.statusCode).toBe(403);
  });

  it('mails a working reset link to the outbox and answers unknown accounts the same way', async () => {
    const person = await test.factories.createUser(holding, { email: 'reset.me@example.test' });
    const known = await call(test.app, 'POST', '/api/forgot-password', {
      host: hostOf(holding),
      body: { username: person.email },
    });
    const unknown = await call(test.app, 'POST', '/api/forgot-password', {
      host: hostOf(holding),
      body: { username: 'nobody@example.test' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);

    const mail = await latestMailTo(test, person.email!);
    const token = linkIn(mail, /\/reset-password\/([A-Za-z0-9_-]{20,})/);
    expect((await readOutbox(test)).filter((m) => m.content.includes('nobody@example.test'))).toEqual([]);

    const reset = await call(test.app, 'POST', '/api/reset-password', {
      host: hostOf(holding),
      body: { token, password: 'Brand-New-Passphrase-7', password_confirmation: 'Brand-New-Passphrase-7' },
    });
    expect(reset.statusCode).toBe(200);
    await expect(login(test.app, holding, person.email!)).rejects.toThrow(/401/);
    await expect(login(test.app, holding, person.email!, 'Brand-New-Passphrase-7')).resolves.toMatchObject({
      id: person.id,
    });
    const again = await call(test.app, 'POST', '/api/reset-password', {
      host: hostOf(holding),
      body: { token, password: 'Another-Passphrase-8', password_confirmation: 'Another-Passphrase-8' },
    });
    expect(again.statusCode).toBe(422);
  });

  it('asks for an SMS code when the company turns the second factor on, and voids it after five wrong codes', async () => {
    const company = await test.factories.createCompany({
      settings: { login_options: { identifiers: ['email', 'phone'], sms_two_factor: true } },
    });
    const person = await test.factories.createUser(company, { phone: '+905551112233' });
    const start = async () => {
      const response = await call(test.app, 'POST', '/api/token', {
        host: hostOf(company),
        body: { grant_type: 'password', username: person.phone, password: 'Correct-Horse-42' },
      });
      expect(response.json()).toMatchObject({ requires_sms_code: true });
      const body = response.json();
      expect(body).toMatchObject({ requires_sms_code: true, phone_hint: '+90 *** ** 33' });
      expect(body).not.toHaveProperty('access_token');
      const sms = (await readOutbox(test)).filter(
        (m) => m.file.endsWith('.sms.txt') && m.content.includes(person.phone!),
      );
      const code = linkIn(sms.at(-1)?.content, /: (\d{6})\b/);
      return { challenge: body.challenge as string, code };
    };
    const validate = (challenge: string, code: string) =>
      call(test.app, 'POST', '/api/auth-validation', {
        host: hostOf(company),
        body: { grant_type: 'sms_code', challenge, code },
      });

    const first = await start();
    const wrong = first.code === '000000' ? '111111' : '000000';
    const accepted = await validate(first.challenge, first.code);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: person.id, company_id: company.id });
    expect((await validate(first.challenge, first.code)).statusCode).toBe(401);

    const second = await start();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await validate(second.challenge, wrong)).statusCode).toBe(401);
    }
    expect((await validate(second.challenge, second.code)).statusCode).toBe(401);
  });
});

describe('sign-in throttling per address', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '3', LOGIN_MAX_FAILURES_PER_ACCOUNT: '100' });
  });
  afterAll(() => test.close());

  it('counts failures across accounts from one address, but not successes', async () => {
    const company = await test.factories.createCompany();
    const person = await test.factories.createUser(company);
    for (let attempt = 0; attempt < 5; attempt++) await login(test.app, company, person.email!);
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await call(test.app, 'POST', '/api/token', {
        host: hostOf(company),
        body: { grant_type: 'password', username: `nobody${attempt}@example.test`, password: 'wrong-password' },
      });
      expect(wrong.statusCode).toBe(401);
    }
    const blocked = await call(test.app, 'POST', '/api/token', {
      host: hostOf(company),
      body: { grant_type: 'password', username: person.email, password: 'Correct-Horse-42' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
