import { request } from 'node:http';
import type { ContentReportRow, ScormVersion } from '@kampus/shared';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScormPackage } from '../../api/test/scorm-packages.js';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';
import { e2ePort } from './servers.js';

const HOST = 'demo.localhost';

/** POST api/uploads?kind=scorm with one zip, as the admin screen's upload field sends it. */
function uploadZip(token: string, name: string, zip: Buffer): Promise<string> {
  const port = e2ePort();
  const boundary = `----kampus${Date.now().toString(16)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${name}"\r\n` +
        'Content-Type: application/zip\r\n\r\n',
    ),
    zip,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/uploads?kind=scorm',
        headers: {
          host: `${HOST}:${port}`,
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          res.statusCode === 201
            ? resolve(JSON.parse(text).data[0].url)
            : reject(new Error(`${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Waits until the content's usage report shows the learner's row as `expected`. */
async function reportRow(token: string, contentId: number, learnerId: number, expected: Partial<ContentReportRow>) {
  const deadline = Date.now() + 15_000;
  let row: ContentReportRow | undefined;
  while (Date.now() < deadline) {
    const report = await apiCall<{ data: ContentReportRow[] }>(
      HOST,
      'GET',
      `/api/admin/contents/${contentId}/report`,
      undefined,
      token,
    );
    row = report.data.find((r) => r.user.id === learnerId);
    if (row && Object.entries(expected).every(([key, value]) => row?.[key as keyof ContentReportRow] === value)) {
      return row;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the report never showed ${JSON.stringify(expected)}: ${JSON.stringify(row)}`);
}

describe('SCORM packages in Chromium', () => {
  let browser: Browser;
  let adminToken: string;
  let learnerId: number;
  const stamp = Date.now().toString(36);

  /** Uploads the package, makes it a content and enrols the demo learner; answers the content's id. */
  async function publish(version: ScormVersion, score?: number): Promise<number> {
    const zip = await buildScormPackage({ version, score, title: `SCORM ${version} ${stamp}` });
    const fileUrl = await uploadZip(adminToken, `lesson-${version}.zip`, zip);
    const created = await apiCall<{ data: { id: number; scorm: unknown } }>(
      HOST,
      'POST',
      '/api/admin/contents',
      { type: 'scorm', title: `SCORM ${version} ${stamp}`, language: 'en', file_url: fileUrl },
      adminToken,
    );
    expect(created.data.scorm).toMatchObject({ version, launch: 'index.html' });
    await apiCall(
      HOST,
      'POST',
      `/api/admin/contents/${created.data.id}/enrolments`,
      { user_ids: [learnerId] },
      adminToken,
    );
    return created.data.id;
  }

  /** Opens the player page; the package's frame reaches down to the bottom of the window. */
  async function openPlayer(page: Page, contentId: number): Promise<FrameLocator> {
    await page.goto(`${origin('demo')}/eduction/${contentId}/player?source=content`);
    const frame = page.getByTestId('scorm-player').locator('iframe');
    await frame.waitFor();
    const box = await frame.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && viewport.height - (box.y + box.height)).toBeGreaterThanOrEqual(0);
    expect(box && viewport && viewport.height - (box.y + box.height)).toBeLessThanOrEqual(40);
    return page.frameLocator('[data-testid="scorm-player"] iframe');
  }

  beforeAll(async () => {
    browser = await launch();
    adminToken = await apiLogin(HOST, 'admin@demo.test');
    learnerId = (
      await apiCall<{ id: number }>(HOST, 'POST', '/api/token', {
        grant_type: 'password',
        username: 'learner@demo.test',
        password: 'Kampus!2026',
      })
    ).id;
  });
  afterAll(() => browser.close());

  it('a SCORM 1.2 lesson keeps the learner’s answers across a reload, and its score reaches the report', async () => {
    const contentId = await publish('1.2');
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, 'demo', 'learner@demo.test');
    let lesson = await openPlayer(page, contentId);
    await lesson.getByRole('heading', { name: `SCORM 1.2 ${stamp}` }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The first answer is bookmarked (suspend_data) and committed at once.
    await lesson.getByLabel('Blue-Cat-Flies-42!').check();
    await reportRow(adminToken, contentId, learnerId, { status: 'in_progress' });
    const learnerToken = await apiLogin(HOST, 'learner@demo.test');
    await expect
      .poll(async () => {
        const player = await apiCall<{ data: { cmi: { cmi?: { suspend_data?: string } } | null } }>(
          HOST,
          'GET',
          `/api/contents/${contentId}/player`,
          undefined,
          learnerToken,
        );
        return player.data.cmi?.cmi?.suspend_data ?? null;
      })
      .toBe('{"answers":[2,-1,-1]}');

    // Back after a reload: the runtime starts from the saved data and the lesson shows where the learner was.
    await page.reload();
    lesson = await openPlayer(page, contentId);
    await lesson.getByText('Welcome back: you are where you left off.').waitFor();
    expect(await lesson.getByLabel('Blue-Cat-Flies-42!').isChecked()).toBe(true);

    await lesson.getByLabel('Report it to the security team').check();
    await lesson.getByLabel('Lock my screen').check();
    await lesson.getByRole('button', { name: 'Submit answers' }).click();
    await lesson.getByText('Your score: 100/100. Well done, you passed!').waitFor();
    const row = await reportRow(adminToken, contentId, learnerId, { status: 'completed' });
    expect(row).toMatchObject({ score: 100, success: 'passed', progress: 100 });
    await page.screenshot({ path: '/tmp/scorm-e2e-12-1440.png' });
    await page.context().close();
  });

  it('a SCORM 2004 package reports its score through API_1484_11 on a phone-sized screen', async () => {
    const contentId = await publish('2004', 85);
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signIn(page, 'demo', 'learner@demo.test');
    const lesson = await openPlayer(page, contentId);
    await lesson.getByText('Score saved: 85').waitFor();
    const row = await reportRow(adminToken, contentId, learnerId, { status: 'completed' });
    expect(row).toMatchObject({ score: 85, success: 'passed' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/scorm-e2e-2004-390.png' });
    await page.context().close();
  });
});
