import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

/** Waits for the page's toasts to leave: their close buttons are not what the axe check is about. */
async function axeClean(page: Page) {
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  expect(await seriousViolations(page)).toEqual([]);
}

describe('certificate templates in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('lets the demo admin design a template by dragging a field, save it and find it listed with its thumbnail', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    const name = `Onur Belgesi ${Date.now().toString(36)}`;
    await signIn(page, 'demo', 'admin@demo.test');
    await page.goto(`${origin('demo')}/admin/certificate-templates`);
    // The demo templates are listed, each with the PNG the server rendered of it.
    await page.getByTestId('table-row').filter({ hasText: 'Katılım Sertifikası' }).waitFor();
    await page.locator('[data-testid="certificate-template-thumbnail"] img').first().waitFor();
    await axeClean(page);

    await page.getByTestId('certificate-template-add').first().click();
    await page.waitForURL(/\/admin\/certificate-template\/add$/);
    await page.getByTestId('certificate-template-name').fill(name);
    await page.getByTestId('certificate-add-field').click();
    const field = page.locator('[data-testid^="canvas-field-"]').first();
    await field.waitFor();
    // Filled with the sample learner in the session's language.
    await page.getByTestId('certificate-canvas').getByText('Gülşen Yıldırım').waitFor();
    const before = { x: Number(await field.getAttribute('data-x')), y: Number(await field.getAttribute('data-y')) };

    // Drag it 120 px down with the mouse.
    const box = (await field.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 60, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 120, { steps: 4 });
    await page.mouse.up();
    const afterDrag = Number(await field.getAttribute('data-y'));
    expect(afterDrag).toBeGreaterThan(before.y + 60);
    // And one point right with the keyboard.
    await field.focus();
    await page.keyboard.press('ArrowRight');
    expect(Number(await field.getAttribute('data-x'))).toBe(before.x + 1);
    await axeClean(page);

    await page.getByTestId('certificate-template-form-save').click();
    await page.waitForURL(/\/admin\/certificate-templates(\?.*)?$/);
    await page.getByTestId('table-search').fill(name);
    // The list re-renders once the search reaches the address: a click before that may land on a row being replaced.
    await page.waitForURL((url) => url.searchParams.get('search') === name);
    const row = page.getByTestId('table-row').filter({ hasText: name });
    await row.waitFor();
    const thumbnail = row.locator('[data-testid="certificate-template-thumbnail"] img');
    await thumbnail.waitFor();
    // The thumbnail is the server's 600 × 1024 PNG of the saved design.
    const natural = await thumbnail.evaluate(async (img: HTMLImageElement) => {
      if (!img.complete) await new Promise((resolve) => img.addEventListener('load', resolve, { once: true }));
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(natural).toEqual([600, 1024]);

    // The saved position is the dragged one.
    await row.getByTestId('certificate-template-edit').click();
    await page.waitForURL(/\/admin\/certificate-template\/\d+\/edit$/);
    const saved = page.locator('[data-testid^="canvas-field-"]').first();
    await saved.waitFor();
    expect(Number(await saved.getAttribute('data-y'))).toBe(afterDrag);
    await axeClean(page);
  });
});
