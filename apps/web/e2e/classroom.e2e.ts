import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';
/** Two demo learners (every demo account has the demo password). */
const FIRST = 'learner@demo.test';
const SECOND = 'elif.karaca@demo.test';

/** Waits for the page's toasts to leave: their close buttons are not what the axe check is about. */
async function axeClean(page: Page) {
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  expect(await seriousViolations(page)).toEqual([]);
}

/** Picks a day of next month in a date-time field's calendar and confirms it (the time stays 00:00). */
async function pickDay(page: Page, testId: string, day: number) {
  await page.getByTestId(testId).click();
  const dropdown = page.locator('.mantine-Popover-dropdown').last();
  await dropdown.locator('[data-direction="next"]').first().click();
  await dropdown
    .locator('button:not([data-outside])', { hasText: new RegExp(`^${day}$`) })
    .first()
    .click();
  await dropdown.getByRole('button', { name: 'Tamam' }).click();
  await dropdown.waitFor({ state: 'hidden' });
}

describe('classroom trainings in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('admin adds a session; one learner registers, another waits; a cancel promotes; attendance completes the part', {
    timeout: 300_000,
  }, async () => {
    const stamp = Date.now().toString(36);
    const title = `Zor Konuşmalar ${stamp}`;
    const admin = await apiLogin(HOST, 'admin@demo.test');
    const ids: number[] = [];
    for (const email of [FIRST, SECOND]) {
      const found = await apiCall<{ data: { id: number; email: string }[] }>(
        HOST,
        'GET',
        `/api/admin/users?search=${encodeURIComponent(email)}`,
        undefined,
        admin,
      );
      const user = found.data.find((u) => u.email === email);
      if (user) ids.push(user.id);
    }
    expect(ids).toHaveLength(2);
    const classroom = await apiCall<{ data: { id: number } }>(
      HOST,
      'POST',
      '/api/admin/classrooms',
      { title, language: 'tr', default_place: 'Toplantı salonu B' },
      admin,
    );
    const education = await apiCall<{ data: { id: number } }>(
      HOST,
      'POST',
      '/api/admin/educations',
      {
        title: `İletişim atölyesi ${stamp}`,
        language: 'tr',
        parts: [{ type: 'classroom', ref_id: classroom.data.id, required: true }],
      },
      admin,
    );
    // The two are assigned the education: the assignment's classroom page is where they choose a session.
    const today = new Date().toISOString().slice(0, 10);
    const assignment = await apiCall<{ data: { id: number } }>(
      HOST,
      'POST',
      '/api/admin/assignments',
      {
        name: `İletişim atölyesi ${stamp}`,
        start_date: today,
        end_date: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
        items: [{ type: 'education', ref_id: education.data.id }],
        target: { kind: 'users', user_ids: ids },
      },
      admin,
    );
    await apiCall(HOST, 'POST', `/api/admin/assignments/${assignment.data.id}/publish`, {}, admin);

    // The admin plans a one-seat session on the training's edit page.
    const adminPage = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(adminPage, 'demo', 'admin@demo.test');
    await adminPage.goto(`${origin('demo')}/admin/education/classroom`);
    await adminPage.getByText(title).first().waitFor();
    await axeClean(adminPage);
    await adminPage.goto(`${origin('demo')}/admin/education/classroom/edit/${classroom.data.id}`);
    await adminPage.getByTestId('sessions-empty').waitFor();
    await axeClean(adminPage);
    await adminPage.getByTestId('session-add').click();
    await adminPage.getByTestId('session-form').waitFor();
    await pickDay(adminPage, 'session-starts-at', 14);
    await pickDay(adminPage, 'session-ends-at', 15);
    await adminPage.getByTestId('session-capacity').fill('1');
    expect(await adminPage.getByTestId('session-place').inputValue()).toBe('Toplantı salonu B');
    await axeClean(adminPage);
    await adminPage.getByTestId('session-save').click();
    const row = adminPage.getByTestId('session-row');
    await row.waitFor();
    expect(await row.getByTestId('session-seats').textContent()).toBe('0 / 1');

    // The first learner goes from the assignment to its classroom page, registers and takes the .ics.
    const first = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signIn(first, 'demo', FIRST);
    await expect
      .poll(
        async () => {
          await first.goto(`${origin('demo')}/assignment/${assignment.data.id}/detail`);
          return first
            .getByTestId('assignment-item-classroom')
            .waitFor({ timeout: 3000 })
            .then(() => true)
            .catch(() => false);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await first.getByTestId('assignment-item-classroom').click();
    await first.waitForURL(`**/assignments/${assignment.data.id}/classroom-education`);
    await first.getByTestId('classroom-picker').waitFor();
    await axeClean(first);
    await first.getByTestId('session-register').click();
    await first.getByTestId('session-registered').waitFor();
    const [download] = await Promise.all([first.waitForEvent('download'), first.getByTestId('session-ics').click()]);
    const ics = await readFile((await download.path()) as string, 'utf8');
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('BEGIN:VTIMEZONE');
    expect(lines).toContain('TZID:Europe/Istanbul');
    expect(lines.find((line) => line.startsWith('DTSTART;'))).toMatch(/^DTSTART;TZID=Europe\/Istanbul:\d{8}T000000$/);
    expect(lines).toContain(`SUMMARY:${title}`);
    expect(lines).toContain('END:VCALENDAR');

    // The second finds the session full and joins the waiting list.
    const second = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(second, 'demo', SECOND);
    await second.goto(`${origin('demo')}/education/${education.data.id}/detail`);
    const join = second.getByTestId('session-register');
    expect(await join.textContent()).toBe('Bekleme listesine katıl');
    await join.click();
    expect(await second.getByTestId('session-waitlisted').textContent()).toBe('Bekleme listesinde 1. sıradasınız');
    await axeClean(second);

    // The first gives the seat up (asked first): the second is promoted and told.
    await first.getByTestId('session-cancel').click();
    await first.getByTestId('confirm-accept').click();
    await first.getByTestId('session-register').waitFor();
    await second.reload();
    await second.getByTestId('session-registered').waitFor();
    const secondToken = await apiLogin(HOST, SECOND);
    const notes = await apiCall<{ data: { name: string }[] }>(
      HOST,
      'GET',
      '/api/notifications',
      undefined,
      secondToken,
    );
    expect(notes.data.some((n) => n.name.includes(title))).toBe(true);

    // The admin marks the second present on the session's sheet.
    await adminPage.reload();
    await adminPage.getByTestId('session-people').click();
    await adminPage.getByTestId('session-page').waitFor();
    await axeClean(adminPage);
    const mark = adminPage.getByTestId('attendance-row').filter({ hasText: 'Elif Karaca' });
    await mark.getByText('Katıldı', { exact: true }).click();
    await adminPage.getByTestId('attendance-save').click();
    await adminPage.getByText('Yoklama kaydedildi (1 değişiklik).').waitFor();

    // The second learner's classroom part, and the education, are completed.
    await second.goto(`${origin('demo')}/education/${education.data.id}/detail`);
    await second.getByText('Katıldınız').waitFor();
    const part = second.getByTestId('part').first();
    await expect.poll(() => part.getAttribute('data-status')).toBe('completed');
    expect(await second.getByTestId('finished-rate').textContent()).toBe('%100');
  });
});
