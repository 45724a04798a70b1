import { readFile } from 'node:fs/promises';
import type { AdminMenuItem } from '@kampus/shared';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations as axeViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const ACME = 'acme.localhost';

const seriousViolations = (page: Page, selector: string) => axeViolations(page, (builder) => builder.include(selector));

/** Moves inside the single-page app as a link would (history + popstate): no reload, the query cache stays. */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}

async function sideMenuPaths(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await menu.getByRole('link').first().waitFor();
  return menu
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

describe('admin menu modules and data tools in Chromium', () => {
  let browser: Browser;
  let token: string;
  let original: AdminMenuItem[] = [];
  const items = async () =>
    (
      await apiCall<{ data: AdminMenuItem[] }>(
        ACME,
        'GET',
        '/api/admin/menu-modules?per_page=100&sort=order',
        undefined,
        token,
      )
    ).data;

  beforeAll(async () => {
    browser = await launch();
    token = await apiLogin(ACME, 'admin@acme.test');
    original = await items();
  });
  afterAll(async () => {
    // Other browser tests read Acme's seeded menu: its order and statuses go back as they were.
    await apiCall(ACME, 'PUT', '/api/admin/menu-modules/order', { ids: original.map((i) => i.id) }, token);
    for (const item of original) {
      await apiCall(ACME, 'PUT', `/api/admin/menu-modules/${item.id}`, { status: item.status }, token);
    }
    await browser.close();
  });

  it('switches a menu item on and off and reorders it, and the learner side menu follows without a reload', async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, 'acme', 'admin@acme.test');
    // Seeded for Acme: notifications live in the header bell only (status 0).
    const before = await sideMenuPaths(page);
    expect(before).not.toContain('/notification');
    expect(before[0]).toBe('/dashboard');

    await goInApp(page, '/admin/menu-modules');
    const notification = page.locator('[data-testid="menu-item-row"][data-type="notification"]');
    await notification.waitFor();
    expect(await seriousViolations(page, '[data-testid="menu-modules-page"]')).toEqual([]);

    // Switch it on: the side menu shows it, last.
    await notification.getByTestId('menu-item-status').click({ force: true });
    await page.getByText('“Notifications” is shown in the menu.').waitFor();
    await goInApp(page, '/dashboard');
    await expect.poll(async () => (await sideMenuPaths(page)).at(-1)).toBe('/notification');

    // Move it to the top from the keyboard: space, arrow up as often as needed, space.
    await goInApp(page, '/admin/menu-modules');
    await notification.waitFor();
    const count = await page.getByTestId('menu-item-row').count();
    await notification.getByTestId('menu-item-handle').focus();
    const announced = page.locator('[id^="DndLiveRegion"]');
    await page.keyboard.press('Space');
    await announced
      .filter({ hasText: 'Picked up “Notifications”' })
      .or(announced.filter({ hasText: 'moved to' }))
      .waitFor();
    // One step at a time: each arrow moves one row once the previous move has settled.
    for (let i = 0; i < count && !(await announced.textContent())?.includes('position 1.'); i++) {
      await page.keyboard.press('ArrowUp');
      await page.waitForTimeout(250);
    }
    expect(await announced.textContent()).toBe('“Notifications” moved to position 1.');
    await page.keyboard.press('Space');
    await page.getByTestId('menu-order-status').filter({ hasText: 'Menu order saved.' }).waitFor();
    expect((await items()).map((i) => i.type)[0]).toBe('notification');
    await goInApp(page, '/dashboard');
    await expect.poll(async () => (await sideMenuPaths(page))[0]).toBe('/notification');

    // And off again: it leaves the side menu.
    await goInApp(page, '/admin/menu-modules');
    await notification.getByTestId('menu-item-status').click({ force: true });
    await page.getByText('“Notifications” is hidden from the menu.').waitFor();
    await goInApp(page, '/dashboard');
    await expect.poll(async () => sideMenuPaths(page)).not.toContain('/notification');
    await page.context().close();
  });

  it("downloads the company's data workbook from /admin/data", async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, 'demo', 'admin@demo.test');
    await page.goto(`${origin('demo')}/admin/data`);
    await page.getByTestId('data-export').waitFor();
    // Written in the background: a progress bar, then the file saved by itself and offered again.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('data-export').click()]);
    await page.getByTestId('export-ready').waitFor();
    expect(download.suggestedFilename()).toMatch(/^sirket-verileri-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path()) as string)) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name).slice(0, 4)).toEqual([
      'Kullanıcılar',
      'Rol atamaları',
      'Oturum açmalar',
      'Sayfa görüntülemeleri',
    ]);
    expect(workbook.getWorksheet('Kullanıcılar')!.rowCount).toBeGreaterThan(10);
    await page.getByText(/indirildi/).waitFor();
    expect(await seriousViolations(page, '[data-testid="data-page"]')).toEqual([]);
    await page.context().close();
  });
});
