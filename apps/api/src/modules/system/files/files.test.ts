import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { GIF_BYTES, PNG_BYTES, upload, uploadAvatar } from '../../../../test/uploads.js';

describe('file uploads', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    token = (await login(test.app, company, (await test.factories.createUser(company)).email!)).access_token;
    otherToken = (await login(test.app, other, (await test.factories.createUser(other)).email!)).access_token;
  });
  afterAll(() => test.close());

  const host = () => hostOf(company);
  const storedFiles = (companyId: number) =>
    readdir(path.join(test.config.DATA_DIR, 'files', String(companyId))).catch(() => [] as string[]);
  const png = (name = 'avatar.png', data = PNG_BYTES) => ({ name, type: 'image/png', data });

  it('needs a session issued on this host', async () => {
    expect((await upload(test.app, [png()], { host: host() })).statusCode).toBe(401);
    expect((await upload(test.app, [png()], { host: host(), token: otherToken })).statusCode).toBe(401);
  });

  it('stores a PNG under a random name in the company folder and serves it on the company host', async () => {
    const response = await upload(test.app, [png('Profil Fotoğrafım.png')], { host: host(), token });
    expect(response.statusCode).toBe(201);
    const [file] = response.json().data;
    expect(file).toEqual({
      url: expect.stringMatching(/^\/api\/files\/[0-9a-f]{32}\.png$/),
      name: 'Profil Fotoğrafım.png',
      size: PNG_BYTES.length,
      mime: 'image/png',
    });
    const stored = path.basename(file.url);
    expect(await storedFiles(company.id)).toContain(stored);
    expect(await readFile(path.join(test.config.DATA_DIR, 'files', String(company.id), stored))).toEqual(PNG_BYTES);

    const served = await call(test.app, 'GET', file.url, { host: host() });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['accept-ranges']).toBe('bytes');
    expect(served.rawPayload).toEqual(PNG_BYTES);
  });

  it('answers a byte range with 206, so video can seek', async () => {
    const url = await uploadAvatar(test.app, host(), token);
    const partial = await call(test.app, 'GET', url, { host: host(), headers: { range: 'bytes=0-7' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 0-7/${PNG_BYTES.length}`);
    expect(partial.rawPayload).toEqual(PNG_BYTES.subarray(0, 8));
  });

  it("never serves a company's file on another host", async () => {
    const url = await uploadAvatar(test.app, host(), token);
    const elsewhere = await call(test.app, 'GET', url, {
      host: hostOf(other),
      headers: { 'x-content-language': 'en' },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: 'The record you are looking for was not found.' });
    expect((await call(test.app, 'GET', url, { host: 'localhost' })).statusCode).toBe(404);
    expect((await call(test.app, 'GET', '/api/files/..%2F..%2Fjwt-secret', { host: host() })).statusCode).toBe(404);
    expect((await call(test.app, 'GET', '/api/files/nothing.png', { host: host() })).statusCode).toBe(404);
  });

  it.each([
    [
      'too big',
      [png('big.png', Buffer.concat([PNG_BYTES, Buffer.alloc(2048 * 1024)]))],
      'Invalid File Size: 2048 Kilobytes Max',
    ],
    ['a name outside the pattern', [png('avatar.png.exe')], 'Invalid File Name: avatar.png.exe'],
    [
      'a type outside the pattern',
      [{ name: 'page.png', type: 'text/html', data: PNG_BYTES }],
      'Invalid File Type: text/html',
    ],
    [
      'content that is not what it claims',
      [png('fake.png', Buffer.from('<html><script>alert(1)</script></html>'))],
      'Invalid File Type: image/png',
    ],
    ['a GIF claiming to be a PNG', [png('fake.png', GIF_BYTES)], 'Invalid File Type: image/png'],
    ['no file', [], 'Choose a file to upload.'],
    ['a file in another field', [{ ...png(), field: 'photo' }], 'Choose a file to upload.'],
    ['more files than the kind takes', [png('a.png'), png('b.png')], 'Too many files: send at most 1 at a time.'],
  ])('refuses %s with 422 and stores nothing', async (_case, parts, message) => {
    const before = await storedFiles(company.id);
    const response = await upload(test.app, parts, { host: host(), token });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The submitted data is invalid.', errors: { files: [message] } });
    expect(await storedFiles(company.id)).toEqual(before);
  });

  it('speaks the request language and refuses an unknown or missing kind', async () => {
    const turkish = await upload(test.app, [png('avatar.svg')], { host: host(), token, lang: 'tr' });
    expect(turkish.json().errors).toEqual({ files: ['Geçersiz dosya adı: avatar.svg'] });
    const unknown = await upload(test.app, [png()], { host: host(), token, kind: 'virus' });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['kind']);
    expect((await upload(test.app, [png()], { host: host(), token, kind: '' })).statusCode).toBe(422);
    const json = await call(test.app, 'POST', '/api/uploads', {
      host: host(),
      token,
      query: { kind: 'avatar' },
      body: { files: 'x' },
    });
    expect(json.statusCode).toBe(422);
  });

  describe('a malformed multipart body', () => {
    const head = 'Content-Disposition: form-data; name="files[]"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
    const longBoundary = 'x'.repeat(5000);
    it.each([
      ['no boundary', 'multipart/form-data', `--xyz\r\n${head}abc\r\n--xyz--\r\n`],
      ['an empty boundary', 'multipart/form-data; boundary=', 'abc'],
      ['a part never closed', 'multipart/form-data; boundary=xyz', `--xyz\r\n${head}abc`],
      ['headers cut short', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-da'],
      [
        'a huge boundary',
        `multipart/form-data; boundary=${longBoundary}`,
        `--${longBoundary}\r\n${head}abc\r\n--${longBoundary}--\r\n`,
      ],
      ['no parts at all, only noise', 'multipart/form-data; boundary=xyz', 'noise noise noise'],
    ])('with %s is refused with 400 and the usual error shape, storing nothing', async (_case, type, payload) => {
      const before = await storedFiles(company.id);
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/uploads?kind=avatar',
        headers: {
          host: host(),
          authorization: `Bearer ${token}`,
          'content-type': type,
          'x-content-language': 'en',
        },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'The upload could not be read. Please try again.' });
      expect(await storedFiles(company.id)).toEqual(before);
    });
  });

  describe('the profile photo (PUT api/user image)', () => {
    const put = (image: unknown, as = token, on = host()) =>
      call(test.app, 'PUT', '/api/user', {
        host: on,
        token: as,
        headers: { 'x-content-language': 'en' },
        body: { image },
      });

    it('takes an address this server issued for the company', async () => {
      const url = await uploadAvatar(test.app, host(), token);
      const saved = await put(url);
      expect(saved.statusCode).toBe(200);
      expect(saved.json().photo).toBe(url);
      // Sending the current photo back (a whole form saved again) changes nothing and is fine.
      expect((await put(url)).statusCode).toBe(200);
      const cleared = await put(null);
      expect(cleared.json().photo).toBeNull();
    });

    it.each([
      ['an outside address', 'https://evil.example/avatar.png'],
      ['a made-up stored name', '/api/files/0123456789abcdef0123456789abcdef.png'],
      ['a path that escapes the folder', '/api/files/../../jwt-secret'],
    ])('refuses %s with 422', async (_case, image) => {
      const response = await put(image);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        image: ['Upload the photo first; only files stored here can be used.'],
      });
    });

    it("refuses another company's file and leaves the photo as it was", async () => {
      const foreign = await uploadAvatar(test.app, hostOf(other), otherToken);
      const mine = await uploadAvatar(test.app, host(), token);
      await put(mine);
      const response = await put(foreign);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['image']);
      const profile = await call(test.app, 'GET', '/api/user', { host: host(), token });
      expect(profile.json().photo).toBe(mine);
    });
  });
});
