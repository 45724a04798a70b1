import { z } from 'zod';
import { educationCardSchema } from './educations.js';
import { learnerProgramSchema } from './programs.js';

/**
 * GET api/my/home: the learner's home page (`/dashboard`) in one round trip. Each block may be empty and the page
 * says so; the "assigned and due soon" block holds the learner's enrolments with a due date until assignments exist.
 */
export const learnerHomeSchema = z.object({
  /** The education the learner touched last and has not completed, with its progress. */
  continue_learning: educationCardSchema.nullable(),
  /** Enrolments with a due date, not completed, soonest first (at most 6). */
  due_soon: z.array(educationCardSchema),
  /** Programs the learner is in and has not completed (at most 4). */
  programs: z.array(learnerProgramSchema),
  /** The newest educations open for self-enrolment the learner is not in (at most 8). */
  new_in_catalogue: z.array(educationCardSchema),
  totals: z.object({
    completed_educations: z.number(),
    in_progress_educations: z.number(),
    completed_programs: z.number(),
    /** Time spent in contents, in hours with one decimal. */
    hours_learned: z.number(),
  }),
});
export type LearnerHome = z.infer<typeof learnerHomeSchema>;
export const learnerHomeResponseSchema = z.object({ data: learnerHomeSchema });
