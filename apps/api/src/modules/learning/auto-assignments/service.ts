import {
  AUTO_ASSIGNMENT_INLINE_MAX,
  AUTO_ASSIGNMENT_PREVIEW_SIZE,
  type AUTO_ASSIGNMENT_SORTS,
  type AutoAssignment,
  type AutoAssignmentApplyResult,
  type AutoAssignmentConditionOptions,
  type AutoAssignmentConditions,
  type AutoAssignmentCreate,
  type AutoAssignmentListQuery,
  type AutoAssignmentPreview,
  type AutoAssignmentUpdate,
  activeStatusSchema,
  autoAssignmentConditionsSchema,
  autoAssignmentsContract,
  EMPTY_AUTO_ASSIGNMENT_CONDITIONS,
  type UserGroupMember,
  userStatusSchema,
} from '@kampus/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { autoAssignmentRules, userGroups } from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import type { Actor, Initiator } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import type { DomainEvent } from '../../../platform/events.js';
import { invalidFields, notFound } from '../../../platform/http/errors.js';
import { languageOf, type Translate } from '../../../platform/i18n.js';
import { defineResource } from '../../../platform/resource/resource.js';
import type { UserGroupsService } from '../../organisation/user-groups/service.js';
import { findLabelledFields } from '../../organisation/users/custom-fields.js';
import type { AssignmentsService } from '../assignments/service.js';
import { countMatching, type MatchableRule, matchingIds, ruleCondition } from './matching.js';

export const MATCH_JOB = 'auto_assignment.match';
export const NIGHTLY_JOB = 'auto_assignment.nightly';
/** People matched per transaction of a backfill, so a large one shows progress and a retry resumes. */
const MATCH_CHUNK = 500;
const ENTITY = 'auto_assignment';

type RuleRow = typeof autoAssignmentRules.$inferSelect;

const matchPayload = z.object({
  companyId: z.number().int(),
  /** One rule (a confirmed backfill), or every active rule of the company. */
  ruleId: z.number().int().nullable(),
  /** Only these people (a change of them); absent: everyone. */
  userIds: z.array(z.number().int()).optional(),
  actorUserId: z.number().int().nullable(),
});
type MatchPayload = z.infer<typeof matchPayload>;

const systemInitiator = (companyId: number, userId: number | null): Initiator => ({
  companyId,
  userId,
  impersonatorId: null,
  ip: null,
  requestId: null,
});

/** Stored conditions as the current shape; a value the code no longer understands reads as "no conditions". */
const conditionsOf = (stored: unknown): AutoAssignmentConditions => {
  const parsed = autoAssignmentConditionsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : EMPTY_AUTO_ASSIGNMENT_CONDITIONS;
};

const matchable = (row: RuleRow): MatchableRule => ({
  companyId: row.companyId,
  conditions: conditionsOf(row.conditions),
  activatedAt: row.status === 1 ? row.activatedAt : null,
});

/** The groups of the conditions must be the company's: another company's group id is refused, never matched. */
async function assertOwnGroups(tx: Db, companyId: number, conditions: AutoAssignmentConditions | undefined) {
  if (!conditions?.group_ids.length) return;
  const found = await tx
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(and(eq(userGroups.companyId, companyId), inArray(userGroups.id, conditions.group_ids)));
  if (found.length !== conditions.group_ids.length) {
    throw invalidFields({ 'conditions.group_ids': 'autoAssignment.errors.group_invalid' });
  }
}

/**
 * Automatic assignment rules (issue 14): the admin resource, the preview count (dry run), the confirmed backfill,
 * and the matching that runs on user, import and group events and nightly. Each rule owns an assignment of the
 * assignments module (`ruleAssignments`), to which matched people are added one by one, each due `due_days` after
 * matching; a person is in it once, so a rule never assigns anyone twice.
 */
