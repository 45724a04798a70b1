import { z } from 'zod';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { ID_MAX, messageSchema, optionalText } from './common.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { isoDateSchema, lenient, resourceListQuerySchema } from './resource.js';
import { adminUserSchema } from './users-admin.js';

/** static: the members are listed one by one; rule: the members are the company's users matching the rules. */
export const USER_GROUP_KINDS = ['static', 'rule'] as const;
export type UserGroupKind = (typeof USER_GROUP_KINDS)[number];
/** The columns `sort` accepts on `GET api/admin/user-groups`. */
export const USER_GROUP_SORTS = ['name', 'kind', 'status', 'created_at', 'updated_at'] as const;
/** The columns `sort` accepts on `GET api/admin/user-groups/{id}/members`. */
export const USER_GROUP_MEMBER_SORTS = ['name', 'surname', 'email', 'department', 'title', 'hire_date'] as const;
export const USER_GROUP_NAME_MAX = 120;
export const USER_GROUP_DESCRIPTION_MAX = 1000;
/** The most values one rule field lists, and the longest value (a user's department, title or location). */
export const USER_GROUP_RULE_VALUES_MAX = 50;
export const USER_GROUP_RULE_VALUE_MAX = 120;
/** The most users one membership call adds or removes. */
export const USER_GROUP_MEMBER_IDS_MAX = 1000;
/** How many members the rule preview shows beside the count. */
export const USER_GROUP_PREVIEW_SIZE = 10;

/** The rules of a rule group as stored and shown: empty lists and null days are rules not set. */
export const userGroupRulesSchema = z.object({
  departments: z.array(z.string()),
  titles: z.array(z.string()),
  locations: z.array(z.string()),
  /** YYYY-MM-DD, inclusive. */
  hired_from: z.string().nullable(),
  /** YYYY-MM-DD, inclusive. */
  hired_to: z.string().nullable(),
});
export type UserGroupRules = z.infer<typeof userGroupRulesSchema>;

export const EMPTY_USER_GROUP_RULES: UserGroupRules = {
  departments: [],
  titles: [],
  locations: [],
  hired_from: null,
  hired_to: null,
};

/** Whether at least one rule is set: a rule group without any would hold the whole company by accident. */
export function hasAnyRule(rules: Partial<UserGroupRules> | null | undefined): boolean {
  if (!rules) return false;
  return Boolean(
    rules.departments?.length || rules.titles?.length || rules.locations?.length || rules.hired_from || rules.hired_to,
  );
}

/** Trimmed, without blanks or repeats (case-insensitively, as they match). */
const ruleValuesSchema = z
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
const optionalDay = z
  .union([z.literal(''), isoDateSchema])
  .nullish()
  .transform((v) => (v ? v : null));

/** The rules a client sends: any field may be left out; the hire-date range must not be reversed. */
export const userGroupRulesInputSchema = z
  .object({
    departments: ruleValuesSchema,
    titles: ruleValuesSchema,
    locations: ruleValuesSchema,
    hired_from: optionalDay,
    hired_to: optionalDay,
  })
  .refine((r) => !r.hired_from || !r.hired_to || r.hired_from <= r.hired_to, {
    path: ['hired_to'],
    message: 'user_groups.hire_range_reversed',
  });
export type UserGroupRulesInput = z.input<typeof userGroupRulesInputSchema>;

/** A user group as the admin panel sees it (`api/admin/user-groups`). */
export const userGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(USER_GROUP_KINDS),
  /** Null for a static group. */
  rules: userGroupRulesSchema.nullable(),
  status: activeStatusSchema,
  /** Active users in the group now (listed members, or users matching the rules). */
  members_count: z.number().int().nonnegative(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserGroup = z.infer<typeof userGroupSchema>;

const memberIdsSchema = z
  .array(z.number().int().positive().max(ID_MAX))
  .max(USER_GROUP_MEMBER_IDS_MAX)
  .transform((ids) => [...new Set(ids)]);

const userGroupWriteShape = {
  name: z.string().trim().min(1, 'validation.required').max(USER_GROUP_NAME_MAX),
  description: optionalText(USER_GROUP_DESCRIPTION_MAX),
  kind: z.enum(USER_GROUP_KINDS, 'validation.required'),
  rules: userGroupRulesInputSchema.nullish(),
  status: activeStatusSchema,
};

const RULES_REQUIRED = { path: ['rules'], message: 'user_groups.rules_required' };

/** POST api/admin/user-groups: a static group may start with members; a rule group needs at least one rule. */
export const userGroupCreateSchema = z
  .object({
    ...userGroupWriteShape,
    status: userGroupWriteShape.status.default(1),
    member_ids: memberIdsSchema.default([]),
  })
  .refine((v) => v.kind !== 'rule' || hasAnyRule(v.rules), RULES_REQUIRED)
  .refine((v) => v.kind !== 'rule' || v.member_ids.length === 0, {
    path: ['member_ids'],
    message: 'user_groups.members_static_only',
  });
export type UserGroupCreate = z.infer<typeof userGroupCreateSchema>;

/**
 * PUT or POST api/admin/user-groups/{id}: the fields sent change, the others stay. Members change through their own
 * actions; turning a group into a rule group needs its rules (checked against the stored ones by the API).
 */
export const userGroupUpdateSchema = z
  .object(userGroupWriteShape)
  .partial()
  .refine((v) => v.rules === undefined || v.kind === 'static' || hasAnyRule(v.rules), RULES_REQUIRED);
export type UserGroupUpdate = z.infer<typeof userGroupUpdateSchema>;

/** GET api/admin/user-groups: the list query plus the status and kind filters. */
export const userGroupListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  kind: lenient(z.enum(USER_GROUP_KINDS)),
});
export type UserGroupListQuery = z.infer<typeof userGroupListQuerySchema>;

