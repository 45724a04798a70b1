import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import { educationCategories, examQuestions, exams } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

describeResourceContract({
  plural: 'exams',
  entity: 'exam',
  permissions: { read: 'show_exam', write: 'create_exam' },
  // A random draw of one question is valid in either company once it has a question in its bank.
  prepare: async (test, company) => {
    await test.factories.createQuestion(company);
  },
  create: (n) => ({
    title: `Bilgi Güvenliği Son Testi ${n}`,
    language: 'tr',
    kind: 'exam',
    selection: 'random',
    draw_rules: [{ count: 1 }],
  }),
  update: { title: 'İş Sağlığı ve Güvenliği', pass_mark: 80 },
  invalid: { body: { title: '', language: 'tr', kind: 'exam', selection: 'fixed' }, field: 'title' },
});

describe('exams: questions, draw rules, demo settings, deletion', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;
  let otherAdminToken: string;
  let readerToken: string;
  let category: number;
  const q = {} as Record<'easy1' | 'easy2' | 'hard' | 'passive' | 'foreign', number>;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));

  const base = { title: 'Oltalama farkındalığı', language: 'tr', kind: 'exam' };

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    company = await f.createCompany();
    other = await f.createCompany();
    adminToken = (await login(test.app, company, (await f.createAdmin(company)).email ?? '')).access_token;
    otherAdminToken = (await login(test.app, other, (await f.createAdmin(other)).email ?? '')).access_token;
    readerToken = await tokenWithPermissions(test, company, ['show_exam']);
    category = (await f.row(educationCategories, company, { names: { tr: 'Bilgi güvenliği' } })).id;
    q.easy1 = (await f.createQuestion(company, { categoryId: category, difficulty: 'easy' })).id;
    q.easy2 = (await f.createQuestion(company, { categoryId: category, difficulty: 'easy' })).id;
    q.hard = (await f.createQuestion(company, { categoryId: category, difficulty: 'hard' })).id;
    q.passive = (await f.createQuestion(company, { categoryId: category, status: 0 })).id;
    q.foreign = (await f.createQuestion(other)).id;
  });
  afterAll(() => test?.close());

  it('stores a fixed list in order and sanitizes the description', async () => {
    const response = await as(adminToken, 'POST', '/api/admin/exams', {
      body: {
        ...base,
        description: '<p>Dikkat <script>alert(1)</script>edin</p>',
        selection: 'fixed',
        question_ids: [q.hard, q.easy1],
        time_limit_minutes: 20,
        pass_mark: 60,
        available_from: '2026-01-01T09:00:00+03:00',
        available_until: '2026-12-31T18:00:00+03:00',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const exam = response.json().data;
    expect(exam.question_ids).toEqual([q.hard, q.easy1]);
    expect(exam.questions_count).toBe(2);
    expect(exam.description).not.toContain('script');
    expect(exam.available_from).toBe('2026-01-01T06:00:00.000Z');
    const rows = await asSystem(test.db, (tx) =>
      tx.select().from(examQuestions).where(eq(examQuestions.examId, exam.id)).orderBy(examQuestions.position),
    );
    expect(rows.map((r) => r.questionId)).toEqual([q.hard, q.easy1]);

    const reordered = await as(adminToken, 'PUT', `/api/admin/exams/${exam.id}`, {
      body: { question_ids: [q.easy1, q.easy2, q.hard] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.question_ids).toEqual([q.easy1, q.easy2, q.hard]);
  });

  it('refuses a fixed list that is empty, repeats, or names a passive or foreign question', async () => {
    const post = (question_ids: number[]) =>
      as(adminToken, 'POST', '/api/admin/exams', { body: { ...base, selection: 'fixed', question_ids } });
    const empty = await post([]);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.question_ids).toEqual(['En az bir soru ekleyin.']);
    expect((await post([q.easy1, q.easy1])).json().errors.question_ids).toBeDefined();
    const passive = await post([q.easy1, q.passive]);
    expect(passive.statusCode).toBe(422);
    expect(passive.json().errors['question_ids.1']).toBeDefined();
    const foreign = await post([q.foreign]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors['question_ids.0']).toBeDefined();
  });

  it('refuses draw rules the bank cannot satisfy, saying how many match', async () => {
    const response = await as(adminToken, 'POST', '/api/admin/exams', {
      body: {
        ...base,
        selection: 'random',
        draw_rules: [
          { category_id: category, difficulty: 'easy', count: 2 },
          { category_id: category, difficulty: 'hard', count: 3 },
        ],
      },
      lang: 'en',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'draw_rules.1.count': ['Only 1 active questions match this rule.'] });

    const overlapping = await as(adminToken, 'POST', '/api/admin/exams', {
      body: {
        ...base,
        selection: 'random',
        draw_rules: [{ count: 3 }, { category_id: category, difficulty: 'easy', count: 1 }],
      },
    });
    expect(overlapping.statusCode).toBe(422);
    expect(Object.keys(overlapping.json().errors)).toEqual(['draw_rules.0.count']);

    const none = await as(adminToken, 'POST', '/api/admin/exams', {
      body: { ...base, selection: 'random', draw_rules: [] },
    });
    expect(none.json().errors.draw_rules).toBeDefined();

    const fine = await as(adminToken, 'POST', '/api/admin/exams', {
      body: { ...base, selection: 'random', draw_rules: [{ category_id: category, difficulty: 'easy', count: 2 }] },
    });
    expect(fine.statusCode, fine.body).toBe(201);
    expect(fine.json().data).toMatchObject({ questions_count: 2, question_ids: [] });
  });

  it('counts a rule live (POST draw-count) and checks its input', async () => {
    const count = await as(adminToken, 'POST', '/api/admin/exams/draw-count', {
      body: { rule: { category_id: category, count: 1 } },
    });
    expect(count.statusCode, count.body).toBe(200);
    expect(count.json().data.available).toBe(3);
    expect(
      (await as(readerToken, 'POST', '/api/admin/exams/draw-count', { body: { rule: { count: 1 } } })).statusCode,
    ).toBe(403);
    const bad = await as(adminToken, 'POST', '/api/admin/exams/draw-count', { body: { rule: { count: 0 } } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['rule.count']).toBeDefined();
    // Another company's category matches nothing of this one.
    const foreign = await asOther(otherAdminToken, 'POST', '/api/admin/exams/draw-count', {
      body: { rule: { category_id: category, count: 1 } },
    });
    expect(foreign.json().data.available).toBe(0);
  });

  it('makes a demo exam unlimited, without a wait, revealing after each attempt', async () => {
    const response = await as(adminToken, 'POST', '/api/admin/exams', {
      body: {
        ...base,
        kind: 'demo',
        selection: 'fixed',
        question_ids: [q.easy1],
        attempts_allowed: 2,
        wait_minutes: 60,
        reveal: 'never',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      kind: 'demo',
      attempts_allowed: null,
      wait_minutes: 0,
      reveal: 'after_attempt',
    });
    const id = response.json().data.id;
    const updated = await as(adminToken, 'PUT', `/api/admin/exams/${id}`, { body: { attempts_allowed: 3 } });
    expect(updated.json().data.attempts_allowed).toBeNull();
    const filtered = await as(adminToken, 'GET', '/api/admin/exams', { query: { kind: 'demo' } });
    expect(filtered.json().data.map((e: { id: number }) => e.id)).toEqual([id]);
  });

  it('refuses a window that closes before it opens', async () => {
    const response = await as(adminToken, 'POST', '/api/admin/exams', {
      body: {
        ...base,
        selection: 'fixed',
        question_ids: [q.easy1],
        available_from: '2026-05-02T09:00:00Z',
        available_until: '2026-05-01T09:00:00Z',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.available_until).toBeDefined();
  });

  it('refuses to delete an exam people took or an education uses, and keeps the questions it lists', async () => {
    const f = test.factories;
    const taken = await f.createExam(company, { questionIds: [q.easy1] });
    await f.createExamAttempt(taken, await f.createUser(company), [{ questionId: q.easy1, outcome: 'correct' }]);
    const refused = await as(adminToken, 'DELETE', `/api/admin/exams/${taken.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.id[0]).toContain('pasif');

    const post = await f.createExam(company, { questionIds: [q.easy2] });
    const education = await as(adminToken, 'POST', '/api/admin/educations', {
      body: { title: 'Bilgi güvenliği', language: 'tr', post_test_exam_id: post.id },
    });
    expect(education.statusCode, education.body).toBe(201);
    expect((await as(adminToken, 'GET', `/api/admin/exams/${post.id}`)).json().data.educations_count).toBe(1);
    expect((await as(adminToken, 'DELETE', `/api/admin/exams/${post.id}`)).statusCode).toBe(422);

    const free = await f.createExam(company, { questionIds: [q.hard] });
    expect((await as(adminToken, 'DELETE', `/api/admin/exams/${free.id}`)).statusCode).toBe(200);
    const gone = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(exams)
        .where(and(eq(exams.companyId, company.id), eq(exams.id, free.id))),
    );
    expect(gone).toEqual([]);
    // The bank hears of the exams' hold on questions: a question an exam lists is made passive, not deleted.
    const listed = await as(adminToken, 'DELETE', `/api/admin/questions/${q.easy2}`);
    expect(listed.statusCode).toBe(409);
  });

  it('searches, sorts and filters the list', async () => {
    const f = test.factories;
    await f.createExam(company, { title: 'Şirket içi İletişim', status: 0 });
    const search = await as(adminToken, 'GET', '/api/admin/exams', { query: { search: 'şirket İÇİ' } });
    expect(search.json().data.map((e: { title: string }) => e.title)).toEqual(['Şirket içi İletişim']);
    const passive = await as(readerToken, 'GET', '/api/admin/exams', { query: { status: '0' } });
    expect(passive.json().data.every((e: { status: number }) => e.status === 0)).toBe(true);
    const sorted = await as(adminToken, 'GET', '/api/admin/exams', { query: { sort: 'title', per_page: '100' } });
    const titles = sorted.json().data.map((e: { title: string }) => e.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => a.localeCompare(b, 'tr')));
  });
});
