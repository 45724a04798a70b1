import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { companyCaller, companyExporter, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import { hashtags } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

describe('admin hashtags resource', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;
  let adminId: number;

  const insertHashtag = (companyId: number, name: string, status = 1) =>
    asSystem(test.db, (tx) =>
      tx
        .insert(hashtags)
        .values({ companyId, name, status })
        .returning()
        .then((r) => r[0]!),
    );
  const hashtagRow = (id: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(hashtags)
        .where(eq(hashtags.id, id))
        .then((r) => r[0]),
    );
  const auditOf = (id: number) => test.factories.auditOf('hashtag', id);

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

  it('creates a hashtag (a leading # dropped), reads it back and audits it', async () => {
    const created = await as(adminToken, 'POST', '/api/admin/hashtags', { body: { name: '  #Liderlik ' } });
    expect(created.statusCode).toBe(201);
    const item = created.json().data;
    expect(item).toMatchObject({ name: 'Liderlik', status: 1 });
    expect((await as(adminToken, 'GET', `/api/admin/hashtags/${item.id}`)).json()).toEqual({ data: item });
    const [entry] = await auditOf(item.id);
    expect(entry).toMatchObject({
      action: 'hashtag.created',
      companyId: company.id,
      actorUserId: adminId,
      before: null,
      after: { name: 'Liderlik' },
    });
  });

  it('refuses bad input and a name taken in any case with localized field errors, creating nothing', async () => {
    await insertHashtag(company.id, 'İletişim');
    await insertHashtag(other.id, 'Satış');
    const total = async () => (await as(adminToken, 'GET', '/api/admin/hashtags')).json().meta.total;
    const before = await total();
    const empty = await as(adminToken, 'POST', '/api/admin/hashtags', { lang: 'en', body: { name: '#' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: ['This field is required.'] });
    const spaces = await as(adminToken, 'POST', '/api/admin/hashtags', { lang: 'en', body: { name: 'two words' } });
    expect(spaces.statusCode).toBe(422);
    expect(spaces.json().errors.name[0]).toMatch(/letters, digits/);
    const status = await as(adminToken, 'POST', '/api/admin/hashtags', { body: { name: 'ok', status: 5 } });
    expect(status.json().errors).toHaveProperty('status');
    const taken = await as(adminToken, 'POST', '/api/admin/hashtags', { lang: 'tr', body: { name: '#İLETİŞİM' } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ['Bu etiket zaten var.'] });
    expect(await total()).toBe(before);
    // Another company's name is free here.
    expect((await as(adminToken, 'POST', '/api/admin/hashtags', { body: { name: 'Satış' } })).statusCode).toBe(201);
  });

  it('updates by PUT and by POST, keeps fields not sent, refuses a taken name and audits before and after', async () => {
    const tag = await insertHashtag(company.id, 'eski');
    await insertHashtag(company.id, 'dolu');
    const put = await as(adminToken, 'PUT', `/api/admin/hashtags/${tag.id}`, { body: { name: 'yeni' } });
    expect(put.json().data).toMatchObject({ id: tag.id, name: 'yeni', status: 1 });
    const post = await as(adminToken, 'POST', `/api/admin/hashtags/${tag.id}`, { body: { status: 0 } });
    expect(post.json().data).toMatchObject({ name: 'yeni', status: 0 });
    // Its own name in another case is not "taken".
    const same = await as(adminToken, 'PUT', `/api/admin/hashtags/${tag.id}`, { body: { name: 'YENİ' } });
    expect(same.statusCode).toBe(200);
    const taken = await as(adminToken, 'PUT', `/api/admin/hashtags/${tag.id}`, { body: { name: 'DOLU' } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toHaveProperty('name');
    expect(await hashtagRow(tag.id)).toMatchObject({ name: 'YENİ', status: 0 });
    const entries = await auditOf(tag.id);
    expect(entries.map((e) => e.action)).toEqual(['hashtag.updated', 'hashtag.updated', 'hashtag.updated']);
    expect(entries[2]).toMatchObject({ before: { name: 'eski' }, after: { name: 'yeni' } });
  });

  it('lists with search, status filter and sort, and sets status or deletes in bulk', async () => {
    const a = await insertHashtag(company.id, 'Çevre');
    const b = await insertHashtag(company.id, 'çevrecilik', 0);
    const search = await as(adminToken, 'GET', '/api/admin/hashtags', { query: { search: 'ÇEVRE', sort: 'name' } });
    expect(search.json().data.map((h: { name: string }) => h.name)).toEqual(['Çevre', 'çevrecilik']);
    const passive = await as(adminToken, 'GET', '/api/admin/hashtags', { query: { search: 'çevre', status: '0' } });
    expect(passive.json().data.map((h: { id: number }) => h.id)).toEqual([b.id]);
    const lenient = await as(adminToken, 'GET', '/api/admin/hashtags', { query: { search: 'çevre', status: 'x' } });
    expect(lenient.json().meta.total).toBe(2);

    const status = await as(adminToken, 'POST', '/api/admin/hashtags/bulk', {
      body: { action: 'status', ids: [a.id, b.id], status: 1 },
    });
    expect(status.json().affected).toBe(2);
    expect(await hashtagRow(b.id)).toMatchObject({ status: 1 });
    const deleted = await as(adminToken, 'DELETE', `/api/admin/hashtags/${a.id}`, { lang: 'en' });
    expect(deleted.json()).toEqual({ message: 'The record has been deleted.' });
    expect(await hashtagRow(a.id)).toBeUndefined();
    expect((await auditOf(a.id))[0]).toMatchObject({ action: 'hashtag.deleted', before: { name: 'Çevre' } });
    const bulk = await as(adminToken, 'POST', '/api/admin/hashtags/bulk', { body: { action: 'delete', ids: [b.id] } });
    expect(bulk.json().affected).toBe(1);
    expect(await hashtagRow(b.id)).toBeUndefined();
  });

  it('exports the filtered list as xlsx and csv with localized headers, never another company', async () => {
    await insertHashtag(company.id, 'ihracat');
    await insertHashtag(other.id, 'ihracatdışarı');
    const xlsx = await exportAs(adminToken, '/api/admin/hashtags/export', {
      query: { format: 'xlsx', search: 'ihracat' },
      lang: 'en',
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/filename="hashtags-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(2).value).toBe('Hashtag');
    expect(sheet.getRow(2).getCell(2).value).toBe('#ihracat');
    expect(sheet.getRow(2).getCell(3).value).toBe('Active');

    const csv = await exportAs(adminToken, '/api/admin/hashtags/export', {
      query: { format: 'csv', search: 'ihracat' },
    });
    expect(csv.headers['content-disposition']).toContain("filename*=UTF-8''etiketler-");
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^ID,Etiket,Durum/);
    expect(lines[1]).toContain('#ihracat');
  });
});

describeResourceContract({
  plural: 'hashtags',
  entity: 'hashtag',
  permissions: { read: 'show_hashtag', write: 'create_hashtag' },
  create: (n) => ({ name: `etiket${n}` }),
  update: { name: 'degisti' },
  invalid: { body: { name: 'iki kelime' }, field: 'name' },
});
