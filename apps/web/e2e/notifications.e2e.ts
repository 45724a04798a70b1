import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { launch, signIn } from './browser.js';

describe('notifications in Chromium', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await (await browser.newContext()).newPage();
    const learner = await apiCall<{ id: number }>('acme.localhost', 'POST', '/api/token', {
      grant_type: 'password',
      username: 'learner@acme.test',
      password: 'Kampus!2026',
    });
    const adminToken = await apiLogin('acme.localhost', 'admin@acme.test');
    for (let i = 1; i <= 120; i++) {
      await apiCall(
        'acme.localhost',
        'POST',
        '/api/notifications',
        i === 120
          ? {
              name: 'Notice 120',
              type: 1,
              data: { message: 'Safety training assigned', webUrl: { name: 'dashboard' } },
              user_ids: [learner.id],
            }
          : { name: `Notice ${i}`, text: `Text ${i}`, user_ids: [learner.id] },
        adminToken,
      );
    }
  });
  afterAll(() => browser.close());

  it('shows 99+ for 120 unread, the 10 latest in bold, and the full list page by page', async () => {
    await signIn(page, 'acme', 'learner@acme.test');
    await page.getByTestId('notification-badge').filter({ hasText: '99+' }).waitFor();
    await page.getByTestId('notification-bell').click();
    const dropdown = page.getByTestId('notification-dropdown');
    await dropdown.getByText('Safety training assigned').waitFor();
    expect(await dropdown.getByRole('menuitem').count()).toBe(10);
    const weight = await dropdown
      .getByText('Safety training assigned')
      .evaluate((el) => getComputedStyle(el).fontWeight);
    expect(Number(weight)).toBeGreaterThanOrEqual(700);

    await dropdown.getByText('Safety training assigned').click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('notification-badge').filter({ hasText: '99+' }).waitFor();

    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-dropdown').getByRole('link', { name: 'See all' }).click();
    await page.waitForURL(/\/notification$/);
    const list = page.getByTestId('notification-list');
    await list.getByText('Notice 119').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/\/notification\?page=2$/);
    await list.getByText('Notice 109').waitFor();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page
      .getByTestId('notification-badge')
      .filter({ hasText: '0' })
      .waitFor({ state: 'hidden' })
      .catch(() => undefined);
    // With nothing unread the badge is gone.
    await page.waitForFunction(() => document.querySelector('[data-testid="notification-badge"]') === null);
  });

  it('opens the mandatory-missions modal for an unread notice until it is read', async () => {
    const learner = await apiCall<{ id: number }>('acme.localhost', 'POST', '/api/token', {
      grant_type: 'password',
      username: 'learner@acme.test',
      password: 'Kampus!2026',
    });
    const adminToken = await apiLogin('acme.localhost', 'admin@acme.test');
    await apiCall(
      'acme.localhost',
      'POST',
      '/api/notifications',
      {
        name: 'Code of conduct',
        text: '<p>Please read our <strong>code of conduct</strong>.</p><script>window.injected = true</script>',
        is_notice: true,
        user_ids: [learner.id],
      },
      adminToken,
    );
    await page.getByTestId('header-logo').click();
    const modal = page.getByTestId('mandatory-modal');
    await modal.getByText('Code of conduct', { exact: true }).waitFor({ timeout: 15_000 });
    await modal.getByText('code of conduct', { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    await page.keyboard.press('Escape');
    await modal.getByText('Code of conduct', { exact: true }).waitFor();
    await modal.getByRole('button', { name: 'I have read this' }).click();
    await page.getByText('Done successfully.').waitFor();
    await modal.getByText('Code of conduct', { exact: true }).waitFor({ state: 'detached' });
  });

  it('lists the demo learner’s open mandatory assignments once no notice is left, and cannot be dismissed', async () => {
    const own = await launch({ mandatoryAssignments: true });
    try {
      const learnerPage = await (await own.newContext()).newPage();
      await signIn(learnerPage, 'demo', 'learner@demo.test');
      const modal = learnerPage.getByTestId('mandatory-modal');
      // The seeded ones (db/seed/assignments.ts): one started (continue), one not (start).
      await modal.getByText('Bilgi Güvenliği Farkındalığı 2026', { exact: true }).waitFor({ timeout: 15_000 });
      await modal.getByText('İş Sağlığı ve Güvenliği Yenileme', { exact: true }).waitFor();
      expect(await modal.getByTestId('mandatory-notice').count()).toBe(0);
      await learnerPage.keyboard.press('Escape');
      await modal.getByText('Bilgi Güvenliği Farkındalığı 2026', { exact: true }).waitFor();
    } finally {
      await own.close();
    }
  });
});
