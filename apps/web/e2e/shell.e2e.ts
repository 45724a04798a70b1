import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { acknowledgeNoticeNow, launch, origin, signIn } from './browser.js';

// One browser for the file; each test gets a fresh context of it.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('the web app shell in Chromium', () => {
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterEach(() => context.close());

  it('signs a learner in on demo.localhost, under the company name, and signs out', async () => {
    await page.goto(origin('demo'));
    await page.waitForURL(/\/homepage$/);
    expect(await page.title()).toBe('Demo Holding');
    await signIn(page, 'demo', 'learner@demo.test');
    await expect(page.getByTestId('dashboard-welcome').textContent()).resolves.toBe('Hoş geldiniz, Deniz');
    await page.getByTestId('avatar-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login$/);
    await page.goto(`${origin('demo')}/dashboard`);
    await page.waitForURL(/\/login\?redirect=%2Fdashboard$/);
  });

  it('shows the server message on a failed sign-in and stays on the form', async () => {
    await page.goto(`${origin('acme')}/login`);
    await page.locator('input[name="username"]').fill('learner@acme.test');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.getByTestId('login-form').getByRole('button').last().click();
    // Acme's default language is English.
    await expect(page.getByTestId('login-error').textContent()).resolves.toBe('The sign-in details are incorrect.');
    expect(page.url()).toMatch(/\/login$/);
  });

  it('sends unknown paths to /404', async () => {
    await page.goto(`${origin('demo')}/no/such/page`);
    await page.waitForURL(/\/404$/);
    await page.getByTestId('error-404').waitFor();
  });

  it('switches the language from the header and keeps it across reloads', async () => {
    await signIn(page, 'acme', 'learner@acme.test');
    await expect(page.getByTestId('dashboard-welcome').textContent()).resolves.toBe('Welcome, Deniz');
    // On a first visit the data notice loads after the page shows; acknowledging it closes a menu opened before it
    // came (the focus goes back), so the menu is opened again until the choice is made.
    await expect
      .poll(async () => {
        await page.getByTestId('language-menu').click();
        return page
          .getByTestId('language-de')
          .click({ timeout: 3000 })
          .then(() => true)
          .catch(() => false);
      })
      .toBe(true);
    await page.getByText('Willkommen, Deniz').waitFor();
    await page.reload();
    await page.getByText('Willkommen, Deniz').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  });

  it('returns to the address a signed-out visitor asked for after signing in', async () => {
    await page.goto(`${origin('demo')}/dashboard`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.locator('input[name="username"]').fill('admin@demo.test');
    await page.locator('input[name="password"]').fill('Kampus!2026');
    await page.getByTestId('login-form').getByRole('button').last().click();
    await page.waitForURL(/\/dashboard$/);
  });

  it('applies the start-up rules: the saved address, an old #/ link, and / or /login for a signed-in person', async () => {
    // Signed out at /notification: the address is saved, and signing in without the query still comes back to it.
    await page.goto(`${origin('demo')}/notification`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.goto(`${origin('demo')}/login`);
    await page.locator('input[name="username"]').fill('learner@demo.test');
    await page.locator('input[name="password"]').fill('Kampus!2026');
    await page.getByTestId('login-form').getByRole('button').last().click();
    await page.waitForURL(/\/notification$/);
    // The saved address was used once: a later visit to /login goes to the dashboard.
    await page.goto(`${origin('demo')}/login`);
    await page.waitForURL(/\/dashboard$/);
    // A link of the old hash-routed app opens its page.
    await page.goto(`${origin('demo')}/#/profile`);
    await page.waitForURL(/\/profile$/);
    // The root takes a signed-in person to the dashboard.
    await page.goto(`${origin('demo')}/`);
    await page.waitForURL(/\/dashboard$/);
  });
});

/** Issue 11: the server's first-paint shell of the sign-in page (apps/api platform/http/web.ts, lib/shell.ts). */
describe('the sign-in page before the app runs', () => {
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterEach(() => context.close());

  /** Holds the app's scripts back until `release` is called (none at all when it never is). */
  async function holdScripts(): Promise<() => void> {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  it('shows the page from its HTML, then the app takes it over with what was typed and the focus', async () => {
    // The personal-data notice of a first visit, acknowledged first: it would take the focus itself.
    await page.goto(`${origin('demo')}/login`);
    await acknowledgeNoticeNow(page);
    const release = await holdScripts();
    await page.goto(`${origin('demo')}/login`, { waitUntil: 'commit' });
    const shell = page.locator('#kampus-shell');
    await shell.getByRole('heading', { name: 'Giriş yapın' }).waitFor();
    await expect(shell.locator('.ks-logo').textContent()).resolves.toBe('Demo Holding');
    // The app's root is hidden meanwhile, so its loader never shows beside the shell.
    await expect(page.locator('#root').isVisible()).resolves.toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await shell.getByLabel('Şifre').fill('typed-early');
    await shell.locator('input[name="username"]').fill('learner@demo.test');
    release();
    await page.getByTestId('login-form').waitFor();
    await expect(shell.count()).resolves.toBe(0);
    const form = page.getByTestId('login-form');
    await expect(form.locator('input[name="username"]').inputValue()).resolves.toBe('learner@demo.test');
    await expect(form.locator('input[name="password"]').inputValue()).resolves.toBe('typed-early');
    // The twin takes the focus right after React's commit; on a busy machine the check may come a moment before.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe('username');
  });

  it('never shows the sign-in shell to a browser signed in, which the app sends on to the dashboard', async () => {
    await signIn(page, 'demo', 'learner@demo.test');
    const release = await holdScripts();
    await page.goto(`${origin('demo')}/login`, { waitUntil: 'commit' });
    await page.locator('#root').waitFor({ state: 'attached' });
    await expect(page.locator('#kampus-shell').count()).resolves.toBe(0);
    release();
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('dashboard-welcome').waitFor();
  });

  it('shows a signed-in learner their home from the HTML and the sealed session, then the app takes it over', async () => {
    await signIn(page, 'demo', 'learner@demo.test');
    const release = await holdScripts();
    await page.goto(origin('demo'), { waitUntil: 'commit' });
    const shell = page.locator('#kampus-shell');
    // Filled in from the session the app sealed in this browser, before any of the app's scripts ran.
    await shell.getByRole('heading', { name: 'Hoş geldiniz, Deniz' }).waitFor();
    await expect(shell.getByText('Demo Holding eğitim platformu').isVisible()).resolves.toBe(true);
    await expect(page.locator('#root').isVisible()).resolves.toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    release();
    await page.getByTestId('dashboard-welcome').waitFor();
    await expect(shell.count()).resolves.toBe(0);
    await expect(page.getByTestId('dashboard-welcome').textContent()).resolves.toBe('Hoş geldiniz, Deniz');
  });

  it('shows no learner home to a browser without a session', async () => {
    const release = await holdScripts();
    await page.goto(origin('demo'), { waitUntil: 'commit' });
    await page.locator('#root').waitFor({ state: 'attached' });
    await expect(page.locator('#kampus-shell').count()).resolves.toBe(0);
    release();
    await page.waitForURL(/\/homepage$/);
  });
});
