import type { UserGroup, UserGroupMember } from '@kampus/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';

/** Adds a value to a rule's tags input as a person does: type it and press Enter. */
async function addRule(page: Page, field: 'departments' | 'titles' | 'locations', value: string) {
  const input = page.getByTestId(`group-rule-${field}`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await page.keyboard.press('Escape');
}

describe('admin user groups in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('creates a rule group whose live preview and listed member count are what the API counts', async () => {
    const page = await (await browser.newContext()).newPage();
    const stamp = Date.now().toString(36);
    const name = `Satış İstanbul ${stamp}`;
    await signIn(page, 'demo', 'admin@demo.test');
    await page.goto(`${origin('demo')}/admin/user/group`);
    // The demo groups are listed.
    await page.getByTestId('table-row').first().waitFor();
    await page.getByTestId('group-add').first().click();
    await page.waitForURL(/\/admin\/user\/group\/add$/);

    const form = page.getByTestId('group-form');
    await form.locator('input[name="name"]').fill(name);
    await page.getByLabel('Kurala dayalı').check();
    await page.getByTestId('group-preview-idle').waitFor();
    // A rule group without rules is refused before anything is sent.
    await page.getByTestId('group-form-save').click();
    await page.getByTestId('group-rules-error').waitFor();

    await addRule(page, 'departments', 'satış');
    const count = page.getByTestId('group-preview-count');
    await count.waitFor();
    const departmentOnly = Number(await count.getAttribute('data-count'));
    // The preview follows the rules: a second rule narrows it.
    const narrowed = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/admin/user-groups/preview') &&
        (response.request().postData() ?? '').includes('İSTANBUL'),
    );
    await addRule(page, 'locations', 'İSTANBUL');
    const answer = (await (await narrowed).json()) as { data: { count: number } };
    expect(answer.data.count).toBeLessThanOrEqual(departmentOnly);
    await expect.poll(async () => Number(await count.getAttribute('data-count'))).toBe(answer.data.count);
    const previewed = answer.data.count;
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('group-form-save').click();
    await page.waitForURL(/\/admin\/user\/group$/);
    await page.getByTestId('table-search').fill(stamp);
    await page.waitForURL((url) => url.searchParams.get('search') === stamp);
    const row = page.getByTestId('table-row').filter({ hasText: name });
    await row.waitFor();
    const shown = Number(await row.getByTestId('group-members-count').textContent());

    const token = await apiLogin(HOST, 'admin@demo.test');
    const found = await apiCall<{ data: UserGroup[] }>(
      HOST,
      'GET',
      `/api/admin/user-groups?search=${stamp}`,
      undefined,
      token,
    );
    expect(found.data).toHaveLength(1);
    const group = found.data[0]!;
    expect(group).toMatchObject({ kind: 'rule', rules: { departments: ['satış'], locations: ['İSTANBUL'] } });
    const members = await apiCall<{ data: UserGroupMember[]; meta: { total: number } }>(
      HOST,
      'GET',
      `/api/admin/user-groups/${group.id}/members?per_page=100`,
      undefined,
      token,
    );
    expect(shown).toBe(group.members_count);
    expect(previewed).toBe(group.members_count);
    expect(members.meta.total).toBe(group.members_count);
    for (const member of members.data) expect(member.department?.toLocaleLowerCase('tr')).toBe('satış');

    // The edit page lists the same members, computed from the rules.
    await row.getByTestId('group-edit').click();
    await page.waitForURL(new RegExp(`/admin/user/group/edit/${group.id}$`));
    const panel = page.getByTestId('group-members');
    await panel.getByTestId('group-members-rule-note').waitFor();
    if (group.members_count > 0) {
      await panel.getByTestId('table-row').first().waitFor();
      expect(await panel.getByTestId('table-row').count()).toBe(Math.min(group.members_count, 20));
    } else {
      await panel.getByTestId('table-empty').waitFor();
    }
  });

  it('creates a static group with a picked member, then adds and removes members on its edit page', async () => {
    const page = await (await browser.newContext()).newPage();
    const stamp = Date.now().toString(36);
    await signIn(page, 'demo', 'admin@demo.test');
    await page.goto(`${origin('demo')}/admin/user/group/add`);
    const form = page.getByTestId('group-form');
    await form.locator('input[name="name"]').fill(`Mentorlar ${stamp}`);
    const pick = async (picker: string, search: string, option: string) => {
      await page.getByTestId(picker).click();
      await page.getByTestId(picker).fill(search);
      await page.getByRole('option', { name: option }).click();
      await page.keyboard.press('Escape');
    };
    await pick('group-member-picker', 'öğrenci', 'Deniz Öğrenci · learner@demo.test');
    expect(await seriousViolations(page)).toEqual([]);
    // Save and stay: on to the new group's edit page, where its members are managed.
    await page.getByTestId('group-form-save-stay').click();
    await page.waitForURL(/\/admin\/user\/group\/edit\/\d+$/);
    const id = Number(page.url().split('/').pop());
    const panel = page.getByTestId('group-members');
    const rows = panel.getByTestId('table-row');
    await rows.filter({ hasText: 'learner@demo.test' }).waitFor();

    await pick('group-members-picker', 'yönetici', 'Derya Yönetici · admin@demo.test');
    await panel.getByTestId('group-members-add').click();
    await rows.filter({ hasText: 'admin@demo.test' }).waitFor();
    await expect.poll(() => rows.count()).toBe(2);

    await rows.filter({ hasText: 'learner@demo.test' }).getByTestId('group-member-remove').click();
    await page.getByTestId('confirm-accept').click();
    await expect.poll(() => rows.count()).toBe(1);

    const token = await apiLogin(HOST, 'admin@demo.test');
    const members = await apiCall<{ data: UserGroupMember[] }>(
      HOST,
      'GET',
      `/api/admin/user-groups/${id}/members`,
      undefined,
      token,
    );
    expect(members.data.map((m) => m.email)).toEqual(['admin@demo.test']);
    const group = await apiCall<{ data: UserGroup }>(HOST, 'GET', `/api/admin/user-groups/${id}`, undefined, token);
    expect(group.data).toMatchObject({ kind: 'static', members_count: 1 });
  });
});
