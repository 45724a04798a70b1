import {
  activeStatusSchema,
  POINT_KINDS,
  type POINT_RULE_SORTS,
  type PointKind,
  type PointRule,
  type PointRuleCreate,
  type PointRuleListQuery,
  type PointRuleUpdate,
  pointRulesContract,
} from '@kampus/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { pointRules } from '../../../db/schema/index.js';
import { invalidFields } from '../../../platform/http/errors.js';
import { activeStatusAction, defineResource } from '../../../platform/resource/resource.js';

/** What each kind earns until the company changes it (the seed and a new company start from these). */
export const DEFAULT_POINT_RULES: Record<
  PointKind,
  { points: number; dailyCap: number | null; scaleByScore: boolean }
> = {
  sign_in: { points: 5, dailyCap: 5, scaleByScore: false },
  content_completed: { points: 10, dailyCap: 100, scaleByScore: false },
  education_completed: { points: 50, dailyCap: null, scaleByScore: false },
  program_completed: { points: 100, dailyCap: null, scaleByScore: false },
  exam_passed: { points: 30, dailyCap: null, scaleByScore: true },
  survey_answered: { points: 10, dailyCap: 50, scaleByScore: false },
  certificate_earned: { points: 40, dailyCap: null, scaleByScore: false },
  assignment_completed_early: { points: 25, dailyCap: null, scaleByScore: false },
};

/** Gives a company one rule of every kind it lacks, with the default points, on or off. */
export async function ensurePointRules(tx: Db, companyId: number, status: 0 | 1): Promise<void> {
  await tx
    .insert(pointRules)
    .values(
      POINT_KINDS.map((kind) => ({
        companyId,
        kind,
        points: DEFAULT_POINT_RULES[kind].points,
        dailyCap: DEFAULT_POINT_RULES[kind].dailyCap,
        scaleByScore: DEFAULT_POINT_RULES[kind].scaleByScore,
        status,
      })),
    )
    .onConflictDoNothing();
}

/** `api/admin/points` (read_point): the company's point rules. */
export function createPointRules(db: Db) {
  async function present(tx: Db, companyId: number, ids: number[]): Promise<PointRule[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        row: pointRules,
        awardedPoints: sql<number>`(select coalesce(sum(l.points), 0)::integer from point_ledger l
          where l.company_id = point_rules.company_id and l.rule_id = point_rules.id)`,
        awardedPeople: sql<number>`(select count(distinct l.user_id)::integer from point_ledger l
          where l.company_id = point_rules.company_id and l.rule_id = point_rules.id)`,
      })
      .from(pointRules)
      .where(and(eq(pointRules.companyId, companyId), inArray(pointRules.id, ids)));
    return rows.map(({ row, awardedPoints, awardedPeople }) => ({
      id: row.id,
      kind: row.kind as PointKind,
      points: row.points,
      status: activeStatusSchema.catch(0).parse(row.status),
      daily_cap: row.dailyCap,
      scale_by_score: row.kind === 'exam_passed' && row.scaleByScore,
      awarded_points: awardedPoints,
      awarded_people: awardedPeople,
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  return defineResource<PointRule, PointRuleCreate, PointRuleUpdate, PointRuleListQuery>(db, {
    contract: pointRulesContract,
    entity: 'point_rule',
    table: pointRules,
    sortable: {
      kind: pointRules.kind,
      points: pointRules.points,
      status: pointRules.status,
      updated_at: pointRules.updatedAt,
    } satisfies Record<(typeof POINT_RULE_SORTS)[number], unknown>,
    defaultOrder: [asc(pointRules.kind), asc(pointRules.id)],
    search: [pointRules.kind],
    filters: {
      status: (v: number) => eq(pointRules.status, v),
      kind: (v: PointKind) => eq(pointRules.kind, v),
    },
    present,
    auditStatusOnlyUpdate: true,
    status: activeStatusAction(pointRules),
    unique: [
      {
        field: 'kind',
        column: pointRules.kind,
        constraint: 'point_rules_company_kind_idx',
        message: 'points.errors.kind_taken',
      },
    ],

    async create(tx, actor, input) {
      const [row] = await tx
        .insert(pointRules)
        .values({
          companyId: actor.companyId,
          kind: input.kind,
          points: input.points,
          status: input.status,
          dailyCap: input.daily_cap,
          scaleByScore: input.kind === 'exam_passed' && input.scale_by_score,
        })
        .returning({ id: pointRules.id });
      if (!row) throw new Error('point rule insert returned nothing');
      return row.id;
    },

    async update(tx, actor, before, input) {
      if (input.scale_by_score && before.kind !== 'exam_passed') {
        throw invalidFields({ scale_by_score: 'points.errors.scale_exam_only' });
      }
      await tx
        .update(pointRules)
        .set({
          ...(input.points !== undefined ? { points: input.points } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.daily_cap !== undefined ? { dailyCap: input.daily_cap } : {}),
          ...(input.scale_by_score !== undefined ? { scaleByScore: input.scale_by_score } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(pointRules.companyId, actor.companyId), eq(pointRules.id, before.id)));
    },
  });
}
