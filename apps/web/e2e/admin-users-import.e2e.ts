import type { AdminUser } from '@kampus/shared';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * 200 people with Turkish headers, one of them the label of a field the demo company defines (Vardiya = shift);
 * rows 51, 101 and 151 (spreadsheet numbering) are broken three different ways.
 */
async function peopleWorkbook(stamp: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Kişiler');
  sheet.addRow(['Ad', 'Soyad', 'E-posta', 'Sicil numarası', 'Departman', 'Vardiya']);
  for (let i = 1; i <= 200; i++) {
    const row = [`Kişi${i}`, `Aktarım ${stamp}`, `imp-${stamp}-${i}@demo.test`, `IMP-${stamp}-${i}`, 'Satış', 'Gece'];
    if (i === 50) row[1] = '';
    if (i === 100) row[2] = 'gecersiz-adres';
    if (i === 150) row[2] = `imp-${stamp}-1@demo.test`;
    sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('admin user import and registration requests in Chromium', () => {
  let browser: Browser;
  let page: Page;
  const stamp = Date.now().toString(36);
  beforeAll(async () => {
    browser = await launch();
    page = await (await browser.newContext()).newPage();
    await signIn(page, 'demo', 'admin@demo.test');
  });
  afterAll(() => browser.close());

  it('imports an xlsx of 200 people: the dry run shows the three bad rows, then 197 are created', async () => {
    await page.goto(`${origin('demo')}/admin/user/list`);
    await page.getByTestId('user-import').first().click();
    await page.waitForURL(/\/admin\/user\/import$/);
    await page.getByTestId('import-dropzone').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page
      .getByTestId('import-dropzone')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'kisiler.xlsx', mimeType: XLSX, buffer: await peopleWorkbook(stamp) });
    await page.getByTestId('import-file').waitFor();
    await page.getByTestId('import-send-invitations').uncheck();
    await page.getByTestId('import-check').click();

    const preview = page.getByTestId('import-preview');
    await preview.waitFor();
    expect(await page.getByTestId('import-summary-rows').getAttribute('data-value')).toBe('200');
    expect(await page.getByTestId('import-summary-to_create').getAttribute('data-value')).toBe('197');
    expect(await page.getByTestId('import-summary-invalid').getAttribute('data-value')).toBe('3');
    const errors = page.getByTestId('import-error-row');
    expect(await errors.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row')))).toEqual([
      '51',
      '101',
      '151',
    ]);
    await errors.nth(0).getByText('Bu alan zorunludur.').waitFor();
    await errors.nth(1).getByText('Geçerli bir e-posta adresi girin.').waitFor();
    await errors.nth(2).getByText('Aynı değer bu dosyanın 2. satırında da var.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Nothing was written by the check.
    const token = await apiLogin(HOST, 'admin@demo.test');
    const search = `/api/admin/users?search=${encodeURIComponent(`Aktarım ${stamp}`)}&per_page=1`;
    const before = await apiCall<{ meta: { total: number } }>(HOST, 'GET', search, undefined, token);
    expect(before.meta.total).toBe(0);

    await page.getByTestId('import-run').click();
    const result = page.getByTestId('import-result');
    await result.waitFor({ timeout: 60_000 });
    expect(await result.getAttribute('data-created')).toBe('197');
    expect(await page.getByTestId('import-error-row').count()).toBe(3);

    const after = await apiCall<{ data: AdminUser[]; meta: { total: number } }>(HOST, 'GET', search, undefined, token);
    expect(after.meta.total).toBe(197);
    expect(after.data[0]).toMatchObject({ department: 'Satış', status: 1, custom_fields: { shift: 'Gece' } });

    await page.getByTestId('import-go-to-list').click();
    await page.waitForURL(/\/admin\/user\/list$/);
  });

  it('approves one pending person and rejects another with a reason, from the dashboard figure', async () => {
    const token = await apiLogin(HOST, 'admin@demo.test');
    const create = (name: string) =>
      apiCall<{ data: AdminUser }>(
        HOST,
        'POST',
        '/api/admin/users',
        { name, surname: `Bekleyen ${stamp}`, email: `${name.toLowerCase()}-${stamp}@demo.test`, status: 2 },
        token,
      ).then((body) => body.data);
    const approved = await create('Onay');
    const rejected = await create('Ret');

    await page.goto(`${origin('demo')}/admin/dashboard`);
    await page.getByTestId('figure-link-pending_users').click();
    await page.waitForURL(/\/admin\/requests\/user$/);
    await page.getByTestId('table-search').fill(`Bekleyen ${stamp}`);
    const rows = page.getByTestId('table-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);

    await rows
      .filter({ hasText: approved.email as string })
      .getByTestId('request-approve')
      .click();
    await page.getByTestId('confirm-accept').click();
    await expect.poll(() => rows.count()).toBe(1);

    await rows
      .filter({ hasText: rejected.email as string })
      .getByTestId('request-reject')
      .click();
    await page.getByTestId('reject-submit').click();
    await page.getByText('Bu alan zorunludur.').waitFor();
    await page.getByTestId('reject-reason').fill('Bu adres şirketimize ait değil.');
    await page.getByTestId('reject-submit').click();
    await page.getByTestId('table-empty').waitFor();

    const now = await apiCall<{ data: AdminUser }>(HOST, 'GET', `/api/admin/users/${approved.id}`, undefined, token);
    expect(now.data.status).toBe(1);
    await expect(apiCall(HOST, 'GET', `/api/admin/users/${rejected.id}`, undefined, token)).rejects.toThrow(/^404/);
  });
});
