import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';

interface Created {
  data: { id: number };
}

/** What the admin makes through the API: a category and a sequential catalogue education of a page and a link. */
async function createEducation(token: string, stamp: string) {
  const category = await apiCall<Created>(
    HOST,
    'POST',
    '/api/admin/education-categories',
    { names: { tr: `Uyum ${stamp}`, en: `Compliance ${stamp}` }, icon: 'shield-lock' },
    token,
  );
  const page = await apiCall<Created>(
    HOST,
    'POST',
    '/api/admin/contents',
    {
      type: 'page',
      title: `Parola ilkeleri ${stamp}`,
      language: 'tr',
      body: '<h2>Güçlü parola</h2><p>En az on iki karakter, her hesapta ayrı bir parola.</p>',
    },
    token,
  );
  const link = await apiCall<Created>(
    HOST,
    'POST',
    '/api/admin/contents',
    { type: 'link', title: `Oltalama rehberi ${stamp}`, language: 'tr', external_url: 'https://example.com/oltalama' },
    token,
  );
  const education = await apiCall<Created>(
    HOST,
    'POST',
    '/api/admin/educations',
    {
      title: `Bilgi güvenliği ${stamp}`,
      sub_title: 'Parolalar ve oltalama e-postaları',
      description_title: 'Bu eğitimde',
      description: '<p>Güçlü parolalar ve <b>oltalama</b> e-postalarını tanıma.</p>',
      category_id: category.data.id,
      language: 'tr',
      start_date: '2026-01-05',
      end_date: '2099-12-31',
      estimated_minutes: 5,
      visibility: 'catalogue',
      sequential: true,
      parts: [
        { type: 'content', ref_id: page.data.id, required: true },
        { type: 'content', ref_id: link.data.id, required: true },
      ],
    },
    token,
  );
  return { categoryId: category.data.id, educationId: education.data.id };
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

describe('a learner finds an education in the catalogue, enrols, plays its parts in order and finishes', () => {
  let browser: Browser;
  let adminToken: string;
  beforeAll(async () => {
    browser = await launch();
    adminToken = await apiLogin(HOST, 'admin@demo.test');
  });
  afterAll(() => browser.close());

  it('walks the whole journey in Turkish, accessible on every page', { timeout: 240_000 }, async () => {
    const stamp = Date.now().toString(36);
    const title = `Bilgi güvenliği ${stamp}`;
    const { categoryId, educationId } = await createEducation(adminToken, stamp);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // The link part opens its address in a new tab: the address answers locally and the tab is closed at once.
    await context.route('https://example.com/**', (route) => route.fulfill({ body: 'Oltalama rehberi' }));
    context.on('page', (opened) => {
      // Only a tab some page opened (the link's); the test's own page has no opener.
      void opened.opener().then((opener) => (opener ? opened.close() : undefined));
    });
    const page = await context.newPage();
    await signIn(page, 'demo', 'learner@demo.test');

    // The side menu leads to the catalogue; its category tree narrows the grid, the search finds the education.
    await page.getByTestId('side-menu').getByRole('link', { name: 'Eğitim Kataloğu' }).click();
    await page.waitForURL(/\/education-category$/);
    await page.getByTestId('category-tree').locator(`[data-id="${categoryId}"]`).click();
    await page.waitForURL(new RegExp(`category=${categoryId}`));
    await page.getByTestId('catalogue-search').fill(stamp);
    const card = page.getByTestId('education-card').filter({ hasText: title });
    await card.waitFor();
    await expectAccessible(page);

    // Enrols from the card, which then offers the start.
    await card.getByTestId('education-action').click();
    await card.locator('[data-testid="education-action"][data-action="start"]').waitFor();

    // The detail page: the spec's fields, dates in Turkish (dd.mm.yyyy), the parts with the second one locked.
    await card.getByTestId('education-card-title').click();
    await page.waitForURL(new RegExp(`/education/${educationId}/detail$`));
    await page.getByTestId('detail-title').waitFor();
    expect(await page.getByTestId('detail-start').textContent()).toContain('05.01.2026');
    expect(await page.getByTestId('finished-rate').textContent()).toBe('%0');
    expect(await page.getByTestId('part').nth(1).getAttribute('data-locked')).toBe('true');
    await expectAccessible(page);

    // The start button opens the player at the first part; reading the page to its end completes it.
    await page.getByTestId('detail-play').click();
    await page.waitForURL(new RegExp(`/eduction/${educationId}/player\\?part=\\d+$`));
    await page.getByTestId('page-player').waitFor();
    await page.getByTestId('page-end').scrollIntoViewIfNeeded();
    await page.getByTestId('player-next-part').waitFor({ timeout: 20_000 });
    // The rate follows the part's completion through the server's event subscribers, which take their turn on a busy
    // machine.
    await expect
      .poll(() => page.getByTestId('education-rate').getAttribute('data-value'), { timeout: 30_000 })
      .toBe('50');
    await expectAccessible(page);

    // The rate climbed on the detail page and on the home page's continue card.
    await page.goto(`${origin('demo')}/education/${educationId}/detail`);
    await expect.poll(() => page.getByTestId('finished-rate').textContent()).toBe('%50');
    expect(await page.getByTestId('detail-play').getAttribute('data-action')).toBe('continue');
    await page.goto(`${origin('demo')}/dashboard`);
    const next = page.getByTestId('home-continue');
    await next.waitFor();
    expect(await next.getAttribute('data-id')).toBe(String(educationId));
    expect(await page.getByTestId('home-continue-rate').textContent()).toBe('%50');
    await expectAccessible(page);

    // "Devam et" opens the second part, now open; opening the link completes it and the education.
    await page.getByTestId('home-continue-button').click();
    await page.waitForURL(new RegExp(`/eduction/${educationId}/player\\?part=\\d+$`));
    await page.getByTestId('link-player').waitFor();
    await page.getByTestId('link-open').click();
    await page.getByTestId('player-education-completed').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('education-rate').getAttribute('data-value')).toBe('100');

    await page.getByTestId('player-to-detail').click();
    await page.waitForURL(new RegExp(`/education/${educationId}/detail$`));
    await expect.poll(() => page.getByTestId('finished-rate').textContent()).toBe('%100');
    expect(await page.getByTestId('detail-play').getAttribute('data-action')).toBe('review');

    // My educations lists it among the completed ones.
    await page.goto(`${origin('demo')}/my-education?tab=completed`);
    await page.getByTestId('education-card').filter({ hasText: title }).waitFor();
    await expectAccessible(page);
    await context.close();

    // The admin sees that learner finished, in the education's learners report.
    const admin = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const adminPage = await admin.newPage();
    await signIn(adminPage, 'demo', 'admin@demo.test');
    await adminPage.goto(`${origin('demo')}/admin/education/detail?id=${educationId}`);
    await expect.poll(() => adminPage.getByTestId('summary-completed-value').textContent()).toBe('1');
    await expect.poll(() => adminPage.getByTestId('report-rate').first().textContent()).toBe('%100');
    await expectAccessible(adminPage);
    await admin.close();
  });

  it('keeps a locked part closed when asked for by address', { timeout: 120_000 }, async () => {
    const stamp = Date.now().toString(36);
    const { educationId } = await createEducation(adminToken, stamp);
    const learnerToken = await apiLogin(HOST, 'learner@demo.test');
    await apiCall(HOST, 'POST', `/api/educations/${educationId}/enrol`, undefined, learnerToken);
    const player = await apiCall<{ data: { parts: { id: number; locked: boolean }[] } }>(
      HOST,
      'GET',
      `/api/educations/${educationId}/player`,
      undefined,
      learnerToken,
    );
    const locked = player.data.parts.find((part) => part.locked);
    expect(locked).toBeDefined();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, 'demo', 'learner@demo.test');
    await page.goto(`${origin('demo')}/eduction/${educationId}/player?part=${locked!.id}`);
    await page.getByTestId('player-part-locked').waitFor();
    // On a phone the parts are in a drawer.
    await page.getByTestId('player-parts-toggle').click();
    await page.getByTestId('player-parts-drawer').getByTestId('parts-list').waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('a sequential program opens its next step once the learner completes the one before', {
    timeout: 180_000,
  }, async () => {
    const stamp = Date.now().toString(36);
    const first = await createEducation(adminToken, `${stamp}a`);
    const second = await createEducation(adminToken, `${stamp}b`);
    const program = await apiCall<Created>(
      HOST,
      'POST',
      '/api/admin/programs',
      {
        title: `Güvenli çalışma yolu ${stamp}`,
        description: 'İki eğitimlik kısa bir öğrenme yolu.',
        sequential: true,
        steps: [
          { education_id: first.educationId, deadline_days: 7 },
          { education_id: second.educationId, deadline_days: null },
        ],
      },
      adminToken,
    );
    const learner = await apiCall<{ access_token: string; id: number }>(HOST, 'POST', '/api/token', {
      grant_type: 'password',
      username: 'learner@demo.test',
      password: 'Kampus!2026',
    });
    await apiCall(
      HOST,
      'POST',
      `/api/admin/programs/${program.data.id}/enrolments`,
      { user_ids: [learner.id] },
      adminToken,
    );

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'demo', 'learner@demo.test');
    const openPanel = async () => {
      await page.goto(`${origin('demo')}/my-education?tab=programs`);
      const card = page.getByTestId('program-card').filter({ hasText: `Güvenli çalışma yolu ${stamp}` });
      await card.getByTestId('program-open').click();
      await page.getByTestId('program-panel-body').waitFor();
      return page.getByTestId('program-step');
    };
    let steps = await openPanel();
    expect(await steps.nth(0).getAttribute('data-next')).toBe('true');
    expect(await steps.nth(1).getAttribute('data-locked')).toBe('true');
    await expectAccessible(page);

    // The learner completes the first education's parts in order (the journey above plays them in the browser).
    const parts = (
      await apiCall<{ data: { parts: { ref_id: number; content_type: 'page' | 'link' }[] } }>(
        HOST,
        'GET',
        `/api/educations/${first.educationId}/player`,
        undefined,
        learner.access_token,
      )
    ).data.parts;
    for (const part of parts) {
      await apiCall(
        HOST,
        'POST',
        `/api/contents/${part.ref_id}/progress`,
        { session: randomUUID(), seq: 0, kind: part.content_type, finished: true },
        learner.access_token,
      );
    }

    // The second step is open now, and is the one to continue with.
    steps = await openPanel();
    await expect.poll(() => steps.nth(1).getAttribute('data-locked')).toBe('false');
    expect(await steps.nth(1).getAttribute('data-next')).toBe('true');
    await steps.nth(1).getByTestId('education-action').click();
    await page.waitForURL(new RegExp(`/eduction/${second.educationId}/player\\?part=\\d+$`));
    await page.getByTestId('page-player').waitFor();
    await context.close();
  });
});
