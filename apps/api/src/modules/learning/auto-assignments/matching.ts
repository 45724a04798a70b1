import type { AutoAssignmentConditions } from '@kampus/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { foldCase, foldedColumn } from '../../../platform/resource/resource.js';
import { findGroups, membershipCondition } from '../../organisation/user-groups/service.js';

/** A list of ids as one `int[]` parameter. */
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/** What matching needs of a rule. */
export interface MatchableRule {
  companyId: number;
  conditions: AutoAssignmentConditions;
  /** Null while the rule is passive: then "new users" matches nobody. */
  activatedAt: Date | null;
}

/** Any of the values, ignoring case the way search and the rule groups do (Turkish capitals included). */
function matchesAny(expression: SQL, values: readonly string[]): SQL | undefined {
  if (values.length === 0) return undefined;
  const wanted = [...new Set(values.map(foldCase))].map((value) => sql`${value}`);
  return sql`${foldedColumn(expression as unknown as PgColumn)} in (${sql.join(wanted, sql`, `)})`;
}

/**
 * The condition on `users` (named `users`, as the user-groups conditions speak of it) that a person meets every
 * condition of the rule: active, of the company, in any of the groups, of any of the departments / titles /
 * locations, hired in the last N days (a hire date still to come counts too: people are often entered before
 * their first day), holding any of the values of each custom field, and created after the rule was activated.
 * A rule with no condition set matches nobody.
 */
export async function ruleCondition(tx: Db, rule: MatchableRule): Promise<SQL> {
  const c = rule.conditions;
  const parts: SQL[] = [];
  if (c.group_ids.length > 0) {
    const groups = await findGroups(tx, rule.companyId, c.group_ids);
    parts.push(groups.length === 0 ? sql`false` : membershipCondition(rule.companyId, groups));
  }
  for (const [column, values] of [
    [sql`users.department`, c.departments],
    [sql`users.title`, c.titles],
    [sql`users.location`, c.locations],
  ] as const) {
    const part = matchesAny(column, values);
    if (part) parts.push(part);
  }
  if (c.hired_within_days) parts.push(sql`users.hire_date >= current_date - ${c.hired_within_days}::integer`);
  for (const field of c.custom_fields) {
    const part = matchesAny(sql`(users.custom_fields ->> ${field.key})`, field.values);
    if (part) parts.push(part);
  }
  if (c.new_users) {
    parts.push(rule.activatedAt ? sql`users.created_at >= ${rule.activatedAt.toISOString()}::timestamptz` : sql`false`);
  }
  if (parts.length === 0) return sql`false`;
  return sql`users.company_id = ${rule.companyId} and users.status = 1 and ${sql.join(parts, sql` and `)}`;
}

/** The ids of the people matching the condition (optionally only among `only`), not excluded by `except`. */
export async function matchingIds(
  tx: Db,
  condition: SQL,
  options: { only?: readonly number[]; except?: SQL; limit?: number } = {},
): Promise<number[]> {
  const only = options.only ? sql`and users.id = any(${intArray(options.only)})` : sql``;
  const except = options.except ? sql`and ${options.except}` : sql``;
  const limit = options.limit ? sql`limit ${options.limit}` : sql``;
  const result = await tx.execute(
    sql`select users.id from users where ${condition} ${only} ${except} order by users.id ${limit}`,
  );
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

export async function countMatching(tx: Db, condition: SQL, except?: SQL): Promise<number> {
  const result = await tx.execute(
    sql`select count(*)::integer as n from users where ${condition} ${except ? sql`and ${except}` : sql``}`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
