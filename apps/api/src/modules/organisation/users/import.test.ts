import { randomBytes } from 'node:crypto';
import { ROLE, type UserImportResult } from '@kampus/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import {
  call,
  createTestApp,
  hostOf,
  latestMailTo,
  login,
  readOutbox,
  type TestApp,
} from '../../../../test/helpers.js';
import { auditLogs, roles, roleUser, users } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';
import { normaliseHeader } from '../../../platform/imports/import-file.js';
import { normaliseDate } from './import.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A multipart body with one file in the field `file`, as the browser sends it. */
function multipart(data: Buffer, fileName: string, type: string, field = 'file') {
  const boundary = `----kampus${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function xlsxOf(rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Users');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('user import', () => {
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
    // `shoe` was a field once: its stored values must survive imports that cannot name it any more.
    company = await f.createCompany({
      settings: {
        user_custom_fields: [
          { key: 'shirt', label: { tr: 'Tişört bedeni', en: 'Shirt size', de: 'T-Shirt-Größe' } },
          { key: 'blood_type', label: { tr: 'Kan grubu', en: 'Blood type' } },
        ],
      },
    });
    other = await f.createCompany();
    admin = await f.createAdmin(company, { name: 'Ayşe', surname: 'Yönetici', registrationNumber: 'A-1' });
    const learner = await f.createUser(company);
    const reporter = await f.createUser(company);
    await f.createRole(company, { name: 'Reporter', permissions: ['read_report'], members: [reporter.id] });
    await f.createRole(company, { name: 'Eğitmen' });
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    learnerToken = (await login(test.app, company, learner.email!)).access_token;
    reporterToken = (await login(test.app, company, reporter.email!)).access_token;
  });
  afterAll(() => test.close());

  const upload = (
    data: Buffer,
    options: { name?: string; type?: string; query?: Record<string, string>; token?: string; lang?: string } = {},
  ) => {
    const form = multipart(data, options.name ?? 'people.xlsx', options.type ?? XLSX);
    return call(test.app, 'POST', '/api/admin/users/import', {
      host: hostOf(company),
      token: options.token ?? adminToken,
      body: form.body,
      query: options.query,
      headers: { ...form.headers, 'x-content-language': options.lang ?? 'en' },
    });
  };
  const template = (format: string, lang = 'en', token = adminToken) =>
    call(test.app, 'GET', '/api/admin/users/import-template', {
      host: hostOf(company),
      token,
      query: { format },
      headers: { 'x-content-language': lang },
    });
  const userByEmail = (email: string) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(users)
        .where(and(eq(users.companyId, company.id), eq(sql`lower(${users.email})`, email.toLowerCase())))
        .then((r) => r[0]),
    );
  const usersOf = async (companyId: number) =>
    (
      await asSystem(test.db, (tx) => tx.select({ value: count() }).from(users).where(eq(users.companyId, companyId)))
    )[0]?.value ?? 0;

  it('answers 401 without a session and 403 without show_user', async () => {
    const file = await xlsxOf([['Email'], ['x@example.test']]);
    expect((await upload(file, { token: '' })).statusCode).toBe(401);
    for (const token of [learnerToken, reporterToken]) {
      expect((await upload(file, { token })).statusCode).toBe(403);
      expect((await template('xlsx', 'en', token)).statusCode).toBe(403);
    }
    expect(await userByEmail('x@example.test')).toBeUndefined();
  });

  it('recognises headers in every language and the template keys, ignoring case, marks and hints', () => {
    expect(normaliseHeader('E-posta *')).toBe(normaliseHeader('eposta'));
    expect(normaliseHeader('Hire date (YYYY-MM-DD)')).toBe('hiredate');
    expect(normaliseDate('01.03.2024')).toBe('2024-03-01');
    expect(normaliseDate('1/3/2024')).toBe('2024-03-01');
    expect(normaliseDate('2024-3-1')).toBe('2024-03-01');
    expect(normaliseDate('next monday')).toBe('next monday');
  });

  it('offers a template in the request language with an example row and the company custom fields', async () => {
    await test.factories.createUser(company, { customFields: { blood_type: 'A+', retired_key: 'x' } });
    const xlsx = await template('xlsx', 'en');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain('user-import-template.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    expect(headers.slice(0, 3)).toEqual(['First name *', 'Last name *', 'Email']);
    expect(headers).toContain('Manager (email or registration number)');
    // The defined fields in their order, labelled in the request's language; a stored undefined key is no column.
    expect(headers.slice(-2)).toEqual(['Shirt size', 'Blood type']);
    expect(headers).not.toContain('retired_key');
    const turkish = await template('csv', 'tr');
    expect(turkish.body.split(/\r?\n/)[0]).toMatch(/;Tişört bedeni;Kan grubu$|,Tişört bedeni,Kan grubu$/);
    expect(sheet.getRow(2).getCell(3).value).toBe('jane.smith@example.com');

    const csv = await template('csv', 'tr');
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, example] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toMatch(/^Ad \*,Soyad \*,E-posta,/);
    expect(example).toContain('ayse.yilmaz@example.com');

    // The template as downloaded imports as it is: its example row is a valid new person.
    const dry = await upload(xlsx.rawPayload, { query: { dry_run: 'true' } });
    expect(dry.json().summary).toEqual({ rows: 1, to_create: 1, to_update: 0, invalid: 0 });
  });

  it('checks every row in a dry run, reports each problem with its row and column, and writes nothing', async () => {
    await test.factories.createUser(company, { email: 'taken@example.test', username: 'taken.name' });
    await test.factories.createUser(other, { email: 'elsewhere@example.test' });
    const before = await usersOf(company.id);
    const file = await xlsxOf([
      ['First name', 'Last name', 'E-posta', 'Username', 'Registration number', 'Roles', 'Manager', 'Favourite'],
      ['Ali', 'Kaya', 'ali@example.test', '', 'R-1', '', '', 'tea'],
      ['Veli', '', 'veli@example.test', '', '', '', '', ''],
      ['Can', 'Demir', 'not-an-email', '', '', '', '', ''],
      ['Ece', 'Ak', 'ALI@example.test', '', '', '', '', ''],
      ['Nur', 'Su', 'nur@example.test', 'taken.name', '', '', '', ''],
      ['Oya', 'Er', 'oya@example.test', '', '', 'Pilot', '', ''],
      ['Mert', 'Ay', 'mert@example.test', '', '', '', 'nobody@example.test', ''],
      ['', '', '', '', '', '', '', ''],
      ['Deniz', 'Yel', 'elsewhere@example.test', '', '', 'eğitmen, Kullanıcı', 'ali@example.test', ''],
      ['Taner', 'Updated', 'taken@example.test', '', '', '', '', ''],
    ]);
    const response = await upload(file, { query: { dry_run: 'true' } });
    expect(response.statusCode).toBe(200);
    const body = response.json() as UserImportResult;
    expect(body.dry_run).toBe(true);
    expect(body.summary).toEqual({ rows: 9, to_create: 2, to_update: 1, invalid: 6 });
    expect(body.created).toBe(0);
    expect(body.ignored_columns).toEqual(['Favourite']);
    const problems = body.errors.map((e) => [e.row, e.column, e.header]);
    expect(problems).toEqual([
      [3, 'surname', 'Last name'],
      [4, 'email', 'E-posta'],
      [5, 'email', 'E-posta'],
      [6, 'username', 'Username'],
      [7, 'roles', 'Roles'],
      [8, 'manager', 'Manager'],
    ]);
    expect(body.errors[0]?.message).toBe('This field is required.');
    expect(body.errors[2]).toMatchObject({ value: 'ALI@example.test', message: expect.stringContaining('row 2') });
    expect(body.errors[4]?.message).toContain('Pilot');
    expect(await usersOf(company.id)).toBe(before);
    expect(await userByEmail('ali@example.test')).toBeUndefined();
  });

  it('imports: creates and updates by email or registration number, keeps empty cells, audits and mails', async () => {
    const existing = await test.factories.createUser(company, {
      email: 'existing@example.test',
      registrationNumber: 'R-500',
      department: 'Finance',
      title: 'Analyst',
      customFields: { shirt: 'M', shoe: '42' },
    });
    const byNumber = await test.factories.createUser(company, {
      email: 'old@example.test',
      registrationNumber: 'R-600',
    });
    const file = await xlsxOf([
      [
        'Name',
        'Surname',
        'Email',
        'Registration number',
        'Department',
        'Title',
        'Hire date',
        'Manager',
        'Roles',
        'shirt',
      ],
      ['Boss', 'Person', 'boss@example.test', 'R-700', 'Management', '', new Date(Date.UTC(2020, 0, 15)), '', '', ''],
      ['Worker', 'Person', 'worker@example.test', '', 'Sales', '', '15.02.2024', 'R-700', 'Eğitmen', ''],
      ['', '', 'Existing@Example.test', '', 'Marketing', '', '', 'boss@example.test', '', 'L'],
      ['', '', 'new-address@example.test', 'R-600', '', 'Lead', '', '', '', ''],
      ['Bad', '', 'bad@example.test', '', '', '', '', '', '', ''],
    ]);
    const response = await upload(file);
    expect(response.statusCode).toBe(200);
    const body = response.json() as UserImportResult;
    expect(body).toMatchObject({
      dry_run: false,
      summary: { rows: 5, to_create: 2, to_update: 2, invalid: 1 },
      created: 2,
      updated: 2,
      invitations: 2,
    });
    expect(body.errors).toEqual([expect.objectContaining({ row: 6, column: 'surname' })]);

    const boss = await userByEmail('boss@example.test');
    const worker = await userByEmail('worker@example.test');
    expect(boss).toMatchObject({ name: 'Boss', registrationNumber: 'R-700', hireDate: '2020-01-15', status: 1 });
    expect(worker).toMatchObject({ department: 'Sales', hireDate: '2024-02-15', managerId: boss!.id });
    const workerRoles = await asSystem(test.db, (tx) =>
      tx
        .select({ name: roles.name })
        .from(roleUser)
        .innerJoin(roles, eq(roles.id, roleUser.roleId))
        .where(eq(roleUser.userId, worker!.id)),
    );
    expect(workerRoles.map((r) => r.name)).toEqual(['Eğitmen']);
    const updated = await userByEmail('existing@example.test');
    expect(updated).toMatchObject({
      id: existing.id,
      name: existing.name,
      department: 'Marketing',
      title: 'Analyst',
      managerId: boss!.id,
      customFields: { shirt: 'L', shoe: '42' },
    });
    const renamed = await userByEmail('new-address@example.test');
    expect(renamed).toMatchObject({ id: byNumber.id, title: 'Lead' });
    expect(await userByEmail('bad@example.test')).toBeUndefined();

    const [created] = await test.factories.auditOf('user', boss!.id);
    expect(created).toMatchObject({
      action: 'user.created',
      actorUserId: admin.id,
      after: expect.objectContaining({ email: 'boss@example.test' }),
    });
    const [change] = await test.factories.auditOf('user', existing.id);
    expect(change).toMatchObject({
      action: 'user.updated',
      before: expect.objectContaining({ department: 'Finance' }),
      after: expect.objectContaining({ department: 'Marketing' }),
    });
    expect(await latestMailTo(test, 'worker@example.test')).toMatch(/create-password\?token=/);
    expect(await latestMailTo(test, 'existing@example.test')).toBeUndefined();
  });

  it('sends no mail when asked not to, and keeps another company untouched', async () => {
    const outsider = await test.factories.createUser(other, { email: 'shared@example.test', department: 'Other' });
    const file = await xlsxOf([
      ['Ad', 'Soyad', 'E-posta'],
      ['Paylaşılan', 'Adres', 'shared@example.test'],
    ]);
    const response = await upload(file, { query: { send_invitations: 'false' } });
    expect(response.json()).toMatchObject({ created: 1, updated: 0, invitations: 0 });
    const mine = await userByEmail('shared@example.test');
    expect(mine?.id).not.toBe(outsider.id);
    const [theirs] = await asSystem(test.db, (tx) => tx.select().from(users).where(eq(users.id, outsider.id)));
    expect(theirs).toMatchObject({ department: 'Other', name: outsider.name });
    const mails = (await readOutbox(test)).filter((m) => m.content.includes('shared@example.test'));
    expect(mails).toHaveLength(0);
  });

  it('reads csv with semicolons, German headers and Windows-1254 text, keeping leading zeros', async () => {
    const text = 'Vorname;Nachname;E-Mail;Personalnummer;Standort\r\nŞükrü;Öğüt;sukru@example.test;00123;İzmir\r\n';
    const data = encode1254(text);
    const response = await upload(data, { name: 'people.csv', type: 'text/csv' });
    expect(response.statusCode).toBe(200);
    expect(response.json().created).toBe(1);
    expect(await userByEmail('sukru@example.test')).toMatchObject({
      name: 'Şükrü',
      surname: 'Öğüt',
      registrationNumber: '00123',
      location: 'İzmir',
    });
    const utf8 = Buffer.from(
      '\uFEFFemail,name,surname,registration_number\r\nutf@example.test,"Ada, Jr.",Lovelace,0042\r\n',
    );
    const second = await upload(utf8, { name: 'people.csv', type: 'text/csv' });
    expect(second.json().created).toBe(1);
    expect(await userByEmail('utf@example.test')).toMatchObject({ name: 'Ada, Jr.', registrationNumber: '0042' });
  });

  it('fills defined fields from headers naming a label in any language, and ignores undefined ones', async () => {
    const file = await xlsxOf([
      ['E-posta', 'Ad', 'Soyad', 'T-SHİRT-GRÖßE', 'kan grubu', 'shoe'],
      ['label@example.test', 'Lale', 'Etiket', 'XL', '0 Rh+', '44'],
    ]);
    const response = await upload(file, { lang: 'tr' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ created: 1, ignored_columns: ['shoe'] });
    expect(await userByEmail('label@example.test')).toMatchObject({
      customFields: { shirt: 'XL', blood_type: '0 Rh+' },
    });
  });

  it('accepts a file of several megabytes, above the JSON body limit', async () => {
    const padding = 'x'.repeat(180);
    const lines = Array.from({ length: 9_000 }, (_, i) => `wide${i}@example.test,Wide,Row,${padding}`);
    const data = Buffer.from(`email,name,surname,notes\r\n${lines.join('\r\n')}\r\n`);
    expect(data.length).toBeGreaterThan(1.5 * 1024 * 1024);
    const response = await upload(data, { name: 'wide.csv', type: 'text/csv', query: { dry_run: 'true' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      summary: { rows: 9_000, to_create: 9_000 },
      ignored_columns: ['notes'],
    });
  });

  it('refuses files it cannot import with a localized reason under file, and changes nothing', async () => {
    const before = await usersOf(company.id);
    const cases: [Buffer, string, string, string][] = [
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), 'photo.png', 'image/png', 'could not be read'],
      [
        await xlsxOf([
          ['Name', 'Surname'],
          ['A', 'B'],
        ]),
        'people.xlsx',
        XLSX,
        'email, username or registration number',
      ],
      [await xlsxOf([['Email']]), 'people.xlsx', XLSX, 'no people below it'],
      [Buffer.alloc(0), 'people.csv', 'text/csv', 'empty'],
      [Buffer.from('PK\u0003\u0004 broken zip'), 'people.xlsx', XLSX, 'could not be read'],
    ];
    for (const [data, name, type, reason] of cases) {
      const response = await upload(data, { name, type });
      expect(response.statusCode, name).toBe(422);
      expect(response.json().errors.file[0], name).toContain(reason);
    }
    const huge = await upload(Buffer.alloc(11 * 1024 * 1024, 'a'), { name: 'people.csv', type: 'text/csv' });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.file[0]).toContain('10 MB');
    const tooMany = await xlsxOf([['Email'], ...Array.from({ length: 10_001 }, (_, i) => [`many${i}@example.test`])]);
    const refused = await upload(tooMany);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file[0]).toContain('10000');
    const wrongField = multipart(await xlsxOf([['Email'], ['a@example.test']]), 'a.xlsx', XLSX, 'other');
    const noFile = await call(test.app, 'POST', '/api/admin/users/import', {
      host: hostOf(company),
      token: adminToken,
      body: wrongField.body,
      headers: wrongField.headers,
    });
    expect(noFile.statusCode).toBe(422);
    const json = await call(test.app, 'POST', '/api/admin/users/import', {
      host: hostOf(company),
      token: adminToken,
      body: { file: 'x' },
    });
    expect(json.statusCode).toBe(422);
    expect(await usersOf(company.id)).toBe(before);
  });

  it('keeps the single-user rules: no loop of managers, no change to a super admin, no dropping one’s own admin role', async () => {
    const superAdmin = await test.factories.createSuperAdmin(company, { email: 'root@example.test' });
    const chief = await test.factories.createUser(company, { email: 'chief@example.test' });
    await test.factories.createUser(company, { email: 'deputy@example.test', managerId: chief.id });
    await test.factories.createUser(company, { email: 'nine@example.test', registrationNumber: 'R-900' });
    const file = await xlsxOf([
      ['Email', 'Name', 'Surname', 'Manager', 'Roles', 'Department', 'Registration number'],
      ['loop-a@example.test', 'A', 'Loop', 'loop-b@example.test', '', '', ''],
      ['loop-b@example.test', 'B', 'Loop', 'loop-a@example.test', '', '', ''],
      ['self@example.test', 'S', 'Self', 'self@example.test', '', '', ''],
      ['root@example.test', '', '', '', '', 'Hacked', ''],
      [admin.email!, '', '', '', 'User', '', ''],
      ['chief@example.test', '', '', 'deputy@example.test', '', '', ''],
      ['ok@example.test', 'Ok', 'Fine', 'chief@example.test', '', '', ''],
      ['deputy@example.test', '', '', '', '', 'Sales', ''],
      ['DEPUTY@example.test', '', '', '', '', 'Finance', ''],
      ['nine@example.test', '', '', '', '', 'Audit', ''],
      ['nine-new@example.test', '', '', '', '', 'Legal', 'R-900'],
    ]);
    const body = (await upload(file, { query: { dry_run: '1' } })).json() as UserImportResult;
    expect(body.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'manager'],
      [3, 'manager'],
      [4, 'manager'],
      [5, null],
      [6, null],
      [7, 'manager'],
      [10, 'email'],
      [12, 'registration_number'],
    ]);
    expect(body.errors.at(-2)?.message).toBe('The same value is already in row 9 of this file.');
    expect(body.errors.at(-1)?.message).toBe('This row changes the same person as row 11.');
    expect(body.summary).toMatchObject({ invalid: 8, to_create: 1, to_update: 2 });
    const [root] = await asSystem(test.db, (tx) => tx.select().from(users).where(eq(users.id, superAdmin.id)));
    expect(root?.department).toBeNull();
  });

  it('imports 10,000 new people in one request, in batches', async () => {
    const big = await test.factories.createCompany();
    const bigAdmin = await test.factories.createAdmin(big);
    const token = (await login(test.app, big, bigAdmin.email!)).access_token;
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      `Kişi${i}`,
      'Toplu',
      `bulk${i}@big.test`,
      `B${i}`,
      i > 0 ? 'bulk0@big.test' : '',
    ]);
    const data = await xlsxOf([['Name', 'Surname', 'Email', 'Registration number', 'Manager'], ...rows]);
    const form = multipart(data, 'big.xlsx', XLSX);
    const started = Date.now();
    const response = await call(test.app, 'POST', '/api/admin/users/import', {
      host: hostOf(big),
      token,
      body: form.body,
      query: { send_invitations: 'false' },
      headers: form.headers,
    });
    const seconds = (Date.now() - started) / 1000;
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.json()).toMatchObject({ created: 10_000, errors: [] });
    expect(await usersOf(big.id)).toBe(10_001);
    const audits = await asSystem(test.db, (tx) =>
      tx
        .select({ value: count() })
        .from(auditLogs)
        .where(and(eq(auditLogs.companyId, big.id), eq(auditLogs.action, 'user.created'))),
    );
    expect(audits[0]?.value).toBe(10_000);
    const managed = await asSystem(test.db, (tx) =>
      tx
        .select({ value: count() })
        .from(users)
        .where(and(eq(users.companyId, big.id), sql`${users.managerId} is not null`)),
    );
    expect(managed[0]?.value).toBe(9_999);
    const roleRows = await asSystem(test.db, (tx) =>
      tx
        .select({ value: count() })
        .from(roleUser)
        .where(and(eq(roleUser.companyId, big.id), eq(roleUser.roleId, ROLE.user))),
    );
    expect(roleRows[0]?.value).toBeGreaterThanOrEqual(10_000);
    console.info(`imported 10,000 users in ${seconds.toFixed(1)} s`);
  }, 180_000);
});

/** Windows-1254 (Turkish) bytes of a text, as a Turkish Excel saves CSV. */
function encode1254(text: string): Buffer {
  const special: Record<string, number> = {
    Ş: 0xde,
    ş: 0xfe,
    Ğ: 0xd0,
    ğ: 0xf0,
    İ: 0xdd,
    ı: 0xfd,
    Ö: 0xd6,
    ö: 0xf6,
    Ü: 0xdc,
    ü: 0xfc,
    Ç: 0xc7,
    ç: 0xe7,
  };
  return Buffer.from([...text].map((c) => special[c] ?? c.charCodeAt(0)));
}
