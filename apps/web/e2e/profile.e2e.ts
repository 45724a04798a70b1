import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launch, origin, signIn } from './browser.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of random pixels: it does not compress, so a 620×620 picture is about 1.1 MB — under 2048 KB. */
function noisePng(size: number): Buffer {
  const row = 1 + size * 3;
  const pixels = randomBytes(row * size);
  for (let y = 0; y < size; y++) pixels[y * row] = 0; // filter type "none" for each row
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const progressValue = (page: Page) =>
  page.getByRole('progressbar', { name: 'Yükleme durumu' }).getAttribute('aria-valuenow').then(Number);

describe('the profile pages in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
    await signIn(page, 'demo', 'learner@demo.test');
  });
  afterEach(() => context.close());

  it('shows the profile, uploads a photo with progress, saves it and shows it in the header', async () => {
    await page.goto(`${origin('demo')}/profile`);
    await page.getByTestId('profile-page').waitFor();
    expect(await page.getByTestId('profile-email').textContent()).toBe('learner@demo.test');
    expect(await page.getByTestId('profile-username').textContent()).toBe('learner');
    expect(await page.getByTestId('profile-company').textContent()).toBe('Demo Holding');
    expect(await page.getByTestId('profile-roles').textContent()).toBe('Kullanıcı');
    expect(await page.getByTestId('header-avatar').getAttribute('data-photo')).toBe('icon');

    await page.getByRole('link', { name: 'Profili düzenle' }).click();
    await page.waitForURL(/\/update-profile$/);
    // A slow uplink (256 KB/s), so the 1.1 MB upload takes seconds and its progress can be watched.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await page
      .getByTestId('profile-photo-input')
      .setInputFiles({ name: 'portre.png', mimeType: 'image/png', buffer: noisePng(620) });
    await expect.poll(() => progressValue(page), { timeout: 20_000, interval: 100 }).toBeGreaterThan(0);
    const midway = await progressValue(page);
    expect(midway).toBeLessThan(100);
    await expect.poll(() => progressValue(page), { timeout: 30_000 }).toBe(100);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const preview = page.getByTestId('profile-photo-preview').locator('img');
    const uploaded = await preview.getAttribute('src');
    expect(uploaded).toMatch(/^\/api\/files\/[0-9a-f]{32}\.png$/);

    await page.locator('textarea[name="bio"]').fill('Satış ekibinde eğitim sorumlusu');
    await page.getByTestId('profile-save').click();
    await page.waitForURL(/\/profile$/);
    await page.getByText('Profiliniz kaydedildi.').waitFor();
    expect(await page.getByTestId('profile-bio').textContent()).toBe('Satış ekibinde eğitim sorumlusu');

    const headerImage = page.getByTestId('header-avatar').locator('img');
    await expect.poll(() => headerImage.getAttribute('src')).toBe(uploaded);
    await expect.poll(() => headerImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(620);
    await page.reload();
    await expect.poll(() => page.getByTestId('header-avatar').locator('img').getAttribute('src')).toBe(uploaded);
  });

  it('refuses a file over 2048 KB with the size message, before uploading anything', async () => {
    await page.goto(`${origin('demo')}/update-profile`);
    await page.getByTestId('profile-form').waitFor();
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/uploads')) uploads++;
    });
    await page
      .getByTestId('profile-photo-input')
      .setInputFiles({ name: 'buyuk.png', mimeType: 'image/png', buffer: Buffer.alloc(2049 * 1024) });
    const error = page.getByTestId('profile-photo-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Geçersiz dosya boyutu: en fazla 2048 kilobayt');
    expect(uploads).toBe(0);
  });

  it("puts the server's field error on its field and asks before leaving unsaved changes", async () => {
    await page.goto(`${origin('demo')}/update-profile`);
    const username = page.locator('input[name="username"]');
    await username.fill('admin');
    await page.getByTestId('profile-save').click();
    await page.getByText('Bu kullanıcı adı zaten kullanılıyor.').waitFor();
    expect(await username.getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toMatch(/\/update-profile$/);

    await page.getByRole('link', { name: 'Vazgeç' }).click();
    const guard = page.getByRole('dialog', { name: 'Kaydedilmemiş değişiklikler' });
    await guard.waitFor();
    await guard.getByRole('button', { name: 'Sayfada kal' }).click();
    await guard.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/update-profile$/);
    expect(await username.inputValue()).toBe('admin');

    await page.getByRole('link', { name: 'Vazgeç' }).click();
    await guard.getByRole('button', { name: 'Kaydetmeden ayrıl' }).click();
    await page.waitForURL(/\/profile$/);
    expect(await page.getByTestId('profile-username').textContent()).toBe('learner');
  });
});
