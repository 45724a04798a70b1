import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { auditLogs } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

describe('companies and hosts', () => {
  let test: TestApp;
  let group: CompanyRow;
  let child: CompanyRow;
  let stranger: CompanyRow;
  let superToken: string;
  let adminToken: string;

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    group = await f.createCompany({
      name: 'Grup Holding',
      isGroupAlias: true,
      canSwitchCompany: true,
      surnameViewRestrict: 1,
      settings: { hide_copyright_notice: true, theme_settings: { primaryColor: '#112233' } },
    });
    child = await f.createCompany({ name: 'Grup Perakende', parentId: group.id });
    stranger = await f.createCompany({ name: 'Başka Şirket' });
    superToken = (await login(test.app, group, (await f.createSuperAdmin(group)).email!)).access_token;
    adminToken = (await login(test.app, group, (await f.createAdmin(group)).email!)).access_token;
  });
  afterAll(() => test.close());

  it('describes the host company with its settings, parent and children', async () => {
    const response = await call(test.app, 'GET', '/api/company/self', { host: hostOf(group) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: group.id,
      name: 'Grup Holding',
      company_name: 'Grup Holding',
      surname_view_restrict: 1,
      is_group_alias: true,
      can_switch_company: true,
      parent: null,
      children: [{ id: child.id, name: 'Grup Perakende' }],
      settings: expect.arrayContaining([
        { key: 'hide_copyright_notice', value: true },
        { key: 'theme_settings', value: { primaryColor: '#112233' } },
      ]),
    });
    const sub = await call(test.app, 'GET', '/api/company/self', { host: hostOf(child) });
    expect(sub.json().data).toMatchObject({
      parent: { id: group.id, name: 'Grup Holding' },
      children: [],
      settings: [],
    });
  });

  it('lists companies for the super admin only, paged and searchable', async () => {
    expect((await call(test.app, 'GET', '/api/company', { host: hostOf(group) })).statusCode).toBe(401);
    expect((await call(test.app, 'GET', '/api/company', { host: hostOf(group), token: adminToken })).statusCode).toBe(
      403,
    );
    const page = await call(test.app, 'GET', '/api/company', {
      host: hostOf(group),
      token: superToken,
      query: { search: 'grup', per_page: '1', page: '2' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toEqual({ page: 2, per_page: 1, total: 2 });
    expect(page.json().data).toHaveLength(1);
    const children = await call(test.app, 'GET', '/api/company', {
      host: hostOf(group),
      token: superToken,
      query: { parent_id: String(group.id) },
    });
    expect(children.json().data.map((c: { id: number }) => c.id)).toEqual([child.id]);
  });

  it('creates a company whose host answers at once, updates it, and audits both', async () => {
    const created = await call(test.app, 'POST', '/api/company', {
      host: hostOf(group),
      token: superToken,
      body: {
        name: 'Yeni Akademi',
        slug: 'yeni-akademi',
        parent_id: group.id,
        settings: [{ key: 'chat_is_disabled', value: '1' }],
      },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    const self = await call(test.app, 'GET', '/api/company/self', { host: 'yeni-akademi.localhost' });
    expect(self.json().data).toMatchObject({
      id,
      name: 'Yeni Akademi',
      settings: [{ key: 'chat_is_disabled', value: '1' }],
    });

    const updated = await call(test.app, 'POST', '/api/company', {
      host: hostOf(group),
      token: superToken,
      body: { id, name: 'Yeni Akademi A.Ş.', slug: 'yeni-akademi' },
    });
    expect(updated.json().data.name).toBe('Yeni Akademi A.Ş.');
    const audit = await asSystem(test.db, (tx) =>
      tx.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.entityId, id)),
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['company.created', 'company.updated']);
  });

  it('refuses a taken slug, an unknown setting, a bad colour and a parent cycle with field errors', async () => {
    const post = (body: unknown) =>
      call(test.app, 'POST', '/api/company', {
        host: hostOf(group),
        token: superToken,
        headers: { 'x-content-language': 'en' },
        body,
      });
    const taken = await post({ name: 'Kopya', slug: child.slug });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ slug: ['This subdomain is already in use.'] });
    const settings = await post({
      name: 'Ayarlar',
      slug: 'ayarlar',
      settings: [
        { key: 'no_such_setting', value: 1 },
        { key: 'theme_settings', value: { primaryColor: 'blue' } },
      ],
    });
    expect(settings.statusCode).toBe(422);
    expect(Object.keys(settings.json().errors).sort()).toEqual(['settings.0.key', 'settings.1.value']);
    const cycle = await post({ id: group.id, name: group.name, slug: group.slug, parent_id: child.id });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().errors).toHaveProperty('parent_id');
    expect((await post({ id: 999_999, name: 'Yok', slug: 'yok-boyle' })).statusCode).toBe(404);
    expect(
      (
        await call(test.app, 'POST', '/api/company', {
          host: hostOf(group),
          token: adminToken,
          body: { name: 'X', slug: 'x-co' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('resolves short links of the host company only', async () => {
    await test.factories.createShortLinks(group, [
      { code: 'kampanya', target: '/education/7/detail' },
      { code: 'eski', target: '/old', expiresAt: new Date(Date.now() - 1000) },
    ]);
    await test.factories.createShortLinks(stranger, [{ code: 'gizli', target: '/secret' }]);
    const found = await call(test.app, 'GET', '/api/s/kampanya', { host: hostOf(group) });
    expect(found.json()).toEqual({ data: '/education/7/detail' });
    expect((await call(test.app, 'GET', '/api/s/gizli', { host: hostOf(group) })).statusCode).toBe(404);
    expect((await call(test.app, 'GET', '/api/s/eski', { host: hostOf(group) })).statusCode).toBe(404);
    expect((await call(test.app, 'GET', '/api/s/yok', { host: hostOf(group) })).statusCode).toBe(404);
  });

  it('serves the four languages on any host', async () => {
    const response = await call(test.app, 'GET', '/api/localization', { host: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.json().languages).toEqual([{ code: 'tr' }, { code: 'en' }, { code: 'az' }, { code: 'de' }]);
    expect(response.json().translations.de.errors.forbidden).toBe('Dazu sind Sie nicht berechtigt.');
  });

  it('serves one language when asked for it, and refuses an unknown one', async () => {
    const response = await call(test.app, 'GET', '/api/localization?language=de', { host: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.json().languages).toEqual([{ code: 'tr' }, { code: 'en' }, { code: 'az' }, { code: 'de' }]);
    expect(Object.keys(response.json().translations)).toEqual(['de']);
    expect(response.json().translations.de.errors.forbidden).toBe('Dazu sind Sie nicht berechtigt.');
    expect((await call(test.app, 'GET', '/api/localization?language=xx', { host: '127.0.0.1' })).statusCode).toBe(422);
  });
});
