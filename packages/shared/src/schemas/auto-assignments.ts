import { z } from 'zod';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { ASSIGNMENT_ITEMS_MAX, assignmentItemInputSchema, assignmentItemSchema } from './assignments.js';
import { ID_MAX } from './common.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { resourceListQuerySchema } from './resource.js';
import { USER_CUSTOM_FIELD_KEY_PATTERN } from './user-custom-fields.js';
import { USER_GROUP_RULE_VALUE_MAX, USER_GROUP_RULE_VALUES_MAX, userGroupMemberSchema } from './user-groups.js';
import { USER_CUSTOM_FIELD_KEY_MAX } from './users-admin.js';

/**
 * Automatic assignments (issue 14): a rule gives its items to every person who matches its conditions, when they
 * come to match (created, changed, imported, put in a group) and nightly as a backstop, each person once. Each rule
 * owns one assignment of the assignments module; the people it matches are added to it one by one, each due a set
 * number of days after they matched.
 */
export const AUTO_ASSIGNMENT_NAME_MAX = 200;
/** The longest "hired within the last N days" and "due N days after matching". */
export const AUTO_ASSIGNMENT_DAYS_MAX = 3650;
export const AUTO_ASSIGNMENT_GROUPS_MAX = 100;
export const AUTO_ASSIGNMENT_CUSTOM_FIELDS_MAX = 20;
/** How many of the people a preview names beside the count. */
export const AUTO_ASSIGNMENT_PREVIEW_SIZE = 10;
/** A backfill of more people than this runs as a job the page follows; fewer are assigned in the request. */
export const AUTO_ASSIGNMENT_INLINE_MAX = 200;
export const AUTO_ASSIGNMENT_SORTS = ['name', 'status', 'matched', 'created_at', 'updated_at'] as const;

const idSchema = z.number().int().positive().max(ID_MAX);

