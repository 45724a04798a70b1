import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCaller, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../test/helpers.js';
import { companies, educations, trainingRequests } from '../schema/index.js';
import { asSystem } from '../scope.js';
import { DEMO_PASSWORD } from './demo.js';

describe('demo seed: training requests', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createDemoTestApp();
  }, DEMO_APP_TIMEOUT);
  afterAll(() => test.close());

  it.each([
    ['demo', 'learner@demo.test', 'admin@demo.test'],
    ['acme', 'learner@acme.test', 'admin@acme.test'],
  ])(
    '%s has educations on request with pending, approved and rejected requests',
    async (slug, learnerEmail, adminEmail) => {
      const [company] = await asSystem(test.db, (tx) => tx.select().from(companies).where(eq(companies.slug, slug)));
      if (!company) throw new Error(`no ${slug}`);
      const onRequest = await asSystem(test.db, (tx) =>
        tx.select().from(educations).where(eq(educations.visibility, 'request')),
      );
      expect(onRequest.filter((e) => e.companyId === company.id).length).toBeGreaterThanOrEqual(1);
      const requests = (await asSystem(test.db, (tx) => tx.select().from(trainingRequests))).filter(
        (r) => r.companyId === company.id,
      );
      for (const status of ['pending', 'approved', 'rejected'] as const)
        expect(requests.filter((r) => r.status === status).length).toBeGreaterThanOrEqual(2);
      expect(requests.filter((r) => r.status === 'approved').every((r) => r.assignmentId !== null)).toBe(true);
      expect(requests.filter((r) => r.status === 'rejected').every((r) => r.reason)).toBe(true);

      const as = companyCaller(() => ({ app: test.app, company }));
      const learner = (await login(test.app, company, learnerEmail, DEMO_PASSWORD)).access_token;
      const catalogue = await as(learner, 'GET', '/api/catalogue', { query: { per_page: '48' } });
      expect(catalogue.json().data.filter((c: { can_request: boolean }) => c.can_request).length).toBeGreaterThan(0);
      const pending = requests.filter((r) => r.status === 'pending');
      const admin = (await login(test.app, company, adminEmail, DEMO_PASSWORD)).access_token;
      const list = await as(admin, 'GET', '/api/admin/training-requests', { query: { status: 'pending' } });
      expect(list.json().meta.total).toBe(pending.length);
      const learnerPending = list.json().data.find((r: { user: { email: string } }) => r.user.email === learnerEmail);
      expect(learnerPending).toBeDefined();
      const state = await as(learner, 'GET', `/api/educations/${learnerPending.education.id}/training-request`);
      expect(state.json().data).toMatchObject({ status: 'pending' });
    },
  );
});
