import type { Program } from '@kampus/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';

/** Waits for the page's toasts to leave: their close buttons are not what the axe check is about. */
async function axeClean(page: Page) {
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  expect(await seriousViolations(page)).toEqual([]);
}

/** Picks an education in the steps builder by searching its title. */
async function pickEducation(page: Page, title: string) {
  const picker = page.getByTestId('program-step-picker');
  await picker.click();
  await picker.fill(title);
  await page.getByRole('option', { name: title }).click();
  await page.getByTestId('program-step-title').filter({ hasText: title }).waitFor();
}

const stepTitles = (page: Page) => page.getByTestId('program-step-title').allTextContents();

describe('the programs admin in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('creates a program of two educations from the quick-create, reorders its steps, saves and lists it', {
    timeout: 180_000,
  }, async () => {
    const stamp = Date.now().toString(36);
    const token = await apiLogin(HOST, 'admin@demo.test');
    const first = `Bilgi güvenliği ${stamp}`;
    const second = `KVKK farkındalığı ${stamp}`;
    const ids: number[] = [];
    for (const title of [first, second]) {
      const created = await apiCall<{ data: { id: number } }>(
        HOST,
        'POST',
        '/api/admin/educations',
        { title, language: 'tr', visibility: 'catalogue' },
        token,
      );
      ids.push(created.data.id);
    }

    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, 'demo', 'admin@demo.test');
    await page.goto(`${origin('demo')}/admin/program`);
    await page.getByTestId('program-add').first().waitFor();
    await axeClean(page);

    // Started from the footer's quick-create (company.program.add).
    await page.getByTestId('quick-create').click();
    await page.getByTestId('quick-create-program').click();
    await page.waitForURL(/\/admin\/program\/add$/);
    await page.getByTestId('program-steps-empty').waitFor();
    await page.getByTestId('program-title').fill(`Uyum yolu ${stamp}`);
    await pickEducation(page, first);
    await pickEducation(page, second);
    expect(await stepTitles(page)).toEqual([first, second]);

    // The second step is dragged up from the keyboard (space, arrow, space on its handle), down again with its
    // button and up once more with the other: both ways of reordering end where they should.
    const handle = page.getByRole('button', { name: `Sürükleyerek sırala: ${second}` });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await page.waitForFunction(
      (title) => document.querySelector('[data-testid="program-step-title"]')?.textContent === title,
      second,
    );
    expect(await stepTitles(page)).toEqual([second, first]);
    await page.getByRole('button', { name: `Aşağı taşı: ${second}` }).click();
    expect(await stepTitles(page)).toEqual([first, second]);
    await page.getByRole('button', { name: `Yukarı taşı: ${second}` }).click();
    expect(await stepTitles(page)).toEqual([second, first]);
    await page.getByLabel(`${second} için süre (gün)`).fill('14');
    await axeClean(page);
    await page.getByTestId('program-form-save').click();
    await page.waitForURL(/\/admin\/program$/);

    await page.getByTestId('table-search').fill(stamp);
    await page.waitForURL((url) => url.searchParams.get('search') === stamp);
    const row = page.getByTestId('table-row').filter({ hasText: `Uyum yolu ${stamp}` });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${second} → ${first}`);
    await axeClean(page);

    const list = await apiCall<{ data: Program[] }>(
      HOST,
      'GET',
      `/api/admin/programs?search=${encodeURIComponent(stamp)}`,
      undefined,
      token,
    );
    expect(list.data).toHaveLength(1);
    expect(list.data[0]?.steps.map((step) => [step.education_id, step.deadline_days])).toEqual([
      [ids[1], 14],
      [ids[0], null],
    ]);

    // The edit page shows the steps as saved.
    await row.getByTestId('program-edit').click();
    await page.waitForURL(/\/admin\/program\/edit\/\d+$/);
    await page.getByTestId('program-step-list').waitFor();
    expect(await stepTitles(page)).toEqual([second, first]);
    await axeClean(page);
  });
});
