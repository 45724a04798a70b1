import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../../test/helpers.js';
import { DEMO_PASSWORD } from '../../../db/seed/demo.js';

/** The demo library the issue promises: every type, real files, an interactive video, people who used them. */
describe('demo seed: content library', () => {
  let test: TestApp;
  const get = (token: string, url: string) => call(test.app, 'GET', url, { host: 'demo.localhost', token });

  beforeAll(async () => {
    test = await createDemoTestApp();
  }, DEMO_APP_TIMEOUT);
  afterAll(() => test.close());

  it('gives the demo learner one of each type, the welcome video half watched with three questions', async () => {
    const learner = (await login(test.app, { slug: 'demo' }, 'learner@demo.test', DEMO_PASSWORD)).access_token;
    const mine = (await get(learner, '/api/my/contents')).json().data as { id: number; type: string; title: string }[];
    expect(new Set(mine.map((c) => c.type))).toEqual(new Set(['video', 'document', 'scorm', 'link', 'page']));
    expect(mine.length).toBeGreaterThanOrEqual(8);
    const welcome = mine.find((c) => c.title === 'Kampus’a hoş geldiniz')!;
    const player = (await get(learner, `/api/contents/${welcome.id}/player`)).json().data;
    expect(player.content.markers).toHaveLength(3);
    expect(player.progress).toMatchObject({ position: 4, progress: 50, furthest_second: 4 });
    const video = await call(test.app, 'GET', player.content.file_url, { host: 'demo.localhost' });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/webm');
    const scorm = mine.find((c) => c.type === 'scorm')!;
    const launch = (await get(learner, `/api/contents/${scorm.id}/player`)).json().data.content.scorm;
    expect(launch.launch_url).toMatch(/^\/api\/scorm\/\d+\//);
    expect((await call(test.app, 'GET', launch.launch_url, { host: 'demo.localhost' })).statusCode).toBe(200);
  });

  it('shows the admin a library with covers, usage and no broken files', async () => {
    const admin = (await login(test.app, { slug: 'demo' }, 'admin@demo.test', DEMO_PASSWORD)).access_token;
    const list = (await get(admin, '/api/admin/contents?per_page=50')).json();
    // The library of db/seed/content.ts, and the lesson page written for each of the 20 demo educations.
    expect(list.meta.total).toBe(8 + 20);
    expect(list.data.filter((c: { type: string }) => c.type === 'page')).toHaveLength(1 + 20);
    for (const content of list.data) expect(content.cover_url).toMatch(/^\/api\/files\//);
    const welcome = list.data.find((c: { title: string }) => c.title === 'Kampus’a hoş geldiniz');
    const report = (await get(admin, `/api/admin/contents/${welcome.id}/report`)).json();
    expect(report.summary.completed).toBeGreaterThan(0);
    expect(report.summary.markers.every((m: { answers: number }) => m.answers > 0)).toBe(true);
    const overview = (await get(admin, '/api/admin/content-overview')).json().data;
    expect(overview.broken).toEqual([]);
    const acme = (await login(test.app, { slug: 'acme' }, 'admin@acme.test', DEMO_PASSWORD)).access_token;
    const acmeList = await call(test.app, 'GET', '/api/admin/contents', { host: 'acme.localhost', token: acme });
    expect(acmeList.json().data.every((c: { language: string }) => c.language === 'en')).toBe(true);
  });
});
