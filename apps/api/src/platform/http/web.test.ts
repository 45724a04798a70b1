import { createHash } from 'node:crypto';
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
import { brandPalette } from './web.js';

describe('serving the web app', () => {
  let dist: string;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'kampus-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="tr"><head><title>Kampus</title></head><body><div id="root"></div></body></html>',
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
    await factories(database.db).createCompany({
      name: '</script><script>alert(1)</script> & Co',
      slug: 'kotu',
      logoLink: 'https://cdn.example/logo.png?a=1&b="x"',
      settings: {
        theme_settings: { primaryColor: '#0a8' },
        login_options: { identifiers: ['email', 'username'], self_registration: true },
      },
    });
    await factories(database.db).createCompany({
      name: 'Renkli',
      slug: 'renkli',
      settings: { theme_settings: { primaryColor: 'rebeccapurple' } },
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
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/localization?language=en">',
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

  it('writes the host company into the page as JSON that cannot close its script element', async () => {
    const response = await call(app, 'GET', '/dashboard', { host: 'kotu.localhost' });
    const json = /<script type="application\/json" id="kampus-company">(.*?)<\/script>/.exec(response.body)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain('<');
    const company = JSON.parse(json ?? 'null') as { data: { name: string; settings: unknown[] } };
    expect(company.data.name).toBe('</script><script>alert(1)</script> & Co');
    const self = await call(app, 'GET', '/api/company/self', { host: 'kotu.localhost' });
    expect(company).toEqual(self.json());
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).not.toContain('href="/api/company/self"');
    // Only the sign-in page and the learner home get a first-paint shell.
    const profile = await call(app, 'GET', '/profile', { host: 'kotu.localhost' });
    expect(profile.body).not.toContain('id="kampus-shell"');
    expect(String(profile.headers['content-security-policy'])).not.toContain('sha256-');
    const marketing = await call(app, 'GET', '/login', { host: 'localhost' });
    expect(marketing.body).not.toContain('kampus-company');
    expect(marketing.body).not.toContain('kampus-shell');
  });

  it("paints the sign-in page in plain HTML before the app runs: the company's name, colours and options, escaped, in the page's language", async () => {
    const tr = await call(app, 'GET', '/login?redirect=%2Fprofile', { host: 'unlu.localhost' });
    const shell = /<div id="kampus-shell"[\s\S]*?<\/footer><\/div>/.exec(tr.body)?.[0] ?? '';
    expect(shell).toContain(
      'style="--ks-0:rgb(236,238,248);--ks-6:rgb(63,81,181);--ks-8:rgb(48,62,138);--ks-9:rgb(40,52,116)"',
    );
    expect(shell).toContain('<a class="ks-logo" href="/">Ünlü &amp; Ortakları &lt;A.Ş.&gt;</a>');
    expect(shell).toContain('<h1>Giriş yapın</h1>');
    expect(shell).toContain('<label for="ks-password">Şifre</label>');
    expect(shell).toContain('aria-label="TR, Dil seçimi"');
    expect(shell).toContain('<p>Ünlü &amp; Ortakları &lt;A.Ş.&gt;</p>');
    expect(shell).not.toContain('href="/register"');
    // No form: Enter in the shell cannot send a password in a query before the app has taken over.
    expect(shell).not.toContain('<form');
    // The root stays hidden while the shell is there, and the shell comes before it.
    expect(tr.body).toContain('#kampus-shell~#root{display:none}');
    expect(tr.body.indexOf('id="kampus-shell"')).toBeLessThan(tr.body.indexOf('<div id="root"></div>'));

    const custom = await call(app, 'GET', '/login', { host: 'kotu.localhost' });
    expect(custom.body).toContain('<label for="ks-username">E-posta / Kullanıcı adı</label>');
    expect(custom.body).toContain('<a href="/register">Hesap oluştur</a>');
    expect(custom.body).toContain(
      '<img src="https://cdn.example/logo.png?a=1&amp;b=&quot;x&quot;" alt="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co">',
    );
    expect(custom.body).toContain('--ks-6:rgb(0,129,103)');
    expect(custom.body).not.toContain('<script>alert(1)');
    const de = await call(app, 'GET', '/login', { host: 'dolar.localhost', headers: { cookie: 'kampus_language=de' } });
    expect(de.body).toContain('<h1>Anmelden</h1>');
    expect(de.body).toContain('aria-label="DE, Sprache"');
    expect(de.body).toContain('<a href="/forgot-password">Passwort vergessen?</a>');
    // A colour the shell cannot shade as the app does: no shell, the app paints the page as before.
    const named = await call(app, 'GET', '/login', { host: 'renkli.localhost' });
    expect(named.body).not.toContain('kampus-shell');
  });

  it('allows exactly the shell’s inline script by its hash, and only on a page that has it', async () => {
    const response = await call(app, 'GET', '/login', { host: 'unlu.localhost' });
    const script = /<script>(.*?)<\/script>/.exec(response.body)?.[1] ?? '';
    expect(script).toContain("localStorage.getItem('kampus:token')");
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(new RegExp(`script-src 'self' ${hash.replace(/[+/]/g, '\\$&')}(;|$)`));
    expect(policy).toContain("default-src 'self'");
    const other = await call(app, 'GET', '/policies', { host: 'unlu.localhost' });
    expect(String(other.headers['content-security-policy'])).not.toContain('sha256-');
  });

  it('writes the learner home hidden, with the person left to its script, which reads the sealed session', async () => {
    for (const path of ['/', '/dashboard']) {
      const response = await call(app, 'GET', path, {
        host: 'kotu.localhost',
        headers: { cookie: 'kampus_language=de' },
      });
      const shell = /<div id="kampus-shell"[\s\S]*?<\/footer><\/div>/.exec(response.body)?.[0] ?? '';
      expect(shell).toMatch(/^<div id="kampus-shell" class="kl" style="--ks-0:[^"]+" hidden>/);
      expect(shell).toContain('<h1 data-fill>Willkommen, <span data-k="name"></span></h1>');
      expect(shell).toContain(
        '<a class="kl-logo" href="/dashboard"><img src="https://cdn.example/logo.png?a=1&amp;b=&quot;x&quot;"',
      );
      expect(shell).not.toContain('<script>alert(1)');
      const script = /<\/footer><\/div><script>(.*?)<\/script>/.exec(response.body)?.[1] ?? '';
      expect(script).toContain("indexedDB.open('kampus-keys',1)");
      expect(script).toContain("new DecompressionStream('deflate-raw')");
      const hash = createHash('sha256').update(script).digest('base64');
      expect(String(response.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    }
  });

  it('shades the primary colour as the app does (Mantine lighten/darken), or gives up on a colour it cannot read', () => {
    expect(brandPalette(undefined)).toBe(
      '--ks-0:rgb(236,238,248);--ks-6:rgb(63,81,181);--ks-8:rgb(48,62,138);--ks-9:rgb(40,52,116)',
    );
    // A colour white text cannot be read on is darkened as the app's theme darkens it (Mantine's darken, 4 % steps).
    expect(brandPalette({ primaryColor: '#EC5252' })).toContain('--ks-0:rgb(253,238,238);--ks-6:rgb(198,69,69)');
    expect(brandPalette({ primaryColor: 'red' })).toBeNull();
    expect(brandPalette({ primaryColor: '#12345' })).toBeNull();
  });

  it('puts a company name with replacement patterns ($&, $`) into the title literally', async () => {
    const response = await call(app, 'GET', '/homepage', { host: 'dolar.localhost' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Fiyat $&amp; Kâr $` Son $&#39; Bitti $$</title>');
    expect(response.body).toContain('<body><div id="root"></div></body>');
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
