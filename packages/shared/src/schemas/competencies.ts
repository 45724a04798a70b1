import { z } from 'zod';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { ID_MAX, optionalText, paginatedSchema } from './common.js';
import { localizedInputSchema, localizedTextSchema } from './faq.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { lenient, resourceListQuerySchema } from './resource.js';

/**
 * Competencies (issue 16): a company's framework of competencies (named in four languages, filed in categories), each
 * with an ordered list of levels (level n is the n-th name, 1 the lowest); people's levels, set by hand or by an
 * automatic rule (an education or program completed, an exam passed with at least a score), never lowered by a rule;
 * every change kept in a history; the matrix of people × competencies with a target level per group.
 */
export const COMPETENCY_NAME_MAX = 160;
export const COMPETENCY_DESCRIPTION_MAX = 2000;
export const COMPETENCY_LEVEL_NAME_MAX = 80;
/** A competency has between 2 and 10 levels (the usual scale is 1–5). */
export const COMPETENCY_LEVELS_MIN = 2;
export const COMPETENCY_LEVELS_MAX = 10;
export const COMPETENCY_NOTE_MAX = 500;
export const COMPETENCY_RULE_NAME_MAX = 200;
/** The matrix shows at most this many competencies side by side (filter by category for more). */
export const COMPETENCY_MATRIX_COLUMNS_MAX = 60;

export const COMPETENCY_SOURCES = ['manual', 'rule'] as const;
export const competencySourceSchema = z.enum(COMPETENCY_SOURCES);
export type CompetencySource = z.infer<typeof competencySourceSchema>;

/** What earns a rule's level: completing an education or a program, or passing an exam with at least a score. */
export const COMPETENCY_TRIGGERS = ['education_completed', 'program_completed', 'exam_passed'] as const;
export const competencyTriggerSchema = z.enum(COMPETENCY_TRIGGERS, 'validation.required');
export type CompetencyTrigger = z.infer<typeof competencyTriggerSchema>;

const idSchema = z.number('validation.required').int().positive().max(ID_MAX);
const orderSchema = z.coerce.number('validation.invalid').int('validation.invalid').min(0).max(100_000);
const levelSchema = z
  .number('validation.invalid')
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(COMPETENCY_LEVELS_MAX, 'validation.invalid');

// --- Categories (`api/admin/competency-categories`) ---

export const COMPETENCY_CATEGORY_SORTS = ['order', 'status', 'created_at', 'updated_at'] as const;

