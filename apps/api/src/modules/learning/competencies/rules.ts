import {
  activeStatusSchema,
  type COMPETENCY_RULE_SORTS,
  type CompetencyRule,
  type CompetencyRuleApplyResult,
  type CompetencyRuleCreate,
  type CompetencyRuleListQuery,
  type CompetencyRuleUpdate,
  type CompetencyTrigger,
  competencyRulesContract,
} from '@kampus/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { competencies, competencyRules, educations, exams, programs } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor, Initiator } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { type DomainEvent, record } from '../../../platform/events.js';
import { invalidFields, notFound } from '../../../platform/http/errors.js';
import type { Translate } from '../../../platform/i18n.js';
import { activeStatusAction, defineResource } from '../../../platform/resource/resource.js';
import { type ApplicableRule, applyRule, countTargets } from './raise.js';

type RuleRow = typeof competencyRules.$inferSelect;

/** The completion events and the trigger each one fires. */
export const RULE_EVENTS: Record<string, CompetencyTrigger> = {
  'education.completed': 'education_completed',
  'program.completed': 'program_completed',
  'exam.passed': 'exam_passed',
};

const applicable = (row: RuleRow): ApplicableRule => ({
  id: row.id,
  companyId: row.companyId,
  trigger: row.trigger,
  refId: row.refId,
  minScore: row.trigger === 'exam_passed' ? row.minScore : null,
  competencyId: row.competencyId,
  level: row.level,
});

/** The education, program or (real, not practice) exam a rule names must be the company's. */
async function assertOwnRef(tx: Db, companyId: number, trigger: CompetencyTrigger, refId: number) {
  const found =
    trigger === 'education_completed'
      ? await tx
          .select({ id: educations.id })
          .from(educations)
          .where(and(eq(educations.companyId, companyId), eq(educations.id, refId)))
      : trigger === 'program_completed'
        ? await tx
            .select({ id: programs.id })
            .from(programs)
            .where(and(eq(programs.companyId, companyId), eq(programs.id, refId)))
        : await tx
            .select({ id: exams.id })
            .from(exams)
            .where(and(eq(exams.companyId, companyId), eq(exams.id, refId), eq(exams.kind, 'exam')));
  if (found.length === 0) throw invalidFields({ ref_id: 'competencies.errors.ref_invalid' });
}

/** The competency must be the company's and have the level. */
async function assertLevel(tx: Db, companyId: number, competencyId: number, level: number) {
  const [row] = await tx
    .select({ levels: competencies.levels })
    .from(competencies)
    .where(and(eq(competencies.companyId, companyId), eq(competencies.id, competencyId)));
  if (!row) throw invalidFields({ competency_id: 'competencies.errors.competency_invalid' });
  if (level > row.levels.length) throw invalidFields({ level: 'competencies.errors.level_invalid' });
}

const systemInitiator = (companyId: number): Initiator => ({
  companyId,
  userId: null,
  impersonatorId: null,
  ip: null,
  requestId: null,
});

/**
 * `api/admin/competency-rules` (read_automaticcompetency / create_automaticcompetency), the back-apply with its
 * preview count, and the rules running on `education.completed`, `program.completed` and `exam.passed`.
 */
