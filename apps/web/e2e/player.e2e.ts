import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Content, ContentProgress, Marker, PlayerResponse } from '@kampus/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';
import { e2ePort } from './servers.js';

const HOST = 'demo.localhost';
const here = path.dirname(fileURLToPath(import.meta.url));
const MEDIA = path.resolve(here, '../../api/src/db/seed/media');
/** The demo seed's real 8-second WebM (title and running seconds), made by apps/api/scripts/make-demo-media.ts. */
const VIDEO = { kind: 'video', file: `${MEDIA}/video-onboarding-tr.webm`, mime: 'video/webm' };
/** Its four-page Turkish PDF. */
const PDF = { kind: 'document', file: `${MEDIA}/doc-handbook-tr.pdf`, mime: 'application/pdf' };

/** POST api/uploads as multipart, the way the upload field sends it. */
function upload(token: string, media: typeof VIDEO): Promise<{ url: string }> {
  const port = e2ePort();
  const boundary = `----kampus${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${path.basename(media.file)}"\r\n` +
        `Content-Type: ${media.mime}\r\n\r\n`,
    ),
    readFileSync(media.file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/uploads?kind=${media.kind}`,
        headers: {
          host: `${HOST}:${port}`,
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          (res.statusCode ?? 500) < 300
            ? resolve((JSON.parse(text) as { data: { url: string }[] }).data[0]!)
            : reject(new Error(`${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A video content of the uploaded WebM, the guard on. */
async function createVideo(token: string, title: string): Promise<Content> {
  const file = await upload(token, VIDEO);
  const created = await apiCall<{ data: Content }>(
    HOST,
    'POST',
    '/api/admin/contents',
    { type: 'video', title, language: 'tr', file_url: file.url, guard_enabled: true },
    token,
  );
  return created.data;
}

const video = (page: Page) => page.getByTestId('player-video');
const videoState = (page: Page) =>
  video(page).evaluate((el: HTMLVideoElement) => ({
    time: el.currentTime,
    rate: el.playbackRate,
    paused: el.paused,
    ended: el.ended,
    duration: el.duration,
  }));
/** Plays muted (Chromium lets a muted video play without a gesture). */
const play = (page: Page) =>
  video(page).evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    return el.play();
  });
const waitForTime = (page: Page, seconds: number) =>
  page.waitForFunction(
    (s) => (document.querySelector('[data-testid="player-video"]') as HTMLVideoElement | null)!.currentTime >= s,
    seconds,
    { timeout: 20_000 },
  );
const waitForMetadata = (page: Page) =>
  page.waitForFunction(
    () => ((document.querySelector('[data-testid="player-video"]') as HTMLVideoElement | null)?.readyState ?? 0) >= 1,
  );

