import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin } from './browser.js';
import { mailMatching } from './outbox.js';
import { e2eDataDir } from './servers.js';

const STRONG = 'Ogrenmek-Her-Gun-42';

/**
 * A signed invitation exactly as the API makes one (auth service createInvitationLink): no endpoint sends invitations
 * yet, so the test signs with the server's own secret from its data dir.
 */
function invitationParams(companyId: number, email: string, expiresAt: number): string {
  const secret = process.env.JWT_SECRET || readFileSync(path.join(e2eDataDir(), 'jwt-secret'), 'utf8').trim();
  const key = createHmac('sha256', secret).update('kampus:invitation').digest();
  const payload = Buffer.from(JSON.stringify({ c: companyId, e: email, x: expiresAt })).toString('base64url');
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
}

describe('public pages in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** A company made for this file with the default login options: no self-registration. */
  let closed: { id: number; slug: string };

  beforeAll(async () => {
    browser = await launch();
    const token = await apiLogin('demo.localhost', 'super@kampus.test');
    const slug = `kapali-${Date.now().toString(36)}`;
    const created = await apiCall<{ data: { id: number } }>(
      'demo.localhost',
      'POST',
      '/api/company',
      { name: 'Kapalı Kayıt A.Ş.', slug },
      token,
    );
    closed = { id: created.data.id, slug };
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterEach(() => context.close());

  it('registers on a company that allows it, with field errors first, and verifies the mailed address', async () => {
    await page.goto(`${origin('demo')}/login`);
    await page.getByTestId('login-register').click();
    await page.waitForURL(/\/register$/);
    const form = page.getByTestId('register-form');
    const email = `yeni.${Date.now().toString(36)}@demo.test`;
    await form.locator('input[name="name"]').fill('Gülşen');
    await form.locator('input[name="surname"]').fill('Öztürk');
    await form.locator('input[name="email"]').fill('learner@demo.test');
    await form.locator('input[name="password"]').fill(STRONG);
    await form.locator('input[name="password_confirmation"]').fill(`${STRONG}x`);
    await form.locator('button[type="submit"]').click();
    // The shared schema catches the mismatch in the browser; the server is not asked.
    await form.getByText('Şifreler birbiriyle eşleşmiyor.').waitFor();

    // So is a password holding one's own name, before anything is sent.
    await form.locator('input[name="password"]').fill('Gulsen-Mavi-Gok-7');
    await form.locator('input[name="password_confirmation"]').fill('Gulsen-Mavi-Gok-7');
    await form.locator('button[type="submit"]').click();
    await form
      .getByText('Şifre adınızı, e-posta adresinizi, kullanıcı adınızı ya da telefon numaranızı içermemelidir.')
      .waitFor();

    await form.locator('input[name="password"]').fill(STRONG);
    await form.locator('input[name="password_confirmation"]').fill(STRONG);
    // A taken address is answered like a new one (its owner is mailed instead), so the form shows one answer.
    await form.locator('input[name="email"]').fill(email);
    await form.locator('button[type="submit"]').click();
    await expect(page.getByTestId('register-done').textContent()).resolves.toBe(
      'Teşekkürler. Verdiğiniz adrese bir e-posta gönderdik; lütfen gelen kutunuzu kontrol edin. Yönetici onayından sonra giriş yapabileceksiniz.',
    );

    const token = (await mailMatching(email, /\/email-verification\?token=/)).match(
      /\/email-verification\?token=([A-Za-z0-9_-]{20,})/,
    )?.[1];
    expect(token).toBeTruthy();
    await page.goto(`${origin('demo')}/email-verification?token=${token}`);
    await expect(page.getByTestId('verification-done').textContent()).resolves.toBe('E-posta adresiniz doğrulandı.');
    // Single use: the same link a second time is refused.
    await page.goto(`${origin('demo')}/email-verification?token=${token}`);
    await expect(page.getByTestId('verification-error').textContent()).resolves.toBe(
      'Bu bağlantı geçersiz veya süresi dolmuş.',
    );
    await page.goto(`${origin('demo')}/email-verification`);
    await page.getByTestId('verification-error').waitFor();
  });

  it('tells a visitor when the company does not offer registration and shows no register link', async () => {
    await page.goto(`${origin(closed.slug)}/homepage`);
    await page.getByTestId('home-sign-in').waitFor();
    expect(await page.getByTestId('home-register').count()).toBe(0);
    await page.goto(`${origin(closed.slug)}/login`);
    await page.getByTestId('login-form').waitFor();
    expect(await page.getByTestId('login-register').count()).toBe(0);
    await page.goto(`${origin(closed.slug)}/register`);
    await page.getByTestId('register-closed').waitFor();
    expect(await page.getByTestId('register-form').count()).toBe(0);
  });

  it('refuses expired, foreign and forged invitations, and signs the invited person in from a good one', async () => {
    const email = `davetli.${Date.now().toString(36)}@example.test`;
    const day = 86_400_000;
    const url = (params: string) => `${origin(closed.slug)}/register-invitation/${params}`;

    await page.goto(url(invitationParams(closed.id, email, Date.now() - day)));
    await page.getByTestId('invitation-expired').waitFor();
    await page.goto(url(invitationParams(closed.id + 10_000, email, Date.now() + day)));
    await page.getByTestId('invitation-invalid').waitFor();

    const good = invitationParams(closed.id, email, Date.now() + day);
    const forged = `${good.slice(0, -3)}${good.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    await page.goto(url(forged));
    const form = page.getByTestId('invitation-form');
    await expect(page.getByTestId('invitation-email').textContent()).resolves.toContain(email);
    await form.locator('input[name="name"]').fill('Davetli');
    await form.locator('input[name="surname"]').fill('Kişi');
    await form.locator('input[name="password"]').fill(STRONG);
    await form.locator('input[name="password_confirmation"]').fill(STRONG);
    await form.locator('button[type="submit"]').click();
    await expect(page.getByTestId('invitation-error').textContent()).resolves.toBe(
      'Bu bağlantı geçersiz veya süresi dolmuş.',
    );

    await page.goto(url(good));
    await form.locator('input[name="name"]').fill('Davetli');
    await form.locator('input[name="surname"]').fill('Kişi');
    await form.locator('input[name="password"]').fill(STRONG);
    await form.locator('input[name="password_confirmation"]').fill(STRONG);
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('dashboard-welcome').filter({ hasText: 'Davetli' }).waitFor();
  });

  it('shows the policies from the public footer, with the three documents and their sections', async () => {
    await page.goto(`${origin('demo')}/login`);
    await page.getByTestId('footer-policies').click();
    await page.waitForURL(/\/policies$/);
    for (const id of ['privacy', 'terms', 'cookies']) await page.getByTestId(`policy-${id}`).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Gizlilik politikası' }).waitFor();
    expect(await page.getByTestId('policy-privacy').getByRole('heading', { level: 3 }).count()).toBe(9);
    await expect(page.getByTestId('policy-privacy').textContent()).resolves.toContain('30 gün');
  });

  it('opens the marketing landing at the root and sends the company finder to the company login', async () => {
    await page.goto(origin());
    await page.waitForURL(/\/homepage$/);
    expect(await page.title()).toBe('Kampus');
    await page.getByTestId('landing-title').waitFor();
    await page.getByTestId('landing-features').waitFor();
    await page.getByTestId('footer-policies').waitFor();

    const finder = page.getByTestId('company-finder');
    await finder.locator('input[name="slug"]').fill('acme corp');
    await finder.locator('button[type="submit"]').click();
    await finder.getByText('Alt alan adı küçük harf, rakam ve tire içerebilir.').waitFor();
    expect(page.url()).toMatch(/\/homepage$/);

    await finder.locator('input[name="slug"]').fill('Acme');
    await finder.locator('button[type="submit"]').click();
    await page.waitForURL(`${origin('acme')}/login`);
    await page.getByTestId('login-form').waitFor();
  });

  it("shows a company's own welcome page with sign-in and registration on its host", async () => {
    await page.goto(`${origin('acme')}/homepage`);
    await page.getByTestId('company-welcome').getByText('Acme Corp', { exact: false }).first().waitFor();
    await page.getByTestId('home-register').click();
    await page.waitForURL(/\/register$/);
    await page.getByTestId('register-form').waitFor();
  });

  it('has no serious or critical accessibility violations on the landing, registration and policies', async () => {
    const pages = {
      landing: [origin(), 'landing-title'],
      welcome: [`${origin('demo')}/homepage`, 'company-welcome'],
      register: [`${origin('demo')}/register`, 'register-form'],
      invitation: [`${origin('demo')}/register-invitation/x.y`, 'invitation-invalid'],
      policies: [`${origin('acme')}/policies`, 'policy-cookies'],
    } as const;
    const found: Record<string, string[]> = {};
    for (const [name, [url, ready]] of Object.entries(pages)) {
      await page.goto(url);
      await page.getByTestId(ready).waitFor();
      // The personal-data notice covers a company page on the first visit; Escape closes it (and does nothing
      // elsewhere), so what is checked is the page itself.
      await page.keyboard.press('Escape');
      await page.getByTestId('data-notice-modal').waitFor({ state: 'detached' });
      found[name] = await seriousViolations(page);
    }
    expect(found).toEqual({ landing: [], welcome: [], register: [], invitation: [], policies: [] });
  });

  it('offers a reload when a page chunk fails to load, and the reload brings the page', async () => {
    // Chunks are named by their hash alone; the build's manifest says which one holds the page.
    const manifest = JSON.parse(
      readFileSync(path.join(e2eDataDir(), 'web-dist', '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const policies = `**/${manifest['src/features/frame/policies/PoliciesPage.tsx']?.file}`;
    await page.goto(`${origin('demo')}/homepage`);
    await page.getByTestId('company-welcome').waitFor();
    await page.route(policies, (route) => route.abort());
    await page.getByTestId('footer-policies').click();
    const screen = page.getByTestId('chunk-error');
    await screen.waitFor();
    expect(await screen.getAttribute('data-code')).toBe('CHUNK_LOAD_FAILED');
    await page.getByText('Bu sayfa yüklenemedi').waitFor();

    await page.unroute(policies);
    await page.getByTestId('chunk-reload').click();
    await page.getByTestId('policy-privacy').waitFor();
  });

  it('reports a failed stylesheet chunk as CSS_CHUNK_LOAD_FAILED with the same reload offer', async () => {
    await page.route('**/assets/HomePage-*.css', (route) => route.abort());
    await page.goto(origin());
    const screen = page.getByTestId('chunk-error');
    await screen.waitFor();
    expect(await screen.getAttribute('data-code')).toBe('CSS_CHUNK_LOAD_FAILED');
    await page.getByTestId('chunk-reload').waitFor();
  });
});