/** Trimmed, without blanks or repeats (case-insensitively, as they match, like the rule groups' values). */
const valuesSchema = z
  .array(z.string().trim().max(USER_GROUP_RULE_VALUE_MAX))
  .max(USER_GROUP_RULE_VALUES_MAX)
  .default([])
  .transform((values) => {
    const seen = new Set<string>();
    return values.filter((value) => {
      const key = value.toLocaleLowerCase('tr');
      if (value === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/** A company-defined user field (`user_custom_fields`) and the values of it that match (any of them). */
export const autoAssignmentFieldConditionSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(USER_CUSTOM_FIELD_KEY_MAX)
    .regex(USER_CUSTOM_FIELD_KEY_PATTERN, 'user_fields.key_invalid'),
  values: valuesSchema.refine((values) => values.length > 0, 'autoAssignment.errors.field_values_required'),
});
export type AutoAssignmentFieldCondition = z.infer<typeof autoAssignmentFieldConditionSchema>;

/**
 * The conditions a person must all meet (a list meets when any of its values does; an empty list or null is no
 * condition). `new_users`: only people created after the rule was (last) activated.
 */
export const autoAssignmentConditionsSchema = z.object({
  group_ids: z
    .array(idSchema)
    .max(AUTO_ASSIGNMENT_GROUPS_MAX)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  departments: valuesSchema,
  titles: valuesSchema,
  locations: valuesSchema,
  hired_within_days: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(AUTO_ASSIGNMENT_DAYS_MAX)
    .nullable()
    .default(null),
  custom_fields: z
    .array(autoAssignmentFieldConditionSchema)
    .max(AUTO_ASSIGNMENT_CUSTOM_FIELDS_MAX)
    .default([])
    .refine(
      (fields) => new Set(fields.map((field) => field.key)).size === fields.length,
      'autoAssignment.errors.field_duplicate',
    ),
  new_users: z.boolean().default(false),
});
export type AutoAssignmentConditions = z.infer<typeof autoAssignmentConditionsSchema>;
export type AutoAssignmentConditionsInput = z.input<typeof autoAssignmentConditionsSchema>;

export const EMPTY_AUTO_ASSIGNMENT_CONDITIONS: AutoAssignmentConditions = {
  group_ids: [],
  departments: [],
  titles: [],
  locations: [],
  hired_within_days: null,
  custom_fields: [],
  new_users: false,
};

/** Whether any condition is set: a rule without one would assign the whole company by accident. */
export function hasAnyCondition(conditions: Partial<AutoAssignmentConditions> | null | undefined): boolean {
  if (!conditions) return false;
  return Boolean(
    conditions.group_ids?.length ||
      conditions.departments?.length ||
      conditions.titles?.length ||
      conditions.locations?.length ||
      conditions.hired_within_days ||
      conditions.custom_fields?.length ||
      conditions.new_users,
  );
}

const conditionsInputSchema = autoAssignmentConditionsSchema.refine(
  hasAnyCondition,
  'autoAssignment.errors.conditions_required',
);

const itemsSchema = z
  .array(assignmentItemInputSchema)
  .min(1, 'assignment.items_required')
  .max(ASSIGNMENT_ITEMS_MAX)
  .refine(
    (items) => new Set(items.map((item) => `${item.type}:${item.ref_id}`)).size === items.length,
    'assignment.item_duplicate',
  );

const dueDaysSchema = z
  .number('validation.invalid')
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(AUTO_ASSIGNMENT_DAYS_MAX);

/** The conditions as the API answers them (a plain shape: a response is encoded, and transforms do not encode). */
export const autoAssignmentConditionsOutputSchema = z.object({
  group_ids: z.array(z.number()),
  departments: z.array(z.string()),
  titles: z.array(z.string()),
  locations: z.array(z.string()),
  hired_within_days: z.number().nullable(),
  custom_fields: z.array(z.object({ key: z.string(), values: z.array(z.string()) })),
  new_users: z.boolean(),
});

/** A rule as the admin sees it (`api/admin/auto-assignments`). */
export const autoAssignmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: activeStatusSchema,
  conditions: autoAssignmentConditionsOutputSchema,
  items: z.array(assignmentItemSchema),
  mandatory: z.boolean(),
  /** A matched person's due date is this many days after they matched. */
  due_days: z.number(),
  /** The assignment the rule owns (its people view shows who was matched and how far they are). */
  assignment_id: z.number(),
  /** When the rule last became active: "new users" are the people created after it. Null while passive. */
  activated_at: z.string().nullable(),
  /** People the rule has assigned, and of them completed. */
  matched: z.number(),
  completed: z.number(),
  last_matched_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AutoAssignment = z.infer<typeof autoAssignmentSchema>;

const writeShape = {
  name: z.string().trim().min(1, 'validation.required').max(AUTO_ASSIGNMENT_NAME_MAX),
  status: activeStatusSchema,
  conditions: conditionsInputSchema,
  items: itemsSchema,
  mandatory: z.boolean(),
  due_days: dueDaysSchema,
};

/** POST api/admin/auto-assignments; the web shows the preview first and backfills on the admin's confirmation. */
export const autoAssignmentCreateSchema = z.object({
  ...writeShape,
  status: writeShape.status.default(1),
  mandatory: writeShape.mandatory.default(false),
  due_days: writeShape.due_days.default(14),
});
export type AutoAssignmentCreate = z.infer<typeof autoAssignmentCreateSchema>;
export type AutoAssignmentCreateInput = z.input<typeof autoAssignmentCreateSchema>;

/**
 * PUT or POST api/admin/auto-assignments/{id}: the fields sent change. New items reach the people matched from then
 * on (the people already matched keep what they were given; their assignment's items are fixed once published).
 */
export const autoAssignmentUpdateSchema = z.object(writeShape).partial();
export type AutoAssignmentUpdate = z.infer<typeof autoAssignmentUpdateSchema>;

export const autoAssignmentListQuerySchema = resourceListQuerySchema.extend({ status: activeStatusFilter });
export type AutoAssignmentListQuery = z.infer<typeof autoAssignmentListQuerySchema>;

export const autoAssignmentsContract = defineContract({
  plural: 'auto-assignments',
  namespace: 'autoAssignment',
  permissions: readWrite('read_assignment', 'create_assignment'),
  schemas: {
    item: autoAssignmentSchema,
    create: autoAssignmentCreateSchema,
    update: autoAssignmentUpdateSchema,
    listQuery: autoAssignmentListQuerySchema,
  },
  list: { sorts: AUTO_ASSIGNMENT_SORTS, defaultSort: '-created_at', filters: [ACTIVE_STATUS_LIST_FILTER] },
  screens: {
    list: { name: 'company.auto-assignments', path: '/admin/auto-assignments' },
    add: { name: 'company.auto-assignments.add', path: '/admin/auto-assignments/add' },
    edit: { name: 'company.auto-assignments.edit', path: '/admin/auto-assignments/:id/edit' },
  },
  without: ['export'],
});

/**
 * POST api/admin/auto-assignments/preview (the dry run): how many active people match the conditions now and are
 * not yet assigned by the rule (`rule_id`, when editing one), and the first of them.
 */
export const autoAssignmentPreviewSchema = z.object({
  conditions: conditionsInputSchema,
  rule_id: idSchema.nullish(),
});
export type AutoAssignmentPreviewInput = z.input<typeof autoAssignmentPreviewSchema>;
export const autoAssignmentPreviewResultSchema = z.object({
  data: z.object({ count: z.number(), people: z.array(userGroupMemberSchema) }),
});
export type AutoAssignmentPreview = z.infer<typeof autoAssignmentPreviewResultSchema>['data'];

/**
 * POST api/admin/auto-assignments/{id}/apply: assigns everyone who matches now (the confirmed backfill). A few people
 * are assigned at once (`job_id` null); more run as a job (202, follow `job_id` at api/jobs/{id}).
 */
export const autoAssignmentApplyResultSchema = z.object({
  data: z.object({ job_id: z.number().nullable(), assigned: z.number().nullable() }),
  message: z.string(),
});
export type AutoAssignmentApplyResult = z.infer<typeof autoAssignmentApplyResultSchema>;

/** GET api/admin/auto-assignments/condition-options: the values the company's users hold, and its groups and fields. */
export const autoAssignmentConditionOptionsSchema = z.object({
  data: z.object({
    departments: z.array(z.string()),
    titles: z.array(z.string()),
    locations: z.array(z.string()),
    groups: z.array(z.object({ id: z.number(), name: z.string() })),
    fields: z.array(z.object({ key: z.string(), label: z.string() })),
  }),
});
export type AutoAssignmentConditionOptions = z.infer<typeof autoAssignmentConditionOptionsSchema>['data'];
