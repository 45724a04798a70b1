import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../test/helpers.js';

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
const UNSAFE = {
  tr: 'Bu alanda kullanılamayan bir karakter var (boş karakter veya bozuk bir simge). Lütfen metni kontrol edin.',
  en: 'This field contains a character that cannot be used (a null character or a broken symbol). Please check the text.',
  az: 'Bu sahədə istifadə edilə bilməyən simvol var (boş simvol və ya korlanmış işarə). Zəhmət olmasa, mətni yoxlayın.',
  de: 'Dieses Feld enthält ein unzulässiges Zeichen (ein Nullzeichen oder ein beschädigtes Symbol). Bitte prüfen Sie den Text.',
};

describe('text PostgreSQL cannot store (NUL, lone surrogates) is a 422 on every route, never a 500', () => {
  let test: TestApp;
  let company: CompanyRow;
  let me: UserRow;
  let token: string;
  let adminToken: string;

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    me = await test.factories.createUser(company, { bio: 'Önceki' });
    const admin = await test.factories.createAdmin(company);
    token = (await login(test.app, company, me.email!)).access_token;
    adminToken = (await login(test.app, company, admin.email!)).access_token;
  });
  afterAll(() => test.close());

  const as = (
    session: string | undefined,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { body?: unknown; query?: Record<string, string>; lang?: string } = {},
  ) =>
    call(test.app, method, url, {
      host: hostOf(company),
      token: session,
      body: options.body,
      query: options.query,
      headers: options.lang ? { 'x-content-language': options.lang } : {},
    });

  it('refuses them in the unauthenticated sign-in body, at the field, in every language', async () => {
    for (const [lang, message] of Object.entries(UNSAFE)) {
      const response = await as(undefined, 'POST', '/api/token', {
        lang,
        body: { grant_type: 'password', username: `a${NUL}b`, password: `x${LONE_SURROGATE}` },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ username: [message], password: [message] });
    }
  });

  it('refuses them in path parameters and queries', async () => {
    const shortLink = await call(test.app, 'GET', '/api/s/%00', { host: hostOf(company) });
    expect(shortLink.statusCode).toBe(422);
    expect(shortLink.json().errors).toEqual({ id: [UNSAFE.tr] });
    for (const undecodable of ['/api/s/%ED%A0%80x', '/api/s/%E0%A4%A']) {
      const response = await call(test.app, 'GET', undecodable, {
        host: hostOf(company),
        headers: { 'x-content-language': 'en' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    const list = await as(adminToken, 'GET', '/api/admin/users', { query: { search: `ali${NUL}` } });
    expect(list.statusCode).toBe(422);
    expect(list.json().errors).toEqual({ search: [UNSAFE.tr] });
  });

  it('names nested values and object keys by their path', async () => {
    const response = await as(token, 'PUT', '/api/user', {
      body: { bio: 'ok', [`bio${NUL}`]: 'x', extra: [{ deep: LONE_SURROGATE }] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [`bio${NUL}`]: [UNSAFE.tr], 'extra.0.deep': [UNSAFE.tr] });
  });

  it('keeps nothing of a refused update and accepts real characters outside the basic plane', async () => {
    expect((await as(token, 'PUT', '/api/user', { body: { bio: `yeni${NUL}` } })).statusCode).toBe(422);
    expect((await as(token, 'GET', '/api/user')).json().bio).toBe('Önceki');
    const emoji = await as(token, 'PUT', '/api/user', { body: { bio: 'Merhaba 👋🏽 𝔘' } });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().bio).toBe('Merhaba 👋🏽 𝔘');
  });

  it('still answers 401 first to a caller without a session', async () => {
    expect((await as(undefined, 'PUT', '/api/user', { body: { bio: NUL } })).statusCode).toBe(401);
  });

  it('answers an update with nothing to change with the profile as it is', async () => {
    const before = (await as(token, 'GET', '/api/user')).json();
    const empty = await as(token, 'PUT', '/api/user', { body: {} });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(before);
    const unknownOnly = await as(token, 'PUT', '/api/user', { body: { nickname: 'x' } });
    expect(unknownOnly.statusCode).toBe(200);
    const sameEmail = await as(token, 'PUT', '/api/user', { body: { email: me.email } });
    expect(sameEmail.statusCode).toBe(200);
    expect(sameEmail.json()).toEqual(before);
  });
});

describe('other bad input the fuzz test found: 4xx, never a 500', () => {
  let test: TestApp;
  let company: CompanyRow;
  let superToken: string;
  let adminToken: string;

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    const superAdmin = await test.factories.createSuperAdmin(company);
    const admin = await test.factories.createAdmin(company);
    superToken = (await login(test.app, company, superAdmin.email!)).access_token;
    adminToken = (await login(test.app, company, admin.email!)).access_token;
  });
  afterAll(() => test.close());

  const as = (
    token: string,
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> = {},
    body?: unknown,
  ) => call(test.app, method, url, { host: hostOf(company), token, headers, body });

  it('refuses an X-Company-Id that is not a plain id within the id column, or names no company', async () => {
    for (const companyId of ['99999999999999999999999', '2147483648', '1e3', '0x1', '-1', '1.0']) {
      const response = await as(superToken, 'GET', '/api/admin/hashtags', { 'x-company-id': companyId });
      expect(response.statusCode, companyId).toBe(403);
    }
    const missing = await as(
      superToken,
      'POST',
      '/api/admin/institutions',
      { 'x-company-id': '999999' },
      { name: 'X' },
    );
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ message: expect.any(String) });
    const own = await as(superToken, 'GET', '/api/admin/hashtags', { 'x-company-id': String(company.id) });
    expect(own.statusCode).toBe(200);
  });

  it('orders by the default when sort names a prototype key', async () => {
    const group = await test.factories.createUserGroup(company);
    for (const sort of ['__proto__', '-constructor', 'toString', 'hasOwnProperty']) {
      expect((await as(superToken, 'GET', `/api/admin/companies?sort=${sort}`)).statusCode, sort).toBe(200);
      expect((await as(adminToken, 'GET', `/api/admin/hashtags?sort=${sort}`)).statusCode, sort).toBe(200);
      const members = await as(adminToken, 'GET', `/api/admin/user-groups/${group.id}/members?sort=${sort}`);
      expect(members.statusCode, sort).toBe(200);
    }
  });

  it('treats year 0000 (ISO, but not in PostgreSQL) as an invalid date', async () => {
    const list = await as(adminToken, 'GET', '/api/admin/users?created_to=0000-02-29&created_from=0000-01-01');
    expect(list.statusCode).toBe(200);
    const preview = await as(adminToken, 'POST', '/api/admin/user-groups/preview', {}, { hired_from: '0000-02-29' });
    expect(preview.statusCode).toBe(422);
  });

  it('answers an id beyond the id column with 422, in paths and bodies', async () => {
    const path = await as(adminToken, 'GET', '/api/admin/user-groups/2147483648');
    expect(path.statusCode).toBe(422);
    expect(Object.keys(path.json().errors)).toEqual(['id']);
    const bulk = await as(
      adminToken,
      'POST',
      '/api/admin/user-groups/bulk',
      {},
      { action: 'delete', ids: [2147483648] },
    );
    expect(bulk.statusCode).toBe(422);
    expect(Object.keys(bulk.json().errors)).toEqual(['ids.0']);
  });
});
