import type { AdminJob } from '@kampus/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';
const REFUSED = 'm.yildiz@eski-alan-adi.example';

/** One job of the admin list, paging through it (the demo seeds queue many jobs: the newest hundred may not hold it). */
async function findJob(token: string, id: number): Promise<AdminJob | undefined> {
  for (let page = 1; page <= 50; page++) {
    const all = await apiCall<{ data: AdminJob[] }>(
      HOST,
      'GET',
      `/api/admin/jobs?per_page=100&page=${page}`,
      undefined,
      token,
    );
    const found = all.data.find((j) => j.id === id);
    if (found || all.data.length < 100) return found;
  }
  return undefined;
}

describe('background jobs in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it("shows a super admin the demo's dead letter and runs it again after asking", async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, 'demo', 'super@kampus.test');
    await page.goto(`${origin('demo')}/admin/jobs?state=failed`);
    const row = page.getByTestId('table-row').filter({ hasText: '550 5.1.1' });
    await row.waitFor();
    expect(await row.getByTestId('job-state').textContent()).toBe('Başarısız');
    expect(await seriousViolations(page)).toEqual([]);

    // Asked first: cancelling changes nothing.
    await row.getByTestId('job-retry').click();
    await page.getByTestId('confirm-cancel').click();
    await page.getByTestId('confirm-cancel').waitFor({ state: 'detached' });
    const token = await apiLogin(HOST, 'super@kampus.test');
    const failed = await apiCall<{ data: AdminJob[] }>(HOST, 'GET', '/api/admin/jobs?state=failed', undefined, token);
    const job = failed.data.find((j) => j.last_error?.includes(REFUSED));
    expect(job?.state).toBe('failed');

    await row.getByTestId('job-retry').click();
    await page.getByTestId('confirm-accept').click();
    // Queued again with fresh attempts; the outbox accepts the mail this time, so the job finishes.
    await row.waitFor({ state: 'detached' });
    let state = 'queued';
    for (let tries = 0; tries < 50 && state !== 'done'; tries++) {
      state = (await findJob(token, job?.id ?? 0))?.state ?? 'missing';
      if (state !== 'done') await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(state).toBe('done');
  });

  it('keeps company admins out of the platform jobs', async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, 'demo', 'admin@demo.test');
    await page.goto(`${origin('demo')}/admin/jobs`);
    await page.waitForURL(/\/403$/);
  });
});
