import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';
import { mailMatching } from './outbox.js';

const HOST = 'demo.localhost';
const PASSWORD = 'Kilitli-Ekran-Bulut-77';

interface Created {
  data: { id: number };
}

/** A new learner of the demo company with a password of their own, in a new static group. */
async function learnerInGroup(token: string, stamp: string) {
  const email = `saha-${stamp}@demo.test`;
  const user = await apiCall<Created>(
    HOST,
    'POST',
    '/api/admin/users',
    { name: 'Zeynep', surname: `Yıldız ${stamp}`, email, role_ids: [3] },
    token,
  );
  const invitation = await mailMatching(email, /create-password\?token=/);
  const passwordToken = /create-password\?token=([A-Za-z0-9_-]+)/.exec(invitation)?.[1];
  await apiCall(HOST, 'POST', '/api/create-password', {
    token: passwordToken,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  const group = await apiCall<Created>(
    HOST,
    'POST',
    '/api/admin/user-groups',
    { name: `Saha ekibi ${stamp}`, kind: 'static', member_ids: [user.data.id] },
    token,
  );
  return { email, userId: user.data.id, groupName: `Saha ekibi ${stamp}`, groupId: group.data.id };
}

/** A catalogue education of one page part: reading the page to its end completes it. */
async function shortEducation(token: string, stamp: string) {
  const part = await apiCall<Created>(
    HOST,
    'POST',
    '/api/admin/contents',
    {
      type: 'page',
      title: `Temiz masa ${stamp}`,
      language: 'tr',
      body: '<h2>Temiz masa</h2><p>Masadan kalkarken belgeleri kaldırın ve ekranı kilitleyin.</p>',
    },
    token,
  );
  const education = await apiCall<Created>(
    HOST,
    'POST',
    '/api/admin/educations',
    {
      title: `Temiz masa ilkesi ${stamp}`,
      language: 'tr',
      visibility: 'catalogue',
      sequential: true,
      parts: [{ type: 'content', ref_id: part.data.id, required: true }],
    },
    token,
  );
  return { educationId: education.data.id, title: `Temiz masa ilkesi ${stamp}` };
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

describe('assignments in Chromium', () => {
  let browser: Browser;
  // The mandatory-missions modal as it is: the other browser hides the demo's open mandatory assignments
  // (e2e/browser.ts), which a new person of the company receives too and which would stand in the journey's way.
  let withMandatory: Browser;
  let adminToken: string;
  beforeAll(async () => {
    browser = await launch();
    withMandatory = await launch({ mandatoryAssignments: true });
    adminToken = await apiLogin(HOST, 'admin@demo.test');
  });
  afterAll(async () => {
    await browser.close();
    await withMandatory.close();
  });

  it('an admin assigns a mandatory education to a group; its learner is told, takes it; the admin sees it and exports', {
    timeout: 300_000,
  }, async () => {
    const stamp = Date.now().toString(36);
    const name = `Temiz masa kampanyası ${stamp}`;
    const learner = await learnerInGroup(adminToken, stamp);
    const { educationId, title } = await shortEducation(adminToken, stamp);

    // The admin starts from the education (a bare id on the add screen is an education's) and fills the form.
    const admin = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const adminPage = await admin.newPage();
    await signIn(adminPage, 'demo', 'admin@demo.test');
    await adminPage.goto(`${origin('demo')}/admin/assignment/add/${educationId}`);
    await adminPage.getByTestId('assignment-item-row').filter({ hasText: title }).waitFor();
    await adminPage.getByTestId('assignment-name').fill(name);
    await adminPage.getByTestId('assignment-description-content').click();
    await adminPage.keyboard.type('Her çalışan yılda bir kez yeniler.');
    await adminPage.getByRole('switch', { name: /^Zorunlu/ }).check();
    await adminPage.getByTestId('assignment-duration').fill('15');
    await adminPage.getByTestId('assignment-target-kind').getByText('Kullanıcı grupları').click();
    const groups = adminPage.getByTestId('assignment-target-groups');
    await groups.click();
    await groups.fill(learner.groupName);
    await adminPage.getByRole('option', { name: learner.groupName }).click();
    await adminPage.keyboard.press('Escape');
    await expectAccessible(adminPage);

    // Publishing asks first, with the number of people; then the job's progress shows until everyone has it.
    await adminPage.getByTestId('assignment-publish').click();
    const count = adminPage.getByTestId('assignment-publish-count');
    await count.waitFor();
    expect(await count.textContent()).toContain('1 kişiye');
    await expectAccessible(adminPage);
    await adminPage.getByTestId('assignment-publish-yes').click();
    await adminPage.waitForURL(/\/admin\/assignment\/\d+\/edit\?job=\d+$/);
    const assignmentId = Number(/assignment\/(\d+)\/edit/.exec(adminPage.url())?.[1]);
    await adminPage
      .getByTestId('assignment-publish-progress')
      .getByText('Herkes atamayı aldı.')
      .waitFor({ timeout: 30_000 });
    await adminPage.getByTestId('assignment-items-locked').waitFor();
    await expectAccessible(adminPage);

    // The learner got the mail, its button a sign-in link that lands on the assignment (spec §2.5).
    const mail = await mailMatching(learner.email, new RegExp(`type=(amp;)?assignment&(amp;)?id=${assignmentId}\\b`));
    expect(mail).toMatch(/\?token=[A-Za-z0-9_-]+/);

    // The learner: the mandatory modal shows it; starting it closes the modal and opens the assignment.
    const modalContext = await withMandatory.newContext({ viewport: { width: 1440, height: 900 } });
    const modalPage = await modalContext.newPage();
    await signIn(modalPage, 'demo', learner.email, PASSWORD);
    const modalCard = modalPage.getByTestId('mandatory-assignment').filter({ hasText: name });
    await modalCard.waitFor({ timeout: 20_000 });
    expect(await modalCard.textContent()).toContain('15 dakika');
    await expectAccessible(modalPage);
    await modalCard.getByTestId('mandatory-assignment-start').click();
    await modalPage.waitForURL(new RegExp(`/assignment/${assignmentId}/detail$`));
    await modalPage.getByTestId('mandatory-modal').waitFor({ state: 'hidden' });
    await modalPage.getByTestId('assignment-title').filter({ hasText: name }).waitFor();
    await expectAccessible(modalPage);
    await modalContext.close();

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'demo', learner.email, PASSWORD);

    // My assignments lists it.
    await page.goto(`${origin('demo')}/my-assignment`);
    const card = page.getByTestId('assignment-card').filter({ hasText: name });
    await card.waitFor();
    await expectAccessible(page);

    // The notification leads to the assignment's page.
    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-dropdown').getByText(name).first().click();
    await page.waitForURL(new RegExp(`/assignment/${assignmentId}/detail$`));

    // The item's button leads to the education; its one page read to the end completes it.
    await page.getByTestId('assignment-item-action').first().click();
    await page.waitForURL(new RegExp(`/education/${educationId}/detail$`));
    await page.getByTestId('detail-play').click();
    await page.waitForURL(new RegExp(`/eduction/${educationId}/player`));
    await page.getByTestId('page-player').waitFor();
    await page.getByTestId('page-end').scrollIntoViewIfNeeded();
    await page.getByTestId('player-education-completed').waitFor({ timeout: 20_000 });

    // The assignment is completed, and moves to the completed tab.
    await expect
      .poll(
        async () => {
          await page.goto(`${origin('demo')}/assignment/${assignmentId}/detail`);
          await page.getByTestId('assignment-title').waitFor();
          return page.getByTestId('finished-rate').textContent();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe('%100');
    await page.getByTestId('assignment-completed-at').waitFor();
    await page.goto(`${origin('demo')}/my-assignment?tab=completed`);
    await page.getByTestId('assignment-card').filter({ hasText: name }).waitFor();
    await expectAccessible(page);
    await context.close();

    // The admin sees the completion rate move and exports the people.
    await adminPage.goto(`${origin('demo')}/admin/assignments?search=${encodeURIComponent(stamp)}`);
    const row = adminPage.getByTestId('table-row').filter({ hasText: name });
    await expect.poll(() => row.getByTestId('assignment-rate').getAttribute('data-rate')).toBe('100');
    await expectAccessible(adminPage);
    await adminPage.goto(`${origin('demo')}/admin/assignment/${assignmentId}/edit?tab=people`);
    await adminPage.getByTestId('assignment-completion-rate').filter({ hasText: '100' }).waitFor();
    await adminPage.getByTestId('table-row').filter({ hasText: learner.email }).waitFor();
    await expectAccessible(adminPage);
    const download = adminPage.waitForEvent('download');
    await adminPage.getByTestId('assignment-people-export').click();
    await adminPage.getByTestId('export-ready').waitFor({ timeout: 30_000 });
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

    // The admin gives it to one more person by hand, from the people tab; they are told by mail as publishing does.
    const extraEmail = `ek-${stamp}@demo.test`;
    await apiCall(
      HOST,
      'POST',
      '/api/admin/users',
      { name: 'Emre', surname: `Aksoy ${stamp}`, email: extraEmail, role_ids: [3] },
      adminToken,
    );
    await adminPage.getByTestId('assignment-people-add').click();
    const picker = adminPage.getByTestId('assignment-people-add-picker');
    await picker.click();
    await picker.fill(`Aksoy ${stamp}`);
    await adminPage.getByRole('option', { name: new RegExp(`Aksoy ${stamp}`) }).click();
    await adminPage.keyboard.press('Escape');
    await expectAccessible(adminPage);
    await adminPage.getByTestId('assignment-people-add-confirm').click();
    await adminPage.getByTestId('table-row').filter({ hasText: extraEmail }).waitFor();
    await mailMatching(extraEmail, /type=assignment/);
    // The breadcrumbs name the list and the assignment.
    const crumbs = adminPage.getByTestId('admin-breadcrumbs');
    await crumbs.getByTestId('admin-breadcrumb-record').filter({ hasText: name }).waitFor();
    await crumbs.getByRole('link', { name: 'Atamalar' }).waitFor();

    // The preview shows the learner's page, read-only.
    await adminPage.goto(`${origin('demo')}/admin/assignment/${assignmentId}/preview`);
    await adminPage.getByTestId('assignment-preview-note').waitFor();
    expect(await adminPage.getByTestId('assignment-item-action').count()).toBe(0);
    await expectAccessible(adminPage);
    await admin.close();
  });
});
