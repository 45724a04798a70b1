import { z } from 'zod';
import { defineContract, readWrite } from '../resource-contract.js';
import { ID_MAX, paginatedSchema } from './common.js';
import { progressStatusSchema } from './content.js';
import { isoDateSchema, lenient, resourceListQuerySchema } from './resource.js';

/**
 * Assignments (issue 14): a company gives one or more learning items to a target (chosen people, user groups, the
 * whole company or chosen sub-companies) with start and end dates. An item names its type and the id of the thing it
 * is (`ref_id`), like an education's parts: exams and surveys join as item types later.
 */
export const ITEM_TYPES = ['education', 'program', 'content', 'survey', 'exam'] as const;
export const assignmentItemTypeSchema = z.enum(ITEM_TYPES, 'validation.required');
export type AssignmentItemType = z.infer<typeof assignmentItemTypeSchema>;

/** Who an assignment is for: chosen people, chosen user groups, or the whole company (or chosen sub-companies). */
export const TARGET_KINDS = ['users', 'groups', 'company'] as const;
export const assignmentTargetKindSchema = z.enum(TARGET_KINDS, 'validation.required');
export type AssignmentTargetKind = z.infer<typeof assignmentTargetKindSchema>;

/**
 * draft (being written, nobody has it) → published, shown as scheduled (before the start date), active (from the
 * start to the end date) or finished (after the end date) — those three follow from the dates, the server stores only
 * whether it is published — or cancelled (stopped by an admin; nobody is reminded of it any more).
 */
export const ASSIGNMENT_STATUSES = ['draft', 'scheduled', 'active', 'finished', 'cancelled'] as const;
export const assignmentStatusSchema = z.enum(ASSIGNMENT_STATUSES);
export type AssignmentStatus = z.infer<typeof assignmentStatusSchema>;

/**
 * One person in one assignment. overdue: past the end date and not completed (worked out when read); cancelled: the
 * person was removed from the assignment (their progress in the items stays).
 */
export const ASSIGNEE_STATUSES = ['not_started', 'in_progress', 'completed', 'overdue', 'cancelled'] as const;
export const assigneeStatusSchema = z.enum(ASSIGNEE_STATUSES);
export type AssigneeStatus = z.infer<typeof assigneeStatusSchema>;

export const ASSIGNMENT_NAME_MAX = 200;
export const ASSIGNMENT_DESCRIPTION_MAX = 100_000;
export const ASSIGNMENT_ITEMS_MAX = 50;
export const ASSIGNMENT_TARGET_USERS_MAX = 1000;
export const ASSIGNMENT_TARGET_GROUPS_MAX = 100;
export const ASSIGNMENT_TARGET_COMPANIES_MAX = 100;
export const ASSIGNMENT_MINUTES_MAX = 100_000;
/** A reminder goes at most this many days before the end date, and at most this many reminders are set. */
export const REMINDER_DAYS_MAX = 365;
export const REMINDERS_MAX = 5;
const URL_MAX = 2000;

const idSchema = z.number().int().positive().max(ID_MAX);
const uniqueIds = (max: number) =>
  z
    .array(idSchema)
    .max(max)
    .transform((ids) => [...new Set(ids)]);

// --- The admin's resource (`api/admin/assignments`) ---

export const assignmentItemInputSchema = z.object({ type: assignmentItemTypeSchema, ref_id: idSchema });
export type AssignmentItemInput = z.infer<typeof assignmentItemInputSchema>;

/** An item with what it refers to, as the admin sees it. */
export const assignmentItemSchema = z.object({
  type: assignmentItemTypeSchema,
  ref_id: z.number(),
  title: z.string(),
  image_url: z.string().nullable(),
  /** Whether the referred item is active (a passive one cannot be taken). */
  available: z.boolean(),
});
export type AssignmentItem = z.infer<typeof assignmentItemSchema>;

export const assignmentRemindersSchema = z.object({
  /** Days before the end date to remind the people who have not completed it, e.g. [7, 1]. */
  days_before: z
    .array(z.number('validation.invalid').int('validation.invalid').min(0).max(REMINDER_DAYS_MAX))
    .max(REMINDERS_MAX)
    .transform((days) => [...new Set(days)].sort((a, b) => b - a)),
  /** Remind once more on the day after the end date, when it has become overdue. */
  on_overdue: z.boolean(),
});
export type AssignmentReminders = z.infer<typeof assignmentRemindersSchema>;

