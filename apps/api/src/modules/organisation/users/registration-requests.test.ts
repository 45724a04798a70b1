import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, latestMailTo, login, type TestApp } from '../../../../test/helpers.js';
import { users } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

type Method = 'GET' | 'POST';
const PENDING = 2;

describe('registration requests', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let admin: UserRow;
  let adminToken: string;
  let learnerToken: string;
  let reporterToken: string;

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    company = await f.createCompany({ name: 'Acme Akademi' });
    other = await f.createCompany();
    admin = await f.createAdmin(company);
    const learner = await f.createUser(company);
    const reporter = await f.createUser(company);
    await test.factories.createRole(company, {
      name: 'Reporter',
      permissions: ['read_report'],
      members: [reporter.id],
    });
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    learnerToken = (await login(test.app, company, learner.email!)).access_token;
    reporterToken = (await login(test.app, company, reporter.email!)).access_token;
  });
  afterAll(() => test.close());

  const as = (
    token: string | undefined,
    method: Method,
    url: string,
    options: { body?: unknown; query?: Record<string, string>; lang?: string } = {},
  ) =>
    call(test.app, method, url, {
      host: hostOf(company),
      token,
      body: options.body,
      query: options.query,
      headers: { 'x-content-language': options.lang ?? 'en' },
    });
  const pending = (target: CompanyRow = company, overrides: Parameters<TestApp['factories']['createUser']>[1] = {}) =>
    test.factories.createUser(target, { status: PENDING, ...overrides });
  const rowOf = (id: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(users)
        .where(eq(users.id, id))
        .then((r) => r[0]),
    );

  it('answers 401 without a session and 403 without show_user, changing nothing', async () => {
    const person = await pending();
    const actions: [Method, string, unknown?][] = [
      ['GET', '/api/admin/registration-requests'],
      ['POST', `/api/admin/registration-requests/${person.id}/approve`],
      ['POST', `/api/admin/registration-requests/${person.id}/reject`, { reason: 'No' }],
    ];
    for (const [method, url, body] of actions) {
      expect((await as(undefined, method, url, { body })).statusCode, url).toBe(401);
      expect((await as(learnerToken, method, url, { body })).statusCode, url).toBe(403);
      expect((await as(reporterToken, method, url, { body })).statusCode, url).toBe(403);
    }
    expect((await rowOf(person.id))?.status).toBe(PENDING);
  });

  it('lists only the pending people of the company, paged, sorted and searched', async () => {
    const zeynep = await pending(company, { name: 'Zeynep', surname: 'Şahin', emailVerifiedAt: new Date() });
    const ahmet = await pending(company, { name: 'Ahmet', surname: 'Çelik' });
    await pending(other, { name: 'Zeynep', surname: 'Başka' });
    const list = await as(adminToken, 'GET', '/api/admin/registration-requests', {
      query: { sort: 'name', per_page: '100' },
    });
    expect(list.statusCode).toBe(200);
    const names = list.json().data.map((r: { name: string }) => r.name);
    expect(names).toContain('Zeynep');
    expect(names.indexOf('Ahmet')).toBeLessThan(names.indexOf('Zeynep'));
    expect(JSON.stringify(list.json())).not.toContain('Başka');
    expect(list.json().data.find((r: { id: number }) => r.id === admin.id)).toBeUndefined();

    const found = await as(adminToken, 'GET', '/api/admin/registration-requests', { query: { search: 'şahin' } });
    expect(found.json()).toEqual({
      data: [
        {
          id: zeynep.id,
          name: 'Zeynep',
          surname: 'Şahin',
          email: zeynep.email,
          phone: null,
          language: 'tr',
          email_verified: true,
          created_at: expect.any(String),
        },
      ],
      meta: { page: 1, per_page: 20, total: 1 },
    });
    const paged = await as(adminToken, 'GET', '/api/admin/registration-requests', {
      query: { per_page: '1', page: '2', sort: '-created_at' },
    });
    expect(paged.json().meta.per_page).toBe(1);
    expect(paged.json().data).toHaveLength(1);
    const newest = await as(adminToken, 'GET', '/api/admin/registration-requests', { query: { sort: '-created_at' } });
    expect(newest.json().data[0].id).toBe(ahmet.id);
  });

  it('approves: the person becomes active, can sign in, is audited and mailed the sign-in link', async () => {
    const person = await pending(company, { email: 'approve-me@example.test', language: 'en' });
    const blocked = await call(test.app, 'POST', '/api/token', {
      host: hostOf(company),
      body: { grant_type: 'password', username: 'approve-me@example.test', password: 'Correct-Horse-42' },
    });
    expect(blocked.statusCode).toBe(403);
    const response = await as(adminToken, 'POST', `/api/admin/registration-requests/${person.id}/approve`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'The registration was approved and the person has been notified.' });
    expect((await rowOf(person.id))?.status).toBe(1);
    await login(test.app, company, 'approve-me@example.test');

    const entries = await test.factories.auditOf('user', person.id);
    const entry = entries.find((e) => e.action === 'user.registration_approved');
    expect(entry).toMatchObject({
      actorUserId: admin.id,
      companyId: company.id,
      before: expect.objectContaining({ status: PENDING }),
      after: expect.objectContaining({ status: 1 }),
    });
    const mail = await latestMailTo(test, 'approve-me@example.test');
    expect(mail).toContain('Acme Akademi');
    expect(mail).toContain('has been approved');
    expect(mail).toMatch(new RegExp(`http://${hostOf(company)}:\\d+/login`));

    // Decided once: approving or rejecting again finds no pending request.
    const again = await as(adminToken, 'POST', `/api/admin/registration-requests/${person.id}/approve`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('There is no pending registration request with this ID.');
    const reject = await as(adminToken, 'POST', `/api/admin/registration-requests/${person.id}/reject`, {
      body: { reason: 'Too late' },
    });
    expect(reject.statusCode).toBe(404);
    expect((await rowOf(person.id))?.status).toBe(1);
  });

  it("answers 404 for another company's pending person and for an active user, changing nothing", async () => {
    const foreign = await pending(other, { email: 'foreign@example.test' });
    const active = await test.factories.createUser(company);
    for (const id of [foreign.id, active.id, 999_999]) {
      const approve = await as(adminToken, 'POST', `/api/admin/registration-requests/${id}/approve`);
      expect(approve.statusCode).toBe(404);
      const reject = await as(adminToken, 'POST', `/api/admin/registration-requests/${id}/reject`, {
        body: { reason: 'No' },
      });
      expect(reject.statusCode).toBe(404);
    }
    expect(await rowOf(foreign.id)).toMatchObject({ status: PENDING });
    expect(await rowOf(active.id)).toMatchObject({ status: 1 });
    expect(await latestMailTo(test, 'foreign@example.test')).toBeUndefined();
  });

  it('refuses a rejection without a reason or with one over 500 characters', async () => {
    const person = await pending();
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
      const response = await as(adminToken, 'POST', `/api/admin/registration-requests/${person.id}/reject`, { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors).toHaveProperty('reason');
    }
    expect((await rowOf(person.id))?.status).toBe(PENDING);
  });

  it('rejects: the pending person is deleted, the reason is audited and mailed in their language', async () => {
    const person = await pending(company, { email: 'reject-me@example.test', language: 'tr', name: 'Deniz' });
    const reason = 'Bu adres <şirketimize> ait değil.';
    const response = await as(adminToken, 'POST', `/api/admin/registration-requests/${person.id}/reject`, {
      body: { reason: `  ${reason} ` },
      lang: 'de',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Die Registrierung wurde abgelehnt und die Person benachrichtigt.');
    expect(await rowOf(person.id)).toBeUndefined();
    const [entry] = await test.factories.auditOf('user', person.id);
    expect(entry).toMatchObject({
      action: 'user.registration_rejected',
      actorUserId: admin.id,
      before: expect.objectContaining({ email: 'reject-me@example.test' }),
      after: { reason },
    });
    const mail = await latestMailTo(test, 'reject-me@example.test');
    expect(mail).toContain('Merhaba Deniz');
    expect(mail).toContain('onaylanmad');
    // The reason reaches the HTML part escaped.
    expect(mail).toContain('&lt;');
  });
});
