import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';

async function axeClean(page: Page) {
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  expect(await seriousViolations(page)).toEqual([]);
}

const seconds = (clock: string) => clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);

describe('taking an exam in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('a learner starts, answers, loses the connection, reloads, resumes with the timer right and nothing lost, submits', {
    timeout: 180_000,
  }, async () => {
    const stamp = Date.now().toString(36);
    const admin = await apiLogin(HOST, 'admin@demo.test');
    const question = async (body: Record<string, unknown>) =>
      (await apiCall<{ data: { id: number } }>(HOST, 'POST', '/api/admin/questions', { body, language: 'tr' }, admin))
        .data.id;
    const ids = [
      await question({
        type: 'single',
        text: `<p>Şüpheli bir e-postayı kime bildirirsiniz? ${stamp}</p>`,
        explanation: null,
        options: [
          { key: 'a', text: 'Bilgi güvenliği ekibine' },
          { key: 'b', text: 'Hiç kimseye' },
        ],
        correct: 'a',
      }),
      await question({
        type: 'true_false',
        text: `<p>Ekranınızı kilitlemelisiniz. ${stamp}</p>`,
        explanation: null,
        correct: true,
      }),
      await question({
        type: 'short_text',
        text: `<p>Parolanızı kiminle paylaşırsınız? ${stamp}</p>`,
        explanation: null,
        accepted: ['Hiç kimse', 'Kimse'],
      }),
    ];
    const title = `Güvenlik pratiği ${stamp}`;
    const exam = await apiCall<{ data: { id: number } }>(
      HOST,
      'POST',
      '/api/admin/exams',
      {
        title,
        description: null,
        image_url: null,
        language: 'tr',
        category_id: null,
        status: 1,
        kind: 'demo',
        selection: 'fixed',
        question_ids: ids,
        time_limit_minutes: 30,
        layout: 'one_per_page',
      },
      admin,
    );
    const examId = exam.data.id;

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'demo', 'learner@demo.test');
    await page.goto(`${origin('demo')}/test`);
    const card = page.getByTestId('test-card').filter({ hasText: title });
    await card.waitFor();
    await axeClean(page);
    await card.getByRole('link').first().click();

    // The taking screen: the first answer is saved at once.
    await page.getByTestId('take-screen').waitFor();
    await page.getByText('Bilgi güvenliği ekibine').click();
    await page.locator('[data-testid=take-save-status][data-status=saved]').waitFor();
    await axeClean(page);

    // The connection goes: the next answers wait on this device.
    await context.setOffline(true);
    await page.getByRole('button', { name: /Sonraki|Next/ }).click();
    await page.getByTestId('question-2').getByRole('radio').first().click();
    await page.locator('[data-testid=take-save-status][data-status=offline]').waitFor();
    await page.getByRole('button', { name: /Sonraki|Next/ }).click();
    await page.getByTestId('question-3').getByRole('textbox').fill('hiç kimse');

    // The page reloads while saves still cannot reach the server (the address answers, the saves do not).
    await page.route('**/api/my/attempts/*/answers/**', (route) => route.abort());
    await context.setOffline(false);
    await page.reload();
    await page.getByTestId('take-screen').waitFor();
    const tests = await apiCall<{ data: { id: number; attempt_id: number; deadline_at: string }[] }>(
      HOST,
      'GET',
      '/api/my/tests',
      undefined,
      await apiLogin(HOST, 'learner@demo.test'),
    );
    const mine = tests.data.find((test) => test.id === examId);
    const left = seconds((await page.getByTestId('take-timer').textContent()) ?? '');
    const expected = (Date.parse(mine?.deadline_at ?? '') - Date.now()) / 1000;
    expect(Math.abs(left - expected)).toBeLessThan(5);
    expect(expected).toBeGreaterThan(25 * 60);

    // The connection is back: the stored answers go.
    await page.unroute('**/api/my/attempts/*/answers/**');
    await page.locator('[data-testid=take-save-status][data-status=saved]').waitFor({ timeout: 30_000 });
    const learner = await apiLogin(HOST, 'learner@demo.test');
    const attempt = await apiCall<{ data: { questions: { position: number; answer: unknown }[] } }>(
      HOST,
      'GET',
      `/api/my/attempts/${mine?.attempt_id}`,
      undefined,
      learner,
    );
    expect(attempt.data.questions.map((q) => q.answer)).toEqual([
      { type: 'single', key: 'a' },
      { type: 'true_false', value: true },
      { type: 'short_text', text: 'hiç kimse' },
    ]);

    // Submitting asks first; the result follows.
    await page.getByTestId('take-submit').click();
    await page.getByTestId('take-confirm').waitFor();
    await page.getByTestId('take-confirm-submit').click();
    await page.getByTestId('result-page').waitFor();
    expect(page.url()).toContain(`/test/attempt/${mine?.attempt_id}`);
    await expect(page.getByTestId('result-score').textContent()).resolves.toContain('100');
    await axeClean(page);
    await context.close();
  });

  it('a learner takes the exam item of an assignment from /my-assignment to the result; the item then shows passed', {
    timeout: 120_000,
  }, async () => {
    const stamp = Date.now().toString(36);
    const admin = await apiLogin(HOST, 'admin@demo.test');
    const question = async (body: Record<string, unknown>) =>
      (await apiCall<{ data: { id: number } }>(HOST, 'POST', '/api/admin/questions', { body, language: 'tr' }, admin))
        .data.id;
    const ids = [
      await question({
        type: 'single',
        text: `<p>Bir müşteri verisi sızıntısını ilk kime bildirirsiniz? ${stamp}</p>`,
        explanation: null,
        options: [
          { key: 'a', text: 'Veri koruma sorumlusuna' },
          { key: 'b', text: 'Sosyal medyaya' },
        ],
        correct: 'a',
      }),
      await question({
        type: 'true_false',
        text: `<p>Kişisel veriler yalnızca gerektiği kadar saklanır. ${stamp}</p>`,
        explanation: null,
        correct: true,
      }),
    ];
    const title = `KVKK son sınavı ${stamp}`;
    const exam = await apiCall<{ data: { id: number } }>(
      HOST,
      'POST',
      '/api/admin/exams',
      {
        title,
        language: 'tr',
        kind: 'exam',
        selection: 'fixed',
        question_ids: ids,
        pass_mark: 50,
        attempts_allowed: 2,
        layout: 'one_per_page',
      },
      admin,
    );
    const examId = exam.data.id;

    // An assignment of the exam to the demo learner, ending tomorrow (first among the open ones, which sort by end).
    const learnerRow = await apiCall<{ data: { id: number }[] }>(
      HOST,
      'GET',
      `/api/admin/users?search=${encodeURIComponent('learner@demo.test')}&per_page=1`,
      undefined,
      admin,
    );
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const name = `KVKK yıllık değerlendirmesi ${stamp}`;
    const assignment = await apiCall<{ data: { id: number } }>(
      HOST,
      'POST',
      '/api/admin/assignments',
      {
        name,
        start_date: day(-1),
        end_date: day(1),
        items: [{ type: 'exam', ref_id: examId }],
        target: { kind: 'users', user_ids: [learnerRow.data[0]?.id] },
      },
      admin,
    );
    const assignmentId = assignment.data.id;
    await apiCall(HOST, 'POST', `/api/admin/assignments/${assignmentId}/publish`, {}, admin);
    const learner = await apiLogin(HOST, 'learner@demo.test');
    const mine = () =>
      apiCall<{ data: { items: { type: string; ref_id: number; status: string; progress: number }[] } }>(
        HOST,
        'GET',
        `/api/my/assignments/${assignmentId}`,
        undefined,
        learner,
      );
    // The publish job gives it to the learner in the background.
    await expect.poll(async () => (await mine().catch(() => null)) !== null, { timeout: 20_000 }).toBe(true);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'demo', 'learner@demo.test');
    await page.goto(`${origin('demo')}/my-assignment`);
    const card = page.locator(`[data-testid=assignment-card][data-id="${assignmentId}"]`);
    await card.waitFor();
    await axeClean(page);
    await card.getByTestId('assignment-card-title').click();

    // The assignment: its exam item leads to /test with the exam outlined.
    await page.waitForURL(new RegExp(`/assignment/${assignmentId}/detail$`));
    const item = page.locator(`[data-testid=assignment-item][data-type=exam][data-id="${examId}"]`);
    await item.getByTestId('assignment-item-action').and(page.locator('[data-action=start]')).waitFor();
    await axeClean(page);
    await item.getByTestId('assignment-item-action').click();
    await page.waitForURL(new RegExp(`/test\\?exam=${examId}$`));
    const testCard = page.locator('[data-testid=test-card][data-highlighted]');
    await testCard.filter({ hasText: title }).waitFor();
    expect(await page.locator('[data-testid=test-card][data-highlighted]').count()).toBe(1);
    await axeClean(page);
    await testCard.getByRole('link').first().click();

    // Taking it: both answers right, then submit.
    await page.waitForURL(new RegExp(`/test/exam/${examId}$`));
    await page.getByTestId('take-screen').waitFor();
    await page.getByText('Veri koruma sorumlusuna').click();
    await page.locator('[data-testid=take-save-status][data-status=saved]').waitFor();
    await axeClean(page);
    await page.getByRole('button', { name: /Sonraki|Next/ }).click();
    await page.getByTestId('question-2').getByRole('radio').first().click();
    await page.locator('[data-testid=take-save-status][data-status=saved]').waitFor();
    await page.getByTestId('take-submit').click();
    await page.getByTestId('take-confirm').waitFor();
    await page.getByTestId('take-confirm-submit').click();
    await page.getByTestId('result-page').waitFor();
    await expect(page.getByTestId('result-score').textContent()).resolves.toContain('100');
    await page.getByTestId('result-verdict').waitFor();
    expect(await page.getByTestId('result-verdict').getAttribute('data-verdict')).toBe('passed');
    await axeClean(page);

    // Back on the assignment the item is done, as the API says: completed at 100%.
    const done = (await mine()).data.items.find((i) => i.type === 'exam' && i.ref_id === examId);
    expect(done).toMatchObject({ status: 'completed', progress: 100 });
    await page.goto(`${origin('demo')}/assignment/${assignmentId}/detail`);
    await item.getByTestId('assignment-item-action').and(page.locator('[data-action=review]')).waitFor();
    await page.getByTestId('assignment-completed-at').waitFor();
    await axeClean(page);
    await context.close();
  });
});