/** A member row: a small summary of the user. */
export const userGroupMemberSchema = adminUserSchema.pick({
  id: true,
  name: true,
  surname: true,
  email: true,
  department: true,
  title: true,
  location: true,
  hire_date: true,
  status: true,
});
export type UserGroupMember = z.infer<typeof userGroupMemberSchema>;

/** Which users a member list shows: active ones unless asked otherwise. */
export const USER_GROUP_MEMBER_STATUSES = ['1', '0', '2', 'all'] as const;
export type UserGroupMemberStatus = (typeof USER_GROUP_MEMBER_STATUSES)[number];

/** GET api/admin/user-groups/{id}/members: paged, searchable, sortable; `status` defaults to active (1). */
export const userGroupMembersQuerySchema = resourceListQuerySchema.extend({
  status: z.enum(USER_GROUP_MEMBER_STATUSES).catch('1').default('1'),
});
export type UserGroupMembersQuery = z.infer<typeof userGroupMembersQuerySchema>;

/** POST api/admin/user-groups/{id}/members and …/members/remove: users of the company, added to or taken from a static group. */
export const userGroupMembershipSchema = z.object({
  user_ids: z
    .array(z.number().int().positive().max(ID_MAX), 'validation.required')
    .min(1, 'validation.required')
    .max(USER_GROUP_MEMBER_IDS_MAX)
    .transform((ids) => [...new Set(ids)]),
});
export type UserGroupMembership = z.infer<typeof userGroupMembershipSchema>;
export const userGroupMembershipResultSchema = messageSchema.extend({
  affected: z.number().int().nonnegative(),
  members_count: z.number().int().nonnegative(),
});
export type UserGroupMembershipResult = z.infer<typeof userGroupMembershipResultSchema>;

/** POST api/admin/user-groups/preview: rules (at least one) → how many active users match, and the first few. */
export const userGroupPreviewSchema = userGroupRulesInputSchema.refine(hasAnyRule, RULES_REQUIRED);
export const userGroupPreviewResultSchema = z.object({
  data: z.object({ count: z.number().int().nonnegative(), members: z.array(userGroupMemberSchema) }),
});
export type UserGroupPreview = z.infer<typeof userGroupPreviewResultSchema>['data'];

/** GET api/admin/user-groups/rule-options: the distinct values the company's users hold, for the rule pickers. */
export const userGroupRuleOptionsSchema = z.object({
  data: z.object({ departments: z.array(z.string()), titles: z.array(z.string()), locations: z.array(z.string()) }),
});
export type UserGroupRuleOptions = z.infer<typeof userGroupRuleOptionsSchema>['data'];

/** `api/admin/user-groups` and its three admin screens. */
export const userGroupsContract = defineContract({
  plural: 'user-groups',
  namespace: 'user_groups',
  // Spec §6: groups are part of user management, so show_user guards every action.
  permissions: readWrite('show_user'),
  schemas: {
    item: userGroupSchema,
    create: userGroupCreateSchema,
    update: userGroupUpdateSchema,
    listQuery: userGroupListQuerySchema,
  },
  list: {
    sorts: USER_GROUP_SORTS,
    defaultSort: 'name',
    filters: [{ kind: 'select', param: 'kind', options: USER_GROUP_KINDS }, ACTIVE_STATUS_LIST_FILTER],
  },
  screens: {
    list: { name: 'company.user.group.index', path: '/admin/user/group' },
    add: { name: 'company.user.group.add', path: '/admin/user/group/add' },
    edit: { name: 'company.user.group.edit', path: '/admin/user/group/edit/:id' },
  },
});
