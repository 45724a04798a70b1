import type { Announcement, AdminUser as User } from '@kampus/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';

/** Reads every notice of the mandatory modal until it closes (the seeded must-read one comes through too). */
async function readAllNotices(page: Page, expected: string): Promise<void> {
  const modal = page.getByTestId('mandatory-modal');
  await modal.getByTestId('mandatory-notice').filter({ hasText: expected }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  while ((await modal.getByTestId('mandatory-notice').count()) > 0) {
    const before = await modal.getByTestId('mandatory-notice').count();
    await modal.getByTestId('mandatory-notice-read').first().click();
    await expect.poll(() => modal.getByTestId('mandatory-notice').count()).toBeLessThan(before);
  }
  await modal.waitFor({ state: 'hidden' });
}

/** A seeded demo learner (db/seed/demo.ts's people are the same in every fresh demo) whom no other test changes. */
const OUTSIDER = 'ahmet.aydin@demo.test';

describe('announcements and advertisements in Chromium', () => {
  let browser: Browser;
  let adminToken: string;
  let member: User;
  let outsider: User;
  let groupName: string;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launch({ mustRead: true });
    adminToken = await apiLogin(HOST, 'admin@demo.test');
    // Named, not the first learner listed: other files create @demo.test people without a password on this server.
    const person = async (email: string) =>
      (
        await apiCall<{ data: User[] }>(HOST, 'GET', `/api/admin/users?search=${email}`, undefined, adminToken)
      ).data.find((u) => u.email === email) as User;
    member = await person('learner@demo.test');
    outsider = await person(OUTSIDER);
    groupName = `Duyuru grubu ${stamp}`;
    await apiCall(
      HOST,
      'POST',
      '/api/admin/user-groups',
      { name: groupName, kind: 'static', member_ids: [member.id] },
      adminToken,
    );
  });
  afterAll(() => browser.close());

  // Three people's sessions and a dozen pages in one journey: about 90 s alone on a busy machine, above the project's
  // 120 s when another file runs beside it.
  it('the admin writes a must-read announcement for a group; its member sees it in the modal and on the home page, another learner does not', {
    timeout: 240_000,
  }, async () => {
    const title = `Vardiya değişikliği ${stamp}`;
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, 'demo', 'admin@demo.test');
    await admin.goto(`${origin('demo')}/admin/announcement`);
    await admin.getByTestId('table-row').first().waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByTestId('announcement-add').first().click();
    await admin.waitForURL(/\/admin\/announcement\/add$/);
    await admin.getByTestId('announcement-title').fill(title);
    await admin
      .getByTestId('announcement-body')
      .locator('.ProseMirror')
      .fill('Yeni vardiya saatleri pazartesi başlıyor.');
    await admin.getByTestId('announcement-audience').getByText('Kullanıcı grupları').click();
    await admin.getByTestId('announcement-groups').click();
    await admin.getByRole('option', { name: groupName }).click();
    await admin.keyboard.press('Escape');
    await admin.getByTestId('announcement-must-read').click({ force: true });
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByTestId('announcement-form-save').click();
    await admin.waitForURL(/\/admin\/announcement$/);
    const saved = await apiCall<{ data: Announcement[] }>(
      HOST,
      'GET',
      `/api/admin/announcements?search=${stamp}`,
      undefined,
      adminToken,
    );
    expect(saved.data[0]).toMatchObject({
      title,
      audience: 'groups',
      must_read: true,
      audience_size: 1,
      read_count: 0,
    });

    // The member: the modal first, then the announcement on the home page, read.
    const learner = await (await browser.newContext()).newPage();
    await signIn(learner, 'demo', 'learner@demo.test');
    await readAllNotices(learner, title);
    const home = learner.getByTestId('home-announcements');
    await home.getByTestId('announcement-card').filter({ hasText: title }).waitFor();
    expect(await seriousViolations(learner)).toEqual([]);
    const after = await apiCall<{ data: Announcement[] }>(
      HOST,
      'GET',
      `/api/admin/announcements?search=${stamp}`,
      undefined,
      adminToken,
    );
    expect(after.data[0]).toMatchObject({ read_count: 1 });

    // The slider shows the demo banners; a click opens the full view.
    const slider = learner.getByTestId('home-slider');
    await slider.getByTestId('slider-banner').waitFor();
    expect(await slider.getByTestId('slider-position').textContent()).toMatch(/\/ 3/);
    await slider.getByTestId('slider-next').click();
    expect(await slider.getByTestId('slider-position').textContent()).toMatch(/^Afiş 2/);
    await slider.getByTestId('slider-banner').click();
    const lightbox = learner.getByTestId('slider-lightbox');
    await lightbox.getByRole('img').first().waitFor();
    expect(await seriousViolations(learner)).toEqual([]);
    await learner.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });

    // Another learner: neither in the list nor by its address.
    const other = await (await browser.newContext()).newPage();
    await signIn(other, 'demo', outsider.email ?? '');
    await readAllNotices(other, 'Bilgi güvenliği politikamız güncellendi');
    await other.getByTestId('home-announcements').getByTestId('announcement-card').first().waitFor();
    expect(await other.getByTestId('home-announcements').textContent()).not.toContain(title);
    await other.goto(`${origin('demo')}/announcements/${saved.data[0]?.id}`);
    await other.getByTestId('announcement-missing').waitFor();
    expect(await seriousViolations(other)).toEqual([]);
  });

  it('never runs a script stored in an announcement body', async () => {
    const title = `Güvenlik denemesi ${stamp}`;
    const payload =
      '<p>Merhaba<script>window.__xss = 1</script></p><img src="x" onerror="window.__xss = 2">' +
      '<a href="javascript:window.__xss = 3" id="bad">tıkla</a><svg onload="window.__xss = 4"></svg>' +
      '<iframe src="javascript:parent.__xss = 5"></iframe><p style="background:url(javascript:alert(6))">stil</p>';
    const created = await apiCall<{ data: Announcement }>(
      HOST,
      'POST',
      '/api/admin/announcements',
      {
        title,
        body: payload,
        publish_date: new Date().toISOString().slice(0, 10),
      },
      adminToken,
    );
    expect(created.data.body).not.toMatch(/script|onerror|onload|javascript|iframe/i);

    const page = await (await browser.newContext()).newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, 'demo', outsider.email ?? '');
    // The seeded must-read notice, unless the first test has read it already.
    await page.getByTestId('home-announcements').getByTestId('announcement-card').first().waitFor();
    if ((await page.getByTestId('mandatory-notice').count()) > 0) {
      await readAllNotices(page, 'Bilgi güvenliği politikamız güncellendi');
    }
    await page.goto(`${origin('demo')}/announcements`);
    await page.getByTestId('announcement-list').getByText(title).click();
    await page.getByTestId('announcement-detail').getByText('Merhaba').waitFor();
    const link = page.getByTestId('announcement-body').locator('a');
    if ((await link.count()) > 0) await link.first().click({ force: true });
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(
      await page
        .locator('[data-testid=announcement-body] script, [data-testid=announcement-body] iframe, [onerror], [onload]')
        .count(),
    ).toBe(0);
    expect(dialogs).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
