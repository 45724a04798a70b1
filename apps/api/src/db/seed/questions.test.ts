import { QUESTION_TYPES, questionBodySchema, scoreAnswer } from '@kampus/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../test/factories.js';
import { companyCaller, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../test/helpers.js';
import { companies } from '../schema/index.js';
import { asSystem } from '../scope.js';
import { DEMO_PASSWORD } from './demo.js';
import { seedBody } from './questions.js';
import { SEED_QUESTIONS } from './questions-data.js';

describe('the demo question bank', () => {
  it('writes valid bodies of every type in both languages, each with a right answer that scores', () => {
    expect(new Set(SEED_QUESTIONS.map((q) => q.type))).toEqual(new Set(QUESTION_TYPES));
    SEED_QUESTIONS.forEach((question, index) => {
      for (const language of ['tr', 'en'] as const) {
        const body = seedBody(question, question[language], index);
        const parsed = questionBodySchema.safeParse(body);
        expect(parsed.success, `${index} ${language} ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        // The single-choice questions mark exactly one option.
        if (question.type === 'single') expect(question[language].spec.split('*').length, `${index}`).toBe(2);
        if (body.type === 'single')
          expect(scoreAnswer(body, { type: 'single', key: body.correct }).outcome).toBe('correct');
      }
    });
  });

  describe('seeded', () => {
    let test: TestApp;
    const company: Record<string, CompanyRow> = {};

    beforeAll(async () => {
      test = await createDemoTestApp();
      for (const slug of ['demo', 'acme']) {
        const [row] = await asSystem(test.db, (tx) => tx.select().from(companies).where(eq(companies.slug, slug)));
        if (row) company[slug] = row;
      }
    }, DEMO_APP_TIMEOUT);
    afterAll(() => test?.close());

    it.each([
      ['demo', 'tr'],
      ['acme', 'en'],
    ])('%s: about 120 questions, its own language first, in categories with hashtags', async (slug, language) => {
      const target = company[slug] as CompanyRow;
      const as = companyCaller(() => ({ app: test.app, company: target }));
      const admin = (await login(test.app, target, `admin@${slug}.test`, DEMO_PASSWORD)).access_token;
      const list = await as(admin, 'GET', '/api/admin/questions?per_page=100');
      expect(list.statusCode, list.body).toBe(200);
      const { data, meta } = list.json() as {
        data: { language: string; category: unknown; hashtags: unknown[] }[];
        meta: { total: number };
      };
      expect(meta.total).toBe(SEED_QUESTIONS.length * 2);
      expect(data[0]?.language).toBe(language);
      expect(data.every((q) => q.category !== null && q.hashtags.length === 1)).toBe(true);
      const other = language === 'tr' ? 'en' : 'tr';
      expect((await as(admin, 'GET', `/api/admin/questions?language=${other}`)).json().meta.total).toBe(
        SEED_QUESTIONS.length,
      );
    });
  });
});
