import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { startTestS3, type TestS3 } from '../../../../test/s3-server.js';
import { PNG_BYTES, upload, uploadAvatar } from '../../../../test/uploads.js';
import { signedFileUrl } from './service.js';

/** The start of a real PDF and of an MP4 (`ftyp` box), padded: their magic bytes are those of the format. */
const PDF_BYTES = Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n'), Buffer.alloc(200, 0x20)]);
const mp4Of = (bytes: number) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(bytes - 12, 7)]);
const WEBM_BYTES = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(60, 1)]);

describe('GET api/files/{name}: ranges, private files and signed addresses', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let token: string;

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    token = (await login(test.app, company, (await test.factories.createUser(company)).email!)).access_token;
  });
  afterAll(() => test.close());

  const host = () => hostOf(company);
  const get = (url: string, headers: Record<string, string> = {}, on = host()) =>
    test.app.inject({ method: 'GET', url, headers: { host: on, 'x-content-language': 'en', ...headers } });
  const uploadDocument = async () => {
    const response = await upload(test.app, [{ name: 'Handbook.pdf', type: 'application/pdf', data: PDF_BYTES }], {
      host: host(),
      token,
      kind: 'document',
    });
    expect(response.statusCode).toBe(201);
    return response.json().data[0].url as string;
  };

  describe('byte ranges of a public file', () => {
    let url: string;
    beforeAll(async () => {
      url = await uploadAvatar(test.app, host(), token);
    });
    const size = PNG_BYTES.length;

    it.each([
      ['bytes=2-5', 2, 5],
      ['bytes=10-', 10, size - 1],
      ['bytes=-4', size - 4, size - 1],
      [`bytes=0-${size + 100}`, 0, size - 1],
    ])('answers %s with 206 and Content-Range', async (range, start, end) => {
      const response = await get(url, { range });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers['content-length']).toBe(String(end - start + 1));
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload).toEqual(PNG_BYTES.subarray(start, end + 1));
    });

    it('answers HEAD with the headers of the whole file and no body', async () => {
      const response = await test.app.inject({ method: 'HEAD', url, headers: { host: host() } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBe(String(size));
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload.length).toBe(0);
    });

    it('answers a range past the end with 416 and the size', async () => {
      const response = await get(url, { range: `bytes=${size}-` });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${size}`);
    });

    it('ignores a malformed range, several ranges, and a stale If-Range: the whole file with 200', async () => {
      const attempts: Record<string, string>[] = [
        { range: 'bytes=abc' },
        { range: 'bytes=0-1,5-6' },
        { range: 'bytes=0-1', 'if-range': '"x"' },
      ];
      for (const headers of attempts) {
        const response = await get(url, headers);
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload).toEqual(PNG_BYTES);
      }
      const etag = (await get(url)).headers.etag as string;
      expect((await get(url, { range: 'bytes=0-1', 'if-range': etag })).statusCode).toBe(206);
    });

    it('answers a matching If-None-Match with 304 and no body', async () => {
      const first = await get(url);
      expect(first.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(first.headers['last-modified']).toBeTruthy();
      const again = await get(url, { 'if-none-match': first.headers.etag as string });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });
  });

  describe('a private file (document)', () => {
    it('is refused without a signed address, served with one, on its company host only', async () => {
      const url = await uploadDocument();
      const plain = await get(url);
      expect(plain.statusCode).toBe(403);
      expect(plain.json()).toEqual({
        message: 'This file link has expired or is not valid. Open the file again from the page that shows it.',
      });

      const signed = test.services.files.signedUrl(company.id, url);
      expect(signed).toMatch(/^\/api\/files\/[0-9a-f]{32}\.pdf\?expires=\d+&signature=[\w-]+$/);
      const served = await get(signed!);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toMatch(/^private, max-age=(3600|359\d)$/);
      expect(served.rawPayload).toEqual(PDF_BYTES);
      const ranged = await get(signed!, { range: 'bytes=0-4' });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.rawPayload.toString()).toBe('%PDF-');

      // The same address on another company's host: that company has no such file.
      expect((await get(signed!, {}, hostOf(other))).statusCode).toBe(404);
    });

    it('refuses a tampered, expired or other-company signature with 403', async () => {
      const url = await uploadDocument();
      const signed = new URL(test.services.files.signedUrl(company.id, url)!, 'http://x');
      const expires = signed.searchParams.get('expires')!;
      const signature = signed.searchParams.get('signature')!;
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
      const attempts = [
        `${url}?expires=${expires}&signature=${flipped}`,
        `${url}?expires=${Number(expires) + 3600}&signature=${signature}`,
        `${url}?expires=${expires}`,
        signedFileUrl(test.platform, company.id, url, new Date(Date.now() - 2 * 3600 * 1000))!,
        signedFileUrl(test.platform, other.id, url)!,
      ];
      for (const attempt of attempts) expect((await get(attempt)).statusCode).toBe(403);
    });

    it('signs nothing for an address this server did not issue', () => {
      expect(test.services.files.signedUrl(company.id, 'https://evil.example/a.pdf')).toBeNull();
    });
  });

  describe('large kinds', () => {
    it('takes MP4 and WebM videos (private) and refuses a PNG sent as a video', async () => {
      for (const [name, type, data] of [
        ['Intro.mp4', 'video/mp4', mp4Of(4096)],
        ['Intro.webm', 'video/webm', WEBM_BYTES],
      ] as const) {
        const response = await upload(test.app, [{ name, type, data }], { host: host(), token, kind: 'video' });
        expect(response.statusCode).toBe(201);
        const [file] = response.json().data;
        expect(file).toMatchObject({ name, size: data.length, mime: type });
        expect((await get(file.url)).statusCode).toBe(403);
        const served = await get(test.services.files.signedUrl(company.id, file.url)!, { range: 'bytes=0-3' });
        expect(served.rawPayload).toEqual(data.subarray(0, 4));
      }
      const fake = await upload(test.app, [{ name: 'clip.mp4', type: 'video/mp4', data: PNG_BYTES }], {
        host: host(),
        token,
        kind: 'video',
      });
      expect(fake.json().errors).toEqual({ files: ['Invalid File Type: video/mp4'] });
    });

    it('stops a video passing the room left in the quota while it streams, keeping no part of it', async () => {
      const small = await test.factories.createCompany({ uploadQuotaMb: 1 });
      const learner = (await login(test.app, small, (await test.factories.createUser(small)).email!)).access_token;
      const refused = await upload(test.app, [{ name: 'Long.mp4', type: 'video/mp4', data: mp4Of(1536 * 1024) }], {
        host: hostOf(small),
        token: learner,
        kind: 'video',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({
        files: ["This company's storage is full (at most 1 MB). Ask the platform administrator for more space."],
      });
      const folder = path.join(test.config.DATA_DIR, 'files', String(small.id));
      expect(await readdir(folder).catch(() => [])).toEqual([]);
    });
  });
});

describe('the same API on S3 storage (s3rver)', () => {
  let s3: TestS3;
  let test: TestApp;

  beforeAll(async () => {
    s3 = await startTestS3();
    test = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await test.close();
    await s3.stop();
  });

  it('uploads, serves a range, copies a logo to another company and keeps nothing on local disk', async () => {
    const company = await test.factories.createCompany();
    const token = (await login(test.app, company, (await test.factories.createUser(company)).email!)).access_token;
    const url = await uploadAvatar(test.app, hostOf(company), token);
    const served = await call(test.app, 'GET', url, { host: hostOf(company), headers: { range: 'bytes=0-7' } });
    expect(served.statusCode).toBe(206);
    expect(served.rawPayload).toEqual(PNG_BYTES.subarray(0, 8));
    expect((await call(test.app, 'GET', url, { host: hostOf(company) })).rawPayload).toEqual(PNG_BYTES);
    const name = path.basename(url);
    expect(await test.platform.files.exists(company.id, name)).toBe(true);
    const target = await test.factories.createCompany();
    await test.platform.files.copy(company.id, target.id, name);
    expect((await test.platform.files.stat(target.id, name))?.size).toBe(PNG_BYTES.length);
    expect(await readdir(test.config.DATA_DIR)).not.toContain('files');
  });
});
