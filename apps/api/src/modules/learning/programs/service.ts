import type { Platform } from '../../../platform/deps.js';
import type { EducationsService } from '../educations/service.js';
import { createProgramsAdmin } from './admin.js';
import { programAgendaEvents } from './agenda.js';
import { createProgramsLearner } from './learner.js';
import { createProgramProgress } from './progress.js';

/**
 * Programs (learning paths, issue 13): the admin resource and its enrolments, the learner's programs, and the roll-up
 * that keeps each program enrolment from the education events (`education.started`, `education.completed`),
 * publishing `program.started` and `program.completed`. Enrolling into a step's education goes through the
 * educations service, and the learner's home page gets its programs block from here.
 */
export function createProgramsService(platform: Platform, { educations }: { educations: EducationsService }) {
  const progress = createProgramProgress(platform, educations);
  const admin = createProgramsAdmin(platform, progress);
  const learner = createProgramsLearner(platform, educations, progress);
  educations.learner.provideHomePrograms(learner.home);
  return {
    resource: admin.resource,
    enrol: admin.enrol,
    enrolMany: progress.enrolMany,
    learner,
    agendaEvents: programAgendaEvents,
  };
}

export type ProgramsService = ReturnType<typeof createProgramsService>;
