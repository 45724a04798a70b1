import { request } from 'node:http';
import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { launch, signIn } from './browser.js';
import { e2ePort } from './servers.js';

/** A GET of the feed's address as a calendar app would make it: status and text, whatever the status. */
function fetchFeed(url: string): Promise<{ status: number; type: string; text: string }> {
  const address = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: e2ePort(),
        method: 'GET',
        path: address.pathname,
        headers: { host: address.host },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

describe('the learner’s agenda', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('opens from the side menu, switches views, leads to an event’s page, and feeds a calendar app', {
    timeout: 240_000,
  }, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await signIn(page, 'demo', 'learner@demo.test');

    // The side menu's agenda item opens the month, which shows the demo learner's program deadlines.
    await page.getByTestId('side-menu-item-agenda').click();
    await page.waitForURL(/\/agenda$/);
    await page.getByTestId('agenda-month').waitFor();
    await page.getByTestId('agenda-event').first().waitFor();
    expect(await page.getByTestId('agenda-heading').textContent()).toMatch(/^\p{L}+ \d{4}$/u);
    await expectAccessible(page);

    // Next month and back again through the address.
    const heading = await page.getByTestId('agenda-heading').textContent();
    await page.getByTestId('agenda-next').click();
    await expect.poll(() => page.getByTestId('agenda-heading').textContent()).not.toBe(heading);
    await page.getByTestId('agenda-today').click();
    await expect.poll(() => page.getByTestId('agenda-heading').textContent()).toBe(heading);

    // The week view, then the list: the month's events by day, each saying what it is.
    await page.getByTestId('agenda-views').getByText('Hafta').click();
    await page.waitForURL(/view=week/);
    await page.getByTestId('agenda-views').getByText('Liste').click();
    await page.waitForURL(/view=list/);
    const list = page.getByTestId('agenda-list');
    const listed = list.getByTestId('agenda-event');
    await listed.first().waitFor();
    await expectAccessible(page);

    // An event opens its page.
    const href = (await listed.first().getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/(education\/\d+\/detail|assignment\/\d+\/detail|my-education\?program=\d+)$/);
    await listed.first().click();
    await page.waitForURL((url) => `${url.pathname}${url.search}`.startsWith(href));

    // The subscription: made once, the address fetched as a calendar app would (a valid calendar), then revoked.
    await page.goBack();
    await page.getByTestId('agenda-page').waitFor();
    await page.getByTestId('agenda-feed-create').click();
    const input = page.getByTestId('agenda-feed-url');
    await input.waitFor();
    const url = await input.inputValue();
    expect(url).toMatch(/^http:\/\/demo\.localhost:\d+\/api\/agenda\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    await page.getByTestId('agenda-feed-copy').click();
    await expectAccessible(page);

    const feed = await fetchFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.type).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(feed.text));
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.uid.length > 0 && event.startDate !== null)).toBe(true);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Istanbul');

    await page.reload();
    await page.getByTestId('agenda-feed-exists').waitFor();
    await page.getByTestId('agenda-feed-revoke').click();
    await page.getByTestId('confirm-accept').click();
    await page.getByTestId('agenda-feed-none').waitFor();
    expect((await fetchFeed(url)).status).toBe(404);
    await context.close();
  });

  it('opens on the list on a phone', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, 'demo', 'learner@demo.test');
    await page.goto(page.url().replace(/\/dashboard$/, '/agenda'));
    await page.getByTestId('agenda-page').waitFor();
    await expect
      .poll(
        async () => (await page.getByTestId('agenda-list').count()) + (await page.getByTestId('agenda-empty').count()),
      )
      .toBe(1);
    expect(await page.getByTestId('agenda-month').count()).toBe(0);
    await expectAccessible(page);
    await context.close();
  });
});
