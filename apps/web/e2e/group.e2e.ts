import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { launch, origin, signIn } from './browser.js';

describe('companies of a group in Chromium', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await (await browser.newContext()).newPage();
  });
  afterAll(() => browser.close());

  it('switches the demo admin into a sub-company from the header', async () => {
    await signIn(page, 'demo', 'admin@demo.test');
    const switcher = page.getByTestId('company-switch');
    await expect(switcher.textContent()).resolves.toContain('Demo Holding');
    await switcher.click();
    await page.getByRole('menuitem', { name: 'Demo Teknoloji' }).click();
    await page.getByTestId('company-switch').filter({ hasText: 'Demo Teknoloji' }).waitFor();
  });

  it('opens a sub-company with its own domain through a one-time link and strips the token', async () => {
    const superToken = await apiLogin('demo.localhost', 'super@kampus.test');
    const companies = await apiCall<{ data: { id: number; slug: string; name: string; parent_id: number }[] }>(
      'demo.localhost',
      'GET',
      '/api/company?search=demo-retail',
      undefined,
      superToken,
    );
    const retail = companies.data.find((c) => c.slug === 'demo-retail')!;
    await apiCall(
      'demo.localhost',
      'POST',
      '/api/company',
      {
        ...retail,
        custom_domain: 'akademi.demo-retail.localhost',
      },
      superToken,
    );

    const adminToken = await apiLogin('demo.localhost', 'admin@demo.test');
    const { redirect_url } = await apiCall<{ redirect_url: string }>(
      'demo.localhost',
      'POST',
      '/api/change-company',
      { company_id: retail.id },
      adminToken,
    );
    expect(redirect_url).toMatch(/^http:\/\/akademi\.demo-retail\.localhost:\d+\/\?token=/);

    await page.goto(redirect_url);
    await page.waitForURL(`${origin().replace('localhost', 'akademi.demo-retail.localhost')}/dashboard`);
    expect(await page.title()).toBe('Demo Perakende');
    await expect(page.getByTestId('dashboard-welcome').textContent()).resolves.toBe('Hoş geldiniz, Derya');
    expect(page.url()).not.toContain('token=');
  });

  it('resolves a short link to its address', async () => {
    await page.goto(`${origin('demo')}/s/hosgeldin`);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${origin('demo')}/s/yok-boyle`);
    await page.waitForURL(/\/404$/);
  });
});
