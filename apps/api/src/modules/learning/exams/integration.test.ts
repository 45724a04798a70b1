import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { assignmentUsers, educationEnrolments, type exams } from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import { record } from '../../../platform/events.js';
import { resultEntry } from './results.js';

type ExamRow = typeof exams.$inferSelect;

describe('exams in educations and assignments: post-test, exam part, assignment item', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;
  let learner: UserRow;
  let question: number;
  const as = companyCaller(() => ({ app: test.app, company }));
  const today = new Date().toISOString().slice(0, 10);
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  /** A scored attempt as the attempts service leaves it, with its result published. */
  async function takes(exam: ExamRow, person: UserRow, passed: boolean) {
    const attempt = await test.factories.createExamAttempt(exam, person, [
      { questionId: question, outcome: passed ? 'correct' : 'wrong' },
    ]);
    await inTenant(test.db, company.id, (tx) =>
      record(
        tx,
        { companyId: company.id, userId: person.id, impersonatorId: null, ip: null, requestId: null },
        resultEntry(company.id, {
          examId: exam.id,
          userId: person.id,
          attemptId: attempt.id,
          scorePercent: attempt.scorePercent ?? 0,
          passed,
        }),
      ),
    );
    await test.settle();
  }

  const enrolmentOf = async (educationId: number, person: UserRow) => {
    const [row] = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(educationEnrolments)
        .where(and(eq(educationEnrolments.educationId, educationId), eq(educationEnrolments.userId, person.id))),
    );
    return row;
  };

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    company = await f.createCompany();
    other = await f.createCompany();
    adminToken = (await login(test.app, company, (await f.createAdmin(company)).email ?? '')).access_token;
    learner = await f.createUser(company);
    question = (await f.createQuestion(company)).id;
  });
  afterAll(() => test?.close());

  it('completes an education with a post-test only once the post-test is passed; the pre-test never blocks', async () => {
    const f = test.factories;
    const pre = await f.createExam(company, { questionIds: [question] });
    const post = await f.createExam(company, { questionIds: [question] });
    const created = await as(adminToken, 'POST', '/api/admin/educations', {
      body: { title: 'Bilgi güvenliği', language: 'tr', pre_test_exam_id: pre.id, post_test_exam_id: post.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ pre_test_exam_id: pre.id, post_test_exam_id: post.id });
    const educationId = created.json().data.id;
    await as(adminToken, 'POST', `/api/admin/educations/${educationId}/enrolments`, {
      body: { user_ids: [learner.id] },
    });
    expect(await enrolmentOf(educationId, learner)).toMatchObject({ status: 'not_started' });

    await takes(pre, learner, false);
    expect((await enrolmentOf(educationId, learner))?.status).toBe('not_started');
    await takes(post, learner, false);
    expect(await enrolmentOf(educationId, learner)).toMatchObject({ status: 'in_progress', finishedRate: 0 });
    await takes(post, learner, true);
    expect(await enrolmentOf(educationId, learner)).toMatchObject({ status: 'completed', finishedRate: 100 });
  });

  it("refuses a pre/post test that is a demo exam or another company's", async () => {
    const f = test.factories;
    const demo = await f.createExam(company, { kind: 'demo', questionIds: [question] });
    const foreign = await f.createExam(other);
    const response = await as(adminToken, 'POST', '/api/admin/educations', {
      body: { title: 'x', language: 'tr', pre_test_exam_id: demo.id, post_test_exam_id: foreign.id },
      lang: 'en',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['post_test_exam_id', 'pre_test_exam_id']);
  });

  it('takes an exam as a part of an education, completed by passing it', async () => {
    const f = test.factories;
    const exam = await f.createExam(company, { title: 'Ara sınav', questionIds: [question] });
    const demo = await f.createExam(company, { kind: 'demo', questionIds: [question] });
    const refused = await as(adminToken, 'POST', '/api/admin/educations', {
      body: { title: 'Demo', language: 'tr', parts: [{ type: 'exam', ref_id: demo.id }] },
    });
    expect(refused.statusCode).toBe(422);
    const created = await as(adminToken, 'POST', '/api/admin/educations', {
      body: { title: 'Sınavlı eğitim', language: 'tr', parts: [{ type: 'exam', ref_id: exam.id }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.parts[0]).toMatchObject({ type: 'exam', title: 'Ara sınav', available: true });
    const educationId = created.json().data.id;
    const person = await f.createUser(company);
    await as(adminToken, 'POST', `/api/admin/educations/${educationId}/enrolments`, {
      body: { user_ids: [person.id] },
    });
    await takes(exam, person, true);
    expect((await enrolmentOf(educationId, person))?.status).toBe('completed');
  });

  it("completes an assignment's exam item when it is passed (progress 0 → 100)", async () => {
    const f = test.factories;
    const exam = await f.createExam(company, { questionIds: [question] });
    const person = await f.createUser(company);
    const draft = await as(adminToken, 'POST', '/api/admin/assignments', {
      body: {
        name: 'Sınav ataması',
        start_date: today,
        end_date: inDays(14),
        items: [{ type: 'exam', ref_id: exam.id }],
        target: { kind: 'users', user_ids: [person.id] },
      },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().data.id;
    expect((await as(adminToken, 'POST', `/api/admin/assignments/${id}/publish`)).statusCode).toBe(202);
    await test.settle();
    const rowOf = async () =>
      (
        await asSystem(test.db, (tx) =>
          tx
            .select()
            .from(assignmentUsers)
            .where(and(eq(assignmentUsers.assignmentId, id), eq(assignmentUsers.userId, person.id))),
        )
      )[0];
    expect(await rowOf()).toMatchObject({ status: 'not_started', progress: 0 });
    await takes(exam, person, false);
    expect(await rowOf()).toMatchObject({ status: 'in_progress', progress: 0 });
    await takes(exam, person, true);
    expect(await rowOf()).toMatchObject({ status: 'completed', progress: 100 });

    const demo = await f.createExam(company, { kind: 'demo', questionIds: [question] });
    const refused = await as(adminToken, 'POST', '/api/admin/assignments', {
      body: {
        name: 'Demo',
        start_date: today,
        end_date: inDays(14),
        items: [{ type: 'exam', ref_id: demo.id }],
        target: { kind: 'users', user_ids: [person.id] },
      },
    });
    expect(refused.statusCode).toBe(422);
  });
});