describe('the player, the video guard and the interactive markers in Chromium', () => {
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

  const progressOf = async (contentId: number): Promise<ContentProgress | null> =>
    (await apiCall<PlayerResponse>(HOST, 'GET', `/api/contents/${contentId}/player`, undefined, learnerToken)).data
      .progress;

  it('a learner cannot skip ahead or speed up, answers the marker, leaves at half, resumes there and completes', async () => {
    const stamp = Date.now().toString(36);
    const content = await createVideo(adminToken, `Hoş geldiniz ${stamp}`);
    await apiCall(
      HOST,
      'PUT',
      `/api/admin/contents/${content.id}/markers`,
      {
        markers: [
          {
            type_id: 1,
            second: 2,
            question: 'Çekirdek çalışma saatleri nedir?',
            options: [
              { text: '10:00–16:00', correct: true },
              { text: '08:00–12:00', correct: false },
            ],
          },
        ],
      },
      adminToken,
    );
    await apiCall(HOST, 'POST', `/api/admin/contents/${content.id}/enrolments`, { user_ids: [learnerId] }, adminToken);

    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, 'demo', 'learner@demo.test');
    // The learner home lists it, with one obvious button into the player.
    const card = page.getByTestId('my-content-card').filter({ hasText: `Hoş geldiniz ${stamp}` });
    await card.getByTestId('my-content-open').click();
    await page.waitForURL(new RegExp(`/eduction/${content.id}/player\\?source=content$`));
    await waitForMetadata(page);
    expect(await page.getByTestId('player-title').textContent()).toBe(`Hoş geldiniz ${stamp}`);

    // Seeking past the furthest watched point (+2 s) snaps back, with the alert.
    await video(page).evaluate((el: HTMLVideoElement) => {
      el.currentTime = 6;
    });
    await page.getByTestId('guard-alert').and(page.locator('[data-alert="progress_blocked"]')).waitFor();
    expect((await videoState(page)).time).toBeLessThan(0.5);
    // The alert goes by itself after 2 s.
    await page.getByTestId('guard-alert').waitFor({ state: 'detached', timeout: 4000 });

    // A faster speed is reset to 1.
    await video(page).evaluate((el: HTMLVideoElement) => {
      el.playbackRate = 2;
    });
    await page.getByTestId('guard-alert').and(page.locator('[data-alert="speed_changed"]')).waitFor();
    expect((await videoState(page)).rate).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // Playing stops at the marker's second until it is answered.
    await play(page);
    const dialog = page.getByTestId('marker-dialog');
    await dialog.getByText('Çekirdek çalışma saatleri nedir?').waitFor();
    expect((await videoState(page)).paused).toBe(true);
    await page.waitForTimeout(600);
    expect((await videoState(page)).paused).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('checkbox', { name: '10:00–16:00' }).check();
    await dialog.getByTestId('marker-submit').click();
    await expect.poll(() => dialog.getByTestId('marker-result').getAttribute('data-correct')).toBe('true');
    await dialog.getByTestId('marker-continue').click();
    await dialog.waitFor({ state: 'detached' });

    // Leaves at half: the last report goes out as the page leaves.
    await waitForTime(page, 4);
    await page.getByTestId('player-back').click();
    await page.waitForURL(/\/dashboard$/);
    await expect
      .poll(async () => (await progressOf(content.id))?.position ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(3.5);
    const left = (await progressOf(content.id))!;
    expect(left.status).toBe('in_progress');
    expect(left.furthest_second).toBeGreaterThan(3.5);
    expect(left.position).toBeLessThan(6);

    // Comes back at the same second, and the answered marker does not stop the video again.
    await page.goto(`${origin('demo')}/eduction/${content.id}/player?source=content`);
    await waitForMetadata(page);
    await expect.poll(async () => (await videoState(page)).time).toBeCloseTo(left.position, 0);
    await play(page);
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="player-video"]') as HTMLVideoElement).ended,
      undefined,
      { timeout: 20_000 },
    );
    expect(await page.getByTestId('marker-dialog').count()).toBe(0);

    // The server says completed, and the page shows it with the next step.
    await page.getByTestId('player-completed').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('player-progress').getAttribute('data-status')).toBe('completed');
    const done = (await progressOf(content.id))!;
    expect(done.status).toBe('completed');
    expect(done.progress).toBe(100);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();

    // The admin sees the learner at 100% in the content's usage report.
    const admin = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(admin, 'demo', 'admin@demo.test');
    await admin.goto(`${origin('demo')}/admin/content/detail/${content.id}`);
    const learnerRow = admin.getByRole('row').filter({ hasText: 'learner@demo.test' });
    await expect
      .poll(() => learnerRow.getByTestId('report-progress').textContent(), { timeout: 15_000 })
      .toMatch(/100/);
    await expect.poll(() => admin.getByTestId('summary-completed-value').textContent()).toBe('1');
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.context().close();
  });

  it('reports made offline wait in the browser and reach the server in order when the connection returns', async () => {
    const content = await createVideo(adminToken, `Çevrimdışı ${Date.now().toString(36)}`);
    await apiCall(HOST, 'POST', `/api/admin/contents/${content.id}/enrolments`, { user_ids: [learnerId] }, adminToken);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'demo', 'learner@demo.test');
    await page.goto(`${origin('demo')}/eduction/${content.id}/player?source=content`);
    await waitForMetadata(page);
    // The whole (small) file is in the browser before the connection goes: playing fetches the rest of it.
    await video(page).evaluate((el: HTMLVideoElement) => {
      el.preload = 'auto';
    });
    await play(page);
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="player-video"]') as HTMLVideoElement;
      return el.buffered.length > 0 && el.buffered.end(el.buffered.length - 1) >= el.duration - 0.1;
    });
    await waitForTime(page, 1);
    await context.setOffline(true);
    await waitForTime(page, 3);
    // Pausing reports at once: offline, the report stays queued under this person and content.
    await video(page).evaluate((el: HTMLVideoElement) => el.pause());
    const key = `kampus.progress.${learnerId}.${content.id}`;
    await expect
      .poll(() => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]').length, key))
      .toBeGreaterThan(0);
    expect((await progressOf(content.id))?.furthest_second ?? 0).toBeLessThan(2.5);
    await context.setOffline(false);
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), key), { timeout: 10_000 }).toBeNull();
    // Below 2.5 s while offline, past it once the queue is sent: the offline reports arrived. (Not "past 2.9": the
    // server credits a session no more coverage than its wall-clock time allows, which on a busy machine can fall a
    // little short of the video's own clock.)
    expect((await progressOf(content.id))!.furthest_second).toBeGreaterThan(2.5);
    await context.close();
  });

  it('an admin’s preview plays as a learner’s would (guard on, markers pause) and records nothing', async () => {
    const content = await createVideo(adminToken, `Önizleme ${Date.now().toString(36)}`);
    await apiCall(
      HOST,
      'PUT',
      `/api/admin/contents/${content.id}/markers`,
      {
        markers: [
          {
            type_id: 2,
            second: 1,
            question: 'Kısa bir kontrol',
            sections: [
              { question: 'Şifre paylaşılır mı?', options: [{ text: 'Evet' }, { text: 'Hayır', correct: true }] },
            ],
          },
        ],
      },
      adminToken,
    );
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, 'demo', 'admin@demo.test');
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.method() !== 'GET' && /\/api\/contents\//.test(req.url())) sent.push(`${req.method()} ${req.url()}`);
    });
    await page.goto(`${origin('demo')}/admin/content/${content.id}/preview`);
    await page.getByTestId('content-preview').waitFor();
    await waitForMetadata(page);
    await video(page).evaluate((el: HTMLVideoElement) => {
      el.currentTime = 7;
    });
    await page.getByTestId('guard-alert').waitFor();
    await play(page);
    const dialog = page.getByTestId('marker-dialog');
    await dialog.getByText('Şifre paylaşılır mı?').waitFor();
    await dialog.getByRole('checkbox', { name: 'Hayır' }).check();
    await dialog.getByTestId('marker-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await waitForTime(page, 3);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${origin('demo')}/admin/dashboard`);
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);
    const after = await apiCall<{ data: Content }>(
      HOST,
      'GET',
      `/api/admin/contents/${content.id}`,
      undefined,
      adminToken,
    );
    expect(after.data.started_count).toBe(0);
    await page.context().close();
  });

  it('the editor adds three markers, drags one, saves, and they come back after a reload', async () => {
    const content = await createVideo(adminToken, `Etkileşimli ${Date.now().toString(36)}`);
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, 'demo', 'admin@demo.test');
    await page.goto(`${origin('demo')}/admin/content/editx/${content.id}`);
    await page.getByTestId('marker-editor').waitFor();
    const editorVideo = page.getByTestId('editor-video');
    await page.waitForFunction(
      () => ((document.querySelector('[data-testid="editor-video"]') as HTMLVideoElement | null)?.readyState ?? 0) >= 1,
    );

    for (const [second, question] of [
      [1, 'Birinci soru'],
      [3, 'İkinci soru'],
      [5, 'Üçüncü soru'],
    ] as const) {
      await editorVideo.evaluate((el: HTMLVideoElement, s) => {
        el.currentTime = s;
      }, second);
      await page.waitForFunction(
        (s) => (document.querySelector('[data-testid="editor-video"]') as HTMLVideoElement).currentTime === s,
        second,
      );
      await page.getByTestId('marker-add').click();
      const form = page.getByTestId('marker-form');
      await page.getByTestId('marker-question').fill(question);
      await form.getByTestId('marker-option').nth(0).fill('Doğru cevap');
      await form.getByTestId('marker-option').nth(1).fill('Yanlış cevap');
      await form.getByRole('checkbox').first().check();
      if (second === 1) expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('marker-form-save').click();
      await page.getByTestId('marker-question').waitFor({ state: 'detached' });
    }
    const markers = page.getByTestId('timeline-marker');
    expect(await markers.count()).toBe(3);
    expect(await page.locator('[data-testid="timeline-marker"][data-new]').count()).toBe(3);

    // Drags the last marker (5 s) to about 7 s along the timeline.
    const bar = (await page.getByTestId('marker-timeline-bar').boundingBox())!;
    const duration = await editorVideo.evaluate((el: HTMLVideoElement) => el.duration);
    const handle = (await markers.nth(2).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(bar.x + (bar.width * 6) / duration, handle.y + handle.height / 2, { steps: 5 });
    await page.mouse.move(bar.x + (bar.width * 7) / duration, handle.y + handle.height / 2, { steps: 5 });
    await page.mouse.up();
    // And the first one a second later with the keyboard.
    await markers.nth(0).focus();
    await page.keyboard.press('ArrowRight');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('marker-save').click();
    await page.locator('[data-testid="timeline-marker"][data-new]').first().waitFor({ state: 'detached' });
    const saved = await apiCall<{ data: Marker[] }>(
      HOST,
      'GET',
      `/api/admin/contents/${content.id}/markers`,
      undefined,
      adminToken,
    );
    expect(saved.data.map((m) => [m.question, Math.round(m.second)])).toEqual([
      ['Birinci soru', 2],
      ['İkinci soru', 3],
      ['Üçüncü soru', 7],
    ]);

    await page.reload();
    await page.getByTestId('marker-editor').waitFor();
    await expect.poll(() => page.getByTestId('timeline-marker').count()).toBe(3);
    expect(await page.getByTestId('marker-row').allTextContents()).toEqual([
      expect.stringContaining('Birinci soru'),
      expect.stringContaining('İkinci soru'),
      expect.stringContaining('Üçüncü soru'),
    ]);
    await page.context().close();
  });

  it('a learner reads a PDF inside the page, page by page, and the last page completes it', async () => {
    const file = await upload(adminToken, PDF);
    const title = `El kitabı ${Date.now().toString(36)}`;
    const content = (
      await apiCall<{ data: Content }>(
        HOST,
        'POST',
        '/api/admin/contents',
        { type: 'document', title, language: 'tr', file_url: file.url },
        adminToken,
      )
    ).data;
    await apiCall(HOST, 'POST', `/api/admin/contents/${content.id}/enrolments`, { user_ids: [learnerId] }, adminToken);
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signIn(page, 'demo', 'learner@demo.test');
    await page.getByTestId('my-content-card').filter({ hasText: title }).waitFor();
    expect(await seriousViolations(page, (axe) => axe.include('[data-testid="my-content"]'))).toEqual([]);
    await page.goto(`${origin('demo')}/eduction/${content.id}/player?source=content`);
    const pageLabel = page.getByTestId('document-page').first();
    await expect.poll(() => pageLabel.textContent(), { timeout: 15_000 }).toBe('Sayfa 1 / 4');
    expect(await seriousViolations(page)).toEqual([]);
    for (const shown of [2, 3, 4]) {
      await page.getByTestId('document-next').first().click();
      await expect.poll(() => pageLabel.textContent()).toBe(`Sayfa ${shown} / 4`);
    }
    await page.getByTestId('player-completed').waitFor({ timeout: 10_000 });
    const done = (await progressOf(content.id))!;
    expect(done).toMatchObject({ status: 'completed', progress: 100, pages_seen: [1, 2, 3, 4] });
    await page.context().close();
  });
});
