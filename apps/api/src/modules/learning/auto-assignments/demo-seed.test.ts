import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../../test/helpers.js';
import { DEMO_PASSWORD } from '../../../db/seed/demo.js';

/** Each demo company has one active rule for new hires, with people it has assigned in several states. */
describe('demo seed: automatic assignments', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createDemoTestApp();
  }, DEMO_APP_TIMEOUT);
  afterAll(() => test.close());

  it.each([
    ['demo', 'admin@demo.test', 'Yeni başlayanlar için oryantasyon'],
    ['acme', 'admin@acme.test', 'Onboarding for new hires'],
  ])('%s: an active new-hire rule whose people show in its assignment', async (slug, email, name) => {
    const session = await login(test.app, { slug }, email, DEMO_PASSWORD);
    const get = (url: string, query: Record<string, string> = {}) =>
      call(test.app, 'GET', url, { host: `${slug}.localhost`, token: session.access_token, query });
    const rules = (await get('/api/admin/auto-assignments')).json().data;
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ name, status: 1, due_days: 14, conditions: { new_users: true }, matched: 4 });
    expect(rules[0].items).toEqual([expect.objectContaining({ type: 'education', available: true })]);
    const people = await get(`/api/admin/assignments/${rules[0].assignment_id}/people`);
    expect(people.statusCode, people.body).toBe(200);
    const body = people.json();
    expect(body.meta.total).toBe(4);
    expect(body.summary.overdue).toBeGreaterThanOrEqual(1);
    // Nobody else matches: only people who joined after the rule was switched on are new to it.
    const preview = await call(test.app, 'POST', '/api/admin/auto-assignments/preview', {
      host: `${slug}.localhost`,
      token: session.access_token,
      body: { conditions: { new_users: true }, rule_id: rules[0].id },
    });
    expect(preview.json().data.count).toBe(0);
  });
});
