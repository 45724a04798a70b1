import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.js';
import type { ContentService } from '../content/service.js';
import { educationAgendaEvents } from './agenda.js';
import {
  createCategoryResource,
  createEducationResource,
  type EducationTests,
  type EducationTestsHolder,
  type PartKinds,
} from './catalogue.js';
import { createEnrolments } from './enrolments.js';
import { createEvaluationLinks } from './evaluation.js';
import { createLearner } from './learner.js';
import { createEducationReport } from './report.js';

/**
 * Educations (issue 13): the catalogue's admin resources (educations with their typed parts, categories), the
 * enrolments and their roll-up from the part events, one education's report, and the learner's pages' calls.
 */
export function createEducationsService(platform: Platform, { content }: { content: ContentService }) {
  // The part types other modules own (classroom trainings), filled as those modules are made.
  const kinds: PartKinds = new Map();
  // The exams that may be pre- and post-tests, given by the exams module when its service is made.
  const tests: EducationTestsHolder = { current: null };
  const enrolments = createEnrolments(platform, kinds, tests);
  const evaluation = createEvaluationLinks();
  content.admin.addUsage(
    (contentId) => sql`exists (select 1 from education_parts p where p.type = 'content' and p.ref_id = ${contentId})`,
  );
  return {
    categories: createCategoryResource(platform).resource,
    resource: createEducationResource(platform, {
      kinds,
      tests,
      partsChanged: (tx, actor, educationId) => enrolments.partsChanged(tx, actor, educationId),
      isEvaluationSurvey: evaluation.isEvaluationSurvey,
    }).resource,
    enrolments,
    /** The exams module gives how its exams serve as pre- and post-tests. */
    registerTests(given: EducationTests) {
      tests.current = given;
    },
    report: createEducationReport(platform, enrolments),
    learner: createLearner(platform, enrolments, kinds),
    agendaEvents: educationAgendaEvents,
    evaluation,
  };
}

export type EducationsService = ReturnType<typeof createEducationsService>;
