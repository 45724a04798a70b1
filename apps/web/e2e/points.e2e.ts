import type { Leaderboard } from '@kampus/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';

describe('points and the leader table in Chromium', () => {
  let browser: Browser;
  let adminToken: string;
  let learnerToken: string;
  let learnerId: number;
  beforeAll(async () => {
    browser = await launch();
    adminToken = await apiLogin(HOST, 'admin@demo.test');
    const learner = await apiCall<{ access_token: string; id: number }>(HOST, 'POST', '/api/token', {
      grant_type: 'password',
      username: 'learner@demo.test',
      password: 'Kampus!2026',
    });
    learnerToken = learner.access_token;
    learnerId = learner.id;
  });
  afterAll(() => browser.close());

  it('a learner completes a content: the point toast comes within seconds and the leader table in another tab moves', async () => {
    const stamp = Date.now().toString(36);
    const content = await apiCall<{ data: { id: number } }>(
      HOST,
      'POST',
      '/api/admin/contents',
      { type: 'link', title: `Puan bağlantısı ${stamp}`, language: 'tr', external_url: `https://example.com/${stamp}` },
      adminToken,
    );
    const contentId = content.data.id;
    await apiCall(HOST, 'POST', `/api/admin/contents/${contentId}/enrolments`, { user_ids: [learnerId] }, adminToken);
    const before = await apiCall<Leaderboard>(HOST, 'GET', '/api/leaderboard?period=week', undefined, learnerToken);
    const pointsBefore = before.data.me?.points ?? 0;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The link opens the outside address in a new tab: nothing leaves the machine.
    await context.route(/^https:\/\/example\.com\//, (route) => route.fulfill({ status: 200, body: 'ok' }));
    const board = await context.newPage();
    await signIn(board, 'demo', 'learner@demo.test');
    await board.goto(`${origin('demo')}/leader-table?period=week`);
    await board.getByTestId('leaderboard-table').waitFor();
    const myPoints = board.getByTestId('leaderboard-my-points');
    if (pointsBefore > 0) await expect.poll(() => myPoints.textContent()).toContain(String(pointsBefore));
    expect(await seriousViolations(board)).toEqual([]);

    const player = await context.newPage();
    await player.goto(`${origin('demo')}/eduction/${contentId}/player?source=content`);
    const open = player.getByTestId('link-open');
    await open.waitFor({ timeout: 30_000 });
    const opened = context.waitForEvent('page');
    const clicked = Date.now();
    await open.click();
    await (await opened).close();

    // The toast, in the learner's language, on the tab that completed the content and on the other one.
    const toast = player.getByTestId('point-toast').filter({ hasText: 'İçerik tamamlama' }).first();
    await toast.waitFor({ timeout: 10_000 });
    // Within seconds on a loaded two-core machine (typically well under one).
    expect(Date.now() - clicked).toBeLessThan(10_000);
    expect(await toast.textContent()).toContain('puan kazandınız');
    await board.getByTestId('point-toast').filter({ hasText: 'İçerik tamamlama' }).first().waitFor({ timeout: 10_000 });

    // The other tab's table has the new points and rank without a reload.
    const after = await apiCall<Leaderboard>(HOST, 'GET', '/api/leaderboard?period=week', undefined, learnerToken);
    expect(after.data.me?.points ?? 0).toBeGreaterThan(pointsBefore);
    await expect
      .poll(() => board.getByTestId('leaderboard-my-rank').textContent(), { timeout: 10_000 })
      .toBe(`#${after.data.me?.rank}`);
    await expect.poll(() => myPoints.textContent(), { timeout: 10_000 }).toContain(String(after.data.me?.points));
    expect(await seriousViolations(board)).toEqual([]);
    await context.close();
  });

  it('an admin edits a point rule, and sees the leader table’s settings and seasons', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'demo', 'admin@demo.test');
    await page.goto(`${origin('demo')}/admin/points`);
    await page.getByTestId('point-rule-edit').first().waitFor();
    expect(await page.getByTestId('point-rule-add').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${origin('demo')}/admin/points?kind=survey_answered`);
    await page.getByTestId('point-rule-edit').first().click();
    await page.waitForURL(/\/admin\/point\/\d+\/update$/);
    const points = page.getByTestId('point-rule-points-input');
    await points.fill('12');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('point-rule-form-save').click();
    await page.waitForURL(/\/admin\/points/);
    const rules = await apiCall<{ data: { points: number }[] }>(
      HOST,
      'GET',
      '/api/admin/points?kind=survey_answered',
      undefined,
      adminToken,
    );
    expect(rules.data[0]?.points).toBe(12);

    await page.goto(`${origin('demo')}/admin/leaders-table-management`);
    await page.getByTestId('leaderboard-settings-form').waitFor();
    await page.getByTestId('leaderboard-seasons').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
