import { ROLE } from '@kampus/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { call, createTestApp, exported, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { auditLogs, dataRequests, pageViews, users } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

async function workbookOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}
/** A sheet as rows of plain values, header first. */
function rowsOf(workbook: ExcelJS.Workbook, name: string): unknown[][] {
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}: ${workbook.worksheets.map((s) => s.name).join(', ')}`);
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('admin data tools', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let admin: UserRow;
  let adminToken: string;
  let learnerToken: string;
  let ayse: UserRow;
  let manager: UserRow;
  let foreigner: UserRow;

  const exportAs = (token: string, url: string, lang = 'tr') =>
    exported(test, url, { host: hostOf(company), token, headers: { 'x-content-language': lang } });
  const as = (token: string | undefined, method: Method, url: string, body?: unknown, lang = 'tr') =>
    call(test.app, method, url, { host: hostOf(company), token, body, headers: { 'x-content-language': lang } });
  const record = async (body: Record<string, unknown>) => {
    const response = await as(adminToken, 'POST', '/api/admin/data-requests', body);
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json().data as { id: number; [key: string]: unknown };
  };
  const requestRow = (id: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(dataRequests)
        .where(eq(dataRequests.id, id))
        .then((r) => r[0]),
    );

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    // shirt_size is defined (a labelled column); badge is no longer defined but its values stay in the workbook.
    company = await f.createCompany({
      name: 'Veri A.Ş.',
      settings: { user_custom_fields: [{ key: 'shirt_size', label: { tr: 'Beden', en: 'Shirt size' } }] },
    });
    other = await f.createCompany({ name: 'Komşu A.Ş.' });
    admin = await f.createAdmin(company, { name: 'Admin', surname: 'Kişi' });
    manager = await f.createUser(company, { name: 'Mehmet', surname: 'Yönetici' });
    ayse = await f.createUser(company, {
      name: 'Ayşe',
      surname: 'Yılmaz',
      nationalId: '12345678901',
      department: 'İK',
      title: 'Uzman',
      managerId: manager.id,
      location: 'İstanbul',
      hireDate: '2024-02-01',
      customFields: { shirt_size: 'M', badge: '=1+1' },
    });
    await f.createUser(company, { name: '=HYPERLINK("http://x")', surname: 'Saldırgan' });
    foreigner = await f.createUser(other, { name: 'Yabancı', surname: 'Kişi' });
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    learnerToken = (await login(test.app, company, ayse.email!)).access_token;
    await login(test.app, other, foreigner.email!);
    await test.factories.createPageViews(company, [
      { userId: ayse.id, path: '/dashboard', routeName: 'dashboard' },
      { userId: manager.id, path: '/profile', routeName: 'profile' },
    ]);
    await test.factories.createPageViews(other, [{ userId: foreigner.id, path: '/yabanci', routeName: 'dashboard' }]);
  });
  afterAll(() => test.close());

  it('answers 401 without a session and 403 without read_companysetting on every route', async () => {
    const request = await record({ kind: 'access', subject_user_id: ayse.id });
    const routes: [Method, string, unknown?][] = [
      ['POST', '/api/admin/data/export'],
      ['GET', '/api/admin/data-requests'],
      ['GET', '/api/admin/data-requests/people'],
      ['GET', `/api/admin/data-requests/${request.id}`],
      ['POST', '/api/admin/data-requests', { kind: 'access', subject_user_id: ayse.id }],
      ['PUT', `/api/admin/data-requests/${request.id}`, { note: 'x' }],
      ['DELETE', `/api/admin/data-requests/${request.id}`],
      ['POST', `/api/admin/data-requests/${request.id}/download`],
      ['POST', `/api/admin/data-requests/${request.id}/erase`],
    ];
    const showUser = await tokenWithPermissions(test, company, ['show_user']);
    for (const [method, url, body] of routes) {
      expect((await as(undefined, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(learnerToken, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await as(showUser, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await requestRow(request.id)).toMatchObject({ status: 'open', note: null });
    const settings = await tokenWithPermissions(test, company, ['read_companysetting']);
    expect((await as(settings, 'GET', '/api/admin/data-requests')).statusCode).toBe(200);
  });

  it("answers 404 for another company's request on every action, changing nothing", async () => {
    const foreign = await test.factories.createDataRequest(other, {
      subjectUserId: foreigner.id,
      subjectLabel: `#${foreigner.id}`,
      kind: 'erasure',
      receivedAt: day(0),
      dueAt: day(30),
    });
    const id = foreign.id;
    for (const [method, url, body] of [
      ['GET', `/api/admin/data-requests/${id}`],
      ['PUT', `/api/admin/data-requests/${id}`, { status: 'rejected' }],
      ['POST', `/api/admin/data-requests/${id}`, { note: 'x' }],
      ['DELETE', `/api/admin/data-requests/${id}`],
      ['POST', `/api/admin/data-requests/${id}/download`],
      ['POST', `/api/admin/data-requests/${id}/erase`],
    ] as [Method, string, unknown?][]) {
      const response = await as(adminToken, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await requestRow(id)).toMatchObject({ status: 'open', subjectUserId: foreigner.id });
    const stillThere = await asSystem(test.db, (tx) => tx.select().from(users).where(eq(users.id, foreigner.id)));
    expect(stillThere).toHaveLength(1);
    // Recording a request for another company's person is refused as a field error.
    const cross = await as(
      adminToken,
      'POST',
      '/api/admin/data-requests',
      { kind: 'access', subject_user_id: foreigner.id },
      'en',
    );
    expect(cross.statusCode).toBe(422);
    expect(cross.json().errors).toEqual({ subject_user_id: ['There is no such person in this company.'] });
  });

  it('records a request due 30 days after it arrived, refusing bad input with field errors, and audits it', async () => {
    const bad = await as(
      adminToken,
      'POST',
      '/api/admin/data-requests',
      { kind: 'delete-all', received_at: '2026-13-40' },
      'en',
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['kind', 'received_at', 'subject_user_id']);
    const future = await as(
      adminToken,
      'POST',
      '/api/admin/data-requests',
      {
        kind: 'access',
        subject_user_id: ayse.id,
        received_at: day(2),
      },
      'en',
    );
    expect(future.json().errors).toEqual({ received_at: ['The day received cannot be after today.'] });

    const created = await record({
      kind: 'access',
      subject_user_id: ayse.id,
      received_at: day(-25),
      note: ' e-posta ile ',
    });
    expect(created).toMatchObject({
      kind: 'access',
      status: 'open',
      subject: { id: ayse.id, name: 'Ayşe', surname: 'Yılmaz', email: ayse.email },
      subject_label: `#${ayse.id}`,
      received_at: day(-25),
      due_at: day(5),
      days_left: 5,
      overdue: false,
      due_soon: true,
      handled_by: null,
      note: 'e-posta ile',
    });
    expect((await test.factories.auditOf('data_request', created.id))[0]).toMatchObject({
      action: 'data_request.created',
      actorUserId: admin.id,
      after: { kind: 'access' },
    });
  });

  it('lists open requests first, most urgent on top, and filters overdue and due-soon ones', async () => {
    const late = await record({ kind: 'erasure', subject_user_id: manager.id, received_at: day(-40) });
    const fresh = await record({ kind: 'access', subject_user_id: manager.id });
    const list = await as(adminToken, 'GET', '/api/admin/data-requests', undefined);
    const data = list.json().data as {
      id: number;
      overdue: boolean;
      days_left: number;
      status: string;
      due_at: string;
    }[];
    expect(data[0]).toMatchObject({ id: late.id, overdue: true, days_left: -10 });
    const open = data.filter((r) => r.status === 'open');
    expect(data.slice(0, open.length)).toEqual(open);
    expect(open.map((r) => r.due_at)).toEqual(open.map((r) => r.due_at).sort());
    expect(open.find((r) => r.id === fresh.id)?.days_left).toBe(30);
    const overdue = await call(test.app, 'GET', '/api/admin/data-requests', {
      host: hostOf(company),
      token: adminToken,
      query: { due: 'overdue' },
    });
    expect(overdue.json().data.map((r: { id: number }) => r.id)).toEqual([late.id]);
    const soon = await call(test.app, 'GET', '/api/admin/data-requests', {
      host: hostOf(company),
      token: adminToken,
      query: { due: 'due_soon', kind: 'access' },
    });
    expect(soon.json().data.every((r: { due_soon: boolean }) => r.due_soon)).toBe(true);
    expect(soon.json().data.map((r: { id: number }) => r.id)).not.toContain(fresh.id);
  });

  it('rejects or completes a request with who and when, and keeps an erasure open until the person is erased', async () => {
    const access = await record({ kind: 'access', subject_user_id: manager.id });
    const done = await as(adminToken, 'PUT', `/api/admin/data-requests/${access.id}`, {
      status: 'completed',
      note: 'Gönderildi',
    });
    expect(done.json().data).toMatchObject({
      status: 'completed',
      handled_by: { id: admin.id, name: 'Admin', surname: 'Kişi' },
      days_left: null,
      overdue: false,
      note: 'Gönderildi',
    });
    expect(done.json().data.handled_at).toBeTruthy();
    const entries = await test.factories.auditOf('data_request', access.id);
    expect(entries[0]).toMatchObject({
      action: 'data_request.updated',
      before: { status: 'open' },
      after: { status: 'completed' },
    });
    const kept = await as(adminToken, 'DELETE', `/api/admin/data-requests/${access.id}`, undefined, 'en');
    expect(kept.statusCode).toBe(422);
    expect(await requestRow(access.id)).toBeDefined();

    const erasure = await record({ kind: 'erasure', subject_user_id: manager.id });
    const shortcut = await as(
      adminToken,
      'PUT',
      `/api/admin/data-requests/${erasure.id}`,
      { status: 'completed' },
      'en',
    );
    expect(shortcut.statusCode).toBe(422);
    expect(shortcut.json().errors.status[0]).toMatch(/Erase the person/);
    const rejected = await as(adminToken, 'PUT', `/api/admin/data-requests/${erasure.id}`, { status: 'rejected' });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', handled_by: { id: admin.id } });
    const reopened = await as(adminToken, 'PUT', `/api/admin/data-requests/${erasure.id}`, { status: 'open' });
    expect(reopened.json().data).toMatchObject({ status: 'open', handled_by: null, handled_at: null });
    const mistake = await record({ kind: 'access', subject_user_id: manager.id });
    expect((await as(adminToken, 'DELETE', `/api/admin/data-requests/${mistake.id}`)).statusCode).toBe(200);
  });

  it("exports the company's workbook: every sheet, only this company, formulas neutralised, audited", async () => {
    const response = await exportAs(adminToken, '/api/admin/data/export', 'en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/filename="company-data-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = await workbookOf(response.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Users', 'Role assignments', 'Sign-ins', 'Page views']);

    const people = rowsOf(workbook, 'Users');
    const header = people[0] as string[];
    expect(header).toEqual(
      expect.arrayContaining(['Custom field: badge', 'Shirt size', 'Department', 'Manager', 'Roles']),
    );
    expect(header).not.toContain('National ID');
    const col = (name: string) => header.indexOf(name);
    const ayseRow = people.find((row) => row[0] === ayse.id)!;
    expect(ayseRow[col('Department')]).toBe('İK');
    expect(ayseRow[col('Manager')]).toBe('Mehmet Yönetici');
    expect(ayseRow[col('Hire date')]).toBe('2024-02-01');
    expect(col('Shirt size')).toBeLessThan(col('Custom field: badge'));
    expect(ayseRow[col('Shirt size')]).toBe('M');
    expect(ayseRow[col('Custom field: badge')]).toBe("'=1+1");
    expect(ayseRow[col('Roles')]).toBe('User');
    expect(ayseRow[col('Status')]).toBe('Active');
    expect(ayseRow).not.toContain('12345678901');
    expect(people.some((row) => row[col('First name')] === '\'=HYPERLINK("http://x")')).toBe(true);
    expect(people.flat()).not.toContain('Yabancı');
    expect(people).toHaveLength(
      1 + (await asSystem(test.db, (tx) => tx.select().from(users).where(eq(users.companyId, company.id)))).length,
    );

    const assignments = rowsOf(workbook, 'Role assignments');
    expect(assignments).toContainEqual([admin.id, 'Admin', 'Kişi', ROLE.admin, 'Administrator']);
    const signIns = rowsOf(workbook, 'Sign-ins');
    expect(signIns.slice(1).map((row) => row[0])).toEqual(expect.arrayContaining([admin.id, ayse.id]));
    expect(signIns.slice(1).map((row) => row[0])).not.toContain(foreigner.id);
    const views = rowsOf(workbook, 'Page views');
    expect(
      views
        .slice(1)
        .map((row) => row[3])
        .sort(),
    ).toEqual(['/dashboard', '/profile']);

    const [entry] = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.companyId, company.id), eq(auditLogs.action, 'company_data.exported'))),
    );
    expect(entry).toMatchObject({
      actorUserId: admin.id,
      after: { rows: { users: people.length - 1, page_views: 2 } },
    });
  });

  it('lets a later module add its sheet, to the company workbook and to a person’s', async () => {
    test.services.data.registerSheet({
      key: 'trainings',
      headers: async () => ['user', 'training'],
      async *rows(_tx, scope) {
        yield [[scope.userId ?? 0, 'Güvenlik']];
      },
    });
    expect(() => test.services.data.registerSheet({ key: 'users', headers: async () => [], async *rows() {} })).toThrow(
      /taken/,
    );
    const workbook = await workbookOf((await exportAs(adminToken, '/api/admin/data/export')).rawPayload);
    const last = workbook.worksheets.at(-1)!;
    expect(last.getRow(2).values).toEqual([undefined, 0, 'Güvenlik']);
  });

  it("answers an access request with that person's data only, national id included", async () => {
    const request = await record({ kind: 'access', subject_user_id: ayse.id });
    const response = await exportAs(adminToken, `/api/admin/data-requests/${request.id}/download`, 'en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`personal-data-${request.id}-`);
    const workbook = await workbookOf(response.rawPayload);
    const people = rowsOf(workbook, 'Users');
    expect(people).toHaveLength(2);
    expect(people[1]![0]).toBe(ayse.id);
    expect(people[1]).toContain('12345678901');
    expect(
      rowsOf(workbook, 'Page views')
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([ayse.id]);
    expect(
      rowsOf(workbook, 'Sign-ins')
        .slice(1)
        .every((row) => row[0] === ayse.id),
    ).toBe(true);
    expect((await test.factories.auditOf('data_request', request.id))[0]).toMatchObject({
      action: 'data_request.exported',
      after: { subject_user_id: ayse.id },
    });
    const erasure = await record({ kind: 'erasure', subject_user_id: ayse.id });
    const wrongKind = await exportAs(adminToken, `/api/admin/data-requests/${erasure.id}/download`, 'en');
    expect(wrongKind.statusCode).toBe(422);
    const notErasure = await as(adminToken, 'POST', `/api/admin/data-requests/${request.id}/erase`);
    expect(notErasure.statusCode).toBe(422);
  });

  it('refuses to erase oneself or a super admin', async () => {
    const self = await record({ kind: 'erasure', subject_user_id: admin.id });
    const refused = await as(adminToken, 'POST', `/api/admin/data-requests/${self.id}/erase`, undefined, 'en');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      subject: ['You cannot erase your own account here; ask another administrator.'],
    });
    const boss = await test.factories.createSuperAdmin(company);
    const superRequest = await record({ kind: 'erasure', subject_user_id: boss.id });
    const bossToken = (await login(test.app, company, boss.email!)).access_token;
    for (const token of [adminToken, bossToken]) {
      const response = await as(token, 'POST', `/api/admin/data-requests/${superRequest.id}/erase`);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toHaveProperty('subject');
    }
    expect(await asSystem(test.db, (tx) => tx.select().from(users).where(eq(users.id, boss.id)))).toHaveLength(1);
    expect(await requestRow(superRequest.id)).toMatchObject({ status: 'open', subjectUserId: boss.id });
  });

  it('erases the person through the users service and keeps the request as the record', async () => {
    const person = await test.factories.createUser(company, { name: 'Silinecek', surname: 'Kişi' });
    await login(test.app, company, person.email!);
    await test.factories.createPageViews(company, [{ userId: person.id, path: '/wall' }]);
    const request = await record({ kind: 'erasure', subject_user_id: person.id, note: 'Dilekçe' });
    const response = await as(adminToken, 'POST', `/api/admin/data-requests/${request.id}/erase`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'completed',
      subject: null,
      subject_label: `#${person.id}`,
      handled_by: { id: admin.id },
      note: 'Dilekçe',
    });
    expect(await asSystem(test.db, (tx) => tx.select().from(users).where(eq(users.id, person.id)))).toEqual([]);
    expect(await asSystem(test.db, (tx) => tx.select().from(pageViews).where(eq(pageViews.userId, person.id)))).toEqual(
      [],
    );
    expect(await requestRow(request.id)).toMatchObject({
      subjectUserId: null,
      handledBy: admin.id,
      status: 'completed',
    });
    // The audit trail keeps who did what and when, but no longer who the person was.
    const userTrail = await test.factories.auditOf('user', person.id);
    expect(userTrail.map((e) => e.action)).toContain('user.deleted');
    expect(userTrail.every((e) => e.before === null && e.after === null)).toBe(true);
    const requestTrail = await test.factories.auditOf('data_request', request.id);
    expect(requestTrail[0]).toMatchObject({
      action: 'data_request.erased',
      actorUserId: admin.id,
      before: { status: 'open', subject: null },
      after: { status: 'completed', subject: null },
    });
    expect(requestTrail.map((e) => e.action)).toContain('data_request.created');
    expect(JSON.stringify(requestTrail)).not.toContain('Silinecek');
    const ownRows = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.actorUserId, person.id), eq(auditLogs.companyId, company.id))),
    );
    expect(ownRows.length).toBeGreaterThan(0);
    expect(ownRows.every((e) => e.ip === null)).toBe(true);

    const again = await as(adminToken, 'POST', `/api/admin/data-requests/${request.id}/erase`, undefined, 'en');
    expect(again.statusCode).toBe(422);
    const reopen = await as(adminToken, 'PUT', `/api/admin/data-requests/${request.id}`, { status: 'open' }, 'en');
    expect(reopen.statusCode).toBe(422);
    const note = await as(adminToken, 'PUT', `/api/admin/data-requests/${request.id}`, { note: 'Kişiye bildirildi' });
    expect(note.json().data).toMatchObject({ status: 'completed', note: 'Kişiye bildirildi' });
    const listed = await call(test.app, 'GET', '/api/admin/data-requests', {
      host: hostOf(company),
      token: adminToken,
      query: { search: `#${person.id}` },
    });
    expect(listed.json().data.map((r: { id: number }) => r.id)).toContain(request.id);
  });

  it('exports 10,000 people across many read batches, each once, in id order', { timeout: 120_000 }, async () => {
    const big = await test.factories.createCompany();
    const bigAdmin = await test.factories.createAdmin(big);
    await asSystem(test.db, async (tx) => {
      for (let start = 0; start < 10_000; start += 2500) {
        await tx.insert(users).values(
          Array.from({ length: 2500 }, (_, i) => ({
            companyId: big.id,
            name: `Kişi${start + i}`,
            surname: 'Toplu',
            email: `bulk${start + i}@example.test`,
          })),
        );
      }
    });
    const token = (await login(test.app, big, bigAdmin.email!)).access_token;
    const response = await exported(test, '/api/admin/data/export', { host: hostOf(big), token });
    expect(response.statusCode).toBe(200);
    const ids = rowsOf(await workbookOf(response.rawPayload), 'Kullanıcılar')
      .slice(1)
      .map((row) => row[0] as number);
    expect(ids).toHaveLength(10_001);
    expect(new Set(ids).size).toBe(10_001);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('finds the people of the company a request can be recorded for', async () => {
    const response = await call(test.app, 'GET', '/api/admin/data-requests/people', {
      host: hostOf(company),
      token: adminToken,
      query: { search: 'yönet' },
    });
    expect(response.json().data).toEqual([
      { id: manager.id, name: 'Mehmet', surname: 'Yönetici', email: manager.email },
    ]);
    const foreignSearch = await call(test.app, 'GET', '/api/admin/data-requests/people', {
      host: hostOf(company),
      token: adminToken,
      query: { search: 'Yabancı' },
    });
    expect(foreignSearch.json().data).toEqual([]);
  });
});
