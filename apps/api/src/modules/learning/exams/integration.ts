import { inArray, sql } from 'drizzle-orm';
import { exams } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Initiator } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import type { DomainEvent } from '../../../platform/events.js';
import type { AssignmentsService } from '../assignments/service.js';
import type { PartKind } from '../educations/catalogue.js';
import type { EducationsService } from '../educations/service.js';
import type { QuestionsService } from '../questions/service.js';
import { learnerExamState, ownExams } from './admin.js';
import { resultOf } from './results.js';

/** The events that move a learner at an exam (published when an attempt is scored). */
export const EXAM_RESULT_EVENTS = ['exam.passed', 'exam.failed'] as const;

/**
 * An exam as a part of an education: the company's real exams (never a demo exam, which counts for nothing);
 * started at the first attempt, completed once an attempt passed. Its events are followed in `connectExams`.
 */
function examPartKind(): PartKind {
  return {
    events: [],
    own: (tx, companyId, ids) => ownExams(tx, companyId, ids, 'exam'),
    async describe(tx, ids) {
      const rows = await tx
        .select({ id: exams.id, title: exams.title, imageUrl: exams.imageUrl, status: exams.status })
        .from(exams)
        .where(inArray(exams.id, [...ids]));
      return new Map(rows.map((r) => [r.id, { title: r.title, coverUrl: r.imageUrl, available: r.status === 1 }]));
    },
    states: (tx, userId, ids) => learnerExamState(tx, userId, ids),
  };
}

/**
 * Exams join the other learning modules: a part type of educations, an education's pre-test and post-test, an item
 * type of assignments (the SQL roll-up of `assignments/queries.ts` reads `exam_attempts`), and the question bank's
 * usage (a question an exam lists is made passive rather than deleted). A result moves the learner's educations
 * (parts and post-tests) and assignments.
 */
export function connectExams(
  platform: Platform,
  needs: { educations: EducationsService; assignments: AssignmentsService; questions: QuestionsService },
) {
  const { educations, assignments, questions } = needs;
  educations.enrolments.registerKind('exam', examPartKind());
  educations.registerTests({
    own: (tx, companyId, ids) => ownExams(tx, companyId, ids, 'exam'),
    async state(tx, userId, examId) {
      const state = (await learnerExamState(tx, userId, [examId])).get(examId);
      return { started: state?.started ?? false, passed: state?.completed ?? false };
    },
  });
  questions.registerUsage(
    (questionId) => sql`exists (select 1 from exam_questions eq where eq.question_id = ${questionId})`,
  );

  async function onResult(event: DomainEvent) {
    const result = resultOf(event);
    if (!result) return;
    const who: Initiator = {
      companyId: event.companyId,
      userId: result.userId,
      impersonatorId: event.impersonatorId,
      ip: null,
      requestId: event.requestId,
    };
    await inTenant(platform.database.db, event.companyId, async (tx) => {
      await educations.enrolments.partMoved(tx, who, result.userId, 'exam', result.examId);
      await educations.enrolments.postTestMoved(tx, who, result.userId, result.examId);
      await assignments.delivery.syncRows(
        tx,
        who,
        sql`au.company_id = ${event.companyId} and au.user_id = ${result.userId}`,
        true,
      );
    });
  }
  for (const action of EXAM_RESULT_EVENTS) platform.events.subscribe(action, onResult);

  /** How many educations hold each exam: as a part, a pre-test or a post-test. */
  return {
    async usedBy(tx: Parameters<typeof educations.enrolments.partUsage>[0], ids: number[]) {
      const parts = await educations.enrolments.partUsage(tx, 'exam', ids);
      const tests = await educations.enrolments.testUsage(tx, ids);
      return new Map(ids.map((id) => [id, (parts.get(id) ?? 0) + (tests.get(id) ?? 0)]));
    },
  };
}
