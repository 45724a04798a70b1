import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM } from './server.js';

export const DEMO_PASSWORD = 'Kampus!2026';

/** The address of a company (or the marketing host without a slug) on the test server. */
export function origin(slug?: string): string {
  const port = inject('e2ePort');
  return `http://${slug ? `${slug}.` : ''}localhost:${port}`;
}

export function launch(): Promise<Browser> {
  return chromium.launch({
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
}

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(page: Page, slug: string, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${origin(slug)}/login`);
  const form = page.getByTestId('login-form');
  await form.locator('input[name="username"]').fill(username);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole('button').last().click();
  await page.waitForURL(/\/dashboard$/);
}
