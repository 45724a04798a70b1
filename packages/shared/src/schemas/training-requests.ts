import { z } from 'zod';
import { ID_MAX, optionalText, paginatedSchema } from './common.js';
import { isoDateSchema, lenient, resourceListQuerySchema } from './resource.js';

/**
 * Training requests (issue 14): a learner asks for an education shown in the catalogue with enrolment on approval
 * (visibility `request`); an admin approves it (an assignment of that education for that person) or rejects it with
 * a reason. One pending request per person and education; asking again after a rejection is allowed.
 */
export const TRAINING_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const trainingRequestStatusSchema = z.enum(TRAINING_REQUEST_STATUSES);
export type TrainingRequestStatus = z.infer<typeof trainingRequestStatusSchema>;

/** The longest note a learner may add to a request. */
export const TRAINING_REQUEST_NOTE_MAX = 1000;
/** The longest reason a rejection may give; it is mailed to the person. */
export const TRAINING_REQUEST_REASON_MAX = 500;
/** An approved request's assignment ends this many days after approval unless the admin or the education says else. */
export const TRAINING_REQUEST_DEFAULT_DAYS = 30;

const idSchema = z.number().int().positive().max(ID_MAX);

/** A request as its learner sees it on the education page. */
export const myTrainingRequestSchema = z.object({
  id: z.number(),
  education_id: z.number(),
  status: trainingRequestStatusSchema,
  note: z.string().nullable(),
  /** Why it was rejected (null unless rejected). */
  reason: z.string().nullable(),
  /** The assignment an approval created (null unless approved). */
  assignment_id: z.number().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type MyTrainingRequest = z.infer<typeof myTrainingRequestSchema>;
/** GET api/educations/{id}/training-request: the learner's latest request for it, or null. */
export const myTrainingRequestResponseSchema = z.object({ data: myTrainingRequestSchema.nullable() });

/** POST api/educations/{id}/training-request. */
export const trainingRequestCreateSchema = z.object({
  note: optionalText(TRAINING_REQUEST_NOTE_MAX).default(null),
});
export type TrainingRequestCreate = z.infer<typeof trainingRequestCreateSchema>;

/** A request as the admin list shows it. */
export const trainingRequestSchema = z.object({
  id: z.number(),
  status: trainingRequestStatusSchema,
  note: z.string().nullable(),
  reason: z.string().nullable(),
  education: z.object({ id: z.number(), title: z.string(), image_url: z.string().nullable() }),
  user: z.object({ id: z.number(), name: z.string(), surname: z.string(), email: z.string().nullable() }),
  assignment_id: z.number().nullable(),
  /** Who decided (null while pending, or when that admin is gone). */
  decided_by: z.object({ id: z.number(), name: z.string(), surname: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type TrainingRequest = z.infer<typeof trainingRequestSchema>;
export const trainingRequestListSchema = paginatedSchema(trainingRequestSchema).extend({
  /** How many match each status under the other filters (the status tabs' counts). */
  counts: z.object({ pending: z.number(), approved: z.number(), rejected: z.number() }),
});
export type TrainingRequestList = z.infer<typeof trainingRequestListSchema>;

export const TRAINING_REQUEST_SORTS = ['created_at', 'decided_at', 'name', 'education'] as const;

/** GET api/admin/training-requests: paged, sorted (`-created_at` by default), searched by person. */
export const trainingRequestListQuerySchema = resourceListQuerySchema.extend({
  status: lenient(trainingRequestStatusSchema),
  education_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
  /** Requested on or after this day. */
  from: lenient(isoDateSchema),
  /** Requested on or before this day. */
  to: lenient(isoDateSchema),
});
export type TrainingRequestListQuery = z.infer<typeof trainingRequestListQuerySchema>;

/** POST api/admin/training-requests/{id}/approve: the assignment's last day (default: see TRAINING_REQUEST_DEFAULT_DAYS). */
export const trainingRequestApproveSchema = z.object({
  end_date: isoDateSchema.nullish().transform((v) => v ?? null),
});
export type TrainingRequestApprove = z.infer<typeof trainingRequestApproveSchema>;

/** POST api/admin/training-requests/{id}/reject. */
export const trainingRequestRejectSchema = z.object({
  reason: z
    .string('trainingRequest.reason_required')
    .trim()
    .min(1, 'trainingRequest.reason_required')
    .max(TRAINING_REQUEST_REASON_MAX),
});
export type TrainingRequestReject = z.infer<typeof trainingRequestRejectSchema>;

/** GET api/admin/training-requests/pending-counts: pending requests per education (the catalogue row's badge). */
export const trainingRequestPendingCountsSchema = z.object({
  data: z.array(z.object({ education_id: idSchema, pending: z.number() })),
});
export type TrainingRequestPendingCounts = z.infer<typeof trainingRequestPendingCountsSchema>['data'];
