import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRow, factories } from '../../../../test/factories.js';
import {
  call,
  createTestApp,
  createTestNodes,
  eventually,
  hostOf,
  login,
  type TestApp,
} from '../../../../test/helpers.js';

type Setting = { key: string; value: unknown };
const hideOnline = (data: { settings: Setting[] }) =>
  data.settings.find((setting) => setting.key === 'hide_online_users')?.value;

describe('api/company/self from the cache', () => {
  let test: TestApp;
  let company: CompanyRow;
  let adminToken: string;

  const self = (headers: Record<string, string> = {}, target = company) =>
    call(test.app, 'GET', '/api/company/self', { host: hostOf(target), headers });
  const setHideOnline = (value: boolean) =>
    call(test.app, 'PUT', '/api/admin/settings', {
      host: hostOf(company),
      token: adminToken,
      body: { hide_online_users: value },
    });

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany({ settings: { hide_online_users: false } });
    adminToken = (await login(test.app, company, (await test.factories.createAdmin(company)).email ?? '')).access_token;
  });
  afterAll(() => test.close());

  it('answers an ETag, and 304 without a body to a browser that holds it', async () => {
    const first = await self();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.json().data).toMatchObject({ id: company.id, slug: company.slug });

    const again = await self({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await self({ 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('answers the change at once after a setting is saved, with a new ETag', async () => {
    const before = await self();
    expect(hideOnline(before.json().data)).toBe(false);
    expect((await setHideOnline(true)).statusCode).toBe(200);
    await test.platform.events.idle();

    const after = await self({ 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(hideOnline(after.json().data)).toBe(true);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('sends the same answer Brotli- or gzip-compressed to a browser that accepts it', async () => {
    const wordy = await test.factories.createCompany({ settings: { welcome_text: 'Hoş geldiniz! '.repeat(200) } });
    const plain = await self({}, wordy);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const br = await self({ 'accept-encoding': 'gzip, deflate, br' }, wordy);
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await self({ 'accept-encoding': 'gzip' }, wordy);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('keeps each host its own answer', async () => {
    const other = await test.factories.createCompany({ settings: { hide_online_users: true } });
    const [mine, theirs] = [await self(), await self({}, other)];
    expect(mine.json().data.id).toBe(company.id);
    expect(theirs.json().data.id).toBe(other.id);
    expect(mine.headers.etag).not.toBe(theirs.headers.etag);
  });
});

// Two nodes on one database, each with its own cache: a change saved on one reaches the other through Redis.
describe.skipIf(!process.env.TEST_REDIS_URL)('api/company/self across nodes (Redis)', () => {
  it('clears the other node’s cached answer when a setting changes', async () => {
    const { nodes, close } = await createTestNodes();
    try {
      const [a, b] = nodes;
      const f = factories(a.platform.database.db);
      const company = await f.createCompany({ settings: { hide_online_users: false } });
      const admin = await f.createAdmin(company);
      const token = (await login(a.app, company, admin.email ?? '')).access_token;
      const selfOn = async (node: typeof a) =>
        hideOnline((await call(node.app, 'GET', '/api/company/self', { host: hostOf(company) })).json().data);
      expect([await selfOn(a), await selfOn(b)]).toEqual([false, false]);

      const saved = await call(a.app, 'PUT', '/api/admin/settings', {
        host: hostOf(company),
        token,
        body: { hide_online_users: true },
      });
      expect(saved.statusCode).toBe(200);
      await eventually(async () => (await selfOn(a)) === true && (await selfOn(b)) === true, 'both nodes to see it');
    } finally {
      await close();
    }
  });
});