export function createCompetencyRules(platform: Platform) {
  const db = platform.database.db;

  async function present(tx: Db, companyId: number, ids: number[]): Promise<CompetencyRule[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        row: competencyRules,
        competency: { id: competencies.id, names: competencies.names, levels: competencies.levels },
        refTitle: sql<string | null>`case competency_rules.trigger
          when 'education_completed' then (select e.title from educations e where e.id = competency_rules.ref_id)
          when 'program_completed' then (select p.title from programs p where p.id = competency_rules.ref_id)
          else (select x.title from exams x where x.id = competency_rules.ref_id) end`,
        applied: sql<number>`(select count(*)::integer from competency_person_levels pl where pl.rule_id = competency_rules.id)`,
      })
      .from(competencyRules)
      .innerJoin(competencies, eq(competencies.id, competencyRules.competencyId))
      .where(and(eq(competencyRules.companyId, companyId), inArray(competencyRules.id, ids)));
    return rows.map(({ row, competency, refTitle, applied }) => ({
      id: row.id,
      name: row.name,
      trigger: row.trigger,
      ref_id: row.refId,
      ref_title: refTitle,
      min_score: row.trigger === 'exam_passed' ? row.minScore : null,
      competency,
      level: row.level,
      status: activeStatusSchema.catch(0).parse(row.status),
      applied,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  const resource = defineResource<CompetencyRule, CompetencyRuleCreate, CompetencyRuleUpdate, CompetencyRuleListQuery>(
    db,
    {
      contract: competencyRulesContract,
      entity: 'competency_rule',
      table: competencyRules,
      sortable: {
        name: competencyRules.name,
        trigger: competencyRules.trigger,
        level: competencyRules.level,
        status: competencyRules.status,
        created_at: competencyRules.createdAt,
        updated_at: competencyRules.updatedAt,
      } satisfies Record<(typeof COMPETENCY_RULE_SORTS)[number], unknown>,
      defaultOrder: [desc(competencyRules.createdAt), desc(competencyRules.id)],
      search: [competencyRules.name],
      filters: {
        status: (v: number) => eq(competencyRules.status, v),
        trigger: (v: CompetencyTrigger) => eq(competencyRules.trigger, v),
        competency_id: (v: number) => eq(competencyRules.competencyId, v),
      },
      present,
      auditStatusOnlyUpdate: true,
      status: activeStatusAction(competencyRules),

      async create(tx, actor, input) {
        await assertOwnRef(tx, actor.companyId, input.trigger, input.ref_id);
        await assertLevel(tx, actor.companyId, input.competency_id, input.level);
        const [row] = await tx
          .insert(competencyRules)
          .values({
            companyId: actor.companyId,
            name: input.name,
            trigger: input.trigger,
            refId: input.ref_id,
            minScore: input.trigger === 'exam_passed' ? input.min_score : null,
            competencyId: input.competency_id,
            level: input.level,
            status: input.status,
            createdBy: actor.userId,
          })
          .returning({ id: competencyRules.id });
        if (!row) throw new Error('competency rule insert returned nothing');
        return row.id;
      },

      async update(tx, actor, before, input) {
        const trigger = input.trigger ?? before.trigger;
        if (input.trigger !== undefined || input.ref_id !== undefined) {
          await assertOwnRef(tx, actor.companyId, trigger, input.ref_id ?? before.ref_id);
        }
        if (input.competency_id !== undefined || input.level !== undefined) {
          await assertLevel(
            tx,
            actor.companyId,
            input.competency_id ?? before.competency.id,
            input.level ?? before.level,
          );
        }
        const minScore = input.min_score !== undefined ? input.min_score : before.min_score;
        await tx
          .update(competencyRules)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.trigger !== undefined ? { trigger: input.trigger } : {}),
            ...(input.ref_id !== undefined ? { refId: input.ref_id } : {}),
            minScore: trigger === 'exam_passed' ? minScore : null,
            ...(input.competency_id !== undefined ? { competencyId: input.competency_id } : {}),
            ...(input.level !== undefined ? { level: input.level } : {}),
            ...(input.status !== undefined ? { status: input.status } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(competencyRules.companyId, actor.companyId), eq(competencyRules.id, before.id)));
      },
    },
  );

  async function findRule(tx: Db, companyId: number, id: number): Promise<RuleRow> {
    const [row] = await tx
      .select()
      .from(competencyRules)
      .where(and(eq(competencyRules.companyId, companyId), eq(competencyRules.id, id)));
    if (!row) throw notFound();
    return row;
  }

  /** A passive rule, or one of a passive competency, applies to nobody. */
  async function isLive(tx: Db, row: RuleRow): Promise<boolean> {
    if (row.status !== 1) return false;
    const [competency] = await tx
      .select({ status: competencies.status })
      .from(competencies)
      .where(eq(competencies.id, row.competencyId));
    return competency?.status === 1;
  }

  /** Records a rule's changes: one audit row naming the people whose level it set or raised. */
  async function recordApplied(tx: Db, who: Initiator, row: RuleRow, userIds: number[], action: string) {
    if (userIds.length === 0) return;
    await record(tx, who, {
      action,
      entity: 'competency_rule',
      id: row.id,
      companyId: row.companyId,
      after: { user_ids: userIds, competency_id: row.competencyId, level: row.level },
    });
  }

  /** A completion event: every live rule of its trigger and item sets or raises the person's level. */
  async function onCompletion(event: DomainEvent) {
    const trigger = RULE_EVENTS[event.action];
    const after = (event.after ?? {}) as Record<string, unknown>;
    const userId = after.user_id ?? after.userId;
    if (!trigger || event.entityId === null || typeof userId !== 'number') return;
    await inTenant(db, event.companyId, async (tx) => {
      const rules = await tx
        .select()
        .from(competencyRules)
        .where(
          and(
            eq(competencyRules.companyId, event.companyId),
            eq(competencyRules.trigger, trigger),
            eq(competencyRules.refId, event.entityId as number),
            eq(competencyRules.status, 1),
          ),
        )
        .orderBy(desc(competencyRules.level));
      for (const row of rules) {
        if (!(await isLive(tx, row))) continue;
        const changed = await applyRule(tx, applicable(row), userId);
        await recordApplied(tx, systemInitiator(event.companyId), row, changed, 'competency_rule.fired');
      }
    });
  }
  for (const action of Object.keys(RULE_EVENTS)) platform.events.subscribe(action, onCompletion);

  return {
    resource,

    /** GET api/admin/competency-rules/{id}/apply-preview: how many people the back-apply would set or raise now. */
    preview: (actor: Actor, id: number) =>
      inTenant(db, actor.companyId, async (tx) => {
        const row = await findRule(tx, actor.companyId, id);
        return { count: (await isLive(tx, row)) ? await countTargets(tx, applicable(row)) : 0 };
      }),

    /**
     * POST api/admin/competency-rules/{id}/apply: the confirmed back-apply, in one statement (set-based, so no job is
     * needed even for the whole company). A passive rule applies to nobody (422).
     */
    apply: (actor: Actor, id: number, t: Translate): Promise<CompetencyRuleApplyResult> =>
      inTenant(db, actor.companyId, async (tx) => {
        const row = await findRule(tx, actor.companyId, id);
        if (!(await isLive(tx, row))) throw invalidFields({ status: 'competencies.errors.apply_passive' });
        const changed = await applyRule(tx, applicable(row));
        await recordApplied(tx, actor, row, changed, 'competency_rule.applied');
        return {
          data: { applied: changed.length },
          message: t('competencies.messages.applied', { count: changed.length }),
        };
      }),
  };
}

export type CompetencyRules = ReturnType<typeof createCompetencyRules>;
