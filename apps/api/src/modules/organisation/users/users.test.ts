import { ROLE } from '@kampus/shared';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import {
  call,
  companyExporter,
  createTestApp,
  hostOf,
  latestMailTo,
  login,
  resourceRoutes,
  type TestApp,
} from '../../../../test/helpers.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import { users } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';
import { uniqueViolationOf } from './service.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('admin users resource', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let admin: UserRow;
  let learner: UserRow;
  let outsider: UserRow;
  let adminToken: string;
  let learnerToken: string;
  let reporterToken: string;

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    company = await f.createCompany({
      settings: { user_custom_fields: [{ key: 'blood_type', label: { tr: 'Kan grubu', en: 'Blood type' } }] },
    });
    other = await f.createCompany();
    admin = await f.createAdmin(company, { name: 'Ayşe', surname: 'Yönetici' });
    learner = await f.createUser(company, { name: 'Şeyma', surname: 'Öztürk', department: 'Satış' });
    outsider = await f.createUser(other, { name: 'Şeyma', surname: 'Başka' });
    // A company role holding an admin permission, but not show_user.
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
  const exportAs = companyExporter(() => ({ test, company }));

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
      headers: options.lang ? { 'x-content-language': options.lang } : {},
    });

  const auditOf = (id: number) => test.factories.auditOf('user', id);
  const userRow = (id: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(users)
        .where(eq(users.id, id))
        .then((r) => r[0]),
    );

  /**
   * The generated routes (their 401, 403 and 404 matrix is the resource contract's, at the end of this file) and the
   * custom action.
   */
  const actions = (id: number): [Method, string, unknown?][] => [
    ...resourceRoutes('users', id, {
      create: { name: 'A', surname: 'B', email: 'new-guard@example.test' },
      update: { name: 'Changed' },
    }).all,
    ['POST', `/api/admin/users/${id}/reactivate`],
  ];

  it('answers 403 to an admin holding another permission than show_user, and guards reactivate', async () => {
    for (const [method, url, body] of actions(learner.id)) {
      expect((await as(reporterToken, method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
    }
    const reactivate = `/api/admin/users/${learner.id}/reactivate`;
    expect((await as(undefined, 'POST', reactivate)).statusCode).toBe(401);
    expect((await as(learnerToken, 'POST', reactivate)).statusCode).toBe(403);
    expect((await userRow(learner.id))?.name).toBe('Şeyma');
  });

  it("answers 404 for another company's user on reactivate and never lists one", async () => {
    const response = await as(adminToken, 'POST', `/api/admin/users/${outsider.id}/reactivate`);
    expect(response.statusCode).toBe(404);
    expect(JSON.stringify(response.json())).not.toContain('Başka');
    expect(await userRow(outsider.id)).toMatchObject({ name: 'Şeyma', status: 1 });
    const list = await as(adminToken, 'GET', '/api/admin/users', { query: { search: 'Başka' } });
    expect(list.json()).toEqual({ data: [], meta: { page: 1, per_page: 20, total: 0 } });
  });

  it('lists with paging, sorting, search (Turkish capitals) and filters, reading bad query values leniently', async () => {
    const list = await as(adminToken, 'GET', '/api/admin/users', { query: { per_page: '2', sort: 'name' } });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.meta).toEqual({ page: 1, per_page: 2, total: 3 });
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({ name: 'Ayşe', roles: [{ id: ROLE.admin }, { id: ROLE.user }] });

    const found = await as(adminToken, 'GET', '/api/admin/users', { query: { search: 'şeyma' } });
    expect(found.json().data.map((u: { id: number }) => u.id)).toEqual([learner.id]);
    const upper = await as(adminToken, 'GET', '/api/admin/users', { query: { search: 'ÖZTÜRK' } });
    expect(upper.json().data.map((u: { id: number }) => u.id)).toEqual([learner.id]);
    const wildcard = await as(adminToken, 'GET', '/api/admin/users', { query: { search: '%' } });
    expect(wildcard.json().meta.total).toBe(0);

    const admins = await as(adminToken, 'GET', '/api/admin/users', { query: { role_id: String(ROLE.admin) } });
    expect(admins.json().data.map((u: { id: number }) => u.id)).toEqual([admin.id]);
    const passive = await as(adminToken, 'GET', '/api/admin/users', { query: { status: '0' } });
    expect(passive.json().meta.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const todays = await as(adminToken, 'GET', '/api/admin/users', { query: { created_from: today } });
    expect(todays.json().meta.total).toBe(3);
    const old = await as(adminToken, 'GET', '/api/admin/users', { query: { created_to: '2000-01-01' } });
    expect(old.json().meta.total).toBe(0);

    const bad = await as(adminToken, 'GET', '/api/admin/users', {
      query: { page: 'x', per_page: '5000', sort: 'password_hash', status: '7', role_id: 'abc', created_from: '31.12' },
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().meta).toEqual({ page: 1, per_page: 20, total: 3 });
    // The default order is newest first.
    expect(bad.json().data.map((u: { id: number }) => u.id)).toEqual(
      [...bad.json().data.map((u: { id: number }) => u.id)].sort((a: number, b: number) => b - a),
    );
    const ids = async (sort: string) =>
      (await as(adminToken, 'GET', '/api/admin/users', { query: { sort } }))
        .json()
        .data.map((u: { id: number }) => u.id);
    for (const field of ['name', 'surname', 'email', 'status', 'last_login_at', 'created_at']) {
      expect(await ids(`-${field}`), field).toHaveLength(3);
    }
    expect(await ids('-surname')).toEqual((await ids('surname')).reverse());
    // All three signed in, the admin first.
    expect((await ids('-last_login_at'))[2]).toBe(admin.id);
    expect((await ids('last_login_at'))[0]).toBe(admin.id);
  });

  it('creates a user with roles and a manager, mails the first-password link and audits it', async () => {
    const created = await as(adminToken, 'POST', '/api/admin/users', {
      body: {
        name: 'Mehmet',
        surname: 'Kaya',
        email: 'Mehmet.Kaya@Example.test',
        registration_number: 'S-100',
        role_ids: [ROLE.user],
        department: 'Finans',
        title: 'Uzman',
        manager_id: admin.id,
        location: 'İstanbul',
        hire_date: '2024-03-01',
        custom_fields: { blood_type: 'A+' },
      },
    });
    expect(created.statusCode).toBe(201);
    const item = created.json().data;
    expect(item).toMatchObject({
      name: 'Mehmet',
      email: 'mehmet.kaya@example.test',
      status: 1,
      language: 'tr',
      roles: [{ id: ROLE.user, name: 'user' }],
      manager: { id: admin.id, name: 'Ayşe', surname: 'Yönetici' },
      hire_date: '2024-03-01',
      custom_fields: { blood_type: 'A+' },
      last_login_at: null,
    });
    const mail = await latestMailTo(test, 'mehmet.kaya@example.test');
    expect(mail).toMatch(/create-password\?token=/);
    const [entry] = await auditOf(item.id);
    expect(entry).toMatchObject({
      action: 'user.created',
      companyId: company.id,
      actorUserId: admin.id,
      before: null,
      after: expect.objectContaining({ email: 'mehmet.kaya@example.test' }),
    });
    const detail = await as(adminToken, 'GET', `/api/admin/users/${item.id}`);
    expect(detail.json()).toEqual({ data: item });
  });

  it('refuses bad input with localized field errors and creates nothing', async () => {
    const before = (await as(adminToken, 'GET', '/api/admin/users')).json().meta.total;
    const invalid = await as(adminToken, 'POST', '/api/admin/users', {
      lang: 'en',
      body: { name: '', surname: 'X', email: 'not-an-email', hire_date: '2024-13-45', role_ids: [] },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({
      name: ['This field is required.'],
      email: expect.any(Array),
      hire_date: ['Enter a valid date (YYYY-MM-DD).'],
      role_ids: expect.any(Array),
    });
    const noIdentifier = await as(adminToken, 'POST', '/api/admin/users', { body: { name: 'A', surname: 'B' } });
    expect(noIdentifier.statusCode).toBe(422);
    expect(noIdentifier.json().errors).toHaveProperty('email');
    const tooMany = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, 'v']));
    const fields = await as(adminToken, 'POST', '/api/admin/users', {
      body: { name: 'A', surname: 'B', email: 'cf@example.test', custom_fields: tooMany },
    });
    expect(fields.json().errors).toHaveProperty('custom_fields');

    const taken = await as(adminToken, 'POST', '/api/admin/users', {
      lang: 'tr',
      body: { name: 'A', surname: 'B', email: learner.email!.toUpperCase(), username: admin.username },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({
      email: ['Bu e-posta adresi zaten kullanılıyor.'],
      username: [expect.any(String)],
    });
    // The same address in another company is not taken here.
    const elsewhere = await as(adminToken, 'POST', '/api/admin/users', {
      body: { name: 'A', surname: 'B', username: outsider.username },
    });
    expect(elsewhere.statusCode).toBe(201);

    const superRole = await as(adminToken, 'POST', '/api/admin/users', {
      body: { name: 'A', surname: 'B', email: 'sa@example.test', role_ids: [ROLE.superAdmin] },
    });
    expect(superRole.json().errors).toEqual({ role_ids: [expect.any(String)] });
    const foreignManager = await as(adminToken, 'POST', '/api/admin/users', {
      body: { name: 'A', surname: 'B', email: 'fm@example.test', manager_id: outsider.id },
    });
    expect(foreignManager.json().errors).toEqual({ manager_id: [expect.any(String)] });
    expect((await as(adminToken, 'GET', '/api/admin/users')).json().meta.total).toBe(before + 1);
  });

  it('turns a unique index violation (two saves at once) into the same field error', async () => {
    const error = await asSystem(test.db, (tx) =>
      tx.insert(users).values({ companyId: company.id, name: 'X', surname: 'Y', email: learner.email }),
    ).catch((e: unknown) => e);
    expect(uniqueViolationOf(error)).toEqual({ email: 'errors.email_taken' });
    expect(uniqueViolationOf(new Error('other'))).toBeNull();
  });

  it('updates by PUT and by POST, keeps fields not sent, and audits before and after', async () => {
    const user = await test.factories.createUser(company, { department: 'Satış', title: 'Uzman' });
    const put = await as(adminToken, 'PUT', `/api/admin/users/${user.id}`, {
      body: { department: 'Pazarlama', manager_id: admin.id },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ department: 'Pazarlama', title: 'Uzman', manager: { id: admin.id } });
    const post = await as(adminToken, 'POST', `/api/admin/users/${user.id}`, {
      body: { title: '', role_ids: [ROLE.admin, ROLE.user], language: 'de' },
    });
    expect(post.statusCode).toBe(200);
    expect(post.json().data).toMatchObject({ title: null, language: 'de', roles: [{ id: 2 }, { id: 3 }] });
    const [latest, previous] = await auditOf(user.id);
    expect(latest).toMatchObject({
      action: 'user.updated',
      before: expect.objectContaining({ title: 'Uzman' }),
      after: expect.objectContaining({ title: null }),
    });
    expect(previous).toMatchObject({ before: expect.objectContaining({ department: 'Satış' }) });
    // A manager loop is refused.
    const loop = await as(adminToken, 'PUT', `/api/admin/users/${admin.id}`, { body: { manager_id: user.id } });
    expect(loop.statusCode).toBe(422);
    expect(loop.json().errors).toHaveProperty('manager_id');
    const duplicate = await as(adminToken, 'PUT', `/api/admin/users/${user.id}`, { body: { email: learner.email } });
    expect(duplicate.json().errors).toHaveProperty('email');
  });

  it('keeps an administrator from locking themselves out', async () => {
    const passiveSelf = await as(adminToken, 'PUT', `/api/admin/users/${admin.id}`, { body: { status: 0 } });
    expect(passiveSelf.statusCode).toBe(422);
    expect(passiveSelf.json().errors).toHaveProperty('status');
    const dropAdmin = await as(adminToken, 'PUT', `/api/admin/users/${admin.id}`, { body: { role_ids: [ROLE.user] } });
    expect(dropAdmin.json().errors).toHaveProperty('role_ids');
    const deleteSelf = await as(adminToken, 'DELETE', `/api/admin/users/${admin.id}`);
    expect(deleteSelf.statusCode).toBe(422);
    const bulkSelf = await as(adminToken, 'POST', '/api/admin/users/bulk', {
      body: { action: 'status', ids: [learner.id, admin.id], status: 0 },
    });
    expect(bulkSelf.statusCode).toBe(422);
    expect((await userRow(learner.id))?.status).toBe(1);
    expect((await userRow(admin.id))?.status).toBe(1);
  });

  it('makes users passive in bulk and reactivates one, auditing each change', async () => {
    const a = await test.factories.createUser(company);
    const b = await test.factories.createUser(company);
    const invalid = await as(adminToken, 'POST', '/api/admin/users/bulk', {
      body: { action: 'status', ids: [a.id] },
    });
    expect(invalid.statusCode).toBe(422);
    const wrongStatus = await as(adminToken, 'POST', '/api/admin/users/bulk', {
      body: { action: 'status', ids: [a.id], status: 9 },
    });
    expect(wrongStatus.json().errors).toHaveProperty('status');
    const tooMany = await as(adminToken, 'POST', '/api/admin/users/bulk', {
      body: { action: 'delete', ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
    });
    expect(tooMany.statusCode).toBe(422);

    const passive = await as(adminToken, 'POST', '/api/admin/users/bulk', {
      lang: 'en',
      body: { action: 'status', ids: [a.id, b.id, a.id], status: 0 },
    });
    expect(passive.json()).toEqual({ message: 'Records updated: 2', affected: 2 });
    const list = await as(adminToken, 'GET', '/api/admin/users', { query: { status: '0' } });
    expect(
      list
        .json()
        .data.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    // A passive user cannot sign in any more.
    const signIn = await call(test.app, 'POST', '/api/token', {
      host: hostOf(company),
      body: { grant_type: 'password', username: a.email, password: 'Correct-Horse-42' },
    });
    expect(signIn.statusCode).toBe(403);

    const reactivated = await as(adminToken, 'POST', `/api/admin/users/${a.id}/reactivate`);
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json().data).toMatchObject({ id: a.id, status: 1 });
    const [latest, earlier] = await auditOf(a.id);
    expect(latest).toMatchObject({ action: 'user.status_changed', before: { status: 0 }, after: { status: 1 } });
    expect(earlier).toMatchObject({ action: 'user.status_changed', before: { status: 1 }, after: { status: 0 } });
  });

  it('exports the filtered list as xlsx and csv, with formulas neutralised', async () => {
    await test.factories.createUser(company, {
      name: '=HYPERLINK("http://evil")',
      surname: 'Export',
      phone: '+905551112233',
    });
    const xlsx = await exportAs(adminToken, '/api/admin/users/export', {
      query: { format: 'xlsx', search: 'export', page: '3' },
      lang: 'en',
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(2).value).toBe('First name');
    expect(sheet.getRow(2).getCell(2).value).toBe('\'=HYPERLINK("http://evil")');
    expect(sheet.getRow(2).getCell(6).value).toBe("'+905551112233");
    expect(sheet.getRow(2).getCell(13).value).toBe('Active');

    const csv = await exportAs(adminToken, '/api/admin/users/export', { query: { format: 'csv', search: 'export' } });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain("filename*=UTF-8''kullan%C4%B1c%C4%B1lar-");
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^ID,Ad,Soyad,E-posta/);
    expect(lines[1]).toContain('"\'=HYPERLINK(""http://evil"")"');
    // Another company's people never reach the file.
    const all = await exportAs(adminToken, '/api/admin/users/export', { query: { format: 'csv', search: 'şeyma' } });
    expect(all.body).not.toContain('Başka');
  });

  it('pages, sorts and searches 10,000 users of one company correctly', async () => {
    const big = await test.factories.createCompany();
    const bigAdmin = await test.factories.createAdmin(big);
    await asSystem(test.db, (tx) =>
      tx.execute(sql`
        insert into users (company_id, name, surname, email, registration_number, created_at)
        select ${big.id}, 'Kişi' || g, case when g % 1000 = 0 then 'Şahin' else 'Yılmaz' end,
               'kisi' || g || '@big.test', 'R' || lpad(g::text, 5, '0'), now() - g * interval '1 minute'
        from generate_series(1, 10000) g`),
    );
    const token = (await login(test.app, big, bigAdmin.email!)).access_token;
    const page = await call(test.app, 'GET', '/api/admin/users', {
      host: hostOf(big),
      token,
      query: { search: 'şahin', sort: '-email', per_page: '3', page: '2' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toEqual({ page: 2, per_page: 3, total: 10 });
    // -email over kisi1000…kisi10000: text order descending is 9000, 8000, 7000, 6000, 5000, 4000, …
    expect(page.json().data.map((u: { email: string }) => u.email)).toEqual([
      'kisi6000@big.test',
      'kisi5000@big.test',
      'kisi4000@big.test',
    ]);
    const last = await call(test.app, 'GET', '/api/admin/users', {
      host: hostOf(big),
      token,
      query: { per_page: '100', page: '101' },
    });
    expect(last.json().meta.total).toBe(10001);
    expect(last.json().data).toHaveLength(1);
    expect(last.json().data[0].registration_number).toBe('R10000');
  });
});

describeResourceContract({
  plural: 'users',
  entity: 'user',
  permissions: { read: 'show_user', write: 'show_user' },
  create: (n) => ({
    name: 'Deniz',
    surname: `Kişi ${n}`,
    email: `contract-${n}@example.test`,
    username: `contract.${n}`,
    role_ids: [ROLE.user],
  }),
  update: { department: 'Pazarlama', title: 'Uzman' },
  invalid: { body: { name: 'Deniz', surname: 'Kişi', email: 'not-an-email' }, field: 'email' },
});
