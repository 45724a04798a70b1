import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../../test/helpers.js';
import { DEMO_PASSWORD } from '../../../db/seed/demo.js';

/** The demo company's user groups: one static and rule-based ones, each with members to show. */
describe('demo seed: user groups', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createDemoTestApp();
  }, DEMO_APP_TIMEOUT);
  afterAll(() => test.close());

  it('gives Demo Holding a static group and rule groups, none of them empty', async () => {
    const session = await login(test.app, { slug: 'demo' }, 'admin@demo.test', DEMO_PASSWORD);
    const list = await call(test.app, 'GET', '/api/admin/user-groups', {
      host: 'demo.localhost',
      token: session.access_token,
      query: { sort: 'name' },
    });
    const groups = list.json().data as { name: string; kind: string; members_count: number }[];
    expect(groups.map((g) => g.kind).sort()).toEqual(['rule', 'rule', 'static']);
    for (const group of groups) expect(group.members_count, group.name).toBeGreaterThan(0);
    const acme = await login(test.app, { slug: 'acme' }, 'admin@acme.test', DEMO_PASSWORD);
    const none = await call(test.app, 'GET', '/api/admin/user-groups', {
      host: 'acme.localhost',
      token: acme.access_token,
    });
    // Acme's one group is the sales team its demo assignment targets (seed/assignments.ts).
    const acmeGroups = none.json().data as { name: string; kind: string; members_count: number }[];
    expect(acmeGroups.map((g) => [g.name, g.kind])).toEqual([['Sales team', 'static']]);
    expect(acmeGroups[0]?.members_count).toBeGreaterThan(0);
  });
});
