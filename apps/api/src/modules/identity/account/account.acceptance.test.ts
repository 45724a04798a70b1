import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { uploadAvatar } from '../../../../test/uploads.js';

describe('my account', () => {
  let test: TestApp;
  let company: CompanyRow;
  let me: UserRow;
  let token: string;

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    me = await test.factories.createUser(company, { email: 'me@example.test', username: 'me.myself' });
    token = (await login(test.app, company, me.email!)).access_token;
  });
  afterAll(() => test.close());

  const put = (body: unknown, lang = 'en') =>
    call(test.app, 'PUT', '/api/user', { host: hostOf(company), token, headers: { 'x-content-language': lang }, body });

  it('needs a session', async () => {
    expect((await call(test.app, 'GET', '/api/user', { host: hostOf(company) })).statusCode).toBe(401);
    expect((await call(test.app, 'PUT', '/api/user', { host: hostOf(company), body: { bio: 'x' } })).statusCode).toBe(
      401,
    );
  });

  it('updates email, username, bio and photo', async () => {
    const photo = await uploadAvatar(test.app, hostOf(company), token);
    const response = await put({
      email: 'Me.New@Example.test',
      username: 'me.renamed',
      bio: 'Satış ekibi',
      image: photo,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'me.new@example.test',
      username: 'me.renamed',
      bio: 'Satış ekibi',
      photo,
    });
    const read = await call(test.app, 'GET', '/api/user', { host: hostOf(company), token });
    expect(read.json().username).toBe('me.renamed');
  });

  it('refuses an address or username taken in the same company, but not in another', async () => {
    await test.factories.createUser(company, { email: 'colleague@example.test', username: 'colleague' });
    const elsewhere = await test.factories.createCompany();
    await test.factories.createUser(elsewhere, { email: 'twin@example.test' });
    expect((await put({ email: 'colleague@example.test' })).json().errors).toEqual({
      email: ['This email address is already in use.'],
    });
    expect((await put({ username: 'COLLEAGUE' })).json().errors).toEqual({
      username: ['This username is already in use.'],
    });
    expect((await put({ email: 'twin@example.test' })).statusCode).toBe(200);
  });

  it('changes the password only with the current one', async () => {
    const next = { password: 'Fresh-Start-2027', password_confirmation: 'Fresh-Start-2027' };
    const missing = await put(next);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['current_password']);
    const wrong = await put({ ...next, current_password: 'not-my-password' });
    expect(wrong.json().errors).toEqual({ current_password: ['Your current password is incorrect.'] });
    const common = await put({
      password: 'iloveyou123',
      password_confirmation: 'iloveyou123',
      current_password: 'Correct-Horse-42',
    });
    expect(Object.keys(common.json().errors)).toEqual(['password']);
    expect((await put({ ...next, current_password: 'Correct-Horse-42' })).statusCode).toBe(200);
    const current = (await call(test.app, 'GET', '/api/user', { host: hostOf(company), token })).json();
    await expect(login(test.app, company, current.email, 'Fresh-Start-2027')).resolves.toMatchObject({ id: me.id });
  });

  it('stores the language and refuses one Kampus does not speak', async () => {
    const changed = await call(test.app, 'POST', '/api/user/change-language', {
      host: hostOf(company),
      token,
      body: { code: 'az' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe('Dil tercihiniz kaydedildi.');
    expect((await call(test.app, 'GET', '/api/user', { host: hostOf(company), token })).json().language).toBe('az');
    const refused = await call(test.app, 'POST', '/api/user/change-language', {
      host: hostOf(company),
      token,
      headers: { 'x-content-language': 'de' },
      body: { code: 'fr' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ code: ['Diese Sprache wird nicht unterstützt.'] });
  });
});
