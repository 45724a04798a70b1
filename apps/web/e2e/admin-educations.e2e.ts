import type { Education, EducationCategory } from '@kampus/shared';
import type { Browser, Locator, Page } from 'playwright-core';
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

/** The part titles of the builder, in their order. */
const partTitles = (page: Page) => page.getByTestId('part-title').allTextContents();

/** Adds a content of the demo library as the next part, found through the picker's server search. */
async function addPart(page: Page, search: string, title: string) {
  const before = (await partTitles(page)).length;
  const picker = page.getByTestId('parts-picker');
  await picker.click();
  await picker.fill(search);
  await page.getByRole('option', { name: new RegExp(title) }).click();
  await expect.poll(() => partTitles(page)).toHaveLength(before + 1);
}

/** Picks an option of a Mantine select by its text. */
async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).click();
}

describe('the education catalogue admin in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('creates a category and an education of three parts, reorders them from the keyboard, and reports its learners', {
    timeout: 300_000,
  }, async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const stamp = Date.now().toString(36);
    const token = await apiLogin(HOST, 'admin@demo.test');
    await signIn(page, 'demo', 'admin@demo.test');

    // A category, with an icon of its own, under the catalogue's categories.
    await page.goto(`${origin('demo')}/admin/education/categories`);
    await page.getByTestId('education-category-add').first().click();
    await page.waitForURL(/\/admin\/education\/categories\/add$/);
    await page.getByTestId('category-name-tr').fill(`Siber güvenlik ${stamp}`);
    await page.getByTestId('category-icon-shield-lock').click();
    await axeClean(page);
    await page.getByTestId('education-category-form-save').click();
    await page.waitForURL(/\/admin\/education\/categories$/);
    const categoryRow = page.getByTestId('table-row').filter({ hasText: `Siber güvenlik ${stamp}` });
    await categoryRow.waitFor();
    expect(await categoryRow.getByTestId('category-icon').getAttribute('data-icon')).toBe('shield-lock');
    await axeClean(page);

    // The education, started from the footer's quick-create (company.content.catalog.add).
    await page.getByTestId('quick-create').click();
    await page.getByTestId('quick-create-catalog').click();
    await page.waitForURL(/\/admin\/education\/catalog\/add$/);
    await page.getByTestId('parts-empty').waitFor();
    const title = `Güvenli çalışma ${stamp}`;
    await page.getByTestId('education-title').fill(title);
    await page.getByTestId('education-sub-title').fill('Her çalışan için yıllık eğitim');
    await choose(page, page.getByTestId('education-category'), new RegExp(`Siber güvenlik ${stamp}`));
    await addPart(page, 'hoş geldiniz', 'Kampus’a hoş geldiniz');
    await addPart(page, 'el kitabı', 'Çalışan el kitabı');
    await addPart(page, 'aydınlatma', 'KVKK aydınlatma metni');
    expect(await partTitles(page)).toEqual(['Kampus’a hoş geldiniz', 'Çalışan el kitabı', 'KVKK aydınlatma metni']);
    await page.getByTestId('education-visibility-catalogue').check();
    await axeClean(page);

    // The last part to the top from the keyboard: space picks it up, arrows move it, space drops it.
    const last = page.getByTestId('part-row').filter({ hasText: 'KVKK aydınlatma metni' });
    await last.getByTestId('part-handle').focus();
    const announced = page.locator('[id^="DndLiveRegion"]');
    await page.keyboard.press('Space');
    await announced.filter({ hasText: 'KVKK aydınlatma metni' }).waitFor();
    for (let i = 0; i < 3 && !(await announced.textContent())?.includes('1. sıraya'); i++) {
      await page.keyboard.press('ArrowUp');
      await page.waitForTimeout(250);
    }
    await page.keyboard.press('Space');
    await expect
      .poll(() => partTitles(page))
      .toEqual(['KVKK aydınlatma metni', 'Kampus’a hoş geldiniz', 'Çalışan el kitabı']);
    // The handbook is optional; the buttons move it one step up as well.
    const handbook = page.getByTestId('part-row').filter({ hasText: 'Çalışan el kitabı' });
    await handbook.getByTestId('part-required').uncheck({ force: true });
    await handbook.getByTestId('part-up').click();
    expect(await partTitles(page)).toEqual(['KVKK aydınlatma metni', 'Çalışan el kitabı', 'Kampus’a hoş geldiniz']);

    await page.getByTestId('education-form-save-stay').click();
    await page.waitForURL(/\/admin\/education\/catalog\/edit\/\d+$/);
    const id = Number(page.url().split('/').at(-1));
    const stored = await apiCall<{ data: Education }>(HOST, 'GET', `/api/admin/educations/${id}`, undefined, token);
    expect(stored.data.parts.map((part) => [part.title, part.required])).toEqual([
      ['KVKK aydınlatma metni', true],
      ['Çalışan el kitabı', false],
      ['Kampus’a hoş geldiniz', true],
    ]);
    expect(stored.data.visibility).toBe('catalogue');

    // After a reload the builder shows the stored order and flags.
    await page.reload();
    await expect
      .poll(() => partTitles(page))
      .toEqual(['KVKK aydınlatma metni', 'Çalışan el kitabı', 'Kampus’a hoş geldiniz']);
    expect(
      await page
        .getByTestId('part-row')
        .filter({ hasText: 'Çalışan el kitabı' })
        .getByTestId('part-required')
        .isChecked(),
    ).toBe(false);

    // The catalogue finds it by its category.
    const categories = await apiCall<{ data: EducationCategory[] }>(
      HOST,
      'GET',
      '/api/admin/education-categories?per_page=100',
      undefined,
      token,
    );
    const category = categories.data.find((c) => c.names.tr === `Siber güvenlik ${stamp}`)!;
    await page.goto(`${origin('demo')}/admin/education/catalog?category_id=${category.id}`);
    const row = page.getByTestId('table-row').filter({ hasText: title });
    await row.waitFor();
    expect(await page.getByTestId('table-row').count()).toBe(1);
    await axeClean(page);

    // Its learners: a person enrolled from the modal, then the report and its export.
    await row.getByTestId('education-learners').click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/education/detail' && url.searchParams.get('id') === `${id}`,
    );
    await page.getByTestId('education-report-summary').waitFor();
    await page.getByTestId('enrol-open').click();
    const people = page.getByTestId('enrol-users');
    await people.click();
    await people.fill('Deniz');
    await page.getByRole('option', { name: /Deniz Öğrenci/ }).click();
    // The picker stays open for more people; a click beside it closes it, as a person would.
    await page.locator('.mantine-Modal-title').click();
    await page.getByTestId('enrol-submit').click();
    await page.getByTestId('enrol-form').waitFor({ state: 'detached' });
    const learner = page.getByTestId('table-row').filter({ hasText: 'Deniz Öğrenci' });
    await learner.waitFor();
    expect(await page.getByTestId('summary-enrolled-value').textContent()).toBe('1');
    expect(await learner.textContent()).toContain('0 / 3');
    await axeClean(page);
    await page.getByTestId('table-export').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('table-export-xlsx').click(),
    ]);
    await page.getByTestId('table-export-progress').getByTestId('export-ready').waitFor();
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

    // The purchased list is a working list with its explanation while nothing was bought.
    await page.goto(`${origin('demo')}/admin/education/catalog/purchased`);
    await page.getByTestId('purchased-empty').waitFor();
    await axeClean(page);
    await page.context().close();
  });
});
