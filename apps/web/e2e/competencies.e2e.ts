import type { CompetencyLevelList, CompetencyRule, EducationCardList } from '@kampus/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';

describe('competencies in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('an admin makes a rule for an education, back-applies it after the preview count, and the matrix shows the learner’s level', async () => {
    const stamp = Date.now().toString(36);
    const admin = await apiLogin(HOST, 'admin@demo.test');
    const learnerToken = await apiLogin(HOST, 'learner@demo.test');
    // An education the demo learner has completed, and a new competency nobody holds yet.
    const done = await apiCall<EducationCardList>(
      HOST,
      'GET',
      '/api/my/educations?state=completed',
      undefined,
      learnerToken,
    );
    const education = done.data[0];
    if (!education) throw new Error('the demo learner has completed no education');
    const levels = ['Farkında', 'Uygulayan', `Yetkin ${stamp}`, 'Yol gösteren', 'Uzman'];
    const competency = await apiCall<{ data: { id: number } }>(
      HOST,
      'POST',
      '/api/admin/competencies',
      { names: { tr: `Sunum becerileri ${stamp}`, en: `Presentation skills ${stamp}` }, levels },
      admin,
    );
    const [learner] = (
      await apiCall<{ data: { id: number; name: string; surname: string }[] }>(
        HOST,
        'GET',
        '/api/admin/users?search=learner%40demo.test',
        undefined,
        admin,
      )
    ).data;
    if (!learner) throw new Error('no demo learner');

    const page = await (await browser.newContext()).newPage();
    await signIn(page, 'demo', 'admin@demo.test');
    await page.goto(`${origin('demo')}/admin/automatic-competency-definitions`);
    await page.getByTestId('table-row').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('competency-rule-add').first().click();
    await page.waitForURL(/\/admin\/add-automatic-competency$/);
    const form = page.getByTestId('rule-form');
    await form.locator('input[name="name"]').fill(`Sunum kuralı ${stamp}`);
    const ref = page.getByTestId('rule-ref');
    await ref.click();
    await ref.fill(education.title.slice(0, 12));
    await page.getByRole('option', { name: education.title }).first().click();
    const competencyInput = page.getByTestId('rule-competency');
    await competencyInput.click();
    await competencyInput.fill(stamp);
    await page.getByRole('option', { name: `Sunum becerileri ${stamp}` }).click();
    await page.getByTestId('rule-level').click();
    await page.getByRole('option', { name: `3 · Yetkin ${stamp}` }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('rule-form-save').click();

    // The rule's own page: how many people already qualify, then the confirmed back-apply.
    await page.waitForURL(/\/admin\/edit-automatic-competency\/\d+\/edit$/);
    const count = page.getByTestId('rule-preview-count');
    await count.waitFor();
    const previewed = Number(await count.getAttribute('data-count'));
    expect(previewed).toBeGreaterThanOrEqual(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('rule-apply').click();
    await page.getByTestId('confirm-accept').click();
    await expect.poll(async () => count.getAttribute('data-count'), { timeout: 10_000 }).toBe('0');

    const ruleId = Number(/edit-automatic-competency\/(\d+)/.exec(page.url())?.[1]);
    const rule = await apiCall<{ data: CompetencyRule }>(
      HOST,
      'GET',
      `/api/admin/competency-rules/${ruleId}`,
      undefined,
      admin,
    );
    expect(rule.data.applied).toBe(previewed);
    const levelsOfLearner = await apiCall<CompetencyLevelList>(
      HOST,
      'GET',
      `/api/admin/competency-levels?user_id=${learner.id}&competency_id=${competency.data.id}`,
      undefined,
      admin,
    );
    expect(levelsOfLearner.data[0]).toMatchObject({ level: 3, source: 'rule' });

    // The matrix shows the learner at level 3 of the new competency.
    await page.goto(`${origin('demo')}/admin/competency-management?search=${encodeURIComponent(learner.surname)}`);
    const row = page.getByTestId('table-row').filter({ hasText: `${learner.name} ${learner.surname}` });
    await row.waitFor();
    await row.getByLabel(`3 · Yetkin ${stamp}`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);
});
