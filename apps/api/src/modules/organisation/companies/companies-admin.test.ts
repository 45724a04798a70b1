import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import { PNG_BYTES, upload } from '../../../../test/uploads.js';
import { auditLogs, companies, companySettings } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// The generic part, for a platform resource: 401 and 403 (a learner, a company admin) on every action, 404 for a
// company that is gone, 422, the audit of create/update/delete, bulk status and delete, xlsx and csv export.
describeResourceContract({
  plural: 'companies',
  entity: 'company',
  permissions: { read: 'super_admin', write: 'super_admin' },
  create: (n) => ({ name: `Sözleşme Firması ${n}`, slug: `sozlesme-${n}` }),
  update: { name: 'Sözleşme Firması A.Ş.' },
  invalid: { body: { name: '', slug: 'bos-ad' }, field: 'name' },
});

describe('admin companies (the registry, super admins only)', () => {
  let test: TestApp;
  let home: CompanyRow;
  let superToken: string;

  const as = (
    token: string | undefined,
    method: Method,
    url: string,
    options: { body?: unknown; query?: Record<string, string> } = {},
  ) =>
    call(test.app, method, url, {
      host: hostOf(home),
      token,
      body: options.body,
      query: options.query,
      headers: { 'x-content-language': 'en' },
    });
  const su = (method: Method, url: string, options: { body?: unknown; query?: Record<string, string> } = {}) =>
    as(superToken, method, url, options);
  const companyRow = (id: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(companies)
        .where(eq(companies.id, id))
        .then((r) => r[0]),
    );
  const create = async (body: Record<string, unknown>) => {
    const response = await su('POST', '/api/admin/companies', { body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; slug: string };
  };

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    home = await f.createCompany({ name: 'Platform Evi' });
    superToken = (await login(test.app, home, (await f.createSuperAdmin(home)).email!)).access_token;
    // Three people in the home company: the listed user counts below count them.
    await f.createAdmin(home);
    await f.createUser(home);
  });
  afterAll(() => test.close());

  it('answers 404 for a company that does not exist, on every action', async () => {
    for (const [method, body] of [['GET'], ['PUT', { name: 'Yok' }], ['POST', { name: 'Yok' }], ['DELETE']] as const) {
      expect((await su(method, '/api/admin/companies/987654', { body })).statusCode, method).toBe(404);
    }
    const bulk = await su('POST', '/api/admin/companies/bulk', {
      body: { action: 'status', ids: [home.id, 987_654], status: 1 },
    });
    expect(bulk.statusCode).toBe(404);
  });

  it('lists companies paged, searched without regard to Turkish capitals, filtered and sorted', async () => {
    const group = await create({ name: 'ŞİRKETLER Grubu', slug: 'sirketler-grubu', is_group_alias: true });
    await create({ name: 'Şirket Alfa', slug: 'sirket-alfa', parent_id: group.id });
    const beta = await create({ name: 'Şirket Beta', slug: 'sirket-beta', parent_id: group.id, status: 0 });

    const searched = await su('GET', '/api/admin/companies', { query: { search: 'şirket', sort: '-name' } });
    expect(searched.statusCode).toBe(200);
    expect(searched.json().data.map((c: { name: string }) => c.name)).toEqual([
      'ŞİRKETLER Grubu',
      'Şirket Beta',
      'Şirket Alfa',
    ]);
    const children = await su('GET', '/api/admin/companies', {
      query: { parent_id: String(group.id), per_page: '1', page: '2', sort: 'name' },
    });
    expect(children.json().meta).toEqual({ page: 2, per_page: 1, total: 2 });
    expect(children.json().data[0]).toMatchObject({ id: beta.id, parent: { id: group.id, name: 'ŞİRKETLER Grubu' } });
    const passive = await su('GET', '/api/admin/companies', { query: { status: '0', search: 'sirket' } });
    expect(passive.json().data.map((c: { id: number }) => c.id)).toEqual([beta.id]);
    // Bad values fall back to no filter, never 422.
    const lenient = await su('GET', '/api/admin/companies', { query: { status: 'x', parent_id: '-1', sort: 'nope' } });
    expect(lenient.statusCode).toBe(200);
    const detail = await su('GET', `/api/admin/companies/${group.id}`);
    expect(detail.json().data).toMatchObject({ children_count: 2, users_count: 0, is_group_alias: true });
    // Each listed company counts its own people only (read across tenants in one go).
    const both = await su('GET', '/api/admin/companies', { query: { search: 'platform evi' } });
    expect(both.json().data).toEqual([expect.objectContaining({ id: home.id, users_count: 3 })]);
    const page = await su('GET', '/api/admin/companies', { query: { per_page: '100' } });
    const countOf = (id: number) => page.json().data.find((c: { id: number }) => c.id === id)?.users_count;
    expect([countOf(home.id), countOf(group.id), countOf(beta.id)]).toEqual([3, 0, 0]);
  });

  it('creates a company whose host answers at once, with its colours, and audits it', async () => {
    const created = await su('POST', '/api/admin/companies', {
      body: {
        name: 'Yeni Akademi',
        slug: 'Yeni-Akademi',
        custom_domain: 'akademi.example.com',
        default_language: 'az',
        surname_view_restrict: 1,
        theme_settings: { primaryColor: '#112233', linkedinLink: 'https://linkedin.com/company/yeni' },
      },
    });
    expect(created.statusCode).toBe(201);
    const item = created.json().data;
    expect(item).toMatchObject({
      name: 'Yeni Akademi',
      slug: 'yeni-akademi',
      custom_domain: 'akademi.example.com',
      default_language: 'az',
      surname_view_restrict: 1,
      status: 1,
      parent: null,
      theme_settings: { primaryColor: '#112233', linkedinLink: 'https://linkedin.com/company/yeni' },
    });
    for (const host of ['yeni-akademi.localhost', 'akademi.example.com']) {
      const self = await call(test.app, 'GET', '/api/company/self', { host });
      expect(self.statusCode, host).toBe(200);
      expect(self.json().data.settings).toContainEqual({
        key: 'theme_settings',
        value: { primaryColor: '#112233', linkedinLink: 'https://linkedin.com/company/yeni' },
      });
    }
    const [audit] = await test.factories.auditOf('company', item.id);
    expect(audit).toMatchObject({ action: 'company.created', companyId: item.id, before: null });
  });

  it('refuses bad bodies with field errors and changes nothing', async () => {
    const taken = await create({ name: 'Alınmış', slug: 'alinmis', custom_domain: 'alinmis.example.com' });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ name: '', slug: 'bos' }, { name: ['This field is required.'] }],
      [
        { name: 'Kötü Adres', slug: 'kötü adres' },
        { slug: ['A subdomain may contain lowercase letters, digits and hyphens.'] },
      ],
      [{ name: 'Kopya', slug: 'alinmis' }, { slug: ['This subdomain is already in use.'] }],
      [{ name: 'Kopya', slug: 'kopya-1', custom_domain: 'alinmis.example.com' }, { custom_domain: expect.any(Array) }],
      [{ name: 'Ayrılmış', slug: 'www' }, { slug: ['This subdomain is reserved; choose another one.'] }],
      [
        { name: 'Tek etiket', slug: 'tek-etiket', custom_domain: 'baska.localhost' },
        { custom_domain: expect.any(Array) },
      ],
      [
        { name: 'Renk', slug: 'renk', theme_settings: { primaryColor: 'blue', youtubeLink: 'javascript:alert(1)' } },
        {
          'theme_settings.primaryColor': ['Enter a valid colour code (e.g. #3F51B5).'],
          'theme_settings.youtubeLink': expect.any(Array),
        },
      ],
      [{ name: 'Logo', slug: 'logo-co', logo_link: 'https://evil.example/logo.png' }, { logo_link: expect.any(Array) }],
      [{ name: 'Yetim', slug: 'yetim', parent_id: 987_654 }, { parent_id: expect.any(Array) }],
      [{ name: 'Dil', slug: 'dil', default_language: 'fr' }, { default_language: ['Unsupported language.'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await su('POST', '/api/admin/companies', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    const total = await su('GET', '/api/admin/companies', { query: { search: 'yetim' } });
    expect(total.json().meta.total).toBe(0);
    expect(await companyRow(taken.id)).toMatchObject({ slug: 'alinmis' });
  });

  it('updates only the fields sent, follows a changed domain at once and refuses group loops', async () => {
    const top = await create({ name: 'Üst', slug: 'ust', custom_domain: 'ust.example.com' });
    const middle = await create({ name: 'Orta', slug: 'orta', parent_id: top.id });
    const bottom = await create({ name: 'Alt', slug: 'alt', parent_id: middle.id });

    const renamed = await su('PUT', `/api/admin/companies/${top.id}`, {
      body: { name: 'Üst Holding', custom_domain: 'holding.example.com' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      name: 'Üst Holding',
      slug: 'ust',
      custom_domain: 'holding.example.com',
    });
    expect((await call(test.app, 'GET', '/api/company/self', { host: 'holding.example.com' })).statusCode).toBe(200);
    expect((await call(test.app, 'GET', '/api/company/self', { host: 'ust.example.com' })).statusCode).toBe(404);

    for (const parent of [top.id, bottom.id]) {
      const loop = await su('POST', `/api/admin/companies/${top.id}`, { body: { parent_id: parent } });
      expect(loop.statusCode, String(parent)).toBe(422);
      expect(loop.json().errors).toHaveProperty('parent_id');
    }
    const moved = await su('PUT', `/api/admin/companies/${bottom.id}`, { body: { parent_id: null } });
    expect(moved.json().data.parent).toBeNull();
    const audit = await test.factories.auditOf('company', top.id);
    expect(audit.map((a) => a.action)).toEqual(['company.updated', 'company.created']);
    expect(audit[0]?.before).toMatchObject({ name: 'Üst', custom_domain: 'ust.example.com' });
  });

  it("closes a passive company's hosts, audits the status change, and will not close the super admin's own", async () => {
    const target = await create({ name: 'Kapanacak', slug: 'kapanacak' });
    const bulk = await su('POST', '/api/admin/companies/bulk', {
      body: { action: 'status', ids: [target.id], status: 0 },
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toEqual({ message: 'Records updated: 1', affected: 1 });
    expect((await call(test.app, 'GET', '/api/company/self', { host: 'kapanacak.localhost' })).statusCode).toBe(403);
    const [audit] = await test.factories.auditOf('company', target.id);
    expect(audit).toMatchObject({ action: 'company.status_changed', after: expect.objectContaining({ status: 0 }) });

    const reopened = await su('PUT', `/api/admin/companies/${target.id}`, { body: { status: 1 } });
    expect(reopened.json().data.status).toBe(1);
    expect((await test.factories.auditOf('company', target.id))[0]?.action).toBe('company.status_changed');
    expect((await call(test.app, 'GET', '/api/company/self', { host: 'kapanacak.localhost' })).statusCode).toBe(200);

    const own = await su('PUT', `/api/admin/companies/${home.id}`, { body: { status: 0 } });
    expect(own.statusCode).toBe(422);
    expect(own.json().errors.status).toHaveLength(1);
    const ownBulk = await su('POST', '/api/admin/companies/bulk', {
      body: { action: 'status', ids: [home.id], status: 0 },
    });
    expect(ownBulk.statusCode).toBe(422);
    expect(await companyRow(home.id)).toMatchObject({ status: 1 });
  });

  it("serves a logo uploaded on the super admin's host on the target company's host", async () => {
    const uploaded = await upload(test.app, [{ name: 'logo.png', type: 'image/png', data: PNG_BYTES }], {
      host: hostOf(home),
      token: superToken,
      kind: 'logo',
    });
    expect(uploaded.statusCode).toBe(201);
    const url = uploaded.json().data[0].url as string;
    // Before: the file exists only on the uploader's host.
    expect((await call(test.app, 'GET', url, { host: 'logolu.localhost' })).statusCode).toBe(404);

    const target = await create({ name: 'Logolu', slug: 'logolu', logo_link: url });
    const served = await call(test.app, 'GET', url, { host: 'logolu.localhost' });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG_BYTES);
    const self = await call(test.app, 'GET', '/api/company/self', { host: 'logolu.localhost' });
    expect(self.json().data.logo_link).toBe(url);

    // The same on update, and keeping the current logo needs no upload.
    const second = await create({ name: 'Sonradan Logolu', slug: 'sonradan' });
    const updated = await su('PUT', `/api/admin/companies/${second.id}`, { body: { logo_link: url } });
    expect(updated.json().data.logo_link).toBe(url);
    expect((await call(test.app, 'GET', url, { host: 'sonradan.localhost' })).statusCode).toBe(200);
    expect((await su('PUT', `/api/admin/companies/${target.id}`, { body: { name: 'Logolu A.Ş.' } })).statusCode).toBe(
      200,
    );

    // An address this server never issued (or another company's file) is refused.
    const stranger = await test.factories.createCompany();
    const strangerToken = (await login(test.app, stranger, (await test.factories.createUser(stranger)).email!))
      .access_token;
    const foreign = await upload(test.app, [{ name: 'x.png', type: 'image/png', data: PNG_BYTES }], {
      host: hostOf(stranger),
      token: strangerToken,
      kind: 'logo',
    });
    const refused = await su('PUT', `/api/admin/companies/${second.id}`, {
      body: { logo_link: foreign.json().data[0].url },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      logo_link: ['The logo must be an image uploaded here. Please upload the logo again.'],
    });
    expect((await companyRow(second.id))?.logoLink).toBe(url);
  });

  it('deletes only a company nobody has worked in, and keeps the record of it', async () => {
    const fresh = await create({ name: 'Yanlış Açılmış', slug: 'yanlis', theme_settings: { primaryColor: '#000000' } });
    const populated = await test.factories.createCompany({ name: 'Dolu' });
    await test.factories.createUser(populated);
    const parent = await create({ name: 'Ebeveyn', slug: 'ebeveyn' });
    await create({ name: 'Çocuk', slug: 'cocuk', parent_id: parent.id });

    const refusals: [number, string][] = [
      [populated.id, 'A company with users cannot be deleted. Make it passive instead.'],
      [parent.id, 'A company with sub-companies cannot be deleted. Move its sub-companies to another group first.'],
      [home.id, 'You cannot delete the company you are working in.'],
    ];
    for (const [id, message] of refusals) {
      const response = await su('DELETE', `/api/admin/companies/${id}`);
      expect(response.statusCode, String(id)).toBe(422);
      expect(response.json().message).toBe(message);
      expect(await companyRow(id)).toBeDefined();
    }
    // All or nothing: a bulk delete with one refused company deletes none.
    const bulk = await su('POST', '/api/admin/companies/bulk', {
      body: { action: 'delete', ids: [fresh.id, parent.id] },
    });
    expect(bulk.statusCode).toBe(422);
    expect(await companyRow(fresh.id)).toBeDefined();

    const deleted = await su('DELETE', `/api/admin/companies/${fresh.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await companyRow(fresh.id)).toBeUndefined();
    expect((await call(test.app, 'GET', '/api/company/self', { host: 'yanlis.localhost' })).statusCode).toBe(404);
    const settingsLeft = await asSystem(test.db, (tx) =>
      tx.select().from(companySettings).where(eq(companySettings.companyId, fresh.id)),
    );
    expect(settingsLeft).toEqual([]);
    const [audit] = await asSystem(test.db, (tx) =>
      tx.select().from(auditLogs).where(eq(auditLogs.action, 'company.deleted')),
    );
    expect(audit).toMatchObject({
      companyId: home.id,
      entityId: fresh.id,
      before: expect.objectContaining({ name: 'Yanlış Açılmış' }),
    });
  });
});
