import { LEGAL_TEXT_MAX_HOSTS, LEGAL_TEXT_MAX_LENGTH } from '@kampus/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';

type Setting = { key: string; value: unknown };

/** The legal texts and footer settings of spec §1 and §2.9, set by the super admin and read on the company's host. */
describe('legal texts and footer settings of a company', () => {
  let test: TestApp;
  let academy: CompanyRow;
  let other: CompanyRow;
  let superToken: string;
  let adminToken: string;

  const notice = {
    default: { tr: '<p>Varsayılan aydınlatma metni</p>', az: '<p>Fərdi məlumatlar haqqında</p>' },
    hosts: { ' Akademi.Example.COM ': { tr: '<p>Akademi metni</p>', en: '<p>Academy notice</p>' } },
  };

  const settingsOf = async (company: CompanyRow): Promise<Setting[]> =>
    (await call(test.app, 'GET', '/api/company/self', { host: hostOf(company) })).json().data.settings;

  const save = (settings: Setting[], token = superToken, language = 'en') =>
    call(test.app, 'POST', '/api/company', {
      host: hostOf(academy),
      token,
      headers: { 'x-content-language': language },
      body: { id: academy.id, name: academy.name, slug: academy.slug, settings },
    });

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    academy = await f.createCompany({ name: 'Akademi A.Ş.' });
    other = await f.createCompany({ name: 'Başka Şirket', settings: { hide_copyright_notice: true } });
    superToken = (await login(test.app, academy, (await f.createSuperAdmin(academy)).email!)).access_token;
    adminToken = (await login(test.app, academy, (await f.createAdmin(academy)).email!)).access_token;
  });
  afterAll(() => test.close());

  it('stores the notice, the clarification text and the social-link hosts, and serves them on the host only', async () => {
    const response = await save([
      { key: 'personal_data_notice', value: notice },
      { key: 'clarification_text', value: { default: { de: '<h2>Nutzerinformation</h2>' } } },
      { key: 'hide_social_links_hosts', value: ['Akademi.Example.com'] },
    ]);
    expect(response.statusCode).toBe(200);

    const settings = await settingsOf(academy);
    expect(settings).toEqual(
      expect.arrayContaining([
        {
          key: 'personal_data_notice',
          value: {
            default: { tr: '<p>Varsayılan aydınlatma metni</p>', az: '<p>Fərdi məlumatlar haqqında</p>' },
            // Host names are kept as the browser reports them: trimmed and lower-case.
            hosts: { 'akademi.example.com': { tr: '<p>Akademi metni</p>', en: '<p>Academy notice</p>' } },
          },
        },
        { key: 'clarification_text', value: { default: { de: '<h2>Nutzerinformation</h2>' }, hosts: {} } },
        { key: 'hide_social_links_hosts', value: ['akademi.example.com'] },
      ]),
    );
    // Another company's host never shows them.
    expect(await settingsOf(other)).toEqual([{ key: 'hide_copyright_notice', value: true }]);
  });

  it('replaces a text as a whole when it is saved again', async () => {
    await save([
      { key: 'clarification_text', value: { hosts: { 'demo.localhost:3000': { en: '<p>Port host</p>' } } } },
    ]);
    const setting = (await settingsOf(academy)).find((s) => s.key === 'clarification_text');
    expect(setting?.value).toEqual({ default: {}, hosts: { 'demo.localhost:3000': { en: '<p>Port host</p>' } } });
  });

  it('lets only the super admin change them (401 without a session, 403 for a company admin)', async () => {
    const before = await settingsOf(academy);
    const change = [{ key: 'personal_data_notice', value: { default: { tr: '<p>Değişti</p>' } } }];
    expect(
      (
        await call(test.app, 'POST', '/api/company', {
          host: hostOf(academy),
          body: { id: academy.id, name: academy.name, slug: academy.slug, settings: change },
        })
      ).statusCode,
    ).toBe(401);
    expect((await save(change, adminToken)).statusCode).toBe(403);
    expect(await settingsOf(academy)).toEqual(before);
  });

  it('answers 404 for a company that does not exist and changes nothing', async () => {
    const response = await call(test.app, 'POST', '/api/company', {
      host: hostOf(academy),
      token: superToken,
      body: {
        id: 987_654,
        name: 'Yok',
        slug: 'yok-boyle-bir-sirket',
        settings: [{ key: 'personal_data_notice', value: notice }],
      },
    });
    expect(response.statusCode).toBe(404);
    expect(await settingsOf(other)).toEqual([{ key: 'hide_copyright_notice', value: true }]);
  });

  it.each([
    ['an unknown language', 'personal_data_notice', { default: { fr: '<p>Avis</p>' } }],
    ['an unknown part', 'personal_data_notice', { default: {}, footer: {} }],
    ['a text that is not a string', 'clarification_text', { default: { tr: 42 } }],
    ['a text over the limit', 'clarification_text', { default: { tr: 'a'.repeat(LEGAL_TEXT_MAX_LENGTH + 1) } }],
    ['a host that is no host name', 'personal_data_notice', { hosts: { 'not a host!': { tr: '<p>x</p>' } } }],
    [
      'too many hosts',
      'personal_data_notice',
      {
        hosts: Object.fromEntries(
          Array.from({ length: LEGAL_TEXT_MAX_HOSTS + 1 }, (_, i) => [`host${i}.example.com`, { tr: 'x' }]),
        ),
      },
    ],
    ['a plain string', 'personal_data_notice', '<p>Metin</p>'],
    ['hosts as a string', 'hide_social_links_hosts', 'akademi.example.com'],
    ['a bad host in the list', 'hide_social_links_hosts', ['https://akademi.example.com/']],
  ])('refuses %s with a localized 422 on the field and changes nothing', async (_case, key, value) => {
    const before = await settingsOf(academy);
    const response = await save([
      { key: 'hide_social_links_hosts', value: ['changed.example.com'] },
      { key, value },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: expect.any(String),
      errors: { 'settings.1.value': ['This field is invalid.'] },
    });
    expect(await settingsOf(academy)).toEqual(before);
  });

  it('words the refusal in the language of the request', async () => {
    const response = await save([{ key: 'personal_data_notice', value: { default: { fr: 'x' } } }], superToken, 'tr');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['settings.0.value']).toEqual(['Bu alan geçersiz.']);
  });
});
