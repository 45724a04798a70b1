import { LOCALES, MAIL_EVENTS } from '@kampus/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import {
  call,
  createTestApp,
  decodedSubject,
  hostOf,
  latestMailTo,
  login,
  readOutbox,
  type TestApp,
} from '../../../../test/helpers.js';
import { mailTemplates, users } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const RESET = '/api/admin/mail-templates/password_reset/en';

describe('admin mail templates', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let admin: UserRow;
  let adminToken: string;
  let otherAdminToken: string;
  let learnerToken: string;
  let reporterToken: string;

  const rowsOf = (companyId: number) =>
    asSystem(test.db, (tx) => tx.select().from(mailTemplates).where(eq(mailTemplates.companyId, companyId)));
  const auditOf = async (companyId: number) => {
    const [row] = await asSystem(test.db, (tx) =>
      tx
        .select({ id: mailTemplates.id })
        .from(mailTemplates)
        .where(and(eq(mailTemplates.companyId, companyId), eq(mailTemplates.event, 'password_reset'))),
    );
    return row ? test.factories.auditOf('mail_template', row.id) : [];
  };

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany({ name: 'Acme Learning' });
    other = await test.factories.createCompany({ name: 'Other Corp' });
    admin = await test.factories.createAdmin(company, { email: 'mail.admin@example.test', name: 'Ada' });
    const otherAdmin = await test.factories.createAdmin(other, { email: 'other.admin@example.test' });
    const learner = await test.factories.createUser(company);
    // An admin-panel role holding read_report but not read_companysetting.
    const reporter = await test.factories.createUser(company);
    await test.factories.createRole(company, {
      name: 'Reporter',
      permissions: ['read_report'],
      members: [reporter.id],
    });
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    otherAdminToken = (await login(test.app, other, otherAdmin.email!)).access_token;
    learnerToken = (await login(test.app, company, learner.email!)).access_token;
    reporterToken = (await login(test.app, company, reporter.email!)).access_token;
  });
  afterAll(() => test.close());

  const as = (
    token: string | undefined,
    method: Method,
    url: string,
    options: { body?: unknown; lang?: string; target?: CompanyRow } = {},
  ) =>
    call(test.app, method, url, {
      host: hostOf(options.target ?? company),
      token,
      body: options.body,
      headers: options.lang ? { 'x-content-language': options.lang } : {},
    });

  /** The decoded subject of the newest mail to an address. */
  const latestSubjectTo = async (email: string) => {
    const mails = (await readOutbox(test)).filter((item) => item.file.endsWith(`-${email}.eml`));
    return decodedSubject(mails.at(-1)?.content ?? '');
  };

  /** Asks for a password reset mail for a person, as the public forgot-password page does. */
  const forgotPassword = async (target: CompanyRow, email: string) => {
    const response = await call(test.app, 'POST', '/api/forgot-password', {
      host: hostOf(target),
      body: { username: email },
    });
    expect(response.statusCode).toBe(200);
    return latestMailTo(test, email);
  };

  const custom = {
    subject: 'Custom reset for {{name}} at {{company}}',
    body: '<h1>Hi {{name}}</h1><p><a href="{{action_url}}">Choose a new password</a> within {{minutes}} minutes.</p>',
  };

  it('answers 401 without a session and 403 without read_companysetting, on every action', async () => {
    const actions: [Method, string, unknown?][] = [
      ['GET', '/api/admin/mail-templates'],
      ['GET', RESET],
      ['PUT', RESET, custom],
      ['DELETE', RESET],
      ['POST', `${RESET}/preview`, custom],
      ['POST', `${RESET}/test`, custom],
    ];
    for (const [method, url, body] of actions) {
      expect((await as(undefined, method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(learnerToken, method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await as(reporterToken, method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await rowsOf(company.id)).toEqual([]);
  });

  it('answers 404 for an event or a language that does not exist', async () => {
    for (const url of ['/api/admin/mail-templates/nothing/en', '/api/admin/mail-templates/password_reset/fr']) {
      expect((await as(adminToken, 'GET', url)).statusCode, url).toBe(404);
      expect((await as(adminToken, 'PUT', url, { body: custom })).statusCode, url).toBe(404);
      expect((await as(adminToken, 'DELETE', url)).statusCode, url).toBe(404);
    }
  });

  it('lists every event in every language, none customized yet', async () => {
    const response = await as(adminToken, 'GET', '/api/admin/mail-templates');
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { event: string; languages: { language: string; customized: boolean }[] }[];
    expect(data.map((d) => d.event)).toEqual(MAIL_EVENTS);
    for (const item of data) {
      expect(item.languages.map((l) => l.language)).toEqual(LOCALES);
      expect(item.languages.every((l) => !l.customized)).toBe(true);
    }
  });

  it('reads the built-in template with its variables, described in the request language', async () => {
    const response = await as(adminToken, 'GET', '/api/admin/mail-templates/password_reset/tr', { lang: 'en' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      event: 'password_reset',
      language: 'tr',
      subject: '{{company}} – Şifre sıfırlama',
      customized: false,
      updated_at: null,
      updated_by: null,
    });
    expect(data.body).toContain('<a href="{{action_url}}">Şifremi sıfırla</a>');
    expect(data.variables).toEqual([
      { name: 'name', description: 'The recipient’s first name', sample: 'Ayşe' },
      { name: 'company', description: 'The company’s name', sample: 'Acme Learning' },
      { name: 'action_url', description: 'The address the email links to', sample: expect.stringMatching(/^http/) },
      { name: 'minutes', description: 'Minutes the link stays valid', sample: '60' },
    ]);
  });

  it('refuses unknown variables, raw output and bad input with localized field errors, saving nothing', async () => {
    const unknown = await as(adminToken, 'PUT', RESET, {
      lang: 'en',
      body: { subject: '{{name}} {{salary}}', body: '<p>{{days}} {{reason}} {{name}}</p>' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      message: 'Variables this email cannot use: {{salary}}',
      errors: {
        subject: ['Variables this email cannot use: {{salary}}'],
        body: ['Variables this email cannot use: {{days}}, {{reason}}'],
      },
    });
    const raw = await as(adminToken, 'PUT', RESET, {
      lang: 'en',
      body: { subject: 'Hello', body: '<p>{{{name}}}</p><p>{{& company}}</p>' },
    });
    expect(raw.statusCode).toBe(422);
    expect(raw.json().errors.body).toHaveLength(2);
    expect(raw.json().errors.body[0]).toMatch(/triple braces/);
    // A brace split by a tag that the sanitizer removes is checked as it would be stored.
    const smuggled = await as(adminToken, 'PUT', RESET, {
      lang: 'en',
      body: { subject: 'Hello', body: '<p>{<script>x</script>{{name}}}</p>' },
    });
    expect(smuggled.statusCode).toBe(422);
    const invalid = await as(adminToken, 'PUT', RESET, {
      lang: 'en',
      body: { subject: '  ', body: '<script>only()</script>' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.subject).toEqual(['This field is required.']);
    const emptied = await as(adminToken, 'PUT', RESET, {
      lang: 'en',
      body: { subject: 'Hi', body: '<script>only()</script>' },
    });
    expect(emptied.statusCode).toBe(422);
    expect(emptied.json().errors.body).toEqual([
      'The body was empty after removing unsafe content. Please add some text.',
    ]);
    expect(await rowsOf(company.id)).toEqual([]);
  });

  it('previews a template with the sample values and saves nothing', async () => {
    const response = await as(adminToken, 'POST', `${RESET}/preview`, {
      body: { ...custom, body: `${custom.body}<script>alert(1)</script><img src=x onerror="alert(2)">` },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.subject).toBe('Custom reset for Jane at Acme Learning');
    expect(data.html).toContain('<h1>Hi Jane</h1>');
    expect(data.html).toContain('within 60 minutes');
    expect(data.html).not.toMatch(/script|onerror/);
    expect(data.text).toContain('HI JANE');
    expect(await rowsOf(company.id)).toEqual([]);
    const bad = await as(adminToken, 'POST', `${RESET}/preview`, { body: { subject: '{{nope}}', body: '<p>x</p>' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.subject).toEqual(['Bu e-postada kullanılamayan değişkenler: {{nope}}']);
  });

  it("saves an override, audits it, and sends it in the recipient's language only to its own company", async () => {
    const saved = await as(adminToken, 'PUT', RESET, {
      body: { ...custom, body: `${custom.body}<p onclick="x()">Thanks</p>` },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      customized: true,
      subject: custom.subject,
      body:
        '<h1>Hi {{name}}</h1><p><a href="{{action_url}}" rel="noopener noreferrer">Choose a new password</a>' +
        ' within {{minutes}} minutes.</p><p>Thanks</p>',
      updated_by: { id: admin.id, name: 'Ada' },
    });
    const [entry] = await auditOf(company.id);
    expect(entry).toMatchObject({
      action: 'mail_template.updated',
      companyId: company.id,
      actorUserId: admin.id,
      before: null,
      after: { event: 'password_reset', language: 'en', subject: custom.subject },
    });
    const list = (await as(adminToken, 'GET', '/api/admin/mail-templates')).json().data;
    const flags = list.flatMap((item: { event: string; languages: { language: string; customized: boolean }[] }) =>
      item.languages.filter((l) => l.customized).map((l) => `${item.event}/${l.language}`),
    );
    expect(flags).toEqual(['password_reset/en']);

    // The English reader of company A gets the override; its Turkish reader and company B keep the built-in text.
    await test.factories.createUser(company, { email: 'reader.en@example.test', name: 'Reader', language: 'en' });
    await test.factories.createUser(company, { email: 'reader.tr@example.test', name: 'Okur', language: 'tr' });
    await test.factories.createUser(other, { email: 'reader.b@example.test', name: 'Bob', language: 'en' });
    const english = await forgotPassword(company, 'reader.en@example.test');
    expect(await latestSubjectTo('reader.en@example.test')).toBe('Custom reset for Reader at Acme Learning');
    expect(english).toContain('<h1>Hi Reader</h1>');
    expect(english).toMatch(/href="http:\/\/[^"]+\/reset-password\/[A-Za-z0-9_-]{20,}"/);
    expect(english).toContain('within 60 minutes');
    expect(await forgotPassword(company, 'reader.tr@example.test')).not.toContain('Custom reset');
    const foreign = await forgotPassword(other, 'reader.b@example.test');
    expect(await latestSubjectTo('reader.b@example.test')).toBe('Other Corp – Reset your password');
    expect(foreign).not.toContain('Custom reset');
    expect((await as(otherAdminToken, 'GET', RESET, { target: other })).json().data.customized).toBe(false);
  });

  it("sends a new user's first-password mail through the company's template in the user's language", async () => {
    const saved = await as(adminToken, 'PUT', '/api/admin/mail-templates/password_create/de', {
      body: {
        subject: 'Willkommen {{name}}',
        body: '<p>Hallo {{name}}, <a href="{{action_url}}">Passwort festlegen</a> ({{days}} Tage).</p>',
      },
    });
    expect(saved.statusCode).toBe(200);
    const created = await as(adminToken, 'POST', '/api/admin/users', {
      body: { name: 'Jonas', surname: 'Weber', email: 'jonas.weber@example.test', language: 'de', role_ids: [3] },
    });
    expect(created.statusCode).toBe(201);
    const mail = await latestMailTo(test, 'jonas.weber@example.test');
    expect(await latestSubjectTo('jonas.weber@example.test')).toBe('Willkommen Jonas');
    expect(mail).toMatch(
      /<a href="http:\/\/[^"]+\/create-password\?token=[A-Za-z0-9_-]{20,}"[^>]*>Passwort festlegen<\/a> \(7 Tage\)/,
    );
    expect((await as(adminToken, 'DELETE', '/api/admin/mail-templates/password_create/de')).statusCode).toBe(200);
  });

  it('resets to the built-in text, audits it, and the next mail uses the default', async () => {
    const [row] = await rowsOf(company.id);
    const response = await as(adminToken, 'DELETE', RESET, { lang: 'en' });
    expect(response.json()).toEqual({ message: 'The default text is in use again.' });
    expect(await rowsOf(company.id)).toEqual([]);
    const [entry] = await test.factories.auditOf('mail_template', row!.id);
    expect(entry).toMatchObject({ action: 'mail_template.reset', before: { subject: custom.subject }, after: null });
    expect(await forgotPassword(company, 'reader.en@example.test')).not.toContain('Custom reset');
    expect(await latestSubjectTo('reader.en@example.test')).toBe('Acme Learning – Reset your password');
    // Resetting what is already the default changes nothing and writes no audit row.
    const audited = (await test.factories.auditOf('mail_template', row!.id)).length;
    expect((await as(adminToken, 'DELETE', RESET)).statusCode).toBe(200);
    expect(await test.factories.auditOf('mail_template', row!.id)).toHaveLength(audited);
  });

  it("company B's admin cannot see or reset company A's template", async () => {
    expect((await as(adminToken, 'PUT', RESET, { body: custom })).statusCode).toBe(200);
    expect((await as(otherAdminToken, 'DELETE', RESET, { target: other })).statusCode).toBe(200);
    expect(await rowsOf(company.id)).toHaveLength(1);
    const read = await as(otherAdminToken, 'GET', RESET, { target: other });
    expect(read.json().data).toMatchObject({ customized: false, subject: '{{company}} – Reset your password' });
  });

  it('sends the unsaved text as a test mail to the acting admin only, a few times at most', async () => {
    const before = (await readOutbox(test)).length;
    const response = await as(adminToken, 'POST', `${RESET}/test`, {
      lang: 'en',
      body: { subject: 'Trial {{name}}', body: '<p>Trial body for {{company}}</p>' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('A test email has been sent to mail.admin@example.test.');
    const mail = await latestMailTo(test, 'mail.admin@example.test');
    expect(await latestSubjectTo('mail.admin@example.test')).toBe('[Test] Trial Jane');
    expect(mail).toContain('<p>Trial body for Acme Learning</p>');
    expect((await readOutbox(test)).length).toBe(before + 1);
    // The saved override is untouched by a test.
    expect((await rowsOf(company.id))[0]).toMatchObject({ subject: custom.subject });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await as(adminToken, 'POST', `${RESET}/test`, { body: custom })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('refuses a test mail when the acting admin has no email address', async () => {
    await asSystem(test.db, (tx) => tx.update(users).set({ email: null }).where(eq(users.id, admin.id)));
    const response = await as(otherAdminToken, 'POST', `${RESET}/test`, { body: custom, target: other });
    expect(response.statusCode).toBe(200);
    const refused = await as(adminToken, 'POST', '/api/admin/mail-templates/invitation/tr/test', {
      lang: 'en',
      body: { subject: 'x', body: '<p>x</p>' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Your account has no email address, so no test email can be sent.');
  });
});
