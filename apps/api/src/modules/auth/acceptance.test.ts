import { ROLE, type Session } from '@kampus/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../test/factories.js';
import {
  call,
  createTestApp,
  hostOf,
  latestMailTo,
  linkIn,
  login,
  readOutbox,
  type TestApp,
} from '../../../test/helpers.js';
import { auditLogs } from '../../db/schema/index.js';
import { asSystem } from '../../db/scope.js';

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
    test = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_PER_IP: '1000' });
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

  it('answers 429 with Retry-After once an account fails too often, whatever the password then', async () => {
    const body = (password: string) => ({ grant_type: 'password', username: learner.email, password });
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await call(test.app, 'POST', '/api/token', { host: hostOf(other), body: body('wrong-password') });
      expect(wrong.statusCode).toBe(401);
    }
    const blocked = await call(test.app, 'POST', '/api/token', {
      host: hostOf(other),
      headers: { 'x-content-language': 'en' },
      body: body('Correct-Horse-42'),
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/^Too many attempts/);
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
});
