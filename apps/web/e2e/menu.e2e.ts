import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

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

/** The demo seed's menu for Demo Holding, in order; my-statistics is switched off (status 0). */
const DEMO_ACTIVE_PATHS = [
  '/dashboard',
  '/notification',
  '/my-assignment',
  '/my-education',
  '/education-category',
  '/my-collection',
  '/gift',
  '/wall',
  '/leader-table',
  '/agenda',
  '/test',
  '/my-certification',
  '/faq',
];

async function menuLinks(page: Page): Promise<{ href: string; label: string }[]> {
  const menu = page.getByTestId('side-menu');
  await menu.getByRole('link').first().waitFor();
  return menu
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((a) => ({ href: new URL((a as HTMLAnchorElement).href).pathname, label: a.textContent ?? '' })),
    );
}

describe('side menu, messages and page views in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await setSetting('acme', 'chat_is_disabled', false);
    await browser.close();
  });

  it('shows the seeded items whose pages exist, in order, and navigates, posting a page view', async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, 'demo', 'learner@demo.test');
    const links = await menuLinks(page);
    const hrefs = links.map((l) => l.href);
    // Pages arrive issue by issue: whatever is shown keeps the seeded order and skips the status-0 item.
    expect(hrefs.slice(0, 2)).toEqual(['/dashboard', '/notification']);
    expect(hrefs).toEqual(DEMO_ACTIVE_PATHS.filter((path) => hrefs.includes(path)));
    expect(hrefs).not.toContain('/my-statistics');
    expect(links[0]?.label).toBe('Ana Sayfa');
    expect(links[1]?.label).toBe('Bildirimler');

    const menu = page.getByTestId('side-menu');
    expect(await menu.getByRole('link', { name: 'Ana Sayfa' }).getAttribute('aria-current')).toBe('page');

    const tracked = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        request.url().endsWith('/api/page-views') &&
        request.postDataJSON()?.path === '/notification',
    );
    await menu.getByRole('link', { name: 'Bildirimler' }).click();
    await page.waitForURL(/\/notification$/);
    expect((await tracked).postDataJSON()).toEqual({ path: '/notification', route_name: 'dashboard.notification' });
    expect(await menu.getByRole('link', { name: 'Bildirimler' }).getAttribute('aria-current')).toBe('page');
    expect(await menu.getByRole('link', { name: 'Ana Sayfa' }).getAttribute('aria-current')).toBeNull();

    // Every item shown leads to a real page, never to /404.
    for (const href of hrefs) {
      await page.goto(`${origin('demo')}${href}`);
      await page.waitForURL((url) => url.pathname === href);
      await page.getByTestId('side-menu').getByRole('link').first().waitFor();
    }
    await page.context().close();
  });

  it('shows the unread count and the conversations in the messages dropdown', async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, 'demo', 'learner@demo.test');
    await page.getByTestId('messages-badge').filter({ hasText: /^2$/ }).waitFor();
    await page.getByTestId('messages-menu').click();
    const dropdown = page.getByTestId('messages-dropdown');
    const items = dropdown.getByTestId('messages-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(4);
    await items.nth(0).getByText('Pazarlama Ekibi').waitFor();
    await items
      .nth(0)
      .getByText('İzledim, özellikle müşteri segmentasyonu bölümü çok faydalıydı.', { exact: false })
      .waitFor();
    await items.nth(1).getByText('Derya Y****').waitFor();
    await items.nth(1).getByText('Harika, teşekkürler! Sertifikanı aldıktan sonra bana da haber ver.').waitFor();
    await items.nth(2).getByText('Siz: Tabii, akşam ortak klasöre yüklüyorum.').waitFor();
    const weight = (index: number) =>
      items
        .nth(index)
        .locator('p')
        .first()
        .evaluate((el) => Number(getComputedStyle(el).fontWeight));
    expect(await weight(0)).toBeGreaterThanOrEqual(700);
    expect(await weight(3)).toBeLessThan(700);

    const scoped = await seriousViolations(page, (builder) =>
      builder
        .include('[data-testid="side-menu"]')
        .include('[data-testid="messages-menu"]')
        .include('[data-testid="messages-dropdown"]'),
    );
    expect(scoped).toEqual([]);
    await page.context().close();
  });

  it('hides the messages menu when the company switches chat off', async () => {
    await setSetting('acme', 'chat_is_disabled', true);
    const page = await (await browser.newContext()).newPage();
    await signIn(page, 'acme', 'learner@acme.test');
    const links = await menuLinks(page);
    // Acme keeps notifications in the bell: its status-0 item stays out though the page exists.
    expect(links[0]).toEqual({ href: '/dashboard', label: 'Home' });
    expect(links.map((l) => l.href)).not.toContain('/notification');
    await page.getByTestId('notification-bell').waitFor();
    expect(await page.getByTestId('messages-menu').count()).toBe(0);
    await page.context().close();
  });
});
