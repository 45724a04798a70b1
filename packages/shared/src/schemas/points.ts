import { z } from 'zod';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { ID_MAX, messageSchema } from './common.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { lenient, resourceListQuerySchema } from './resource.js';

/**
 * Points and the leader table (issue 17). A company has one point rule per kind of event: its points, on/off and a
 * daily cap; every item earns once per person (completing the same content twice earns once). Awards go to an
 * append-only ledger; the leader table ranks people by the points of a period (this week, this month, this season,
 * all time) in the company or in one of their groups.
 */
export const POINT_KINDS = [
  'sign_in',
  'content_completed',
  'education_completed',
  'program_completed',
  'exam_passed',
  'survey_answered',
  'certificate_earned',
  'assignment_completed_early',
] as const;
export const pointKindSchema = z.enum(POINT_KINDS, 'validation.invalid');
export type PointKind = z.infer<typeof pointKindSchema>;

export const POINTS_MAX = 10_000;
export const POINT_DAILY_CAP_MAX = 100_000;

export const POINT_RULE_SORTS = ['kind', 'points', 'status', 'updated_at'] as const;

export const pointRuleSchema = z.object({
  id: z.number(),
  kind: pointKindSchema,
  points: z.number(),
  status: activeStatusSchema,
  /** The most points one person earns from the rule in one day; null: no cap. */
  daily_cap: z.number().nullable(),
  /** exam_passed only: the points are scaled by the score. */
  scale_by_score: z.boolean(),
  /** Points awarded by the rule so far, and to how many people. */
  awarded_points: z.number(),
  awarded_people: z.number(),
  updated_at: z.string(),
});
export type PointRule = z.infer<typeof pointRuleSchema>;

const pointsSchema = z
  .number('validation.invalid')
  .int('validation.invalid')
  .min(0, 'validation.invalid')
  .max(POINTS_MAX, 'validation.invalid');
const dailyCapSchema = z
  .number('validation.invalid')
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(POINT_DAILY_CAP_MAX, 'validation.invalid')
  .nullable();

const ruleWriteShape = {
  points: pointsSchema,
  status: activeStatusSchema,
  daily_cap: dailyCapSchema,
  scale_by_score: z.boolean('validation.invalid'),
};
export const pointRuleCreateSchema = z.object({
  kind: pointKindSchema,
  ...ruleWriteShape,
  daily_cap: dailyCapSchema.default(null),
  status: activeStatusSchema.default(1),
  scale_by_score: ruleWriteShape.scale_by_score.default(false),
});
export type PointRuleCreate = z.infer<typeof pointRuleCreateSchema>;
export const pointRuleUpdateSchema = z.object(ruleWriteShape).partial();
export type PointRuleUpdate = z.infer<typeof pointRuleUpdateSchema>;
export type PointRuleUpdateInput = z.input<typeof pointRuleUpdateSchema>;
export const pointRuleListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  kind: lenient(pointKindSchema),
});
export type PointRuleListQuery = z.infer<typeof pointRuleListQuerySchema>;

/**
 * `/api/admin/points`: the rules. The spec has a list and an update screen only: each company gets one rule of every
 * kind, so adding (a kind it lacks) and deleting stay API calls.
 */
export const pointRulesContract = defineContract({
  plural: 'points',
  namespace: 'points',
  permissions: readWrite('read_point'),
  schemas: {
    item: pointRuleSchema,
    create: pointRuleCreateSchema,
    update: pointRuleUpdateSchema,
    listQuery: pointRuleListQuerySchema,
  },
  list: {
    sorts: POINT_RULE_SORTS,
    defaultSort: 'kind',
    filters: [ACTIVE_STATUS_LIST_FILTER, { kind: 'select', param: 'kind', options: POINT_KINDS }],
  },
  screens: {
    list: { name: 'company.points', path: '/admin/points' },
    edit: { name: 'company.point.update', path: '/admin/point/:id/update' },
  },
  without: ['export', 'bulk'],
});

// --- The leader table ---

