import { z } from 'zod';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { ID_MAX, optionalText, paginatedSchema } from './common.js';
import { progressStatusSchema } from './content.js';
import { educationCardSchema, MY_LEARNING_STATES } from './educations.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { lenient, resourceListQuerySchema } from './resource.js';

/**
 * Programs (learning paths, issue 13): an ordered list of educations. With sequencing on, the next education opens
 * when the one before it is completed; a step may have a deadline counted in days from the learner's program start.
 */
export const PROGRAM_TITLE_MAX = 200;
export const PROGRAM_DESCRIPTION_MAX = 5000;
export const PROGRAM_STEPS_MAX = 50;
export const PROGRAM_STEP_DAYS_MAX = 3650;

const idSchema = z.number().int().positive().max(ID_MAX);

export const PROGRAM_SORTS = ['title', 'status', 'created_at', 'updated_at'] as const;

export const programStepSchema = z.object({
  id: z.number(),
  education_id: z.number(),
  order: z.number(),
  /** Days from the learner's program start to finish this step by; null: no deadline. */
  deadline_days: z.number().nullable(),
  title: z.string(),
  image_url: z.string().nullable(),
  available: z.boolean(),
});
export type ProgramStep = z.infer<typeof programStepSchema>;

export const programSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  sequential: z.boolean(),
  status: activeStatusSchema,
  steps: z.array(programStepSchema),
  enrolled_count: z.number(),
  completed_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Program = z.infer<typeof programSchema>;

export const programStepInputSchema = z.object({
  education_id: idSchema,
  deadline_days: z.number('validation.invalid').int('validation.invalid').min(1).max(PROGRAM_STEP_DAYS_MAX).nullable(),
});
export type ProgramStepInput = z.infer<typeof programStepInputSchema>;

const programWriteShape = {
  title: z.string().trim().min(1, 'validation.required').max(PROGRAM_TITLE_MAX),
  description: optionalText(PROGRAM_DESCRIPTION_MAX),
  image_url: z.string().max(2000).nullable(),
  sequential: z.boolean(),
  status: activeStatusSchema,
  /** The whole ordered list; an education appears once. */
  steps: z
    .array(programStepInputSchema)
    .max(PROGRAM_STEPS_MAX)
    .refine((steps) => new Set(steps.map((s) => s.education_id)).size === steps.length, 'program.step_duplicate'),
};

export const programCreateSchema = z.object({
  ...programWriteShape,
  description: programWriteShape.description.default(null),
  image_url: programWriteShape.image_url.default(null),
  sequential: programWriteShape.sequential.default(true),
  status: programWriteShape.status.default(1),
  steps: programWriteShape.steps.default([]),
});
export type ProgramCreate = z.infer<typeof programCreateSchema>;
export const programUpdateSchema = z.object(programWriteShape).partial();
export type ProgramUpdate = z.infer<typeof programUpdateSchema>;

export const programListQuerySchema = resourceListQuerySchema.extend({ status: activeStatusFilter });
export type ProgramListQuery = z.infer<typeof programListQuerySchema>;

export const programsContract = defineContract({
  plural: 'programs',
  namespace: 'program',
  permissions: readWrite('read_program', 'create_program'),
  schemas: {
    item: programSchema,
    create: programCreateSchema,
    update: programUpdateSchema,
    listQuery: programListQuerySchema,
  },
  list: { sorts: PROGRAM_SORTS, defaultSort: '-created_at', filters: [ACTIVE_STATUS_LIST_FILTER] },
  screens: {
    list: { name: 'company.program', path: '/admin/program' },
    add: { name: 'company.program.add', path: '/admin/program/add' },
    edit: { name: 'company.program.edit', path: '/admin/program/edit/:id' },
  },
});

// --- The learner's side ---

/** One learner in one program. */
export const programEnrolmentSchema = z.object({
  status: progressStatusSchema,
  /** 0–100: completed steps over all steps. */
  finished_rate: z.number(),
  completed_steps: z.number(),
  enrolled_at: z.string(),
  completed_at: z.string().nullable(),
});
export type ProgramEnrolment = z.infer<typeof programEnrolmentSchema>;

/** A step as the learner sees it: the education's card, its deadline and whether it is open yet. */
export const learnerProgramStepSchema = z.object({
  id: z.number(),
  order: z.number(),
  education: educationCardSchema,
  /** YYYY-MM-DD: the learner's program start plus the step's days; null without a deadline or before enrolling. */
  due_date: z.string().nullable(),
  /** A sequential program's step whose previous step is not completed yet. */
  locked: z.boolean(),
});
export type LearnerProgramStep = z.infer<typeof learnerProgramStepSchema>;

/** A program as the learner sees it (my educations' programs tab, the program panel). */
export const learnerProgramSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  sequential: z.boolean(),
  steps_count: z.number(),
  enrolment: programEnrolmentSchema.nullable(),
  /** The step to continue with (the first open, unfinished one). */
  next_education_id: z.number().nullable(),
});
export type LearnerProgram = z.infer<typeof learnerProgramSchema>;

export const learnerProgramDetailSchema = learnerProgramSchema.extend({ steps: z.array(learnerProgramStepSchema) });
export type LearnerProgramDetail = z.infer<typeof learnerProgramDetailSchema>;
export const learnerProgramDetailResponseSchema = z.object({ data: learnerProgramDetailSchema });

/** GET api/my/programs?state=. */
export const myProgramsQuerySchema = z.object({
  state: lenient(z.enum(MY_LEARNING_STATES)),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(48).catch(12).default(12),
});
export type MyProgramsQuery = z.infer<typeof myProgramsQuerySchema>;
export const learnerProgramListSchema = paginatedSchema(learnerProgramSchema);

/**
 * POST api/admin/programs/{id}/enrolments: the admin enrols people into the program (and so into its educations,
 * each step's as it opens). Answers `educationEnrolResultSchema`'s shape: how many were added and already enrolled.
 */
export const programEnrolSchema = z.object({
  user_ids: z.array(idSchema).min(1, 'validation.required').max(1000),
});
export type ProgramEnrol = z.infer<typeof programEnrolSchema>;
