import type { CompetencyTrigger } from '@kampus/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';

/** What a rule needs to know to find the people who satisfy it and to set their level. */
export interface ApplicableRule {
  id: number;
  companyId: number;
  trigger: CompetencyTrigger;
  refId: number;
  minScore: number | null;
  competencyId: number;
  level: number;
}

/**
 * The people who satisfy a rule now (distinct user ids): a completed enrolment of the education or program, or a
 * passed attempt of the exam scoring at least the rule's minimum. `only` narrows it to one person (an event).
 */
function eligibleSql(rule: ApplicableRule, only: number | null): SQL {
  const person = (column: SQL) => (only === null ? sql`` : sql` and ${column} = ${only}`);
  switch (rule.trigger) {
    case 'education_completed':
      return sql`select distinct e.user_id from education_enrolments e
        where e.company_id = ${rule.companyId} and e.education_id = ${rule.refId} and e.status = 'completed'${person(sql`e.user_id`)}`;
    case 'program_completed':
      return sql`select distinct e.user_id from program_enrolments e
        where e.company_id = ${rule.companyId} and e.program_id = ${rule.refId} and e.status = 'completed'${person(sql`e.user_id`)}`;
    case 'exam_passed':
      return sql`select distinct a.user_id from exam_attempts a
        where a.company_id = ${rule.companyId} and a.exam_id = ${rule.refId} and a.passed
          and a.score_percent >= ${rule.minScore ?? 0}${person(sql`a.user_id`)}`;
  }
}

/**
 * The people a rule would set or raise: active people of the company who satisfy it and hold no level of its
 * competency or a lower one. A rule never lowers a level, so someone at or above it is not a target.
 */
function targetsSql(rule: ApplicableRule, only: number | null): SQL {
  return sql`select e.user_id, pl.level as from_level
    from (${eligibleSql(rule, only)}) e
    join users u on u.id = e.user_id and u.company_id = ${rule.companyId} and u.status = 1
    left join competency_person_levels pl on pl.user_id = e.user_id and pl.competency_id = ${rule.competencyId}
    where pl.level is null or pl.level < ${rule.level}`;
}

/** How many people applying the rule now would set or raise (the back-apply's preview). */
export async function countTargets(tx: Db, rule: ApplicableRule): Promise<number> {
  const result = await tx.execute(sql`select count(*)::integer as count from (${targetsSql(rule, null)}) t`);
  return (result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;
}

/**
 * Applies a rule in the caller's tenant transaction (to everyone, or to `only`): sets or raises each target's level
 * to the rule's and writes one history row per change, in one statement. Idempotent: a second run finds nobody
 * below the level. The conflict clause raises only (a concurrent higher level wins). Answers the people changed.
 */
export async function applyRule(tx: Db, rule: ApplicableRule, only: number | null = null): Promise<number[]> {
  const result = await tx.execute(sql`
    with targets as (${targetsSql(rule, only)}),
    upserted as (
      insert into competency_person_levels (company_id, user_id, competency_id, level, source, rule_id, set_by, set_at)
      select ${rule.companyId}, t.user_id, ${rule.competencyId}, ${rule.level}, 'rule', ${rule.id}, null, now()
      from targets t
      on conflict (user_id, competency_id) do update
        set level = excluded.level, source = 'rule', rule_id = excluded.rule_id, set_by = null, set_at = now()
        where competency_person_levels.level < excluded.level
      returning user_id
    )
    insert into competency_level_history (company_id, user_id, competency_id, from_level, to_level, source, rule_id, set_by, set_at)
    select ${rule.companyId}, t.user_id, ${rule.competencyId}, t.from_level, ${rule.level}, 'rule', ${rule.id}, null, now()
    from targets t join upserted u on u.user_id = t.user_id
    returning user_id`);
  return (result as unknown as { rows: { user_id: number }[] }).rows.map((row) => row.user_id);
}
