import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { examAttemptAnswers, examAttempts } from '../schema/index.js';
import { asSystem } from '../scope.js';
import { seedExamAttempts } from './exam-attempts.js';

describe('demo exam attempts', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it('gives the learners scored attempts and leaves the demo learner’s open answer for a grader', async () => {
    const company = await test.factories.createCompany();
    const learner = await test.factories.createUser(company, { email: 'learner@demo.test' });
    await test.factories.createUser(company);
    await test.factories.createAdmin(company);
    const single = await test.factories.createQuestion(company);
    const open = await test.factories.createQuestion(company, {
      body: { type: 'open', text: '<p>Nasıl bildirirsiniz?</p>', explanation: null, guidance: null },
      points: 2,
    });
    const exam = await test.factories.createExam(company, { questionIds: [single.id, open.id] });
    await test.factories.createExam(company, { kind: 'demo', questionIds: [single.id] });
    await asSystem(test.db, (tx) => seedExamAttempts(tx, company.id, 'tr', 'learner@demo.test'));
    const attempts = await asSystem(test.db, (tx) => tx.select().from(examAttempts));
    expect(attempts).toHaveLength(2);
    expect(attempts.every((a) => a.examId === exam.id)).toBe(true);
    const mine = attempts.find((a) => a.userId === learner.id);
    expect(mine).toMatchObject({ state: 'pending', scorePercent: null });
    expect(attempts.find((a) => a.userId !== learner.id)?.state).toBe('scored');
    const answers = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(examAttemptAnswers)
        .where(eq(examAttemptAnswers.attemptId, mine?.id ?? 0)),
    );
    expect(answers.map((a) => a.outcome)).toContain('pending');
  });
});
