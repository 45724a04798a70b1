import { STORAGE_PREFIX } from '@kampus/shared';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM } from './server.js';
import { e2ePort } from './servers.js';

export const DEMO_PASSWORD = 'Kampus!2026';

/** The address of a company (or the marketing host without a slug) on the test server. */
export function origin(slug?: string): string {
  const port = e2ePort();
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
    await noticeStored(page);
  });
}

/**
 * The acknowledgement reaches localStorage a moment after the notice closes (sealed in the background: lib/storage.ts);
 * a test that navigates on waits for it, or the next page would rightly show the notice again.
 */
export async function noticeStored(page: Page): Promise<void> {
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, `${STORAGE_PREFIX}notice_shown`);
}

/**
 * Acknowledges the notice of a page that just opened, and waits until that is stored. The notice loads lazily: an
 * action taken before it opens goes to the page, and the handler above only acts when a later action finds it open.
 */
export async function acknowledgeNoticeNow(page: Page): Promise<void> {
  const accept = page.getByTestId('data-notice-accept');
  const stored = () =>
    page.evaluate((key) => localStorage.getItem(key) !== null, `${STORAGE_PREFIX}notice_shown`).catch(() => false);
  await expect
    .poll(
      async () => {
        // The handler may click it first; then this click finds nothing and the storage tells.
        if (await accept.isVisible()) await accept.click({ timeout: 5000 }).catch(() => undefined);
        return stored();
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

/**
 * The demo learners have open mandatory assignments (db/seed/assignments.ts) and a must-read announcement
 * (db/seed/announcements.ts), and the mandatory-missions modal that lists them cannot be dismissed: a person clears it
 * by doing the training or reading the announcement. Tests about something else see the dashboard as a learner
 * without them would; other notices still come through (notifications.e2e.ts reads one). A test about the modal
 * launches with `{ mandatoryAssignments: true }`, one about must-read announcements with `{ mustRead: true }`.
 */
export async function hideMandatoryAssignments(
  context: BrowserContext,
  keep: { assignments: boolean; announcements: boolean } = { assignments: false, announcements: false },
): Promise<void> {
  // Inside the page, around its fetch, not with context.route: Playwright turns the HTTP cache off in every context
  // that intercepts requests, and each page load then fetched and compiled the whole app again (about twice as slow).
  await context.addInitScript((kept) => {
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await original(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (
        response.status !== 200 ||
        !new URL(url, location.href).pathname.endsWith('/api/dashboard/mandatory-completions')
      ) {
        return response;
      }
      const json = (await response.json()) as {
        data?: { assignments?: unknown[]; notices?: { announcement_id?: number }[] };
      };
      if (json.data && !kept.assignments) json.data.assignments = [];
      if (json.data?.notices && !kept.announcements) {
        json.data.notices = json.data.notices.filter((notice) => notice.announcement_id === undefined);
      }
      return new Response(JSON.stringify(json), { status: 200, headers: { 'content-type': 'application/json' } });
    };
  }, keep);
}

/**
 * Starts Chromium. Unless told otherwise every page of every context acknowledges the data notice by itself
 * (frame.e2e.ts, which tests the notice, launches with `{ acknowledgeDataNotice: false }`) and sees no mandatory
 * assignments nor must-read announcements (see `hideMandatoryAssignments`).
 */
export async function launch(
  options: { acknowledgeDataNotice?: boolean; mandatoryAssignments?: boolean; mustRead?: boolean } = {},
): Promise<Browser> {
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
  const newContext = browser.newContext.bind(browser);
  // Pages are checked as they come to rest: without motion (the theme respects the preference) a modal or toast is
  // never caught half faded in or out, where axe measures the contrast of a half-transparent text.
  browser.newContext = async (contextOptions?: Parameters<Browser['newContext']>[0]) => {
    const context = await newContext({ reducedMotion: 'reduce', ...contextOptions });
    const keep = { assignments: options.mandatoryAssignments === true, announcements: options.mustRead === true };
    if (!keep.assignments || !keep.announcements) await hideMandatoryAssignments(context, keep);
    if (options.acknowledgeDataNotice !== false) context.on('page', (page) => void acknowledgeDataNotice(page));
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
  // The address is what counts here, not the page's load event (a busy machine's images and fonts may take long):
  // the frame's own element below says the dashboard is there.
  await page.waitForURL(/\/dashboard$/, { waitUntil: 'commit', timeout: 60_000 });
  // The address changes while the dashboard's chunk still loads; the public page (with its own language menu) is
  // still on screen until the dashboard frame replaces it.
  await page.getByTestId('header-logo').waitFor({ timeout: 60_000 });
}
