import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  assignmentItems,
  assignments,
  assignmentUsers,
  educationEnrolments,
  educations,
  examAttemptAnswers,
  examAttempts,
} from '../schema/index.js';
import { asSystem, inTenant } from '../scope.js';
import { rollUpPostTestEnrolments, seedExamAttempts } from './exam-attempts.js';

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

  it('brings a post-test education’s enrolments and its assignment’s rows where the live roll-ups put them', async () => {
    const company = await test.factories.createCompany();
    const learner = await test.factories.createUser(company, { email: 'learner@demo.test' });
    const colleague = await test.factories.createUser(company);
    await test.factories.createAdmin(company);
    const single = await test.factories.createQuestion(company);
    const exam = await test.factories.createExam(company, { questionIds: [single.id] });
    const people = [learner.id, colleague.id];
    // As the educations and assignments seeds leave them: enrolled, not started, before the post-test was attached.
    const { educationId, assignmentId } = await asSystem(test.db, async (tx) => {
      const [education] = await tx
        .insert(educations)
        .values({ companyId: company.id, title: 'KVKK temel eğitimi', language: 'tr', postTestExamId: exam.id })
        .returning();
      const [assignment] = await tx
        .insert(assignments)
        .values({
          companyId: company.id,
          name: 'KVKK yıllık yenileme',
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          targetKind: 'company',
          publishedAt: new Date(),
        })
        .returning();
      if (!education || !assignment) throw new Error('insert failed');
      await tx
        .insert(educationEnrolments)
        .values(people.map((userId) => ({ companyId: company.id, educationId: education.id, userId })));
      await tx.insert(assignmentItems).values({
        companyId: company.id,
        assignmentId: assignment.id,
        type: 'education',
        refId: education.id,
        position: 0,
      });
      await tx
        .insert(assignmentUsers)
        .values(people.map((userId) => ({ companyId: company.id, assignmentId: assignment.id, userId })));
      return { educationId: education.id, assignmentId: assignment.id };
    });
    await asSystem(test.db, async (tx) => {
      await seedExamAttempts(tx, company.id, 'tr', 'learner@demo.test');
      await rollUpPostTestEnrolments(tx, company.id, test);
    });
    await test.platform.events.idle();
    const read = () =>
      asSystem(test.db, async (tx) => ({
        enrolments: await tx
          .select()
          .from(educationEnrolments)
          .where(eq(educationEnrolments.educationId, educationId))
          .orderBy(asc(educationEnrolments.id)),
        rows: await tx
          .select()
          .from(assignmentUsers)
          .where(eq(assignmentUsers.assignmentId, assignmentId))
          .orderBy(asc(assignmentUsers.id)),
        attempts: await tx.select().from(examAttempts).where(eq(examAttempts.examId, exam.id)),
      }));
    const before = await read();
    // Everyone tried the post-test: started; the post-test is the education's one required part, done once passed.
    expect(before.attempts).toHaveLength(2);
    for (const enrolment of before.enrolments) {
      const passed = before.attempts.some((a) => a.userId === enrolment.userId && a.passed);
      expect(enrolment).toMatchObject({
        status: passed ? 'completed' : 'in_progress',
        completedParts: passed ? 1 : 0,
        finishedRate: passed ? 100 : 0,
      });
      expect(enrolment.startedAt).not.toBeNull();
      // The person's assignment row follows their only item.
      const row = before.rows.find((r) => r.userId === enrolment.userId);
      expect(row).toMatchObject({ status: passed ? 'completed' : 'in_progress', progress: passed ? 100 : 0 });
    }
    // A second pass of the same roll-ups changes nothing.
    const who = { companyId: company.id, userId: null, impersonatorId: null, ip: null, requestId: null };
    await inTenant(test.db, company.id, async (tx) => {
      for (const enrolment of before.enrolments) {
        await test.services.educations.enrolments.sync(tx, who, enrolment.id, false);
      }
      await test.services.assignments.delivery.syncRows(tx, who, sql`au.company_id = ${company.id}`, false);
    });
    await test.platform.events.idle();
    const after = await read();
    const pick = <R extends { id: number; status: string; startedAt: Date | null; completedAt: Date | null }>(r: R) => [
      r.id,
      r.status,
      r.startedAt,
      r.completedAt,
    ];
    expect(after.enrolments.map(pick)).toEqual(before.enrolments.map(pick));
    expect(after.enrolments.map((e) => [e.finishedRate, e.completedParts])).toEqual(
      before.enrolments.map((e) => [e.finishedRate, e.completedParts]),
    );
    expect(after.rows.map(pick)).toEqual(before.rows.map(pick));
    expect(after.rows.map((r) => r.progress)).toEqual(before.rows.map((r) => r.progress));
  });
});
