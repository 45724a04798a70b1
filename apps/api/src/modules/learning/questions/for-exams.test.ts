import { type DrawRuleInput, drawRuleSchema } from '@kampus/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { educationCategories, questionVersions } from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import { QuestionDrawError } from './for-exams.js';

const rule = (input: Partial<DrawRuleInput> = {}) => drawRuleSchema.parse({ count: 1, ...input });

describe('the bank for exams: counts, random draws, versions in force, marking used', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let security: number;
  let phishing: number;
  let sales: number;
  let tagEmail: number;
  let tagPassword: number;
  const ids: Record<string, number> = {};

  const inCompany = <T>(fn: (tx: Parameters<Parameters<typeof inTenant>[2]>[0]) => Promise<T>, who = company) =>
    inTenant(test.db, who.id, fn);
  const exams = () => test.services.questions.forExams;

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    company = await f.createCompany();
    other = await f.createCompany();
    security = (await f.row(educationCategories, company, { names: { tr: 'Bilgi güvenliği' } })).id;
    phishing = (await f.row(educationCategories, company, { names: { tr: 'Oltalama' }, parentId: security })).id;
    sales = (await f.row(educationCategories, company, { names: { tr: 'Satış' } })).id;
    tagEmail = (await f.createHashtag(company, { name: 'eposta' })).id;
    tagPassword = (await f.createHashtag(company, { name: 'parola' })).id;
    // Security: 3 easy (one tagged both, one e-mail only), 2 hard under phishing; sales: 2 medium; 1 passive easy.
    ids.easyBoth = (
      await f.createQuestion(company, { categoryId: security, difficulty: 'easy', hashtagIds: [tagEmail, tagPassword] })
    ).id;
    ids.easyMail = (
      await f.createQuestion(company, { categoryId: security, difficulty: 'easy', hashtagIds: [tagEmail] })
    ).id;
    ids.easyPlain = (await f.createQuestion(company, { categoryId: security, difficulty: 'easy' })).id;
    ids.hard1 = (
      await f.createQuestion(company, { categoryId: phishing, difficulty: 'hard', hashtagIds: [tagEmail] })
    ).id;
    ids.hard2 = (await f.createQuestion(company, { categoryId: phishing, difficulty: 'hard' })).id;
    ids.sales1 = (await f.createQuestion(company, { categoryId: sales, difficulty: 'medium' })).id;
    ids.sales2 = (await f.createQuestion(company, { categoryId: sales, difficulty: 'medium' })).id;
    ids.passive = (await f.createQuestion(company, { categoryId: security, difficulty: 'easy', status: 0 })).id;
    ids.foreign = (await f.createQuestion(other, { difficulty: 'easy' })).id;
  });
  afterAll(() => test?.close());

  it('counts the active questions matching every criterion, sub-categories included', async () => {
    const count = (input: Partial<DrawRuleInput>) => inCompany((tx) => exams().available(tx, company.id, rule(input)));
    expect(await count({})).toBe(7);
    expect(await count({ category_id: security })).toBe(5);
    expect(await count({ category_id: phishing })).toBe(2);
    expect(await count({ category_id: security, difficulty: 'easy' })).toBe(3);
    expect(await count({ hashtag_ids: [tagEmail] })).toBe(3);
    expect(await count({ hashtag_ids: [tagEmail, tagPassword] })).toBe(1);
    expect(await count({ category_id: sales, difficulty: 'hard' })).toBe(0);
    // Another company's category finds nothing here.
    const foreignCategory = (await test.factories.row(educationCategories, other, { names: { tr: 'X' } })).id;
    expect(await count({ category_id: foreignCategory })).toBe(0);
    expect(await inCompany((tx) => exams().available(tx, other.id, rule()), other)).toBe(1);
  });

  it('draws at random without repeating a question across rules, narrow rules first', async () => {
    const versionOf = new Map<number, number>();
    const rows = await asSystem(test.db, (tx) => tx.select().from(questionVersions));
    for (const row of rows) versionOf.set(row.id, row.questionId);
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      // A broad rule first that could take the hard questions, then one that needs both of them.
      const drawn = await inCompany((tx) =>
        exams().draw(tx, company.id, [
          rule({ category_id: security, count: 3 }),
          rule({ difficulty: 'hard', count: 2 }),
        ]),
      );
      expect(drawn).toHaveLength(5);
      expect(new Set(drawn).size).toBe(5);
      const questionIds = drawn.map((id) => versionOf.get(id));
      expect(questionIds.slice(3).sort()).toEqual([ids.hard1, ids.hard2].sort());
      expect(questionIds.slice(0, 3).every((id) => [ids.easyBoth, ids.easyMail, ids.easyPlain].includes(id as number)));
      seen.add(questionIds.join());
    }
    // Random: twelve draws of three easy questions in some order are not all the same.
    expect(seen.size).toBeGreaterThan(1);
  });

  it('refuses a draw it cannot fill, naming the rule, and leaves out excluded questions', async () => {
    const error = await inCompany((tx) =>
      exams().draw(tx, company.id, [rule({ count: 1 }), rule({ category_id: sales, count: 3 })]),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuestionDrawError);
    expect(error).toMatchObject({ status: 422, ruleIndex: 1, requested: 3, available: 2 });
    expect((error as QuestionDrawError).fieldErrors).toEqual({ 'rules.1.count': ['questions.errors.draw_short'] });

    const drawn = await inCompany((tx) =>
      exams().draw(tx, company.id, [rule({ category_id: sales, count: 1 })], [ids.sales1 as number]),
    );
    const [version] = await inCompany((tx) => exams().versions(tx, company.id, drawn));
    expect(version?.question_id).toBe(ids.sales2);
    await expect(
      inCompany((tx) => exams().draw(tx, company.id, [rule({ category_id: sales, count: 2 })], [ids.sales1 as number])),
    ).rejects.toBeInstanceOf(QuestionDrawError);
  });

  it('answers the versions in force of a fixed list in its order, only the company’s active questions', async () => {
    const list = [ids.sales2, ids.passive, ids.foreign, ids.easyMail, ids.sales2, 999_999] as number[];
    const current = await inCompany((tx) => exams().currentVersions(tx, company.id, list));
    expect(current.map((c) => c.question_id)).toEqual([ids.sales2, ids.easyMail]);
    const versions = await inCompany((tx) =>
      exams().versions(
        tx,
        company.id,
        current.map((c) => c.version_id),
      ),
    );
    expect(versions.map((v) => v.question_id)).toEqual([ids.sales2, ids.easyMail]);
    expect(versions[0]).toMatchObject({ type: 'single', points: 1, body: { type: 'single' } });
    // Another company's versions are not found.
    expect(await inCompany((tx) => exams().versions(tx, other.id, [current[0]?.version_id as number]), other)).toEqual(
      [],
    );
  });

  it('marks versions used once, keeping the first time', async () => {
    const [current] = await inCompany((tx) => exams().currentVersions(tx, company.id, [ids.hard1 as number]));
    const versionId = current?.version_id as number;
    await inCompany((tx) => exams().markUsed(tx, [versionId]));
    const usedAt = async () =>
      (await asSystem(test.db, (tx) => tx.select().from(questionVersions).where(eq(questionVersions.id, versionId))))[0]
        ?.usedAt;
    const first = await usedAt();
    expect(first).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await inCompany((tx) => exams().markUsed(tx, [versionId]));
    expect((await usedAt())?.getTime()).toBe(first?.getTime());
  });

  it('draws and counts in the exam’s language only when one is given', async () => {
    const english = (await test.factories.createQuestion(other, { language: 'en', difficulty: 'easy' })).id;
    const count = (language?: string) => inCompany((tx) => exams().available(tx, other.id, rule(), language), other);
    expect(await count()).toBe(2);
    expect(await count('tr')).toBe(1);
    expect(await count('en')).toBe(1);
    const [drawn] = await inCompany((tx) => exams().draw(tx, other.id, [rule()], [], 'en'), other);
    const versions = await inCompany((tx) => exams().versions(tx, other.id, [drawn as number]), other);
    expect(versions.map((v) => v.question_id)).toEqual([english]);
  });
});
