import type { AdminRole, AdminUser } from '@kampus/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';
import { mailMatching } from './outbox.js';

const HOST = 'demo.localhost';
const PASSWORD = 'Yetki-Kapisi-Acik-42';

/** The first-password token mailed to a new user. */
async function passwordTokenOf(address: string): Promise<string> {
  const mail = await mailMatching(address, /create-password\?token=[A-Za-z0-9_-]+/);
  return /create-password\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? '';
}

/** The paths the admin navigation links to. */
const navPaths = (page: Page) =>
  page
    .getByTestId('admin-nav')
    .locator('a')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));

describe('admin roles in Chromium', () => {
  let browser: Browser;
  const stamp = Date.now().toString(36);
  const roleName = `Kullanıcı yöneticisi ${stamp}`;
  const email = `roles-${stamp}@demo.test`;
  let roleId = 0;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('lets the demo admin see the built-ins read-only and create a role with two permissions', async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, 'demo', 'admin@demo.test');
    await page.goto(`${origin('demo')}/admin/authorization-roles`);
    await page.getByTestId('table-row').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // A built-in role opens read-only.
    await page.getByTestId('role-view').first().click();
    await page.getByTestId('role-built-in-notice').waitFor();
    expect(await page.getByTestId('role-form').count()).toBe(0);

    await page.goto(`${origin('demo')}/admin/authorization-add-edit-roles`);
    const form = page.getByTestId('role-form');
    await form.locator('input[name="name"]').fill(roleName);
    await page.getByTestId('permission-matrix').waitFor();
    // Select-all of the users area ticks its one permission; the roles area gets read_role alone.
    await page.getByTestId('permission-area-all-users').check();
    await page.getByTestId('permission-read_role').check();
    expect(await page.getByTestId('permission-area-all-role').isChecked()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('role-form-save').click();
    await page.waitForURL(/\/admin\/authorization-roles/);

    const token = await apiLogin(HOST, 'admin@demo.test');
    const { data } = await apiCall<{ data: AdminRole[] }>(
      HOST,
      'GET',
      `/api/admin/roles?search=${encodeURIComponent(stamp)}`,
      undefined,
      token,
    );
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ name: roleName, built_in: false });
    expect([...(data[0]?.permissions ?? [])].sort()).toEqual(['read_role', 'show_user']);
    roleId = data[0]?.id ?? 0;
  });

  it('shows a fresh user with that role exactly the admin entries its permissions allow', async () => {
    expect(roleId).toBeGreaterThan(0);
    const adminToken = await apiLogin(HOST, 'admin@demo.test');
    // Two roles: the admin panel needs more than one (spec §6).
    await apiCall<{ data: AdminUser }>(
      HOST,
      'POST',
      '/api/admin/users',
      { name: 'Rol', surname: `Deneme ${stamp}`, email, role_ids: [3, roleId] },
      adminToken,
    );
    const token = await passwordTokenOf(email);
    await apiCall(HOST, 'POST', '/api/create-password', {
      token,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });

    const page = await (await browser.newContext()).newPage();
    await signIn(page, 'demo', email, PASSWORD);
    await page.goto(`${origin('demo')}/admin/dashboard`);
    await page.getByTestId('admin-nav').waitFor();
    const paths = await navPaths(page);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/admin/dashboard',
        '/admin/user/list',
        '/admin/user/add',
        '/admin/user/passive',
        '/admin/authorization-roles',
      ]),
    );
    // create_role and read_permission were not given.
    expect(paths).not.toContain('/admin/authorization-add-edit-roles');
    expect(paths).not.toContain('/admin/authorization-permission');

    // read_role without create_role: the list has no add button and a company role opens read-only.
    await page.goto(`${origin('demo')}/admin/authorization-roles`);
    await page.getByTestId('table-row').first().waitFor();
    expect(await page.getByTestId('role-add').count()).toBe(0);
    await page.goto(`${origin('demo')}/admin/authorization-permission`);
    await page.waitForURL(/\/403$/);
  });
});
