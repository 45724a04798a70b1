import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { PNG_BYTES, upload } from '../../../../test/uploads.js';
import { companies } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

describe('admin settings of the acting company', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;
  let learnerToken: string;
  let reporterToken: string;

  const as = (token: string | undefined, method: 'GET' | 'PUT', body?: unknown, lang = 'en') =>
    call(test.app, method, '/api/admin/settings', {
      host: hostOf(company),
      token,
      body,
      headers: { 'x-content-language': lang },
    });
  const companyRow = (id: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(companies)
        .where(eq(companies.id, id))
        .then((r) => r[0]!),
    );
  const selfOf = async (target: CompanyRow) =>
    (await call(test.app, 'GET', '/api/company/self', { host: hostOf(target) })).json().data;

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany({
      name: 'Ayar Şirketi',
      settings: {
        chat_is_disabled: '1',
        theme_settings: { primaryColor: '#112233' },
        modules: ['wall'],
        hide_social_links_hosts: ['akademi.example.com'],
      },
    });
    other = await test.factories.createCompany({ settings: { hide_copyright_notice: true } });
    const admin = await test.factories.createAdmin(company);
    const learner = await test.factories.createUser(company);
    const reporter = await test.factories.createUser(company);
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

  it('answers 401 without a session and 403 without read_companysetting', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const body = method === 'PUT' ? { hide_online_users: true } : undefined;
      expect((await as(undefined, method, body)).statusCode).toBe(401);
      expect((await as(learnerToken, method, body)).statusCode).toBe(403);
      expect((await as(reporterToken, method, body)).statusCode).toBe(403);
    }
    expect((await as(adminToken, 'GET')).json().data.hide_online_users).toBe(false);
  });

  it('reads the settings over their defaults, without the module switches', async () => {
    const response = await as(adminToken, 'GET');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      default_language: 'tr',
      surname_view_restrict: 0,
      logo_link: null,
      chat_is_disabled: true,
      hide_online_users: false,
      hide_copyright_notice: false,
      theme_settings: { primaryColor: '#112233' },
      login_options: {
        identifiers: ['email', 'username'],
        sms_two_factor: false,
        self_registration: false,
        self_registration_requires_approval: true,
      },
      personal_data_notice: { default: {}, hosts: {} },
      clarification_text: { default: {}, hosts: {} },
      hide_social_links_hosts: ['akademi.example.com'],
      user_custom_fields: [],
    });
  });

  it('changes only what is sent, shows it on the company at once, and audits before and after', async () => {
    const response = await as(adminToken, 'PUT', {
      default_language: 'de',
      surname_view_restrict: 1,
      hide_online_users: true,
      theme_settings: { primaryColor: '#aa0000', instagramLink: 'https://instagram.com/ayar' },
      personal_data_notice: { default: { de: '<p>Hinweis</p>' }, hosts: { 'ayar.example.com': { tr: '<p>Özel</p>' } } },
      // Unknown keys and the super admin's fields are dropped, never stored.
      slug: 'ele-gecirilmis',
      status: 0,
      modules: [],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      default_language: 'de',
      surname_view_restrict: 1,
      hide_online_users: true,
      chat_is_disabled: true,
      theme_settings: { primaryColor: '#aa0000', instagramLink: 'https://instagram.com/ayar' },
      personal_data_notice: { default: { de: '<p>Hinweis</p>' }, hosts: { 'ayar.example.com': { tr: '<p>Özel</p>' } } },
      hide_social_links_hosts: ['akademi.example.com'],
    });
    expect(await companyRow(company.id)).toMatchObject({ slug: company.slug, status: 1, defaultLanguage: 'de' });
    const self = await selfOf(company);
    expect(self).toMatchObject({ default_language: 'de', surname_view_restrict: 1 });
    expect(self.settings).toEqual(
      expect.arrayContaining([
        { key: 'theme_settings', value: { primaryColor: '#aa0000', instagramLink: 'https://instagram.com/ayar' } },
        { key: 'modules', value: ['wall'] },
        { key: 'hide_online_users', value: true },
      ]),
    );
    const [audit] = await test.factories.auditOf('company_settings', company.id);
    expect(audit).toMatchObject({
      action: 'company_settings.updated',
      companyId: company.id,
      before: expect.objectContaining({ default_language: 'tr', theme_settings: { primaryColor: '#112233' } }),
      after: expect.objectContaining({ default_language: 'de', hide_online_users: true }),
    });
    // Another company is untouched.
    expect((await selfOf(other)).settings).toEqual([{ key: 'hide_copyright_notice', value: true }]);
  });

  it('refuses invalid values with localized field errors and changes nothing', async () => {
    const before = (await as(adminToken, 'GET')).json().data;
    const response = await as(adminToken, 'PUT', {
      hide_copyright_notice: true,
      theme_settings: { dangerColor: 'red', facebookLink: 'ftp://facebook.com/x' },
      login_options: { identifiers: [] },
      hide_social_links_hosts: ['https://bad host/'],
      clarification_text: { default: { fr: 'x' } },
      default_language: 'fr',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'clarification_text.default',
      'default_language',
      'hide_social_links_hosts.0',
      'login_options.identifiers',
      'theme_settings.dangerColor',
      'theme_settings.facebookLink',
    ]);
    expect(response.json().errors['theme_settings.dangerColor']).toEqual(['Enter a valid colour code (e.g. #3F51B5).']);
    const turkish = await as(adminToken, 'PUT', { theme_settings: { primaryColor: 'mavi' } }, 'tr');
    expect(turkish.json().errors['theme_settings.primaryColor']).toEqual([
      'Geçerli bir renk kodu girin (ör. #3F51B5).',
    ]);
    expect((await as(adminToken, 'GET')).json().data).toEqual(before);
  });

  it('takes a logo uploaded on the host and serves it there; refuses a foreign address', async () => {
    const uploaded = await upload(test.app, [{ name: 'logo.png', type: 'image/png', data: PNG_BYTES }], {
      host: hostOf(company),
      token: adminToken,
      kind: 'logo',
    });
    const url = uploaded.json().data[0].url as string;
    const saved = await as(adminToken, 'PUT', { logo_link: url });
    expect(saved.statusCode).toBe(200);
    expect((await selfOf(company)).logo_link).toBe(url);
    expect((await call(test.app, 'GET', url, { host: hostOf(company) })).statusCode).toBe(200);

    const refused = await as(adminToken, 'PUT', { logo_link: '/api/files/0123456789abcdef0123456789abcdef.png' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('logo_link');
    const cleared = await as(adminToken, 'PUT', { logo_link: null });
    expect(cleared.json().data.logo_link).toBeNull();
  });

  it("changes the sub-company a group admin acts in, and serves its logo on that company's host", async () => {
    const group = await test.factories.createCompany({ isGroupAlias: true, canSwitchCompany: true });
    const child = await test.factories.createCompany({ parentId: group.id });
    const groupAdmin = await test.factories.createAdmin(group);
    const token = (await login(test.app, group, groupAdmin.email!)).access_token;
    const uploaded = await upload(test.app, [{ name: 'logo.png', type: 'image/png', data: PNG_BYTES }], {
      host: hostOf(group),
      token,
      kind: 'logo',
    });
    const url = uploaded.json().data[0].url as string;
    const response = await call(test.app, 'PUT', '/api/admin/settings', {
      host: hostOf(group),
      token,
      headers: { 'x-company-id': String(child.id) },
      body: { logo_link: url, hide_copyright_notice: true },
    });
    expect(response.statusCode).toBe(200);
    expect((await selfOf(child)).logo_link).toBe(url);
    expect((await selfOf(child)).settings).toContainEqual({ key: 'hide_copyright_notice', value: true });
    expect((await call(test.app, 'GET', url, { host: hostOf(child) })).statusCode).toBe(200);
    // The group itself is untouched.
    expect((await selfOf(group)).logo_link).toBeNull();
    expect((await selfOf(group)).settings).toEqual([]);
  });
});
