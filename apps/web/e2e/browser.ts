import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM } from './server.js';

export const DEMO_PASSWORD = 'Kampus!2026';

/** The address of a company (or the marketing host without a slug) on the test server. */
export function origin(slug?: string): string {
  const port = inject('e2ePort');
  return `http://${slug ? `${slug}.` : ''}localhost:${port}`;
}

/**
 * The personal-data notice opens on the first visit of every new browser context to a company host (spec §1) and
 * covers the page. A test that is not about it acknowledges it the moment it is in the way, as a person would.
 */
export async function acknowledgeDataNotice(page: Page): Promise<void> {
  // The next step waits for the modal's closing transition to end: a menu opened while it still closes would be
  // closed again by the focus the modal hands back.
  await page.addLocatorHandler(page.getByTestId('data-notice-accept'), async (button) => {
    // A test's own Escape may close the notice while this runs; the click then has nothing left to wait for.
    await button.click({ timeout: 5000 }).catch(() => undefined);
    await page.getByTestId('data-notice-modal').waitFor({ state: 'hidden' });
  });
}

/**
 * Starts Chromium. Unless told otherwise every page of every context acknowledges the data notice by itself;
 * frame.e2e.ts, which tests the notice, launches with `{ acknowledgeDataNotice: false }`.
 */
export async function launch(options: { acknowledgeDataNotice?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  if (options.acknowledgeDataNotice === false) return browser;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    context.on('page', (page) => void acknowledgeDataNotice(page));
    return context;
  };
  return browser;
}

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(page: Page, slug: string, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${origin(slug)}/login`);
  const form = page.getByTestId('login-form');
  await form.locator('input[name="username"]').fill(username);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole('button').last().click();
  await page.waitForURL(/\/dashboard$/);
  // The address changes while the dashboard's chunk still loads; the public page (with its own language menu) is
  // still on screen until the dashboard frame replaces it.
  await page.getByTestId('header-logo').waitFor();
}
