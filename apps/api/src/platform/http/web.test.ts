import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.js';
import { factories } from '../../../test/factories.js';
import { call } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { readConfig } from '../../config.js';
import type { Database } from '../../db/client.js';

describe('serving the web app', () => {
  let dist: string;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'kampus-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="tr"><head><title>Kampus</title></head><body></body></html>',
    );
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    await writeFile(path.join(dist, 'assets', 'big-abc123.js'), 'console.log("plain")');
    await writeFile(path.join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync('console.log("plain")'));
    await writeFile(path.join(dist, 'assets', 'big-abc123.js.gz'), gzipSync('console.log("plain")'));
    database = await openTestDatabase();
    await factories(database.db).createCompany({ name: 'Ünlü & Ortakları <A.Ş.>', slug: 'unlu' });
    await factories(database.db).createCompany({
      name: "Fiyat $& Kâr $` Son $' Bitti $$",
      slug: 'dolar',
      defaultLanguage: 'en',
    });
    const config = { ...readConfig({ LOG_LEVEL: 'silent', DATA_DIR: dist }), JWT_SECRET: 'x'.repeat(40) };
    ({ app } = await buildApp(config, database, { webDist: dist }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers every page path with the single page, titled with the host company, escaped', async () => {
    const response = await call(app, 'GET', '/assignment/5/detail', {
      host: 'unlu.localhost',
      headers: { 'x-content-language': 'de' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Ünlü &amp; Ortakları &lt;A.Ş.&gt;</title>');
    expect(response.body).toContain('<html lang="de">');
    const marketing = await call(app, 'GET', '/homepage', { host: 'localhost' });
    expect(marketing.body).toContain('<title>Kampus</title>');
  });

  it("starts the page in the remembered language, else the company's, and preloads what the app asks for first", async () => {
    const first = await call(app, 'GET', '/login', { host: 'dolar.localhost' });
    expect(first.body).toContain('<html lang="en">');
    expect(first.body).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/company/self"><link rel="preload" as="fetch" crossorigin="anonymous" href="/api/localization?language=en">',
    );
    const remembered = await call(app, 'GET', '/login', {
      host: 'dolar.localhost',
      headers: { cookie: 'other=1; kampus_language=az' },
    });
    expect(remembered.body).toContain('<html lang="az">');
    expect(remembered.body).toContain('href="/api/localization?language=az"');
    const forged = await call(app, 'GET', '/login', {
      host: 'dolar.localhost',
      headers: { cookie: 'kampus_language="><script>' },
    });
    expect(forged.body).toContain('<html lang="en">');
    const marketing = await call(app, 'GET', '/homepage', { host: 'localhost' });
    expect(marketing.body).not.toContain('rel="preload"');
  });

  it('puts a company name with replacement patterns ($&, $`) into the title literally', async () => {
    const response = await call(app, 'GET', '/homepage', { host: 'dolar.localhost' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Fiyat $&amp; Kâr $` Son $&#39; Bitti $$</title>');
    expect(response.body).toContain('<body></body>');
  });

  it('sends the build’s Brotli or gzip copy of an asset to a browser that accepts it, else the file itself', async () => {
    const url = '/assets/big-abc123.js';
    const br = await call(app, 'GET', url, {
      host: 'unlu.localhost',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("plain")');
    const gz = await call(app, 'GET', url, { host: 'unlu.localhost', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await call(app, 'GET', url, { host: 'unlu.localhost', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("plain")');
  });

  it('serves hashed assets for a year and keeps unknown API paths JSON', async () => {
    const asset = await call(app, 'GET', '/assets/app-abc123.js', { host: 'unlu.localhost' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missingAsset = await call(app, 'GET', '/assets/nope.js', { host: 'unlu.localhost' });
    expect(missingAsset.statusCode).toBe(404);
    const api = await call(app, 'GET', '/api/nope', { host: 'unlu.localhost' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'İstenen adres bulunamadı.' });
  });
});