export function createAutoAssignmentsService(
  platform: Platform,
  needs: { assignments: AssignmentsService; userGroups: UserGroupsService },
) {
  const db = platform.database.db;
  const owned = needs.assignments.ruleAssignments;

  async function present(tx: Db, companyId: number, ids: number[]): Promise<AutoAssignment[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select()
      .from(autoAssignmentRules)
      .where(and(eq(autoAssignmentRules.companyId, companyId), inArray(autoAssignmentRules.id, ids)));
    const assignmentIds = rows.map((row) => row.assignmentId);
    const [items, people] = [await owned.itemsOf(tx, assignmentIds), await owned.peopleCounts(tx, assignmentIds)];
    const mandatory = await owned.mandatoryOf(tx, assignmentIds);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: activeStatusSchema.catch(0).parse(row.status),
      conditions: conditionsOf(row.conditions),
      items: items.get(row.assignmentId) ?? [],
      mandatory: mandatory.get(row.assignmentId) ?? false,
      due_days: row.dueDays,
      assignment_id: row.assignmentId,
      activated_at: row.activatedAt?.toISOString() ?? null,
      matched: people.get(row.assignmentId)?.people ?? 0,
      completed: people.get(row.assignmentId)?.completed ?? 0,
      last_matched_at: row.lastMatchedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  const dueDateSql = (days: number) => sql`(current_date + ${days}::integer)::text`;
  async function dueDate(tx: Db, days: number): Promise<string> {
    const result = await tx.execute(sql`select ${dueDateSql(days)} as day`);
    return String((result as unknown as { rows: { day: string }[] }).rows[0]?.day);
  }

  /**
   * Matches one rule in the caller's tenant transaction: the people meeting its conditions now (optionally only
   * among `only`) who are not in its assignment get it, due `due_days` from today. Answers the people added.
   */
  async function matchRule(
    tx: Db,
    who: Initiator,
    rule: RuleRow,
    options: { only?: readonly number[]; limit?: number },
  ) {
    if (rule.status !== 1) return [];
    const condition = await ruleCondition(tx, matchable(rule));
    const ids = await matchingIds(tx, condition, {
      only: options.only,
      except: owned.notIn(rule.assignmentId, sql.raw('users')),
      limit: options.limit,
    });
    if (ids.length === 0) return [];
    const added = await owned.addPeople(tx, who, {
      companyId: rule.companyId,
      assignmentId: rule.assignmentId,
      userIds: ids,
      dueDate: await dueDate(tx, rule.dueDays),
    });
    if (added.length > 0) {
      await tx
        .update(autoAssignmentRules)
        .set({ lastMatchedAt: new Date() })
        .where(eq(autoAssignmentRules.id, rule.id));
    }
    return added;
  }

  async function activeRules(tx: Db, companyId: number, ruleId: number | null): Promise<RuleRow[]> {
    return tx
      .select()
      .from(autoAssignmentRules)
      .where(
        and(
          eq(autoAssignmentRules.companyId, companyId),
          eq(autoAssignmentRules.status, 1),
          ruleId === null ? undefined : eq(autoAssignmentRules.id, ruleId),
        ),
      )
      .orderBy(asc(autoAssignmentRules.id));
  }

  /**
   * The match job: for each rule (one, or the company's active ones), chunk after chunk of matching people, each
   * chunk its own transaction, until nobody is left. Safe to run twice or on two nodes at once: the assignment's
   * unique (assignment, user) row makes the second insert of a person nothing.
   */
  async function runMatch(
    payload: MatchPayload,
    progress?: (done: number, total: number) => Promise<void>,
  ): Promise<{ assigned: number }> {
    const who = systemInitiator(payload.companyId, payload.actorUserId);
    const rules = await inTenant(db, payload.companyId, (tx) => activeRules(tx, payload.companyId, payload.ruleId));
    let assigned = 0;
    for (const rule of rules) {
      const total = await inTenant(db, payload.companyId, async (tx) =>
        countMatching(tx, await ruleCondition(tx, matchable(rule)), owned.notIn(rule.assignmentId, sql.raw('users'))),
      );
      let done = 0;
      await progress?.(0, total);
      for (;;) {
        const added = await inTenant(db, payload.companyId, (tx) =>
          matchRule(tx, who, rule, { only: payload.userIds, limit: MATCH_CHUNK }),
        );
        done += added.length;
        assigned += added.length;
        await progress?.(Math.min(done, total), total);
        if (added.length < MATCH_CHUNK) break;
      }
    }
    return { assigned };
  }

  /** The nightly backstop: every company with an active rule is matched again (a job per company). */
  async function nightly(): Promise<{ companies: number }> {
    // Across companies: the one read of the rules made as the system, to learn whose rules to run.
    const result = await asSystem(db, (tx) =>
      tx.execute(sql`select distinct company_id from auto_assignment_rules where status = 1 order by company_id`),
    );
    const companies = (result as unknown as { rows: { company_id: number }[] }).rows;
    const day = new Date().toISOString().slice(0, 10);
    for (const { company_id: companyId } of companies) {
      await platform.jobs.enqueue(
        db,
        MATCH_JOB,
        { companyId, ruleId: null, actorUserId: null },
        { idempotencyKey: `nightly:${companyId}:${day}` },
      );
    }
    return { companies: companies.length };
  }

  /** People changed (created, updated, imported, put in a group): the company's active rules look at them. */
  async function onPeopleChanged(event: DomainEvent) {
    const after = event.after as { user_ids?: unknown } | null;
    const userIds = Array.isArray(after?.user_ids)
      ? after.user_ids.filter((id): id is number => typeof id === 'number')
      : event.entity === 'user' && event.entityId !== null
        ? [event.entityId]
        : [];
    if (userIds.length === 0) return;
    const hasRules = await inTenant(db, event.companyId, async (tx) => {
      const rules = await activeRules(tx, event.companyId, null);
      return rules.length > 0;
    });
    if (!hasRules) return;
    await runMatch({ companyId: event.companyId, ruleId: null, userIds, actorUserId: null });
  }

  /** A rule group's rules changed: its members may be others now, so the rules are matched against everyone. */
  async function onGroupChanged(event: DomainEvent) {
    const usesGroup = await inTenant(db, event.companyId, async (tx) => {
      const rules = await activeRules(tx, event.companyId, null);
      return rules.some((rule) => conditionsOf(rule.conditions).group_ids.includes(event.entityId ?? -1));
    });
    if (!usesGroup) return;
    await platform.jobs.enqueue(db, MATCH_JOB, { companyId: event.companyId, ruleId: null, actorUserId: null });
  }

  platform.jobs.register({
    name: MATCH_JOB,
    schema: matchPayload,
    handle: (payload, context) => runMatch(payload, context.progress),
  });
  platform.jobs.register({ name: NIGHTLY_JOB, schema: z.object({}).passthrough(), handle: nightly });
  for (const action of ['user.created', 'user.updated', 'user.imported', 'user_group.members_added']) {
    platform.events.subscribe(action, onPeopleChanged);
  }
  for (const action of ['user_group.updated', 'user_group.status_changed']) {
    platform.events.subscribe(action, onGroupChanged);
  }

  const resource = defineResource<AutoAssignment, AutoAssignmentCreate, AutoAssignmentUpdate, AutoAssignmentListQuery>(
    db,
    {
      contract: autoAssignmentsContract,
      entity: ENTITY,
      table: autoAssignmentRules,
      sortable: {
        name: autoAssignmentRules.name,
        status: autoAssignmentRules.status,
        matched: sql`(select count(*) from assignment_users au where au.assignment_id = ${autoAssignmentRules.assignmentId} and au.cancelled_at is null)`,
        created_at: autoAssignmentRules.createdAt,
        updated_at: autoAssignmentRules.updatedAt,
      } satisfies Record<(typeof AUTO_ASSIGNMENT_SORTS)[number], unknown>,
      defaultOrder: [desc(autoAssignmentRules.createdAt), desc(autoAssignmentRules.id)],
      search: [autoAssignmentRules.name],
      filters: { status: (v: number) => eq(autoAssignmentRules.status, v) },
      present,

      async create(tx, actor, input) {
        await assertOwnGroups(tx, actor.companyId, input.conditions);
        const assignmentId = await owned.create(tx, {
          companyId: actor.companyId,
          name: input.name,
          mandatory: input.mandatory,
          items: input.items,
          startDate: await dueDate(tx, 0),
          endDate: await dueDate(tx, input.due_days),
          createdBy: actor.userId,
        });
        const [row] = await tx
          .insert(autoAssignmentRules)
          .values({
            companyId: actor.companyId,
            name: input.name,
            status: input.status,
            conditions: input.conditions,
            dueDays: input.due_days,
            assignmentId,
            activatedAt: input.status === 1 ? new Date() : null,
            createdBy: actor.userId,
          })
          .returning({ id: autoAssignmentRules.id });
        if (!row) throw new Error('auto assignment rule insert returned nothing');
        return row.id;
      },

      async update(tx, actor, before, input) {
        await assertOwnGroups(tx, actor.companyId, input.conditions);
        await owned.update(tx, actor.companyId, before.assignment_id, {
          name: input.name,
          mandatory: input.mandatory,
          items: input.items,
        });
        const activating = input.status === 1 && before.status !== 1;
        await tx
          .update(autoAssignmentRules)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.status !== undefined ? { status: input.status } : {}),
            ...(input.conditions !== undefined ? { conditions: input.conditions } : {}),
            ...(input.due_days !== undefined ? { dueDays: input.due_days } : {}),
            ...(activating ? { activatedAt: new Date() } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(autoAssignmentRules.companyId, actor.companyId), eq(autoAssignmentRules.id, before.id)));
      },

      auditStatusOnlyUpdate: true,

      status: {
        schema: activeStatusSchema,
        async apply(tx, actor, items, status) {
          // Becoming active starts "new users" from now: people created while it was passive are not new to it.
          await tx
            .update(autoAssignmentRules)
            .set({
              status,
              activatedAt: sql`case when ${autoAssignmentRules.status} = 1 then ${autoAssignmentRules.activatedAt} when ${status} = 1 then now() else ${autoAssignmentRules.activatedAt} end`,
              updatedAt: new Date(),
            })
            .where(
              and(
                eq(autoAssignmentRules.companyId, actor.companyId),
                inArray(
                  autoAssignmentRules.id,
                  items.map((item) => item.id),
                ),
              ),
            );
        },
      },
    },
  );

  async function findRule(tx: Db, companyId: number, id: number): Promise<RuleRow> {
    const [row] = await tx
      .select()
      .from(autoAssignmentRules)
      .where(and(eq(autoAssignmentRules.companyId, companyId), eq(autoAssignmentRules.id, id)));
    if (!row) throw notFound();
    return row;
  }

  return {
    resource,
    runMatch,
    nightly,

    /**
     * POST api/admin/auto-assignments/preview: how many active people meet the conditions now and are not yet in
     * the rule's assignment (a new rule: nobody is), with the first of them. "New users" counts from now for a rule
     * not yet saved or not active.
     */
    preview: (
      actor: Actor,
      input: { conditions: AutoAssignmentConditions; rule_id?: number | null },
    ): Promise<AutoAssignmentPreview> =>
      inTenant(db, actor.companyId, async (tx) => {
        await assertOwnGroups(tx, actor.companyId, input.conditions);
        const rule = input.rule_id ? await findRule(tx, actor.companyId, input.rule_id) : null;
        const condition = await ruleCondition(tx, {
          companyId: actor.companyId,
          conditions: input.conditions,
          activatedAt: rule?.status === 1 && rule.activatedAt ? rule.activatedAt : new Date(),
        });
        const except = rule ? owned.notIn(rule.assignmentId, sql.raw('users')) : undefined;
        const count = await countMatching(tx, condition, except);
        const ids = await matchingIds(tx, condition, { except, limit: AUTO_ASSIGNMENT_PREVIEW_SIZE });
        return { count, people: await presentPeople(tx, ids) };
      }),

    /**
     * POST api/admin/auto-assignments/{id}/apply: the confirmed backfill. A few people are assigned in the request;
     * more go to a job whose progress the page follows. A passive rule assigns nobody (422).
     */
    apply: (actor: Actor, id: number, t: Translate): Promise<AutoAssignmentApplyResult> =>
      inTenant(db, actor.companyId, async (tx) => {
        const rule = await findRule(tx, actor.companyId, id);
        if (rule.status !== 1) throw invalidFields({ status: 'autoAssignment.errors.apply_passive' });
        const condition = await ruleCondition(tx, matchable(rule));
        const count = await countMatching(tx, condition, owned.notIn(rule.assignmentId, sql.raw('users')));
        if (count <= AUTO_ASSIGNMENT_INLINE_MAX) {
          const added = await matchRule(tx, actor, rule, {});
          return {
            data: { job_id: null, assigned: added.length },
            message: t('autoAssignment.messages.applied', { count: added.length }),
          };
        }
        const jobId = await platform.jobs.enqueue(
          tx,
          MATCH_JOB,
          { companyId: actor.companyId, ruleId: rule.id, actorUserId: actor.userId },
          { owner: { companyId: actor.companyId, userId: actor.userId } },
        );
        return { data: { job_id: jobId, assigned: null }, message: t('autoAssignment.messages.applying', { count }) };
      }),

    /** GET api/admin/auto-assignments/condition-options: what to build conditions from. */
    conditionOptions: async (actor: Actor, t: Translate): Promise<AutoAssignmentConditionOptions> => {
      const values = await needs.userGroups.ruleOptions(actor);
      return inTenant(db, actor.companyId, async (tx) => {
        const groups = await tx
          .select({ id: userGroups.id, name: userGroups.name })
          .from(userGroups)
          .where(eq(userGroups.companyId, actor.companyId))
          .orderBy(asc(userGroups.name));
        const fields = await findLabelledFields(tx, actor.companyId, languageOf(t));
        return { ...values, groups, fields };
      });
    },
  };
}

async function presentPeople(tx: Db, ids: number[]): Promise<UserGroupMember[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute(sql`
    select id, name, surname, email, department, title, location, hire_date::text as hire_date, status
    from users where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by name, surname, id`);
  const rows = (result as unknown as { rows: (Omit<UserGroupMember, 'status'> & { status: number })[] }).rows;
  return rows.map((row) => ({ ...row, status: userStatusSchema.catch(0).parse(row.status) }));
}

export type AutoAssignmentsService = ReturnType<typeof createAutoAssignmentsService>;