export const competencyCategorySchema = z.object({
  id: z.number(),
  names: localizedTextSchema,
  order: z.number(),
  status: activeStatusSchema,
  /** Competencies filed under it, whatever their status. */
  competencies_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CompetencyCategory = z.infer<typeof competencyCategorySchema>;

const categoryWriteShape = {
  names: localizedInputSchema(COMPETENCY_NAME_MAX),
  order: orderSchema,
  status: activeStatusSchema,
};
export const competencyCategoryCreateSchema = z.object({
  ...categoryWriteShape,
  order: categoryWriteShape.order.default(0),
  status: categoryWriteShape.status.default(1),
});
export type CompetencyCategoryCreate = z.infer<typeof competencyCategoryCreateSchema>;
export type CompetencyCategoryCreateInput = z.input<typeof competencyCategoryCreateSchema>;
export const competencyCategoryUpdateSchema = z.object(categoryWriteShape).partial();
export type CompetencyCategoryUpdate = z.infer<typeof competencyCategoryUpdateSchema>;
export const competencyCategoryListQuerySchema = resourceListQuerySchema.extend({ status: activeStatusFilter });
export type CompetencyCategoryListQuery = z.infer<typeof competencyCategoryListQuerySchema>;

/** Filed under the competencies screen (its categories tab). */
export const competencyCategoriesContract = defineContract({
  plural: 'competency-categories',
  namespace: 'competencyCategories',
  permissions: readWrite('read_competency'),
  schemas: {
    item: competencyCategorySchema,
    create: competencyCategoryCreateSchema,
    update: competencyCategoryUpdateSchema,
    listQuery: competencyCategoryListQuerySchema,
  },
  list: { sorts: COMPETENCY_CATEGORY_SORTS, defaultSort: 'order', filters: [ACTIVE_STATUS_LIST_FILTER] },
  screens: {
    list: { name: 'company.competency-categories', path: '/admin/competencies-and-user-definitions/categories' },
    add: { name: 'company.competency-categories.add', path: '/admin/competencies-and-user-definitions/categories/add' },
    edit: {
      name: 'company.competency-categories.edit',
      path: '/admin/competencies-and-user-definitions/categories/:id/edit',
    },
  },
});

// --- Competencies (`api/admin/competencies`) ---

export const COMPETENCY_SORTS = ['name', 'category', 'status', 'people', 'created_at', 'updated_at'] as const;

export const competencySchema = z.object({
  id: z.number(),
  names: localizedTextSchema,
  description: z.string().nullable(),
  category: z.object({ id: z.number(), names: localizedTextSchema }).nullable(),
  /** The level names, lowest first: level n is `levels[n - 1]`. */
  levels: z.array(z.string()),
  status: activeStatusSchema,
  /** People holding a level of it. */
  people: z.number(),
  /** Automatic rules setting it. */
  rules: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Competency = z.infer<typeof competencySchema>;

const levelNamesSchema = z
  .array(z.string().trim().min(1, 'validation.required').max(COMPETENCY_LEVEL_NAME_MAX))
  .min(COMPETENCY_LEVELS_MIN, 'competencies.errors.levels_min')
  .max(COMPETENCY_LEVELS_MAX, 'competencies.errors.levels_max');

const competencyWriteShape = {
  names: localizedInputSchema(COMPETENCY_NAME_MAX),
  description: optionalText(COMPETENCY_DESCRIPTION_MAX),
  category_id: idSchema.nullable(),
  levels: levelNamesSchema,
  status: activeStatusSchema,
};
export const competencyCreateSchema = z.object({
  ...competencyWriteShape,
  category_id: competencyWriteShape.category_id.default(null),
  status: competencyWriteShape.status.default(1),
});
export type CompetencyCreate = z.infer<typeof competencyCreateSchema>;
export type CompetencyCreateInput = z.input<typeof competencyCreateSchema>;
/** Levels may be renamed or added; removing a level people hold is refused (422 on `levels`). */
export const competencyUpdateSchema = z.object(competencyWriteShape).partial();
export type CompetencyUpdate = z.infer<typeof competencyUpdateSchema>;
export const competencyListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  category_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
});
export type CompetencyListQuery = z.infer<typeof competencyListQuerySchema>;

export const competenciesContract = defineContract({
  plural: 'competencies',
  namespace: 'competencies',
  permissions: readWrite('read_competency'),
  schemas: {
    item: competencySchema,
    create: competencyCreateSchema,
    update: competencyUpdateSchema,
    listQuery: competencyListQuerySchema,
  },
  list: { sorts: COMPETENCY_SORTS, defaultSort: 'name', filters: [ACTIVE_STATUS_LIST_FILTER] },
  screens: {
    list: { name: 'company.competencies', path: '/admin/competencies-and-user-definitions' },
    add: { name: 'company.competencies.add', path: '/admin/competencies-and-user-definitions/add' },
    edit: { name: 'company.competencies.edit', path: '/admin/competencies-and-user-definitions/:id/edit' },
  },
});

// --- People's levels (`api/admin/competency-levels`) ---

export const COMPETENCY_LEVEL_SORTS = ['person', 'competency', 'level', 'set_at'] as const;

const personSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  department: z.string().nullable(),
});
export type CompetencyPerson = z.infer<typeof personSchema>;

/** One person's level of one competency. */
export const competencyLevelSchema = z.object({
  id: z.number(),
  user: personSchema,
  competency: z.object({ id: z.number(), names: localizedTextSchema, levels: z.array(z.string()) }),
  level: z.number(),
  level_name: z.string(),
  source: competencySourceSchema,
  rule: z.object({ id: z.number(), name: z.string() }).nullable(),
  set_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  set_at: z.string(),
});
export type CompetencyLevel = z.infer<typeof competencyLevelSchema>;

/** GET api/admin/competency-levels: per person (`user_id`) or per competency (`competency_id`), or everyone's. */
export const competencyLevelListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).catch(20).default(20),
  sort: z.string().max(40).optional().catch(undefined),
  search: z.string().trim().max(200).optional().catch(undefined),
  user_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
  competency_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
  source: lenient(competencySourceSchema),
});
export type CompetencyLevelListQuery = z.infer<typeof competencyLevelListQuerySchema>;
export type CompetencyLevelListQueryInput = z.input<typeof competencyLevelListQuerySchema>;
export const competencyLevelListSchema = paginatedSchema(competencyLevelSchema);
export type CompetencyLevelList = z.infer<typeof competencyLevelListSchema>;

