import type { Question } from '@kampus/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';
/** A 1×1 PNG, for the editor's image button. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Waits for the page's toasts to leave: their close buttons are not what the axe check is about. */
async function axeClean(page: Page) {
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  expect(await seriousViolations(page)).toEqual([]);
}

async function typeText(page: Page, text: string) {
  await page.getByTestId('question-text-content').click();
  await page.keyboard.type(text);
  await page.getByTestId('question-preview').getByText(text).waitFor();
}

describe('the question bank in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('the admin adds a single-choice question with an image and a matching one, previews them and finds them', {
    timeout: 120_000,
  }, async () => {
    const stamp = Date.now().toString(36);
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, 'demo', 'admin@demo.test');

    // Single choice, with an image uploaded through the editor's button (alternative text asked for).
    await page.goto(`${origin('demo')}/admin/question/add`);
    await page.getByTestId('question-preview-empty').waitFor();
    await axeClean(page);
    await typeText(page, `Hangisi en güçlü parola ${stamp}?`);
    await page.getByTestId('question-text-image').click();
    await page.getByTestId('question-text-image-upload-input').setInputFiles({
      name: 'levha.png',
      mimeType: 'image/png',
      buffer: PIXEL,
    });
    await page
      .getByTestId('question-text-image-upload-name')
      .getByText(/levha\.png/)
      .waitFor();
    await page.getByTestId('question-text-image-insert').click();
    // No alternative text: asked for, nothing inserted.
    await page.locator('[data-testid="question-text-image-alt"][aria-invalid="true"]').waitFor();
    await page.getByTestId('question-text-image-alt').fill('Parola uyarı levhası');
    await page.getByTestId('question-text-image-insert').click();
    await page.getByTestId('question-preview').locator('img[alt="Parola uyarı levhası"]').waitFor();
    const options = page.getByTestId('question-option');
    await options.nth(0).fill('123456');
    await options.nth(1).fill('Eğ1t!m-2026');
    await page.getByTestId('question-correct').nth(1).check();
    // The preview answers in an attempt-like order and checks against the marked answer.
    const preview = page.getByTestId('question-preview');
    await preview.getByLabel('Eğ1t!m-2026').check();
    await page.getByTestId('preview-check').click();
    await page.getByTestId('preview-feedback').waitFor();
    await axeClean(page);
    await page.getByTestId('question-form-save').click();
    await page.waitForURL(/\/admin\/questions/);

    // Matching: one select per item in the preview.
    await page.goto(`${origin('demo')}/admin/question/add`);
    await page.getByTestId('question-type-matching').click();
    await typeText(page, `Renkleri eşleştirin ${stamp}`);
    const lefts = page.getByTestId('question-pair-left');
    const rights = page.getByTestId('question-pair-right');
    await lefts.nth(0).fill('Kırmızı');
    await rights.nth(0).fill('Yasak');
    await lefts.nth(1).fill('Mavi');
    await rights.nth(1).fill('Zorunlu');
    await expect.poll(() => preview.getByTestId('preview-match').count()).toBe(2);
    await preview.getByText('Kırmızı').waitFor();
    await page.getByTestId('question-form-save').click();
    await page.waitForURL(/\/admin\/questions/);

    // The list: searched by the stamp, then filtered to matching questions; compared with the API.
    await page.goto(`${origin('demo')}/admin/questions`);
    await page.getByTestId('table-search').fill(stamp);
    await page.waitForURL((url) => url.searchParams.get('search') === stamp);
    await expect.poll(() => page.getByTestId('table-row').count()).toBe(2);
    await page.getByTestId('table-filter-type').click();
    await page.getByRole('option', { name: 'Eşleştirme' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'matching');
    await expect.poll(() => page.getByTestId('table-row').count()).toBe(1);
    await page.getByTestId('table-row').getByText(`Renkleri eşleştirin ${stamp}`).waitFor();
    await axeClean(page);

    const token = await apiLogin(HOST, 'admin@demo.test');
    const found = await apiCall<{ data: Question[] }>(
      HOST,
      'GET',
      `/api/admin/questions?search=${stamp}&sort=title`,
      undefined,
      token,
    );
    expect(found.data.map((q) => q.type)).toEqual(['single', 'matching']);
    const [single, matching] = found.data;
    expect(single?.body.text).toMatch(/<img src="\/api\/files\/[0-9a-f]{32}\.png" alt="Parola uyarı levhası" \/>/);
    if (single?.body.type === 'single') {
      expect(single.body.correct).toBe(single.body.options[1]?.key);
    }
    expect(matching?.body).toMatchObject({
      type: 'matching',
      pairs: [
        { left: 'Kırmızı', right: 'Yasak' },
        { left: 'Mavi', right: 'Zorunlu' },
      ],
    });
  });
});
