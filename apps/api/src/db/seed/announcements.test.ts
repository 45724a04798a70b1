import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../test/helpers.js';
import { DEMO_PASSWORD } from './demo.js';

describe('demo announcements and advertisements', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createDemoTestApp();
  }, DEMO_APP_TIMEOUT);
  afterAll(() => test.close());

  it.each([
    ['demo', 'Bilgi güvenliği politikamız güncellendi'],
    ['acme', 'Our information security policy has been updated'],
  ])('gives the %s learner announcements, a must-read notice and three banners they can load', async (slug, must) => {
    const host = `${slug}.localhost`;
    const token = (await login(test.app, { slug }, `learner@${slug}.test`, DEMO_PASSWORD)).access_token;
    const get = async (url: string) => call(test.app, 'GET', url, { host, token });
    const list = (await get('/api/announcements')).json();
    expect(list.meta.total).toBeGreaterThanOrEqual(2);
    expect(list.data[0].pinned).toBe(true);
    const notices = (await get('/api/dashboard/mandatory-completions')).json().data.notices as { name: string }[];
    expect(notices.map((n) => n.name)).toContain(must);
    const slider = (await get('/api/advertisements')).json().data as { image_src: string }[];
    expect(slider).toHaveLength(3);
    const banner = await get(slider[0]?.image_src ?? '');
    expect(banner.statusCode).toBe(200);
    expect(banner.headers['content-type']).toBe('image/png');
    // A PNG, drawn 1200 × 400.
    expect(banner.rawPayload.readUInt32BE(16)).toBe(1200);
    expect(banner.rawPayload.readUInt32BE(20)).toBe(400);
  });
});
