import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../test/factories.js';
import { companyCaller, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../test/helpers.js';
import { companies } from '../schema/index.js';
import { asSystem } from '../scope.js';
import { DEMO_PASSWORD } from './demo.js';

describe('demo seed: three exams per company on the question bank', () => {
  let test: TestApp;
  const company: Record<string, CompanyRow> = {};

  beforeAll(async () => {
    test = await createDemoTestApp();
    for (const slug of ['demo', 'acme']) {
      const [row] = await asSystem(test.db, (tx) => tx.select().from(companies).where(eq(companies.slug, slug)));
      if (row) company[slug] = row;
    }
  }, DEMO_APP_TIMEOUT);
  afterAll(() => test.close());

  it.each([
    [
      'demo',
      'Bilgi Güvenliği Farkındalığı — Son Test',
      'Bilgi Güvenliği Farkındalığı',
      'KVKK ve Kişisel Verilerin Korunması',
    ],
    [
      'acme',
      'Information Security Awareness — Post-test',
      'Information Security Awareness',
      'Data Protection and Privacy (GDPR)',
    ],
  ])(
    '%s: a random-draw post-test, a practice exam and a pre/post pair, attached to their trainings',
    async (slug, post, security, privacy) => {
      const target = company[slug] as CompanyRow;
      const as = companyCaller(() => ({ app: test.app, company: target }));
      const admin = (await login(test.app, target, `admin@${slug}.test`, DEMO_PASSWORD)).access_token;
      const list = await as(admin, 'GET', '/api/admin/exams', { query: { per_page: '50' } });
      expect(list.statusCode, list.body).toBe(200);
      const exams = list.json().data as {
        id: number;
        title: string;
        kind: string;
        selection: string;
        questions_count: number;
        time_limit_minutes: number | null;
        educations_count: number;
      }[];
      expect(exams.filter((e) => e.kind === 'exam')).toHaveLength(3);
      expect(exams.filter((e) => e.kind === 'demo')).toHaveLength(1);
      const postTest = exams.find((e) => e.title === post);
      expect(postTest).toMatchObject({ selection: 'random', time_limit_minutes: 15, educations_count: 1 });
      expect(postTest?.questions_count).toBeGreaterThan(0);
      // Every draw rule can be filled from the bank (the exam would be refused otherwise).
      const detail = (await as(admin, 'GET', `/api/admin/exams/${postTest?.id}`)).json().data;
      const count = await as(admin, 'POST', '/api/admin/exams/draw-count', { body: { rule: detail.draw_rules[0] } });
      expect(count.json().data.available).toBeGreaterThanOrEqual(detail.draw_rules[0].count);

      const educations = (await as(admin, 'GET', '/api/admin/educations', { query: { per_page: '100' } })).json()
        .data as { title: string; pre_test_exam_id: number | null; post_test_exam_id: number | null }[];
      expect(educations.find((e) => e.title === security)?.post_test_exam_id).toBe(postTest?.id);
      const pair = educations.find((e) => e.title === privacy);
      expect(pair?.pre_test_exam_id).not.toBeNull();
      expect(pair?.post_test_exam_id).not.toBeNull();
    },
  );
});