export const assignmentTargetInputSchema = z
  .object({
    kind: assignmentTargetKindSchema,
    user_ids: uniqueIds(ASSIGNMENT_TARGET_USERS_MAX).default([]),
    group_ids: uniqueIds(ASSIGNMENT_TARGET_GROUPS_MAX).default([]),
    /** Sub-companies of a group main company; empty with kind company: the company itself. */
    company_ids: uniqueIds(ASSIGNMENT_TARGET_COMPANIES_MAX).default([]),
  })
  .refine((t) => t.kind !== 'users' || t.user_ids.length > 0, {
    path: ['user_ids'],
    message: 'assignment.target_users_required',
  })
  .refine((t) => t.kind !== 'groups' || t.group_ids.length > 0, {
    path: ['group_ids'],
    message: 'assignment.target_groups_required',
  });
export type AssignmentTargetInput = z.infer<typeof assignmentTargetInputSchema>;

/** The target as the admin sees it: the chosen ids with their names (for the form) and the people it reaches. */
export const assignmentTargetSchema = z.object({
  kind: assignmentTargetKindSchema,
  users: z.array(z.object({ id: z.number(), name: z.string(), surname: z.string(), email: z.string().nullable() })),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
  companies: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type AssignmentTarget = z.infer<typeof assignmentTargetSchema>;

export const ASSIGNMENT_SORTS = [
  'name',
  'start_date',
  'end_date',
  'completion_rate',
  'created_at',
  'updated_at',
] as const;

export const assignmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Sanitized HTML. */
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  /** YYYY-MM-DD; the end date is the last day to complete it. */
  start_date: z.string(),
  end_date: z.string(),
  mandatory: z.boolean(),
  duration_minutes: z.number().nullable(),
  /** Days before the end date, largest first, and whether the overdue reminder goes. */
  reminders: z.object({ days_before: z.array(z.number()), on_overdue: z.boolean() }),
  status: assignmentStatusSchema,
  /** Once published, the items and the target's kind are fixed (people already work on them). */
  published_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  items: z.array(assignmentItemSchema),
  target: assignmentTargetSchema,
  /** People assigned (cancelled rows not counted), of them completed, and completed over people (0–100). */
  people: z.number(),
  completed: z.number(),
  completion_rate: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

const minutesSchema = z
  .number('validation.invalid')
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(ASSIGNMENT_MINUTES_MAX);

const itemsSchema = z
  .array(assignmentItemInputSchema)
  .min(1, 'assignment.items_required')
  .max(ASSIGNMENT_ITEMS_MAX)
  .refine(
    (items) => new Set(items.map((item) => `${item.type}:${item.ref_id}`)).size === items.length,
    'assignment.item_duplicate',
  );

const assignmentWriteShape = {
  name: z.string().trim().min(1, 'validation.required').max(ASSIGNMENT_NAME_MAX),
  /** HTML from the rich text editor; the server sanitizes it. */
  description: z.string().max(ASSIGNMENT_DESCRIPTION_MAX).nullable(),
  /** An address POST api/uploads answered (kind cover). */
  image_url: z.string().max(URL_MAX).nullable(),
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  mandatory: z.boolean(),
  duration_minutes: minutesSchema.nullable(),
  reminders: assignmentRemindersSchema,
  items: itemsSchema,
  target: assignmentTargetInputSchema,
};

const endNotBeforeStart = (value: { start_date?: string; end_date?: string }) =>
  !value.start_date || !value.end_date || value.end_date >= value.start_date;

/** POST api/admin/assignments: a draft; POST …/{id}/publish gives it to the people. */
export const assignmentCreateSchema = z
  .object({
    ...assignmentWriteShape,
    description: assignmentWriteShape.description.default(null),
    image_url: assignmentWriteShape.image_url.default(null),
    mandatory: assignmentWriteShape.mandatory.default(false),
    duration_minutes: assignmentWriteShape.duration_minutes.default(null),
    reminders: assignmentWriteShape.reminders.default({ days_before: [7, 1], on_overdue: true }),
  })
  .refine(endNotBeforeStart, { path: ['end_date'], message: 'assignment.end_before_start' });
export type AssignmentCreate = z.infer<typeof assignmentCreateSchema>;

/**
 * PUT or POST api/admin/assignments/{id}: the fields sent change. After publishing, `items` and the target's `kind`
 * may not change (422 `assignment.items_locked` / `assignment.target_kind_locked`) and the target's ids may only grow
 * (`assignment.target_shrink`; remove a person through DELETE …/people/{userId}); the publish job assigns the added
 * people. A cancelled assignment cannot be changed (409).
 */
export const assignmentUpdateSchema = z
  .object(assignmentWriteShape)
  .partial()
  .refine(endNotBeforeStart, { path: ['end_date'], message: 'assignment.end_before_start' });
export type AssignmentUpdate = z.infer<typeof assignmentUpdateSchema>;

/** `item` filters by one item, written `type:ref_id` (e.g. `education:12`); a bad value is no filter. */
export const assignmentItemFilterSchema = z
  .string()
  .regex(/^(education|program|content):[1-9][0-9]{0,9}$/)
  .transform((value) => {
    const [type, id] = value.split(':') as [AssignmentItemType, string];
    return { type, ref_id: Number(id) };
  })
  .refine((item) => item.ref_id <= ID_MAX);

export const assignmentListQuerySchema = resourceListQuerySchema.extend({
  status: lenient(assignmentStatusSchema),
  mandatory: lenient(z.enum(['0', '1'])),
  item: lenient(assignmentItemFilterSchema),
  /** Assignments whose start–end range meets the from–to range (YYYY-MM-DD, either side optional). */
  from: lenient(isoDateSchema),
  to: lenient(isoDateSchema),
});
export type AssignmentListQuery = z.infer<typeof assignmentListQuerySchema>;

export const assignmentsContract = defineContract({
  plural: 'assignments',
  namespace: 'assignmentAdmin',
  permissions: readWrite('read_assignment', 'create_assignment'),
  schemas: {
    item: assignmentSchema,
    create: assignmentCreateSchema,
    update: assignmentUpdateSchema,
    listQuery: assignmentListQuerySchema,
  },
  list: {
    sorts: ASSIGNMENT_SORTS,
    defaultSort: '-created_at',
    filters: [
      { kind: 'select', param: 'status', options: ASSIGNMENT_STATUSES },
      { kind: 'select', param: 'mandatory', options: ['0', '1'] },
      { kind: 'date-range', from: 'from', to: 'to' },
    ],
  },
  screens: {
    list: { name: 'company.assignments', path: '/admin/assignments' },
    add: { name: 'company.assignments.add', path: '/admin/assignment/add/:id?' },
    edit: { name: 'company.assignments.edit', path: '/admin/assignment/:id/edit' },
  },
  without: ['bulk'],
});

/** POST api/admin/assignments/{id}/publish (202): the job that gives it to the people; follow it at api/jobs/{id}. */
export const assignmentPublishResultSchema = z.object({
  data: z.object({ job_id: z.number(), assignment: assignmentSchema }),
  message: z.string(),
});
export type AssignmentPublishResult = z.infer<typeof assignmentPublishResultSchema>;

export const assignmentResponseSchema = z.object({ data: assignmentSchema, message: z.string().optional() });

// --- One assignment's people (`GET api/admin/assignments/{id}/people`) ---

export const ASSIGNEE_SORTS = [
  'name',
  'status',
  'progress',
  'last_activity_at',
  'completed_at',
  'assigned_at',
] as const;

export const assigneeListQuerySchema = resourceListQuerySchema.extend({
  status: lenient(assigneeStatusSchema),
});
export type AssigneeListQuery = z.infer<typeof assigneeListQuerySchema>;

/** People given a running assignment at once by hand (`POST api/admin/assignments/{id}/people`). */
export const ASSIGNMENT_PEOPLE_ADD_MAX = 200;

/** `POST api/admin/assignments/{id}/people`: active users of the company who do not have the assignment yet. */
export const assignmentPeopleAddSchema = z.object({
  user_ids: z
    .array(idSchema)
    .min(1, 'assignment.target_users_required')
    .max(ASSIGNMENT_PEOPLE_ADD_MAX)
    .transform((ids) => [...new Set(ids)]),
});
export type AssignmentPeopleAdd = z.input<typeof assignmentPeopleAddSchema>;

export const assignmentPeopleAddedSchema = z.object({
  data: z.object({ user_ids: z.array(z.number()) }),
  message: z.string(),
});
export type AssignmentPeopleAdded = z.infer<typeof assignmentPeopleAddedSchema>;

export const assigneeSchema = z.object({
  user: z.object({ id: z.number(), name: z.string(), surname: z.string(), email: z.string().nullable() }),
  status: assigneeStatusSchema,
  /** 0–100: the mean of the person's progress in the items. */
  progress: z.number(),
  assigned_at: z.string(),
  started_at: z.string().nullable(),
  last_activity_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** When the person was last reminded (by a schedule or an admin), or null. */
  reminded_at: z.string().nullable(),
});
export type Assignee = z.infer<typeof assigneeSchema>;

export const assigneeListSchema = paginatedSchema(assigneeSchema).extend({
  summary: z.object({
    people: z.number(),
    not_started: z.number(),
    in_progress: z.number(),
    completed: z.number(),
    overdue: z.number(),
    cancelled: z.number(),
    completion_rate: z.number(),
  }),
});
export type AssigneeList = z.infer<typeof assigneeListSchema>;

// --- The learner's side (`api/my/assignments`) ---

/** Where an item's start / continue button leads in the web app. */
export function assignmentItemPath(type: AssignmentItemType, refId: number): string {
  switch (type) {
    case 'education':
      return `/education/${refId}/detail`;
    case 'program':
      return `/my-education?program=${refId}`;
    case 'content':
      return `/eduction/${refId}/player?source=content`;
    case 'survey':
      return `/survey/${refId}`;
    case 'exam':
      // The learner's exams page (issue 15) opens the exam named.
      return `/test?exam=${refId}`;
  }
}

/** An item as the learner sees it, with their progress in it. */
export const learnerAssignmentItemSchema = z.object({
  type: assignmentItemTypeSchema,
  ref_id: z.number(),
  title: z.string(),
  image_url: z.string().nullable(),
  status: progressStatusSchema,
  progress: z.number(),
  /** The web path the item's button opens (`assignmentItemPath`). */
  path: z.string(),
  /** Whether it is an education holding a classroom training whose sessions the learner chooses. */
  has_classroom: z.boolean(),
});
export type LearnerAssignmentItem = z.infer<typeof learnerAssignmentItemSchema>;

export const MY_ASSIGNMENT_STATES = ['open', 'completed', 'overdue'] as const;
export const myAssignmentStateSchema = z.enum(MY_ASSIGNMENT_STATES);
export type MyAssignmentState = z.infer<typeof myAssignmentStateSchema>;

export const myAssignmentsQuerySchema = z.object({
  /** open: not completed, end date not passed (what to do now); a bad value: open. */
  status: myAssignmentStateSchema.catch('open').default('open'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(48).catch(12).default(12),
});
export type MyAssignmentsQuery = z.infer<typeof myAssignmentsQuerySchema>;

/** An assignment as a card on `/my-assignment`. */
export const learnerAssignmentCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  image_url: z.string().nullable(),
  mandatory: z.boolean(),
  start_date: z.string(),
  end_date: z.string(),
  status: assigneeStatusSchema,
  progress: z.number(),
  items_count: z.number(),
  completed_at: z.string().nullable(),
  /** The first item not completed yet (null when all are). */
  next_item: learnerAssignmentItemSchema.nullable(),
});
export type LearnerAssignmentCard = z.infer<typeof learnerAssignmentCardSchema>;

export const learnerAssignmentListSchema = paginatedSchema(learnerAssignmentCardSchema).extend({
  counts: z.object({ open: z.number(), completed: z.number(), overdue: z.number() }),
});
export type LearnerAssignmentList = z.infer<typeof learnerAssignmentListSchema>;

/**
 * GET api/my/assignments/{id} (`/assignment/{id}/detail`) and GET api/admin/assignments/{id}/preview (what a learner
 * of the target sees, with no progress: status not_started, progress 0, `preview` true).
 */
/** A classroom training an assignment's education holds: its sessions are chosen on the assignment's classroom page. */
export const assignmentClassroomSchema = z.object({
  id: z.number(),
  title: z.string(),
  education_id: z.number(),
  education_title: z.string(),
});
export type AssignmentClassroom = z.infer<typeof assignmentClassroomSchema>;

export const learnerAssignmentDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Sanitized HTML. */
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  mandatory: z.boolean(),
  duration_minutes: z.number().nullable(),
  status: assigneeStatusSchema,
  progress: z.number(),
  completed_at: z.string().nullable(),
  items: z.array(learnerAssignmentItemSchema),
  next_item: learnerAssignmentItemSchema.nullable(),
  /** The classroom trainings of its educations (`/assignments/{assignment}/classroom-education`). */
  classrooms: z.array(assignmentClassroomSchema),
  preview: z.boolean(),
});
export type LearnerAssignmentDetail = z.infer<typeof learnerAssignmentDetailSchema>;
export const learnerAssignmentDetailResponseSchema = z.object({ data: learnerAssignmentDetailSchema });