export const competencyLevelExportQuerySchema = competencyLevelListQuerySchema
  .omit({ page: true, per_page: true })
  .extend({ format: z.enum(['xlsx', 'csv']).catch('xlsx').default('xlsx') });

/**
 * PUT api/admin/competency-levels: an admin sets a person's level by hand (up or down; `level` null removes it), with
 * an optional note. Who and when are recorded in the history.
 */
export const competencyLevelSetSchema = z.object({
  user_id: idSchema,
  competency_id: idSchema,
  level: levelSchema.nullable(),
  note: optionalText(COMPETENCY_NOTE_MAX),
});
export type CompetencyLevelSet = z.infer<typeof competencyLevelSetSchema>;
export type CompetencyLevelSetInput = z.input<typeof competencyLevelSetSchema>;

/** One change of a person's level: from what to what (null: none), how, by whom, when. */
export const competencyHistoryEntrySchema = z.object({
  id: z.number(),
  competency: z.object({ id: z.number(), names: localizedTextSchema }),
  from_level: z.number().nullable(),
  to_level: z.number().nullable(),
  source: competencySourceSchema,
  rule: z.object({ id: z.number(), name: z.string() }).nullable(),
  set_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  set_at: z.string(),
});
export type CompetencyHistoryEntry = z.infer<typeof competencyHistoryEntrySchema>;

export const competencyHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).catch(20).default(20),
  user_id: z.coerce.number('validation.required').int().positive().max(ID_MAX),
  competency_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
});
export type CompetencyHistoryQuery = z.infer<typeof competencyHistoryQuerySchema>;
export const competencyHistoryListSchema = paginatedSchema(competencyHistoryEntrySchema);
export type CompetencyHistoryList = z.infer<typeof competencyHistoryListSchema>;

// --- Automatic rules (`api/admin/competency-rules`) ---

export const COMPETENCY_RULE_SORTS = ['name', 'trigger', 'level', 'status', 'created_at', 'updated_at'] as const;

export const competencyRuleSchema = z.object({
  id: z.number(),
  name: z.string(),
  trigger: competencyTriggerSchema,
  /** The education, program or exam. */
  ref_id: z.number(),
  ref_title: z.string().nullable(),
  /** exam_passed only: the least score (percent) that earns the level; null: any pass. */
  min_score: z.number().nullable(),
  competency: z.object({ id: z.number(), names: localizedTextSchema, levels: z.array(z.string()) }),
  level: z.number(),
  status: activeStatusSchema,
  /** People whose current level this rule set. */
  applied: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CompetencyRule = z.infer<typeof competencyRuleSchema>;

const minScoreSchema = z
  .number('validation.invalid')
  .int('validation.invalid')
  .min(0, 'validation.invalid')
  .max(100, 'validation.invalid')
  .nullable();

const ruleWriteShape = {
  name: z.string().trim().min(1, 'validation.required').max(COMPETENCY_RULE_NAME_MAX),
  trigger: competencyTriggerSchema,
  ref_id: idSchema,
  min_score: minScoreSchema,
  competency_id: idSchema,
  level: levelSchema,
  status: activeStatusSchema,
};
export const competencyRuleCreateSchema = z.object({
  ...ruleWriteShape,
  min_score: ruleWriteShape.min_score.default(null),
  status: ruleWriteShape.status.default(1),
});
export type CompetencyRuleCreate = z.infer<typeof competencyRuleCreateSchema>;
export type CompetencyRuleCreateInput = z.input<typeof competencyRuleCreateSchema>;
export const competencyRuleUpdateSchema = z.object(ruleWriteShape).partial();
export type CompetencyRuleUpdate = z.infer<typeof competencyRuleUpdateSchema>;
export const competencyRuleListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  trigger: lenient(competencyTriggerSchema),
  competency_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
});
export type CompetencyRuleListQuery = z.infer<typeof competencyRuleListQuerySchema>;

