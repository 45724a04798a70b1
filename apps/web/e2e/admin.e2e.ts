import { type AdminDashboard, type AdminUser, ROLE } from '@kampus/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

async function dashboardFromApi(username: string): Promise<AdminDashboard> {
  const token = await apiLogin('demo.localhost', username);
  return (await apiCall<{ data: AdminDashboard }>('demo.localhost', 'GET', '/api/admin/dashboard', undefined, token))
    .data;
}

const figure = (data: AdminDashboard, group: string, key: string) =>
  data.groups.find((g) => g.key === group)?.figures.find((f) => f.key === key)?.value;

async function shownFigure(page: Page, group: string, key: string): Promise<number> {
  return Number(await page.getByTestId(`figure-${group}-${key}`).getAttribute('data-value'));
}

describe('admin panel in Chromium', () => {
  let browser: Browser;
  const newPage = async () => (await browser.newContext()).newPage();
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('sends a learner opening /admin/dashboard to /403', async () => {
    const page = await newPage();
    await signIn(page, 'demo', 'learner@demo.test');
    await page.goto(`${origin('demo')}/admin/dashboard`);
    await page.waitForURL(/\/403$/);
    await page.getByTestId('error-403').waitFor();
  });

  it("shows the demo admin Demo Holding's figures and newest users, as the API and the seed have them", async () => {
    // Signing in through the API is itself a sign-in of the admin: the browser's adds one sign-in and no new person.
    const before = await dashboardFromApi('admin@demo.test');
    const page = await newPage();
    await signIn(page, 'demo', 'admin@demo.test');
    await page.goto(`${origin('demo')}/admin/dashboard`);
    await page.getByTestId('admin-dashboard').waitFor();

    // Other browser tests register people on the same server, so the figures are compared with the API's, and the
    // seed's 53 active people (the super admin, the admin, the learner and 50 generated learners) are a floor.
    expect(await shownFigure(page, 'people', 'active_users')).toBe(figure(before, 'people', 'active_users'));
    expect(await shownFigure(page, 'people', 'active_users')).toBeGreaterThanOrEqual(53);
    expect(await shownFigure(page, 'people', 'passive_users')).toBe(figure(before, 'people', 'passive_users'));
    expect(await shownFigure(page, 'people', 'pending_users')).toBe(figure(before, 'people', 'pending_users'));
    expect(await shownFigure(page, 'sign_ins', 'sign_ins_total')).toBe(
      (figure(before, 'sign_ins', 'sign_ins_total') ?? 0) + 1,
    );
    expect(await shownFigure(page, 'sign_ins', 'sign_in_people')).toBe(figure(before, 'sign_ins', 'sign_in_people'));

    const rows = page.getByTestId('newest-user-row');
    expect(await rows.count()).toBe(8);
    expect(await rows.evaluateAll((list) => list.map((row) => Number(row.getAttribute('data-user-id'))))).toEqual(
      before.newest_users?.map((u) => u.id),
    );
    const newest = before.newest_users?.[0];
    await rows.first().getByText(`${newest?.name} ${newest?.surname}`).waitFor();
    // An admin who is not a super admin is never offered to view as someone.
    expect(await page.locator('[data-testid^="view-as-"]').count()).toBe(0);

    // The frame: the company context, navigation by area, breadcrumbs and the page title (Turkish, the default).
    await page.getByTestId('admin-company').getByText('Demo Holding').waitFor();
    await page.getByTestId('admin-company').getByText('Ana şirket').waitFor();
    await page.getByTestId('admin-nav').getByRole('link', { name: 'Gösterge paneli' }).waitFor();
    await page.getByTestId('admin-breadcrumbs').getByText('Yönetim paneli').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Gösterge paneli' }).waitFor();

    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('admin-back-to-learning').click();
    await page.waitForURL(/\/dashboard$/);
  });

  it('lets the super admin view as a learner from the newest users, and leave with the red eye', async () => {
    const before = await dashboardFromApi('super@kampus.test');
    // Other browser tests add people with admin roles to this server: the one viewed as must be a plain learner.
    const adminToken = await apiLogin('demo.localhost', 'admin@demo.test');
    const learners = await apiCall<{ data: AdminUser[] }>(
      'demo.localhost',
      'GET',
      `/api/admin/users?role_id=${ROLE.user}&status=1&per_page=100`,
      undefined,
      adminToken,
    );
    const plainLearners = new Set(
      learners.data.filter((u) => u.roles.every((role) => role.id === ROLE.user)).map((u) => u.id),
    );
    const person = before.newest_users?.find((u) => u.can_impersonate && plainLearners.has(u.id));
    if (!person) throw new Error('the seed offers no plain learner to view as');
    const page = await newPage();
    await signIn(page, 'demo', 'super@kampus.test');
    await page.goto(`${origin('demo')}/admin/dashboard`);

    await page.getByTestId(`view-as-${person.id}`).click();
    await page.getByTestId('view-as-confirm').click();
    await page.waitForURL(/\/dashboard$/);
    const exit = page.getByTestId('impersonation-exit');
    await exit.waitFor();
    expect(await exit.getAttribute('aria-label')).toContain(`${person.name} ${person.surname}`);

    // Viewing as a learner, the admin panel is closed.
    await page.goto(`${origin('demo')}/admin/dashboard`);
    await page.waitForURL(/\/403$/);
    await page.goto(`${origin('demo')}/dashboard`);
    // Leaving reloads /dashboard, the address it is already on: wait for that page load, not for the address.
    const reloaded = page.waitForResponse((response) => response.request().isNavigationRequest());
    await page.getByTestId('impersonation-exit').click();
    await reloaded;
    await page.waitForLoadState('load');
    await page.getByTestId('impersonation-exit').waitFor({ state: 'detached' });

    // Back as the super admin: the admin panel opens again and offers the same view.
    await page.goto(`${origin('demo')}/admin/dashboard`);
    await page.getByTestId(`view-as-${person.id}`).waitFor();
  });
});
