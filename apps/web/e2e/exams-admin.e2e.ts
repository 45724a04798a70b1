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

interface ExamItem {
  id: number;
  title: string;
  selection: string;
  time_limit_minutes: number | null;
  draw_rules: { count: number }[];
  questions_count: number;
}

describe('exams admin in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it("builds an exam with a random draw and a time limit and attaches it as a training's post-test", {
    timeout: 120_000,
  }, async () => {
    const stamp = Date.now().toString(36);
    const title = `Oltalama son testi ${stamp}`;
    const admin = await apiLogin(HOST, 'admin@demo.test');
    const education = await apiCall<{ data: { id: number } }>(
      HOST,
      'POST',
      '/api/admin/educations',
      { title: `Güvenli e-posta ${stamp}`, language: 'tr' },
      admin,
    );

    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, 'demo', 'admin@demo.test');
    await page.goto(`${origin('demo')}/admin/exams`);
    await page.getByTestId('exam-add').waitFor();
    await axeClean(page);

    await page.getByTestId('exam-add').click();
    await page.getByTestId('exam-title').fill(title);
    await page.getByText('Rastgele seçim').click();
    await page.getByTestId('draw-rule-add').click();
    await page.getByTestId('draw-rule-count').fill('3');
    // The bank's live count for the rule (any question: the demo bank holds many).
    await page
      .getByTestId('rule-match-count')
      .filter({ hasText: /soru uyuyor/ })
      .waitFor();
    await page.getByTestId('exam-time-limit').fill('15');
    await axeClean(page);
    await page.getByTestId('exam-form-save-stay').click();
    await page.waitForURL(/\/admin\/exam\/\d+\/edit$/);
    const id = Number(/\/admin\/exam\/(\d+)\/edit$/.exec(page.url())?.[1]);

    const stored = await apiCall<{ data: ExamItem }>(HOST, 'GET', `/api/admin/exams/${id}`, undefined, admin);
    expect(stored.data).toMatchObject({ title, selection: 'random', time_limit_minutes: 15, questions_count: 3 });
    expect(stored.data.draw_rules).toEqual([{ category_id: null, hashtag_ids: [], difficulty: null, count: 3 }]);

    // The exam's results view: no attempts yet.
    await page.goto(`${origin('demo')}/admin/exam/${id}/results`);
    await page.getByTestId('exam-results-page').waitFor();
    await page.getByTestId('grading-empty').waitFor();
    await axeClean(page);

    // The training takes it as its post-test.
    await page.goto(`${origin('demo')}/admin/education/catalog/edit/${education.data.id}`);
    await page.getByTestId('education-post-test').click();
    await page.getByRole('option', { name: title }).click();
    await page.getByTestId('education-form-save-stay').click();
    await page.locator('.mantine-Notification-root').first().waitFor();
    const saved = await apiCall<{ data: { post_test_exam_id: number | null } }>(
      HOST,
      'GET',
      `/api/admin/educations/${education.data.id}`,
      undefined,
      admin,
    );
    expect(saved.data.post_test_exam_id).toBe(id);
    const used = await apiCall<{ data: { educations_count: number } }>(
      HOST,
      'GET',
      `/api/admin/exams/${id}`,
      undefined,
      admin,
    );
    expect(used.data.educations_count).toBe(1);
  });
});