export const competencyRulesContract = defineContract({
  plural: 'competency-rules',
  namespace: 'competencyRules',
  permissions: readWrite('read_automaticcompetency', 'create_automaticcompetency'),
  schemas: {
    item: competencyRuleSchema,
    create: competencyRuleCreateSchema,
    update: competencyRuleUpdateSchema,
    listQuery: competencyRuleListQuerySchema,
  },
  list: {
    sorts: COMPETENCY_RULE_SORTS,
    defaultSort: '-created_at',
    filters: [ACTIVE_STATUS_LIST_FILTER, { kind: 'select', param: 'trigger', options: COMPETENCY_TRIGGERS }],
  },
  screens: {
    list: { name: 'company.competency-rules', path: '/admin/automatic-competency-definitions' },
    add: { name: 'company.competency-rules.add', path: '/admin/add-automatic-competency' },
    edit: { name: 'company.competency-rules.edit', path: '/admin/edit-automatic-competency/:id/edit' },
  },
  without: ['export'],
});

/** GET api/admin/competency-rules/{id}/apply-preview: how many people the back-apply would set or raise now. */
export const competencyRulePreviewSchema = z.object({ data: z.object({ count: z.number() }) });
export type CompetencyRulePreview = z.infer<typeof competencyRulePreviewSchema>['data'];
/** POST api/admin/competency-rules/{id}/apply: the confirmed back-apply; answers how many people it set or raised. */
export const competencyRuleApplyResultSchema = z.object({
  data: z.object({ applied: z.number() }),
  message: z.string(),
});
export type CompetencyRuleApplyResult = z.infer<typeof competencyRuleApplyResultSchema>;

// --- The matrix (`api/admin/competency-matrix`) ---

export const competencyMatrixQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).catch(20).default(20),
  search: z.string().trim().max(200).optional().catch(undefined),
  group_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
  department: z.string().trim().max(200).optional().catch(undefined),
  category_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
  /** Only people below a target somewhere (needs `group_id`). */
  gaps_only: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .catch(undefined)
    .transform((v) => v === '1' || v === 'true'),
});
export type CompetencyMatrixQuery = z.infer<typeof competencyMatrixQuerySchema>;
export type CompetencyMatrixQueryInput = z.input<typeof competencyMatrixQuerySchema>;

export const competencyMatrixSchema = z.object({
  data: z.object({
    competencies: z.array(
      z.object({
        id: z.number(),
        names: localizedTextSchema,
        levels: z.array(z.string()),
        /** The chosen group's target level, when a group is chosen and has one. */
        target: z.number().nullable(),
      }),
    ),
    people: z.array(
      personSchema.extend({
        /** Competency id → level (absent: none). */
        levels: z.record(z.string(), z.number()),
        /** How many targets the person is below. */
        gaps: z.number(),
      }),
    ),
  }),
  meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
});
export type CompetencyMatrix = z.infer<typeof competencyMatrixSchema>;

export const competencyMatrixExportQuerySchema = competencyMatrixQuerySchema
  .omit({ page: true, per_page: true })
  .extend({ format: z.enum(['xlsx', 'csv']).catch('xlsx').default('xlsx') });

/** GET api/admin/competency-matrix/options: the groups and departments to filter by. */
export const competencyMatrixOptionsSchema = z.object({
  data: z.object({
    groups: z.array(z.object({ id: z.number(), name: z.string() })),
    departments: z.array(z.string()),
  }),
});
export type CompetencyMatrixOptions = z.infer<typeof competencyMatrixOptionsSchema>['data'];

/** PUT api/admin/competency-matrix/targets: a group's target level of a competency (null removes it). */
export const competencyTargetSetSchema = z.object({
  group_id: idSchema,
  competency_id: idSchema,
  level: levelSchema.nullable(),
});
export type CompetencyTargetSet = z.infer<typeof competencyTargetSetSchema>;

// --- The person's own (`api/competencies/me`) ---

export const myCompetencySchema = z.object({
  competency: z.object({
    id: z.number(),
    names: localizedTextSchema,
    description: z.string().nullable(),
    category: z.object({ id: z.number(), names: localizedTextSchema }).nullable(),
    levels: z.array(z.string()),
  }),
  level: z.number(),
  level_name: z.string(),
  source: competencySourceSchema,
  set_at: z.string(),
});
export type MyCompetency = z.infer<typeof myCompetencySchema>;
export const myCompetenciesSchema = z.object({ data: z.array(myCompetencySchema) });
