import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { launch, signIn } from './browser.js';

type Company = { id: number; slug: string };

/** Changes one setting of a seeded company as the super admin (POST api/company keeps the other settings). */
async function setSetting(slug: string, key: string, value: unknown): Promise<void> {
  const superToken = await apiLogin('demo.localhost', 'super@kampus.test');
  const list = await apiCall<{ data: Company[] }>(
    'demo.localhost',
    'GET',
    `/api/company?search=${slug}`,
    undefined,
    superToken,
  );
  const company = list.data.find((c) => c.slug === slug);
  if (!company) throw new Error(`no company ${slug}`);
  await apiCall('demo.localhost', 'POST', '/api/company', { ...company, settings: [{ key, value }] }, superToken);
}

/** Presence over Socket.IO between two people of one company (spec §2.6, §2.8, §4). */
describe('online users in Chromium', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function signedIn(slug: string, username: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, slug, username);
    return { context, page };
  }

  const count = (page: Page) => page.getByTestId('online-count');

  beforeAll(async () => {
    browser = await launch();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(() => browser.close());

  it('counts both people, lists the other by initials and masked name, and drops the leaver after 5 s', async () => {
    const learner = await signedIn('demo', 'learner@demo.test');
    const admin = await signedIn('demo', 'admin@demo.test');
    await count(learner.page).filter({ hasText: /^2$/ }).waitFor();
    await count(admin.page).filter({ hasText: /^2$/ }).waitFor();

    // Demo Holding restricts surnames: the learner (one role) sees the admin's masked; the admin sees it in full.
    await count(learner.page).click();
    const learnerDialog = learner.page.getByTestId('online-dialog');
    const adminRow = learnerDialog.locator('li[data-user-id]').filter({ hasText: 'Derya Y****' });
    await adminRow.waitFor();
    expect(await adminRow.getByText('DY', { exact: true }).count()).toBe(1);
    expect(await learnerDialog.getByText('Derya Yönetici').count()).toBe(0);
    expect(await learnerDialog.locator('li[data-user-id]').count()).toBe(2);

    await count(admin.page).click();
    const adminDialog = admin.page.getByTestId('online-dialog');
    const learnerRow = adminDialog.locator('li[data-user-id]').filter({ hasText: 'Deniz Öğrenci' });
    await learnerRow.waitFor();
    expect(await learnerRow.getByText('DÖ', { exact: true }).count()).toBe(1);

    // The learner closes the browser: still listed as just gone, then removed after the offline delay.
    const closedAt = Date.now();
    await learner.context.close();
    await learnerRow.getByText('Az önce ayrıldı').waitFor();
    await learnerRow.waitFor({ state: 'detached', timeout: 15_000 });
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(4500);
    await admin.page.keyboard.press('Escape');
    await count(admin.page).filter({ hasText: /^1$/ }).waitFor();
    expect(await count(admin.page).getAttribute('aria-label')).toBe('Çevrimiçi kullanıcılar: 1');
    await count(admin.page).click();
    await adminDialog.getByText('Şu anda sizden başka çevrimiçi kimse yok.').waitFor();
  });

  it('shows no online count where the company hides online users', async () => {
    await setSetting('acme', 'hide_online_users', true);
    try {
      const { page } = await signedIn('acme', 'learner@acme.test');
      await page.getByTestId('notification-bell').waitFor();
      expect(await count(page).count()).toBe(0);
    } finally {
      await setSetting('acme', 'hide_online_users', false);
    }
  });
});
