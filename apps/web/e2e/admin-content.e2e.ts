import path from 'node:path';
import type { Content, ContentOverview, ContentReport, Enrolment } from '@kampus/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';
/** A real 8-second WebM (the demo library's own, written by apps/api/scripts/make-demo-media.ts). */
const VIDEO = path.resolve(import.meta.dirname, '../../api/src/db/seed/media/video-onboarding-tr.webm');

/** Waits for the page's toasts to leave: their close buttons are not what the axe check is about. */
async function axeClean(page: Page) {
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  expect(await seriousViolations(page)).toEqual([]);
}

async function search(page: Page, text: string) {
  await page.getByTestId('table-search').fill(text);
  await page.waitForURL((url) => url.searchParams.get('search') === text);
}

/** Uploads slowly enough (≈ 60 kB/s) that the progress shows as a person on a slow line would see it. */
async function throttleUploads(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 60 * 1024,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

async function chooseType(page: Page, type: string) {
  await page.goto(`${origin('demo')}/admin/content/add`);
  await page.getByTestId(`content-type-${type}`).click();
  await page.getByTestId('content-type-fields').waitFor();
}

describe('the content library admin in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('creates a web link and an uploaded video, finds, edits and assigns it, and shows its report and the overview', {
    timeout: 240_000,
  }, async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const stamp = Date.now().toString(36);
    const token = await apiLogin(HOST, 'admin@demo.test');
    await signIn(page, 'demo', 'admin@demo.test');
    await page.goto(`${origin('demo')}/admin/content`);
    await page.getByTestId('content-add').first().waitFor();
    await axeClean(page);

    // A web link, started from the footer's quick-create (company.content.add): the type first, then an address
    // that is not http(s) is refused on its field before sending.
    await page.getByTestId('quick-create').click();
    await page.getByTestId('quick-create-content').click();
    await page.waitForURL(/\/admin\/content\/add$/);
    await page.getByTestId('content-type-link').click();
    const form = page.getByTestId('content-form');
    await form.locator('input[name="title"]').fill(`Bağlantı ${stamp}`);
    await page.getByTestId('content-url').fill('ftp://example.com');
    await page.getByTestId('content-form-save').click();
    await page.locator('[data-testid="content-url"][aria-invalid="true"]').waitFor();
    await page.getByTestId('content-url').fill(`https://example.com/${stamp}`);
    await axeClean(page);
    await page.getByTestId('content-form-save').click();
    await page.waitForURL(/\/admin\/content$/);

    // A video: its file uploads with a visible progress (bytes sent of the whole, a cancel button), and the
    // length is read from the file in the browser.
    await chooseType(page, 'video');
    await form.locator('input[name="title"]').fill(`Video ${stamp}`);
    const restore = await throttleUploads(page);
    await page.getByTestId('content-file-input').setInputFiles(VIDEO);
    await page.getByTestId('content-file-progress').waitFor();
    await page.getByTestId('content-file-bytes').waitFor();
    expect(await page.getByTestId('content-file-bytes').textContent()).toMatch(/ \/ 191\.87 KB$/);
    await page.getByTestId('content-file-cancel').waitFor();
    expect(await page.getByTestId('content-form-save').isDisabled()).toBe(true);
    await page.getByTestId('content-file-name').filter({ hasText: 'video-onboarding-tr.webm (' }).waitFor({
      timeout: 60_000,
    });
    await restore();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="content-duration"]') as HTMLInputElement | null)?.value === '8',
    );
    await axeClean(page);
    await page.getByTestId('content-form-save').click();
    await page.waitForURL(/\/admin\/content$/);

    // Both are listed; the type filter keeps the video alone.
    await search(page, stamp);
    const rows = page.getByTestId('table-row');
    await rows.filter({ hasText: `Bağlantı ${stamp}` }).waitFor();
    await rows.filter({ hasText: `Video ${stamp}` }).waitFor();
    await page.getByTestId('table-filter-type').click();
    await page.getByRole('option', { name: 'Video' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'video');
    await rows.filter({ hasText: `Bağlantı ${stamp}` }).waitFor({ state: 'detached' });
    const videoRow = rows.filter({ hasText: `Video ${stamp}` });
    await videoRow.locator('[data-testid="content-type"][data-type="video"]').waitFor();
    await axeClean(page);

    // Edit: the type stays, the title changes.
    await videoRow.getByTestId('content-edit').click();
    await page.waitForURL(/\/admin\/content\/edit\/\d+$/);
    const id = Number(page.url().split('/').at(-1));
    await page.locator('[data-testid="content-form-type"][data-type="video"]').waitFor();
    await page.getByTestId('content-file-current').waitFor();
    await form.locator('input[name="title"]').fill(`Video ${stamp} güncel`);
    await axeClean(page);
    await page.getByTestId('content-form-save').click();
    await page.waitForURL(/\/admin\/content(\?.*)?$/);
    const saved = await apiCall<{ data: Content }>(HOST, 'GET', `/api/admin/contents/${id}`, undefined, token);
    expect(saved.data).toMatchObject({
      title: `Video ${stamp} güncel`,
      type: 'video',
      duration_seconds: 8,
      guard_enabled: true,
      completion_threshold: 95,
      version: 1,
    });
    expect(saved.data.file?.name).toBe('video-onboarding-tr.webm');

    // Assignment: the content's assignment page is the assignment form with the content as its item (issue 14);
    // the learner, found by their address, gets it when it is published.
    await page.goto(`${origin('demo')}/admin/content/${id}/assignment`);
    await page
      .getByTestId('assignment-item-row')
      .filter({ hasText: `Video ${stamp} güncel` })
      .waitFor();
    await page.getByTestId('assignment-name').fill(`Video ${stamp} ataması`);
    const people = page.getByTestId('assignment-target-users');
    await people.click();
    await people.fill('learner@demo');
    await page.getByRole('option', { name: /learner@demo\.test/ }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('assignment-publish').click();
    await page.getByTestId('assignment-publish-yes').click();
    await page.waitForURL(/\/admin\/assignment\/\d+\/edit\?job=\d+$/);
    await page.getByTestId('assignment-publish-progress').getByTestId('job-progress').waitFor();
    await page
      .getByTestId('assignment-publish-progress')
      .getByText('Herkes atamayı aldı.')
      .waitFor({ timeout: 30_000 });
    await axeClean(page);
    const enrolments = await apiCall<{ data: Enrolment[] }>(
      HOST,
      'GET',
      `/api/admin/contents/${id}/enrolments`,
      undefined,
      token,
    );
    expect(enrolments.data.map((row) => row.user.email)).toEqual(['learner@demo.test']);

    // The report: the summary counts the enrolment, the learners table lists them not started.
    await page.goto(`${origin('demo')}/admin/content/detail/${id}`);
    await page.getByTestId('content-report-summary').waitFor();
    const report = await apiCall<ContentReport>(HOST, 'GET', `/api/admin/contents/${id}/report`, undefined, token);
    expect(report.summary.enrolled).toBe(1);
    expect(await page.getByTestId('summary-enrolled-value').textContent()).toBe('1');
    const learnerRow = page.getByTestId('table-row').filter({ hasText: 'learner@demo.test' });
    await learnerRow.locator('[data-testid="progress-status"][data-status="not_started"]').waitFor();
    await axeClean(page);

    // The overview: storage per type as the server counts it.
    await page.goto(`${origin('demo')}/admin/content-management`);
    await page.getByTestId('content-storage').waitFor();
    const overview = await apiCall<{ data: ContentOverview }>(
      HOST,
      'GET',
      '/api/admin/content-overview',
      undefined,
      token,
    );
    const videos = overview.data.storage.find((row) => row.type === 'video');
    expect(videos?.bytes).toBeGreaterThanOrEqual(196_476);
    expect(await page.getByTestId('storage-video-count').textContent()).toContain(String(videos?.contents));
    await axeClean(page);
  });
});