export const LEADERBOARD_PERIODS = ['week', 'month', 'season', 'all'] as const;
export const leaderboardPeriodSchema = z.enum(LEADERBOARD_PERIODS, 'validation.invalid');
export type LeaderboardPeriod = z.infer<typeof leaderboardPeriodSchema>;
/**
 * `sub_companies`: a group's main company and its sub-companies ranked together, offered to the learners of all of
 * them when the main company's admin allows it (off by default).
 */
export const LEADERBOARD_SCOPES = ['company', 'group', 'sub_companies'] as const;
export const leaderboardScopeSchema = z.enum(LEADERBOARD_SCOPES, 'validation.invalid');
export type LeaderboardScope = z.infer<typeof leaderboardScopeSchema>;
export const LEADERBOARD_PAGE_MAX = 100;
export const LEADERBOARD_EXCLUDED_MAX = 500;

/** GET api/leaderboard: lenient, like a list's address. */
export const leaderboardQuerySchema = z.object({
  period: leaderboardPeriodSchema.optional().catch(undefined),
  scope: leaderboardScopeSchema.optional().catch(undefined),
  group_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(LEADERBOARD_PAGE_MAX).catch(20).default(20),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const leaderboardEntrySchema = z.object({
  rank: z.number(),
  points: z.number(),
  /** The name as the viewer may see it (spec §5 masking). */
  user: z.object({ id: z.number(), name: z.string(), initials: z.string(), photo: z.string().nullable() }),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.object({
  data: z.object({
    period: leaderboardPeriodSchema,
    scope: leaderboardScopeSchema,
    group_id: z.number().nullable(),
    /** What the company shows, and the viewer's groups for the group scope. */
    periods: z.array(leaderboardPeriodSchema),
    scopes: z.array(leaderboardScopeSchema),
    groups: z.array(z.object({ id: z.number(), name: z.string() })),
    season: z.object({ number: z.number(), started_at: z.string() }),
    /** The first three of the whole table, whatever the page. */
    podium: z.array(leaderboardEntrySchema),
    entries: z.array(leaderboardEntrySchema),
    /** The viewer's own place; null when they have no points in the period or are left out of the table. */
    me: leaderboardEntrySchema.nullable(),
    balance: z.number(),
  }),
  meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/** GET/PUT api/admin/leaderboard-settings (read_leaderboardrule). */
export const leaderboardSettingsSchema = z.object({
  data: z.object({
    periods: z.array(leaderboardPeriodSchema),
    scopes: z.array(leaderboardScopeSchema),
    season: z.number(),
    season_started_at: z.string(),
    /** Whether the company is a group's main company, so `sub_companies` can be allowed. */
    has_sub_companies: z.boolean(),
    excluded: z.array(
      z.object({ id: z.number(), name: z.string(), surname: z.string(), email: z.string().nullable() }),
    ),
    /** Closed seasons, newest first: when, how many people were ranked and the winner's points. */
    seasons: z.array(
      z.object({
        season: z.number(),
        started_at: z.string(),
        closed_at: z.string(),
        people: z.number(),
        top_points: z.number(),
      }),
    ),
  }),
});
export type LeaderboardSettings = z.infer<typeof leaderboardSettingsSchema>['data'];

export const leaderboardSettingsUpdateSchema = z.object({
  periods: z
    .array(leaderboardPeriodSchema)
    .min(1, 'leaderboard.validation.periods_required')
    .max(LEADERBOARD_PERIODS.length),
  scopes: z
    .array(leaderboardScopeSchema)
    .min(1, 'leaderboard.validation.scopes_required')
    .max(LEADERBOARD_SCOPES.length),
  excluded_user_ids: z
    .array(z.number().int().positive().max(ID_MAX))
    .max(LEADERBOARD_EXCLUDED_MAX, 'validation.invalid'),
});
export type LeaderboardSettingsUpdate = z.infer<typeof leaderboardSettingsUpdateSchema>;

/** POST api/company/reset-points: the admin confirms by sending the season being closed. */
export const resetPointsSchema = z.object({ season: z.number('validation.invalid').int().positive().max(ID_MAX) });
export type ResetPoints = z.infer<typeof resetPointsSchema>;
export const resetPointsResultSchema = messageSchema.extend({
  data: z.object({ season: z.number(), closed_people: z.number() }),
});
export type ResetPointsResult = z.infer<typeof resetPointsResultSchema>;
