import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../../test/helpers.js';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo.js';

/** The demo data the README promises: Demo Holding has registration requests to approve or reject. */
describe('demo seed: registration requests', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    await seedDemo(test.db);
  });
  afterAll(() => test.close());

  it('gives Demo Holding three people waiting for approval, one of them with a verified email', async () => {
    const session = await login(test.app, { slug: 'demo' }, 'admin@demo.test', DEMO_PASSWORD);
    const list = await call(test.app, 'GET', '/api/admin/registration-requests', {
      host: 'demo.localhost',
      token: session.access_token,
    });
    expect(list.json().meta.total).toBe(3);
    expect(list.json().data.filter((r: { email_verified: boolean }) => r.email_verified)).toHaveLength(1);
    const acme = await login(test.app, { slug: 'acme' }, 'admin@acme.test', DEMO_PASSWORD);
    const none = await call(test.app, 'GET', '/api/admin/registration-requests', {
      host: 'acme.localhost',
      token: acme.access_token,
    });
    expect(none.json().meta.total).toBe(0);
  });
});
