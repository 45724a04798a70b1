import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';
const LEARNER = 'learner@demo.test';

/** Waits for the page's toasts to leave: their close buttons are not what the axe check is about. */
async function axeClean(page: Page) {
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  expect(await seriousViolations(page)).toEqual([]);
}

describe('surveys in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('an admin builds an anonymous survey, a learner fills it, the admin sees the chart and no name', {
    timeout: 180_000,
  }, async () => {
    const title = `Nabız anketi ${Date.now().toString(36)}`;
    const admin = await apiLogin(HOST, 'admin@demo.test');

    // The admin builds the survey: a Likert question and a single choice, anonymous.
    const adminPage = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(adminPage, 'demo', 'admin@demo.test');
    await adminPage.goto(`${origin('demo')}/admin/surveys`);
    await adminPage.getByTestId('survey-add').waitFor();
    await axeClean(adminPage);
    await adminPage.getByTestId('survey-add').click();
    await adminPage.getByTestId('survey-title').fill(title);
    await adminPage.getByRole('switch', { name: 'Anonim anket' }).check({ force: true });
    await adminPage.getByTestId('builder-add').click();
    await adminPage.getByTestId('builder-add-likert').click();
    await adminPage.getByTestId('builder-question-text-0-tr').fill('Ekibimde kendimi değerli hissediyorum.');
    await adminPage.getByTestId('builder-add').click();
    await adminPage.getByTestId('builder-add-single_choice').click();
    await adminPage.getByTestId('builder-question-text-1-tr').fill('Hangi gün toplantı yapalım?');
    await adminPage.getByTestId('builder-option-1-0-tr').fill('Pazartesi');
    await adminPage.getByTestId('builder-option-1-1-tr').fill('Cuma');
    await axeClean(adminPage);
    await adminPage.getByTestId('survey-form-save').click();
    await adminPage.waitForURL(/\/admin\/survey(s$|\/\d+\/edit$)/);
    const list = await apiCall<{ data: { id: number; title: string; anonymous: boolean; questions_count: number }[] }>(
      HOST,
      'GET',
      `/api/admin/surveys?search=${encodeURIComponent(title)}`,
      undefined,
      admin,
    );
    const survey = list.data.find((s) => s.title === title);
    expect(survey).toMatchObject({ anonymous: true, questions_count: 2 });
    const surveyId = survey?.id as number;

    // It is given to the demo learner through an assignment.
    const people = await apiCall<{ data: { id: number; email: string; name: string; surname: string }[] }>(
      HOST,
      'GET',
      `/api/admin/users?search=${encodeURIComponent(LEARNER)}`,
      undefined,
      admin,
    );
    const learner = people.data.find((u) => u.email === LEARNER);
    if (!learner) throw new Error('no demo learner');
    const today = new Date().toISOString().slice(0, 10);
    const assignment = await apiCall<{ data: { id: number } }>(
      HOST,
      'POST',
      '/api/admin/assignments',
      {
        name: title,
        start_date: today,
        end_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        items: [{ type: 'survey', ref_id: surveyId }],
        target: { kind: 'users', user_ids: [learner.id] },
      },
      admin,
    );
    await apiCall(HOST, 'POST', `/api/admin/assignments/${assignment.data.id}/publish`, undefined, admin);
    const learnerToken = await apiLogin(HOST, LEARNER);
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ data: { id: number }[] }>(HOST, 'GET', '/api/my/surveys', undefined, learnerToken)
          ).data.some((s) => s.id === surveyId),
        { timeout: 30_000 },
      )
      .toBe(true);

    // The learner fills it on a phone: a draft first, then the submission.
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signIn(phone, 'demo', LEARNER);
    await phone.goto(`${origin('demo')}/survey/${surveyId}`);
    await phone.getByTestId('survey-anonymous').waitFor();
    await axeClean(phone);
    await phone.getByRole('radio', { name: 'Katılıyorum', exact: true }).click();
    await phone
      .getByTestId('survey-save-state')
      .getByText(/Taslak kaydedildi/)
      .waitFor();
    await phone.getByRole('radio', { name: 'Cuma', exact: true }).click();
    await phone.getByTestId('survey-submit').click();
    await phone.getByTestId('survey-submit-confirm').first().click();
    await phone.getByTestId('survey-submitted').waitFor();
    await axeClean(phone);

    // The admin's results: the chart, the same count as the API, and nothing that names the learner.
    const results = await apiCall<{
      data: { responses: number; detail: unknown; questions: { mean: number | null }[] };
    }>(HOST, 'GET', `/api/admin/surveys/${surveyId}/results`, undefined, admin);
    expect(results.data).toMatchObject({ responses: 1, detail: null });
    expect(results.data.questions[0]?.mean).toBe(4);
    await adminPage.goto(`${origin('demo')}/admin/survey/${surveyId}/results`);
    await adminPage.getByTestId('survey-result-chart').first().waitFor();
    expect(await adminPage.getByTestId('survey-results-count').textContent()).toContain('1');
    const text = (await adminPage.getByTestId('survey-results').textContent()) ?? '';
    expect(text).not.toContain(learner.surname);
    expect(text).not.toContain(LEARNER);
    await axeClean(adminPage);
  });
});
