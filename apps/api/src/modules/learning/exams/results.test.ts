import type { QuestionBody } from '@kampus/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, companyExporter, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { auditLogs, examAttemptAnswers, examAttempts } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';
import { discriminationIndex } from './results.js';

const openBody: QuestionBody = {
  type: 'open',
  text: '<p>Bir oltalama e-postasını nasıl tanırsınız?</p>',
  explanation: null,
  guidance: 'Gönderen adresi, aciliyet dili ve bağlantı hedefi anılmalı.',
};

describe('exam results: attempts, statistics, grading, pre/post report', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;
  let readerToken: string;
  let otherAdminToken: string;
  let people: UserRow[];
  let examId: number;
  let openExamId: number;
  let openQuestion: number;
  const q: number[] = [];
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));
  const exportAs = companyExporter(() => ({ test, company }));

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    company = await f.createCompany();
    other = await f.createCompany();
    adminToken = (await login(test.app, company, (await f.createAdmin(company)).email ?? '')).access_token;
    otherAdminToken = (await login(test.app, other, (await f.createAdmin(other)).email ?? '')).access_token;
    readerToken = await tokenWithPermissions(test, company, ['show_exam']);
    for (let i = 0; i < 3; i++) q.push((await f.createQuestion(company)).id);
    const exam = await f.createExam(company, { questionIds: q, passMark: 60 });
    examId = exam.id;
    people = [];
    // Ten people: person i answers the first question right when i ≥ 3, the second when i ≥ 6, the third always.
    for (let i = 0; i < 10; i++) {
      const person = await f.createUser(company, { name: `Kişi${i}`, surname: 'Deneme' });
      people.push(person);
      await f.createExamAttempt(exam, person, [
        { questionId: q[0] as number, outcome: i >= 3 ? 'correct' : 'wrong' },
        { questionId: q[1] as number, outcome: i >= 6 ? 'correct' : 'wrong' },
        { questionId: q[2] as number, outcome: 'correct' },
      ]);
    }
    openQuestion = (await f.createQuestion(company, { body: openBody, points: 4 })).id;
    const openExam = await f.createExam(company, { questionIds: [q[2] as number, openQuestion], passMark: 50 });
    openExamId = openExam.id;
  });
  afterAll(() => test?.close());

  it('lists the attempts with search, sort and state filter', async () => {
    const list = await as(readerToken, 'GET', `/api/admin/exams/${examId}/attempts`, {
      query: { sort: '-score', per_page: '5' },
    });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.meta.total).toBe(10);
    expect(body.data).toHaveLength(5);
    expect(body.data[0]).toMatchObject({ score_percent: 100, passed: true, state: 'scored', number: 1 });
    const search = await as(readerToken, 'GET', `/api/admin/exams/${examId}/attempts`, {
      query: { search: 'kişi7' },
    });
    expect(search.json().data.map((r: { user: { name: string } }) => r.user.name)).toEqual(['Kişi7 Deneme']);
    const pending = await as(readerToken, 'GET', `/api/admin/exams/${examId}/attempts`, {
      query: { state: 'pending' },
    });
    expect(pending.json().meta.total).toBe(0);
  });

  it('exports the attempts as xlsx', async () => {
    const file = await exportAs(adminToken, `/api/admin/exams/${examId}/attempts/export`, {
      query: { format: 'xlsx' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('.xlsx');
  });

  it('works out the distribution, difficulty and discrimination', async () => {
    const response = await as(readerToken, 'GET', `/api/admin/exams/${examId}/stats`);
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json().data;
    expect(stats).toMatchObject({ attempts: 10, scored: 10, passed: 7 });
    // Scores: 3 × 33.33, 3 × 66.67, 4 × 100.
    expect(stats.distribution.find((b: { band: number }) => b.band === 3).count).toBe(3);
    expect(stats.distribution.find((b: { band: number }) => b.band === 6).count).toBe(3);
    expect(stats.distribution.find((b: { band: number }) => b.band === 9).count).toBe(4);
    const byQuestion = new Map(stats.questions.map((x: { question_id: number }) => [x.question_id, x]));
    expect(byQuestion.get(q[0])).toMatchObject({ difficulty: 0.7, discrimination: 1 });
    expect(byQuestion.get(q[1])).toMatchObject({ difficulty: 0.4, discrimination: 1 });
    expect(byQuestion.get(q[2])).toMatchObject({ difficulty: 1, discrimination: 0 });
  });

  it('gives no discrimination index below ten attempts', () => {
    expect(discriminationIndex([true, false, true])).toBeNull();
    expect(discriminationIndex([true, true, true, false, false, false, false, false, false, false])).toBe(1);
  });

  it('grades an open answer, then scores the attempt and publishes its result', async () => {
    const f = test.factories;
    const exam = { id: openExamId, companyId: company.id, passMark: 50 } as Parameters<typeof f.createExamAttempt>[0];
    const learner = people[0] as UserRow;
    const attempt = await f.createExamAttempt(exam, learner, [
      { questionId: q[2] as number, outcome: 'wrong' },
      { questionId: openQuestion, outcome: 'pending', maxPoints: 4, text: 'Gönderene ve bağlantıya bakarım.' },
    ]);
    expect(attempt.state).toBe('pending');

    const queue = await as(adminToken, 'GET', `/api/admin/exams/${openExamId}/grading`);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().data).toEqual([
      expect.objectContaining({
        attempt_id: attempt.id,
        position: 2,
        answer: 'Gönderene ve bağlantıya bakarım.',
        guidance: openBody.type === 'open' ? openBody.guidance : null,
        max_points: 4,
      }),
    ]);
    expect((await as(readerToken, 'GET', `/api/admin/exams/${openExamId}/grading`)).statusCode).toBe(403);

    const url = `/api/admin/exams/${openExamId}/attempts/${attempt.id}/answers/2/grade`;
    const tooMany = await as(adminToken, 'POST', url, { body: { points: 5 }, lang: 'en' });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.points).toEqual(['Give at most 4 points.']);
    const negative = await as(adminToken, 'POST', url, { body: { points: -1 } });
    expect(negative.statusCode).toBe(422);
    expect((await as(readerToken, 'POST', url, { body: { points: 3 } })).statusCode).toBe(403);
    expect((await asOther(otherAdminToken, 'POST', url, { body: { points: 3 } })).statusCode).toBe(404);
    const scoredOne = `/api/admin/exams/${openExamId}/attempts/${attempt.id}/answers/1/grade`;
    expect((await as(adminToken, 'POST', scoredOne, { body: { points: 1 } })).statusCode).toBe(422);

    const graded = await as(adminToken, 'POST', url, { body: { points: 3, feedback: 'İyi, bağlantıyı da açıkla.' } });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(graded.json().data).toEqual({ state: 'scored', score_percent: 60, passed: true });
    const [answer] = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(examAttemptAnswers)
        .where(and(eq(examAttemptAnswers.attemptId, attempt.id), eq(examAttemptAnswers.position, 2))),
    );
    expect(answer).toMatchObject({ points: 3, outcome: 'partial', feedback: 'İyi, bağlantıyı da açıkla.' });
    const [row] = await asSystem(test.db, (tx) =>
      tx.select().from(examAttempts).where(eq(examAttempts.id, attempt.id)),
    );
    expect(row).toMatchObject({ state: 'scored', passed: true, points: 3, maxPoints: 5 });
    const events = await asSystem(test.db, (tx) =>
      tx
        .select({ action: auditLogs.action })
        .from(auditLogs)
        .where(and(eq(auditLogs.companyId, company.id), eq(auditLogs.entityId, openExamId))),
    );
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['exam.answer_graded', 'exam.passed']));
    // Graded once: a second grade is refused.
    expect((await as(adminToken, 'POST', url, { body: { points: 4 } })).statusCode).toBe(422);
    expect((await as(adminToken, 'GET', `/api/admin/exams/${openExamId}/grading`)).json().data).toEqual([]);
  });

  it('answers another company 404 on every results route', async () => {
    for (const path of ['attempts', 'stats', 'grading']) {
      const response = await asOther(otherAdminToken, 'GET', `/api/admin/exams/${examId}/${path}`);
      expect(response.statusCode, path).toBe(404);
    }
    const exported = await asOther(otherAdminToken, 'POST', `/api/admin/exams/${examId}/attempts/export`);
    expect(exported.statusCode).toBe(404);
    expect((await as(undefined, 'GET', `/api/admin/exams/${examId}/stats`)).statusCode).toBe(401);
  });

  it('reports the pre/post comparison of an education', async () => {
    const f = test.factories;
    const pre = await f.createExam(company, { questionIds: [q[0] as number] });
    const post = await f.createExam(company, { questionIds: [q[1] as number] });
    const created = await as(adminToken, 'POST', '/api/admin/educations', {
      body: { title: 'Oltalama', language: 'tr', pre_test_exam_id: pre.id, post_test_exam_id: post.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const educationId = created.json().data.id;
    const learner = people[1] as UserRow;
    const enrol = await as(adminToken, 'POST', `/api/admin/educations/${educationId}/enrolments`, {
      body: { user_ids: [learner.id] },
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    await f.createExamAttempt(pre, learner, [{ questionId: q[0] as number, outcome: 'wrong' }]);
    await f.createExamAttempt(post, learner, [{ questionId: q[1] as number, outcome: 'correct' }]);
    const reportToken = await tokenWithPermissions(test, company, ['read_prepostreport']);
    const report = await as(reportToken, 'GET', '/api/admin/reports/pre-post', {
      query: { education_id: String(educationId) },
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.rows).toEqual([
      { user: { id: learner.id, name: 'Kişi1 Deneme' }, pre_score: 0, post_score: 100, delta: 100 },
    ]);
    expect(
      (await as(readerToken, 'GET', '/api/admin/reports/pre-post', { query: { education_id: '1' } })).statusCode,
    ).toBe(403);
    const foreign = await asOther(otherAdminToken, 'GET', '/api/admin/reports/pre-post', {
      query: { education_id: String(educationId) },
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await as(reportToken, 'GET', '/api/admin/reports/pre-post', { query: { education_id: 'x' } });
    expect(bad.statusCode).toBe(422);
  });
});
