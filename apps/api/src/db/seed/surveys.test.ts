import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCaller, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../test/helpers.js';
import { companies, educations, surveyResponses, surveys } from '../schema/index.js';
import { asSystem } from '../scope.js';
import { DEMO_PASSWORD } from './demo.js';

describe('demo seed: surveys', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createDemoTestApp();
  }, DEMO_APP_TIMEOUT);
  afterAll(() => test.close());

  it.each([
    ['demo', 'learner@demo.test', 'admin@demo.test', 'tr'],
    ['acme', 'learner@acme.test', 'admin@acme.test', 'en'],
  ])(
    '%s has an answered anonymous satisfaction survey and the leadership evaluation survey',
    async (slug, learnerEmail, adminEmail, language) => {
      const [company] = await asSystem(test.db, (tx) => tx.select().from(companies).where(eq(companies.slug, slug)));
      if (!company) throw new Error(`no ${slug}`);
      const own = (await asSystem(test.db, (tx) => tx.select().from(surveys))).filter(
        (s) => s.companyId === company.id,
      );
      const satisfaction = own.find((s) => s.kind === 'survey');
      const evaluation = own.find((s) => s.kind === 'evaluation');
      expect(satisfaction).toMatchObject({ anonymous: true, languages: [language, language === 'tr' ? 'en' : 'tr'] });
      expect(evaluation?.anonymous).toBe(false);
      const responses = await asSystem(test.db, (tx) => tx.select().from(surveyResponses));
      const anonymous = responses.filter((r) => r.surveyId === satisfaction?.id);
      expect(anonymous.length).toBeGreaterThanOrEqual(5);
      expect(anonymous.every((r) => r.userId === null)).toBe(true);
      const [leadership] = await asSystem(test.db, (tx) =>
        tx
          .select()
          .from(educations)
          .where(eq(educations.evaluationSurveyId, evaluation?.id ?? 0)),
      );
      expect(leadership?.companyId).toBe(company.id);
      expect(responses.filter((r) => r.surveyId === evaluation?.id).every((r) => r.userId !== null)).toBe(true);

      // The learner has the satisfaction survey waiting; the admin sees charts' data without names.
      const as = companyCaller(() => ({ app: test.app, company }));
      const learner = (await login(test.app, company, learnerEmail, DEMO_PASSWORD)).access_token;
      const mine = await as(learner, 'GET', '/api/my/surveys');
      expect(mine.json().data).toContainEqual(expect.objectContaining({ id: satisfaction?.id, state: 'open' }));
      const admin = (await login(test.app, company, adminEmail, DEMO_PASSWORD)).access_token;
      const results = await as(admin, 'GET', `/api/admin/surveys/${satisfaction?.id}/results`);
      expect(results.statusCode, results.body).toBe(200);
      expect(results.json().data.responses).toBe(anonymous.length);
      expect(results.json().data.detail).toBeNull();
      expect(results.json().data.questions[0].counts.reduce((a: number, c: { count: number }) => a + c.count, 0)).toBe(
        anonymous.length,
      );
      const report = await as(admin, 'GET', `/api/admin/evaluation-surveys/${evaluation?.id}/results`, {
        query: { education_id: String(leadership?.id) },
      });
      expect(report.statusCode, report.body).toBe(200);
      expect(report.json().data.educations[0]).toMatchObject({ id: leadership?.id });
    },
  );
});
