import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';

/** Waits for the page's toasts to leave: their close buttons are not what the axe check is about. */
async function axeClean(page: Page) {
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  expect(await seriousViolations(page)).toEqual([]);
}

describe('training requests in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('a learner requests with a note, an admin approves it, another is rejected with a reason', {
    timeout: 240_000,
  }, async () => {
    const stamp = Date.now().toString(36);
    const admin = await apiLogin(HOST, 'admin@demo.test');
    const create = async (title: string) =>
      (
        await apiCall<{ data: { id: number } }>(
          HOST,
          'POST',
          '/api/admin/educations',
          { title, language: 'tr', visibility: 'request' },
          admin,
        )
      ).data.id;
    const approvedTitle = `Müzakere atölyesi ${stamp}`;
    const rejectedTitle = `Sunum teknikleri ${stamp}`;
    const approvedId = await create(approvedTitle);
    const rejectedId = await create(rejectedTitle);

    // The learner asks for the first one with a note.
    const learner = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(learner, 'demo', 'learner@demo.test');
    await learner.goto(`${origin('demo')}/education/${approvedId}/detail`);
    await learner.getByTestId('training-request-open').click();
    await learner.getByTestId('training-request-note').fill('Yeni projemde müşteri görüşmelerini ben yürüteceğim.');
    await axeClean(learner);
    await learner.getByTestId('training-request-send').click();
    await learner.locator('[data-testid=training-request-state][data-status=pending]').waitFor();
    await axeClean(learner);

    // The admin finds it on /admin/requests/training and approves it, asked first.
    const adminPage = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(adminPage, 'demo', 'admin@demo.test');
    await adminPage.goto(`${origin('demo')}/admin/requests/training`);
    const row = adminPage.locator('tr', { hasText: approvedTitle });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Yeni projemde');
    await axeClean(adminPage);
    await row.getByTestId('request-approve').click();
    await adminPage.getByTestId('approve-form').waitFor();
    await axeClean(adminPage);
    await adminPage.getByTestId('approve-submit').click();
    await row.locator('[data-testid=request-status][data-status=approved]').waitFor();

    // The learner is told, and the education now leads to the assignment.
    await learner.goto(`${origin('demo')}/notification`);
    await learner.getByTestId('notification-list').getByText(`“${approvedTitle}” talebiniz onaylandı`).waitFor();
    const learnerToken = await apiLogin(HOST, 'learner@demo.test');
    const mine = await apiCall<{ data: { status: string; assignment_id: number } }>(
      HOST,
      'GET',
      `/api/educations/${approvedId}/training-request`,
      undefined,
      learnerToken,
    );
    expect(mine.data.status).toBe('approved');
    const assignment = await apiCall<{ data: { name: string } }>(
      HOST,
      'GET',
      `/api/my/assignments/${mine.data.assignment_id}`,
      undefined,
      learnerToken,
    );
    expect(assignment.data.name).toBe(approvedTitle);

    // The second request is rejected with a reason on the education's own list; the learner sees the reason.
    await apiCall(HOST, 'POST', `/api/educations/${rejectedId}/training-request`, { note: null }, learnerToken);
    await adminPage.goto(`${origin('demo')}/admin/requests/training/${rejectedId}`);
    const rejectRow = adminPage.locator('tr', { hasText: 'Deniz' });
    await rejectRow.getByTestId('request-reject').click();
    await adminPage.getByTestId('reject-submit').click();
    await adminPage.getByText('Lütfen talebin neden reddedildiğini yazın.').waitFor();
    await adminPage.getByTestId('reject-reason').fill('Bu dönemin kontenjanı doldu.');
    await adminPage.getByTestId('reject-submit').click();
    await rejectRow.locator('[data-testid=request-status][data-status=rejected]').waitFor();
    await learner.goto(`${origin('demo')}/education/${rejectedId}/detail`);
    await learner.locator('[data-testid=training-request-state][data-status=rejected]').waitFor();
    await expect(learner.getByTestId('training-request-reason').textContent()).resolves.toContain(
      'Bu dönemin kontenjanı doldu.',
    );
    await axeClean(learner);
  });
});
