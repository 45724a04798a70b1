import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCaller, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../test/helpers.js';
import {
  companies,
  competencies,
  competencyCategories,
  competencyGroupTargets,
  competencyLevelHistory,
  competencyPersonLevels,
  competencyRules,
} from '../schema/index.js';
import { asSystem } from '../scope.js';
import { DEMO_PASSWORD } from './demo.js';

describe('demo seed: competencies', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createDemoTestApp();
  }, DEMO_APP_TIMEOUT);
  afterAll(() => test.close());

  it.each([
    ['demo', 'learner@demo.test', 'admin@demo.test', 'Başlangıç'],
    ['acme', 'learner@acme.test', 'admin@acme.test', 'Beginner'],
  ])(
    '%s has a framework of 12 competencies in 3 categories, rules on its educations and exams, and people’s levels',
    async (slug, learnerEmail, adminEmail, firstLevel) => {
      const [company] = await asSystem(test.db, (tx) => tx.select().from(companies).where(eq(companies.slug, slug)));
      if (!company) throw new Error(`no ${slug}`);
      const mine = <T extends { companyId: number }>(all: T[]) => all.filter((row) => row.companyId === company.id);
      const categories = mine(await asSystem(test.db, (tx) => tx.select().from(competencyCategories)));
      const framework = mine(await asSystem(test.db, (tx) => tx.select().from(competencies)));
      expect(categories).toHaveLength(3);
      expect(framework).toHaveLength(12);
      // Named in all four languages, with five levels in the company's language.
      for (const item of framework) {
        expect(Object.keys(item.names).sort()).toEqual(['az', 'de', 'en', 'tr']);
        expect(item.levels).toHaveLength(5);
        expect(item.levels[0]).toBe(firstLevel);
      }
      const rules = mine(await asSystem(test.db, (tx) => tx.select().from(competencyRules)));
      expect(rules.length).toBeGreaterThanOrEqual(6);
      expect(new Set(rules.map((r) => r.trigger))).toEqual(new Set(['education_completed', 'exam_passed']));

      const levels = mine(await asSystem(test.db, (tx) => tx.select().from(competencyPersonLevels)));
      expect(levels.filter((l) => l.source === 'manual').length).toBeGreaterThan(10);
      expect(levels.filter((l) => l.source === 'rule').length).toBeGreaterThan(0);
      // Every current level has its history; some were raised over time.
      const history = mine(await asSystem(test.db, (tx) => tx.select().from(competencyLevelHistory)));
      for (const level of levels) {
        const own = history.filter((h) => h.userId === level.userId && h.competencyId === level.competencyId);
        expect(own.at(-1)?.toLevel ?? own.find((h) => h.toLevel === level.level)?.toLevel).toBeDefined();
      }
      expect(history.some((h) => h.fromLevel !== null)).toBe(true);

      // Back-applying a seeded rule finds nobody left: the seed already applied them.
      const as = companyCaller(() => ({ app: test.app, company }));
      const admin = (await login(test.app, company, adminEmail, DEMO_PASSWORD)).access_token;
      for (const rule of rules) {
        const preview = await as(admin, 'GET', `/api/admin/competency-rules/${rule.id}/apply-preview`);
        expect(preview.json().data.count, rule.name).toBe(0);
      }
      const matrix = await as(admin, 'GET', '/api/admin/competency-matrix');
      expect(matrix.statusCode, matrix.body).toBe(200);
      expect(matrix.json().data.competencies).toHaveLength(12);

      // The learner sees their own competencies on their profile.
      const learner = (await login(test.app, company, learnerEmail, DEMO_PASSWORD)).access_token;
      const own = await as(learner, 'GET', '/api/competencies/me');
      expect(own.json().data.length).toBeGreaterThan(0);
    },
  );

  it('gives the demo managers’ group target levels', async () => {
    const targets = await asSystem(test.db, (tx) => tx.select().from(competencyGroupTargets));
    expect(targets.length).toBeGreaterThanOrEqual(4);
  });
});
