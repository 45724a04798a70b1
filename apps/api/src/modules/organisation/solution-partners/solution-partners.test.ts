import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import { PNG_BYTES, upload } from '../../../../test/uploads.js';
import { solutionPartners } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

describe('admin solution partners resource', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;
  let adminId: number;
  let otherAdminToken: string;

  const insertPartner = (companyId: number, name: string, values: Partial<typeof solutionPartners.$inferInsert> = {}) =>
    asSystem(test.db, (tx) =>
      tx
        .insert(solutionPartners)
        .values({ companyId, name, ...values })
        .returning()
        .then((r) => r[0]!),
    );
  const partnerRow = (id: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(solutionPartners)
        .where(eq(solutionPartners.id, id))
        .then((r) => r[0]),
    );

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    adminId = admin.id;
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    const otherAdmin = await test.factories.createAdmin(other);
    otherAdminToken = (await login(test.app, other, otherAdmin.email!)).access_token;
  });
  afterAll(() => test.close());

  const as = companyCaller(() => ({ app: test.app, company }));

  it('creates a partner with an uploaded logo, normalizes empty fields, and audits it', async () => {
    const uploaded = await upload(test.app, [{ name: 'logo.png', type: 'image/png', data: PNG_BYTES }], {
      host: hostOf(company),
      token: adminToken,
      kind: 'logo',
    });
    expect(uploaded.statusCode).toBe(201);
    const logo = uploaded.json().data[0].url as string;
    const created = await as(adminToken, 'POST', '/api/admin/solution-partners', {
      body: {
        name: '  Bilge Eğitim Danışmanlık ',
        logo,
        website: 'https://www.bilge-egitim.com.tr',
        contact_name: 'Ayşe Kaya',
        contact_email: 'AYSE@bilge-egitim.com.tr',
        phone: '+90 212 555 01 23',
        description: '',
        order: '3',
      },
    });
    expect(created.statusCode).toBe(201);
    const item = created.json().data;
    expect(item).toMatchObject({
      name: 'Bilge Eğitim Danışmanlık',
      logo,
      contact_email: 'ayse@bilge-egitim.com.tr',
      description: null,
      order: 3,
      status: 1,
    });
    expect((await as(adminToken, 'GET', `/api/admin/solution-partners/${item.id}`)).json()).toEqual({ data: item });
    const [entry] = await test.factories.auditOf('solution_partner', item.id);
    expect(entry).toMatchObject({ action: 'solution_partner.created', actorUserId: adminId, after: { logo } });
  });

  it('refuses bad fields and a logo this server did not store for the company, creating nothing', async () => {
    const otherLogo = await upload(test.app, [{ name: 'logo.png', type: 'image/png', data: PNG_BYTES }], {
      host: hostOf(other),
      token: otherAdminToken,
      kind: 'logo',
    });
    const total = async () => (await as(adminToken, 'GET', '/api/admin/solution-partners')).json().meta.total;
    const before = await total();
    const bad = await as(adminToken, 'POST', '/api/admin/solution-partners', {
      lang: 'en',
      body: { name: ' ', website: 'javascript:alert(1)', contact_email: 'nope', phone: 'call me', status: 4 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      name: ['This field is required.'],
      contact_email: ['Enter a valid email address.'],
      phone: ['Enter a valid phone number, e.g. +90 212 555 01 23.'],
    });
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['website', 'status']));
    for (const logo of ['https://evil.example/logo.png', otherLogo.json().data[0].url]) {
      const refused = await as(adminToken, 'POST', '/api/admin/solution-partners', {
        lang: 'en',
        body: { name: 'Logo', logo },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ logo: ['Upload the logo first; only files stored here can be used.'] });
    }
    expect(await total()).toBe(before);
  });

  it('updates by PUT and POST keeping fields not sent, clears a field with an empty value, and audits', async () => {
    const partner = await insertPartner(company.id, 'Eski Ad', {
      website: 'https://eski.example',
      phone: '02125550000',
    });
    const put = await as(adminToken, 'PUT', `/api/admin/solution-partners/${partner.id}`, {
      body: { name: 'Yeni Ad' },
    });
    expect(put.json().data).toMatchObject({ name: 'Yeni Ad', website: 'https://eski.example', phone: '02125550000' });
    const post = await as(adminToken, 'POST', `/api/admin/solution-partners/${partner.id}`, {
      body: { website: '', status: 0 },
    });
    expect(post.json().data).toMatchObject({ website: null, status: 0, phone: '02125550000' });
    const entries = await test.factories.auditOf('solution_partner', partner.id);
    expect(entries.map((e) => e.action)).toEqual(['solution_partner.updated', 'solution_partner.updated']);
    expect(entries[1]).toMatchObject({ before: { name: 'Eski Ad' }, after: { name: 'Yeni Ad' } });
  });

  it('searches name, contact and description case-folded, filters by status, sorts, and deletes', async () => {
    const a = await insertPartner(company.id, 'İnovasyon Akademisi', { order: 2 });
    const b = await insertPartner(company.id, 'Kariyer Koçluğu', { contactName: 'İrem İNOVA', order: 1, status: 0 });
    const names = async (query: Record<string, string>) =>
      (await as(adminToken, 'GET', '/api/admin/solution-partners', { query }))
        .json()
        .data.map((p: { name: string }) => p.name);
    expect(await names({ search: 'inova' })).toEqual(['Kariyer Koçluğu', 'İnovasyon Akademisi']);
    expect(await names({ search: 'inova', status: '1' })).toEqual(['İnovasyon Akademisi']);
    expect(await names({ search: 'inova', sort: '-order' })).toEqual(['İnovasyon Akademisi', 'Kariyer Koçluğu']);
    const deleted = await as(adminToken, 'DELETE', `/api/admin/solution-partners/${a.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await partnerRow(a.id)).toBeUndefined();
    const bulk = await as(adminToken, 'POST', '/api/admin/solution-partners/bulk', {
      body: { action: 'delete', ids: [b.id] },
    });
    expect(bulk.json().affected).toBe(1);
    expect((await test.factories.auditOf('solution_partner', b.id))[0]).toMatchObject({
      action: 'solution_partner.deleted',
    });
  });
});

describeResourceContract({
  plural: 'solution-partners',
  entity: 'solution_partner',
  permissions: { read: 'read_integration', write: 'read_integration' },
  create: (n) => ({ name: `Çözüm Ortağı ${n}` }),
  update: { name: 'Değişen Ortak' },
  invalid: { body: { name: '' }, field: 'name' },
});
