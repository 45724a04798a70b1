import { brotliDecompressSync } from 'node:zlib';
import { translations } from '@kampus/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../../test/helpers.js';

describe('api/localization', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  const localization = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    call(test.app, 'GET', '/api/localization', { host: 'localhost', query, headers });

  it('answers one language compressed once, the same texts as the plain answer, and 304 to a held ETag', async () => {
    const plain = await localization({ language: 'de' });
    expect(plain.statusCode).toBe(200);
    expect(Object.keys(plain.json().translations)).toEqual(['de']);
    expect(plain.json().translations.de).toEqual(translations.de);

    const br = await localization({ language: 'de' }, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const held = await localization({ language: 'de' }, { 'if-none-match': plain.headers.etag as string });
    expect(held.statusCode).toBe(304);
    expect((await localization({})).json().translations).toEqual(translations);
  });
});
