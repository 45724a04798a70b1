import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../../test/helpers.js';
import { DEMO_PASSWORD } from '../../../db/seed/demo.js';

/** The demo data the README promises: Demo Holding has registration requests to approve or reject. */
describe('demo seed: registration requests', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createDemoTestApp();
  }, DEMO_APP_TIMEOUT);
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

  it('defines three user fields for Demo Holding and fills them for most of its people', async () => {
    const session = await login(test.app, { slug: 'demo' }, 'admin@demo.test', DEMO_PASSWORD);
    const fields = await call(test.app, 'GET', '/api/admin/users/custom-fields', {
      host: 'demo.localhost',
      token: session.access_token,
      headers: { 'x-content-language': 'en' },
    });
    expect(fields.json().data).toEqual([
      { key: 'cost_center', label: 'Cost centre' },
      { key: 'grade', label: 'Employee grade' },
      { key: 'shift', label: 'Shift' },
    ]);
    const people = await call(test.app, 'GET', '/api/admin/users', {
      host: 'demo.localhost',
      token: session.access_token,
      query: { per_page: '100' },
    });
    const filled = people.json().data.filter((u: { custom_fields: object }) => Object.keys(u.custom_fields).length > 0);
    expect(filled.length).toBeGreaterThan(30);
    expect(filled[0].custom_fields).toHaveProperty('cost_center');
  });
});
