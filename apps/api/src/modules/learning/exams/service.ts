import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import type { AssignmentsService } from '../assignments/service.js';
import type { EducationsService } from '../educations/service.js';
import type { QuestionsService } from '../questions/service.js';
import { createExamResource } from './admin.js';
import { createAttempts } from './attempts.js';
import { registerDeadlineJobs } from './deadline.js';
import { connectExams } from './integration.js';
import { myTests } from './learner.js';
import { createExamResults } from './results.js';

/**
 * Exams (issue 15): the definition (`admin.ts`: the resource `api/admin/exams`), results and grading (`results.ts`),
 * and how exams join educations, assignments and the question bank (`integration.ts`); the attempts and the
 * learner's `/test` pages (`attempts.ts`, `learner.ts`) are added beside them.
 */
export function createExamsService(
  platform: Platform,
  needs: { educations: EducationsService; assignments: AssignmentsService; questions: QuestionsService },
) {
  const integration = connectExams(platform, needs);
  const admin = createExamResource(platform, { questions: needs.questions, usedBy: integration.usedBy });
  const attempts = createAttempts(platform, needs.questions.forExams);
  registerDeadlineJobs(platform, attempts);
  return {
    admin,
    results: createExamResults(platform, attempts),
    /** The attempt engine (helper ET): start/resume, saves, submit, the deadline job, grade, result. */
    attempts,
    learner: {
      /** `GET api/my/tests`. */
      tests: (actor: Actor) =>
        inTenant(platform.database.db, actor.companyId, (tx) => myTests(tx, actor.userId), { readOnly: true }),
    },
  };
}

export type ExamsService = ReturnType<typeof createExamsService>;
