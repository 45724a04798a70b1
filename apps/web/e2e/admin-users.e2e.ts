import { readFile } from 'node:fs/promises';
import type { AdminUser } from '@kampus/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';

/** Types into the list's search box and waits for the table to show exactly the rows the search finds. */
async function search(page: Page, text: string) {
  await page.getByTestId('table-search').fill(text);
  await page.waitForURL((url) => url.searchParams.get('search') === text);
}

describe('admin users in Chromium', () => {
  let browser: Browser;
  let page: Page;
  const stamp = Date.now().toString(36);
  const email = `e2e-${stamp}@demo.test`;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('sends a learner opening /admin/user/list to /403', async () => {
    const learner = await (await browser.newContext()).newPage();
    await signIn(learner, 'demo', 'learner@demo.test');
    await learner.goto(`${origin('demo')}/admin/user/list`);
    await learner.waitForURL(/\/403$/);
    await learner.getByTestId('error-403').waitFor();
  });

  it('lets the demo admin create, find, edit, make passive and reactivate a user', async () => {
    page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    await signIn(page, 'demo', 'admin@demo.test');

    // /admin/user leads to the list; the navigation offers the people area.
    await page.goto(`${origin('demo')}/admin/user`);
    await page.waitForURL(/\/admin\/user\/list$/);
    await page.getByTestId('table-row').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Create.
    await page.getByTestId('user-add').click();
    await page.waitForURL(/\/admin\/user\/add$/);
    const form = page.getByTestId('user-form');
    await form.locator('input[name="name"]').fill('Zeynep');
    await form.locator('input[name="surname"]').fill(`Test ${stamp}`);
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="department"]').fill('Satış');
    // The demo company defines its own fields: one labelled input each, in its order.
    await expect
      .poll(() => page.getByTestId('user-custom-fields').locator('label').allTextContents())
      .toEqual(['Masraf merkezi', 'Kademe', 'Vardiya']);
    await form.locator('input[name="custom_fields.cost_center"]').fill('MM-999 E2E');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('user-form-save').click();
    await page.waitForURL(/\/admin\/user\/list$/);

    // Find them by search.
    await search(page, email);
    const row = page.getByTestId('table-row');
    await row.filter({ hasText: email }).waitFor();
    // The previous page stays on screen until the search answers.
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText('Satış').waitFor();

    // Edit: the title changes, saved and back to the list.
    await row.filter({ hasText: email }).getByTestId('user-edit').click();
    await page.waitForURL(/\/admin\/user\/edit\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await form.locator('input[name="title"]').fill('Bölge Müdürü');
    await page.getByTestId('user-form-save').click();
    await page.waitForURL(/\/admin\/user\/list/);
    await search(page, email);
    const mine = page.getByTestId('table-row').filter({ hasText: email });
    // The title column is hidden at first; shown from the columns menu, it carries the new title.
    await mine.waitFor();
    expect(await mine.getByText('Bölge Müdürü').count()).toBe(0);
    await page.getByTestId('table-columns').click();
    await page.getByTestId('table-column-title').check();
    await page.keyboard.press('Escape');
    await mine.getByText('Bölge Müdürü').waitFor();

    // Make passive (confirmed), then they are in the passive list.
    await mine.getByTestId('user-make-passive').click();
    await page.getByTestId('confirm-accept').click();
    await mine.locator('[data-testid="user-status"][data-status="0"]').waitFor();
    await page.goto(`${origin('demo')}/admin/user/passive?search=${encodeURIComponent(email)}`);
    const passiveRow = page.getByTestId('table-row').filter({ hasText: email });
    await passiveRow.waitFor();

    // Reactivate: they leave the passive list and are active again.
    await passiveRow.getByTestId('user-reactivate').click();
    await page.getByTestId('table-empty').waitFor();
    const token = await apiLogin(HOST, 'admin@demo.test');
    const user = (await apiCall<{ data: AdminUser }>(HOST, 'GET', `/api/admin/users/${id}`, undefined, token)).data;
    expect(user).toMatchObject({
      email,
      status: 1,
      title: 'Bölge Müdürü',
      department: 'Satış',
      custom_fields: { cost_center: 'MM-999 E2E' },
    });
  });

  it('sorts by name like the API, and exports the current query as csv with its header row', async () => {
    await page.goto(`${origin('demo')}/admin/user/list`);
    await page.getByTestId('table-row').first().waitFor();
    await page.locator('th[data-accessor="name"]').getByText('Ad soyad').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'name');
    const token = await apiLogin(HOST, 'admin@demo.test');
    const sorted = await apiCall<{ data: AdminUser[] }>(
      HOST,
      'GET',
      '/api/admin/users?sort=name&per_page=20',
      undefined,
      token,
    );
    const expected = sorted.data.map((u) => String(u.id));
    await page.waitForFunction(
      (first) => document.querySelector('[data-testid="table-row"]')?.getAttribute('data-id') === first,
      expected[0],
    );
    const shown = await page
      .getByTestId('table-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')));
    expect(shown).toEqual(expected);

    await search(page, email);
    await page.getByTestId('table-row').filter({ hasText: email }).waitFor();
    await expect.poll(() => page.getByTestId('table-row').count()).toBe(1);
    await page.getByTestId('table-export').click();
    // The export is written by a background job: its panel shows, the file is saved by itself once written.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('table-export-csv').click()]);
    await page.getByTestId('table-export-progress').getByTestId('export-ready').waitFor();
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = (await readFile((await download.path()) as string, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...lines] = text.trim().split(/\r?\n/);
    expect(header).toContain('E-posta');
    expect(header).toMatch(/,Masraf merkezi,Kademe,Vardiya$/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(email);
    expect(lines[0]).toContain('MM-999 E2E');
  });
});
