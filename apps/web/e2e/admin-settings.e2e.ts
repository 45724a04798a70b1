import { request } from 'node:http';
import type { AdminCompany, CompanySelf, CompanySettingsForm, StorageUsage } from '@kampus/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';
import { e2ePort } from './servers.js';

const HOST = 'demo.localhost';
/** A real 1×1 PNG, as the logo upload checks the content's magic bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The status of a GET on a host of the test server (a file is no JSON for apiCall). */
function statusOf(host: string, path: string): Promise<number> {
  const port = e2ePort();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `${host}:${port}` } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

const backgroundOf = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((element) => getComputedStyle(element).backgroundColor);

describe('company settings and the company registry in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('recolours the running app after the demo admin saves a new primary colour', async () => {
    const token = await apiLogin(HOST, 'admin@demo.test');
    const original = await apiCall<{ data: CompanySettingsForm }>(HOST, 'GET', '/api/admin/settings', undefined, token);
    const page = await (await browser.newContext()).newPage();
    try {
      await signIn(page, 'demo', 'admin@demo.test');
      await page.goto(`${origin('demo')}/admin/settings`);
      await page.getByTestId('settings-form').waitFor();
      // The company's storage shows above its settings, as the API counts it, with a named progress bar.
      const storage = await apiCall<{ data: StorageUsage }>(
        HOST,
        'GET',
        '/api/admin/settings/storage',
        undefined,
        token,
      );
      await page.getByTestId('settings-storage').waitFor();
      expect(await page.getByTestId('settings-storage-files').textContent()).toMatch(
        new RegExp(`: ${storage.data.files}$`),
      );
      expect(
        await page.getByTestId('settings-storage').getByRole('progressbar').getAttribute('aria-label'),
      ).toBeTruthy();
      expect(await seriousViolations(page)).toEqual([]);
      const before = await backgroundOf(page, 'settings-form-save');
      expect(before).toBe('rgb(63, 81, 181)');

      await page.getByTestId('settings-tab-branding').click();
      const primary = page.getByTestId('color-primaryColor');
      await primary.fill('#aa0000');
      await primary.press('Escape');
      // The preview follows as one types, before anything is saved.
      expect(await backgroundOf(page, 'theme-preview-button')).toBe('rgb(170, 0, 0)');
      expect(await backgroundOf(page, 'settings-form-save')).toBe(before);

      await page.getByTestId('settings-form-save-stay').click();
      await page.getByText('The settings have been saved.').or(page.getByText('Ayarlar kaydedildi.')).waitFor();
      // No reload: the frame's primary elements take the new colour.
      await expect.poll(() => backgroundOf(page, 'settings-form-save')).toBe('rgb(170, 0, 0)');
      const saved = await apiCall<{ data: CompanySettingsForm }>(HOST, 'GET', '/api/admin/settings', undefined, token);
      expect(saved.data.theme_settings.primaryColor).toBe('#aa0000');
      const self = await apiCall<{ data: CompanySelf }>(HOST, 'GET', '/api/company/self');
      expect(self.data.settings).toContainEqual({
        key: 'theme_settings',
        value: expect.objectContaining({ primaryColor: '#aa0000' }),
      });
    } finally {
      // Browser tests share one server: leave the demo company as it was.
      await apiCall(HOST, 'PUT', '/api/admin/settings', { theme_settings: original.data.theme_settings }, token);
    }
  });

  it('lets an admin define a user field that the user form then offers, its key fixed once saved', async () => {
    const host = 'acme.localhost';
    const token = await apiLogin(host, 'admin@acme.test');
    const original = await apiCall<{ data: CompanySettingsForm }>(host, 'GET', '/api/admin/settings', undefined, token);
    const page = await (await browser.newContext()).newPage();
    try {
      await signIn(page, 'acme', 'admin@acme.test');
      await page.goto(`${origin('acme')}/admin/settings`);
      await page.getByTestId('settings-tab-fields').click();
      await page.getByTestId('user-fields-empty').waitFor();
      await page.getByTestId('user-field-add').click();
      await page.getByTestId('user-field-0-label-en').fill('Badge colour');
      await page.getByTestId('user-field-0-label-de').fill('Ausweisfarbe');
      expect(await page.getByTestId('user-field-0-key').inputValue()).toBe('badge_colour');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('settings-form-save-stay').click();
      await expect.poll(() => page.getByTestId('user-field-0-key').getAttribute('readonly')).not.toBeNull();
      const saved = await apiCall<{ data: CompanySettingsForm }>(host, 'GET', '/api/admin/settings', undefined, token);
      expect(saved.data.user_custom_fields).toEqual([
        { key: 'badge_colour', label: { en: 'Badge colour', de: 'Ausweisfarbe' } },
      ]);

      await page.goto(`${origin('acme')}/admin/user/add`);
      const input = page.getByTestId('user-form').locator('input[name="custom_fields.badge_colour"]');
      await input.waitFor();
      expect(await page.getByTestId('user-custom-fields').locator('label').allTextContents()).toEqual(['Badge colour']);
    } finally {
      // Browser tests share one server: leave the company as it was.
      await apiCall(
        host,
        'PUT',
        '/api/admin/settings',
        { user_custom_fields: original.data.user_custom_fields },
        token,
      );
    }
  });

  it('lets a super admin create a company with a logo that its own host serves', async () => {
    const stamp = Date.now().toString(36);
    const slug = `e2e-${stamp}`;
    const page = await (await browser.newContext()).newPage();
    await signIn(page, 'demo', 'super@kampus.test');
    await page.goto(`${origin('demo')}/admin/companies`);
    await page.getByTestId('table-row').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('company-add').first().click();
    await page.waitForURL(/\/admin\/companies\/add$/);
    const form = page.getByTestId('company-form');
    await form.locator('input[name="name"]').fill(`E2E Akademi ${stamp}`);
    await form.locator('input[name="slug"]').fill(slug);
    await page.getByTestId('logo-upload-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('logo-image').waitFor();
    const primary = page.getByTestId('color-primaryColor');
    await primary.fill('#0f766e');
    await primary.press('Escape');
    expect(await backgroundOf(page, 'theme-preview-button')).toBe('rgb(15, 118, 110)');
    await page.getByTestId('company-form-save').click();
    await page.waitForURL(/\/admin\/companies$/);
    await page.getByTestId('table-search').fill(stamp);
    await page
      .getByTestId('table-row')
      .filter({ hasText: `E2E Akademi ${stamp}` })
      .waitFor();

    const token = await apiLogin(HOST, 'super@kampus.test');
    const list = await apiCall<{ data: AdminCompany[] }>(
      HOST,
      'GET',
      `/api/admin/companies?search=${stamp}`,
      undefined,
      token,
    );
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ slug, status: 1, theme_settings: { primaryColor: '#0f766e' } });
    // The new company's host answers at once, and serves the logo uploaded on the super admin's host.
    const self = await apiCall<{ data: CompanySelf }>(`${slug}.localhost`, 'GET', '/api/company/self');
    expect(self.data.name).toBe(`E2E Akademi ${stamp}`);
    expect(self.data.logo_link).toMatch(/^\/api\/files\/[0-9a-f]{32}\.png$/);
    expect(await statusOf(`${slug}.localhost`, self.data.logo_link ?? '')).toBe(200);
  });
});
