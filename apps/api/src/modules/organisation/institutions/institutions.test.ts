import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { companyCaller, companyExporter, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import { institutions } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

describe('admin institutions resource', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;
  let adminId: number;

  const insertInstitution = (companyId: number, values: { name: string; code?: string; city?: string }) =>
    asSystem(test.db, (tx) =>
      tx
        .insert(institutions)
        .values({ companyId, ...values })
        .returning()
        .then((r) => r[0]!),
    );
  const institutionRow = (id: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(institutions)
        .where(eq(institutions.id, id))
        .then((r) => r[0]),
    );
  const auditOf = (id: number) => test.factories.auditOf('institution', id);

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    adminId = admin.id;
    adminToken = (await login(test.app, company, admin.email!)).access_token;
  });
  afterAll(() => test.close());
  const exportAs = companyExporter(() => ({ test, company }));

  const as = companyCaller(() => ({ app: test.app, company }));

  it('creates an institution, reads it back and audits it', async () => {
    const created = await as(adminToken, 'POST', '/api/admin/institutions', {
      body: { name: ' İstanbul Eğitim Akademisi ', code: 'IEA', city: 'İstanbul', contact_email: 'Info@IEA.test' },
    });
    expect(created.statusCode).toBe(201);
    const item = created.json().data;
    expect(item).toMatchObject({
      name: 'İstanbul Eğitim Akademisi',
      code: 'IEA',
      city: 'İstanbul',
      contact_email: 'info@iea.test',
      status: 1,
    });
    expect((await as(adminToken, 'GET', `/api/admin/institutions/${item.id}`)).json()).toEqual({ data: item });
    expect((await auditOf(item.id))[0]).toMatchObject({
      action: 'institution.created',
      companyId: company.id,
      actorUserId: adminId,
      after: { code: 'IEA' },
    });
  });

  it('refuses bad input and a code taken in any case with localized field errors, creating nothing', async () => {
    await insertInstitution(company.id, { name: 'Kodlu', code: 'KOD-1' });
    await insertInstitution(other.id, { name: 'Başka Kodlu', code: 'ELSE-1' });
    const total = async () => (await as(adminToken, 'GET', '/api/admin/institutions')).json().meta.total;
    const before = await total();
    const invalid = await as(adminToken, 'POST', '/api/admin/institutions', {
      lang: 'en',
      body: { name: '  ', contact_email: 'not-an-email', status: 3 },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({
      name: ['This field is required.'],
      contact_email: expect.any(Array),
      status: expect.any(Array),
    });
    const taken = await as(adminToken, 'POST', '/api/admin/institutions', {
      lang: 'tr',
      body: { name: 'Yeni', code: 'kod-1' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ code: ['Bu kod başka bir kurumda kullanılıyor.'] });
    expect(await total()).toBe(before);
    // Another company's code is free here, and many institutions may have no code.
    expect(
      (await as(adminToken, 'POST', '/api/admin/institutions', { body: { name: 'A', code: 'ELSE-1' } })).statusCode,
    ).toBe(201);
    expect(
      (await as(adminToken, 'POST', '/api/admin/institutions', { body: { name: 'B', code: '' } })).statusCode,
    ).toBe(201);
    expect((await as(adminToken, 'POST', '/api/admin/institutions', { body: { name: 'C' } })).statusCode).toBe(201);
  });

  it('updates by PUT and by POST, keeps fields not sent, clears a field sent empty and audits the change', async () => {
    const item = await insertInstitution(company.id, { name: 'Eski Ad', code: 'UPD', city: 'Bakü' });
    await insertInstitution(company.id, { name: 'Dolu', code: 'FULL' });
    const put = await as(adminToken, 'PUT', `/api/admin/institutions/${item.id}`, { body: { name: 'Yeni Ad' } });
    expect(put.json().data).toMatchObject({ name: 'Yeni Ad', code: 'UPD', city: 'Bakü' });
    const post = await as(adminToken, 'POST', `/api/admin/institutions/${item.id}`, { body: { city: '', status: 0 } });
    expect(post.json().data).toMatchObject({ name: 'Yeni Ad', city: null, status: 0 });
    const taken = await as(adminToken, 'PUT', `/api/admin/institutions/${item.id}`, { body: { code: 'full' } });
    expect(taken.statusCode).toBe(422);
    expect(await institutionRow(item.id)).toMatchObject({ code: 'UPD', city: null, status: 0 });
    const [latest, first] = await auditOf(item.id);
    expect(first).toMatchObject({
      action: 'institution.updated',
      before: { name: 'Eski Ad' },
      after: { name: 'Yeni Ad' },
    });
    expect(latest).toMatchObject({ before: { city: 'Bakü', status: 1 }, after: { city: null, status: 0 } });
  });

  it('lists with search, sort and status filter, and deletes one or many with an audit row each', async () => {
    const a = await insertInstitution(company.id, { name: 'Zümrüt Okulu', city: 'Şanlıurfa' });
    const b = await insertInstitution(company.id, { name: 'Ağaç Okulu', city: 'ŞANLIURFA' });
    const found = await as(adminToken, 'GET', '/api/admin/institutions', {
      query: { search: 'şanlıurfa', sort: 'name' },
    });
    expect(found.json().data.map((i: { id: number }) => i.id)).toEqual([b.id, a.id]);
    const desc = await as(adminToken, 'GET', '/api/admin/institutions', {
      query: { search: 'şanlıurfa', sort: '-name' },
    });
    expect(desc.json().data.map((i: { id: number }) => i.id)).toEqual([a.id, b.id]);
    await as(adminToken, 'POST', '/api/admin/institutions/bulk', {
      body: { action: 'status', ids: [a.id], status: 0 },
    });
    const passive = await as(adminToken, 'GET', '/api/admin/institutions', {
      query: { search: 'şanlıurfa', status: '0' },
    });
    expect(passive.json().data.map((i: { id: number }) => i.id)).toEqual([a.id]);
    expect((await as(adminToken, 'DELETE', `/api/admin/institutions/${a.id}`)).statusCode).toBe(200);
    const bulk = await as(adminToken, 'POST', '/api/admin/institutions/bulk', {
      body: { action: 'delete', ids: [b.id] },
    });
    expect(bulk.json().affected).toBe(1);
    expect(await institutionRow(a.id)).toBeUndefined();
    expect(await institutionRow(b.id)).toBeUndefined();
    expect((await auditOf(a.id))[0]).toMatchObject({ action: 'institution.deleted', before: { name: 'Zümrüt Okulu' } });
    expect((await auditOf(b.id))[0]).toMatchObject({ action: 'institution.deleted' });
  });

  it('exports the filtered list as xlsx and csv with localized headers, never another company', async () => {
    await insertInstitution(company.id, { name: 'İhracat Enstitüsü', code: '=CMD()' });
    await insertInstitution(other.id, { name: 'İhracat Dışarıda' });
    const xlsx = await exportAs(adminToken, '/api/admin/institutions/export', {
      query: { format: 'xlsx', search: 'ihracat' },
      lang: 'en',
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/filename="institutions-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(2).value).toBe('Institution name');
    expect(sheet.getRow(2).getCell(2).value).toBe('İhracat Enstitüsü');
    expect(sheet.getRow(2).getCell(3).value).toBe("'=CMD()");
    const csv = await exportAs(adminToken, '/api/admin/institutions/export', {
      query: { format: 'csv', search: 'ihracat' },
    });
    expect(csv.headers['content-disposition']).toContain("filename*=UTF-8''kurumlar-");
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^ID,Kurum adı,Kod,Şehir/);
  });
});

describeResourceContract({
  plural: 'institutions',
  entity: 'institution',
  permissions: { read: 'read_companysetting', write: 'read_companysetting' },
  create: (n) => ({ name: `Kurum ${n}`, code: `K${n}` }),
  update: { name: 'Değişen Kurum' },
  invalid: { body: { name: '' }, field: 'name' },
});
