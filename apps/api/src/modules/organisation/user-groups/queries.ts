import {
  EMPTY_USER_GROUP_RULES,
  type ResourceListQuery,
  type UserGroupKind,
  type UserGroupMember,
  type UserGroupMemberStatus,
  type UserGroupRules,
  userGroupRulesSchema,
  userStatusSchema,
} from '@kampus/shared';
import { and, asc, count, eq, gte, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { userGroupMembers, userGroups, users } from '../../../db/schema/index.js';
import { foldCase, foldedColumn, likePattern } from '../../../platform/resource/resource.js';

/** What membership resolution needs of a group. */
export interface GroupMembershipRow {
  id: number;
  kind: UserGroupKind;
  rules: UserGroupRules | null;
}

/** Stored rules as the current shape; a value the code no longer understands reads as "no rules". */
export function rulesOf(stored: unknown): UserGroupRules {
  const parsed = userGroupRulesSchema.safeParse({ ...EMPTY_USER_GROUP_RULES, ...(stored as object) });
  return parsed.success ? parsed.data : EMPTY_USER_GROUP_RULES;
}

/** Any of the values, ignoring case the way search does (Turkish and Azerbaijani capitals included). */
function matchesAny(column: PgColumn, values: readonly string[]): SQL | undefined {
  if (values.length === 0) return undefined;
  return inArray(foldedColumn(column), [...new Set(values.map(foldCase))]);
}

/**
 * The users a set of rules selects: each field that is set must match (AND), a list matching any of its values; the
 * hire-date bounds are inclusive days. A user without the field set never matches a rule on it. No rule set selects
 * nobody, so a broken rule group can never hold the whole company.
 */
export function ruleCondition(rules: UserGroupRules): SQL {
  const parts = [
    matchesAny(users.department, rules.departments),
    matchesAny(users.title, rules.titles),
    matchesAny(users.location, rules.locations),
    rules.hired_from ? gte(users.hireDate, rules.hired_from) : undefined,
    rules.hired_to ? lte(users.hireDate, rules.hired_to) : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return parts.length === 0 ? sql`false` : (and(...parts) as SQL);
}

/** The users of `companyId` listed in any of the static groups. */
function listedIn(companyId: number, groupIds: number[]): SQL {
  return inArray(
    users.id,
    sql`(select ${userGroupMembers.userId} from ${userGroupMembers} where ${userGroupMembers.companyId} = ${companyId} and ${inArray(userGroupMembers.groupId, groupIds)})`,
  );
}

/** The condition on `users` that selects the members of any of the groups (their status aside). */
export function membershipCondition(companyId: number, groups: readonly GroupMembershipRow[]): SQL {
  const staticIds = groups.filter((g) => g.kind === 'static').map((g) => g.id);
  const parts = [
    staticIds.length > 0 ? listedIn(companyId, staticIds) : undefined,
    ...groups.filter((g) => g.kind === 'rule').map((g) => ruleCondition(rulesOf(g.rules))),
  ].filter((part): part is SQL => part !== undefined);
  const anyGroup = parts.length === 0 ? sql`false` : (or(...parts) as SQL);
  return and(eq(users.companyId, companyId), anyGroup) as SQL;
}

/** `all`, or one user status; members lists and counts default to active users. */
export function statusCondition(status: UserGroupMemberStatus | number): SQL | undefined {
  if (status === 'all') return undefined;
  return eq(users.status, Number(status));
}

export async function findGroups(tx: Db, companyId: number, ids: readonly number[]): Promise<GroupMembershipRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: userGroups.id, kind: userGroups.kind, rules: userGroups.rules })
    .from(userGroups)
    .where(and(eq(userGroups.companyId, companyId), inArray(userGroups.id, [...new Set(ids)])));
  return rows.map((row) => ({ ...row, kind: row.kind as UserGroupKind }));
}

/** Active members of each group, in one query for the static groups and one per rule group. */
export async function countActiveMembers(
  tx: Db,
  companyId: number,
  groups: readonly GroupMembershipRow[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>(groups.map((g) => [g.id, 0]));
  const staticIds = groups.filter((g) => g.kind === 'static').map((g) => g.id);
  if (staticIds.length > 0) {
    const rows = await tx
      .select({ groupId: userGroupMembers.groupId, value: count() })
      .from(userGroupMembers)
      .innerJoin(users, and(eq(users.id, userGroupMembers.userId), eq(users.companyId, userGroupMembers.companyId)))
      .where(
        and(
          eq(userGroupMembers.companyId, companyId),
          inArray(userGroupMembers.groupId, staticIds),
          eq(users.status, 1),
        ),
      )
      .groupBy(userGroupMembers.groupId);
    for (const row of rows) counts.set(row.groupId, row.value);
  }
  for (const group of groups.filter((g) => g.kind === 'rule')) {
    const [row] = await tx
      .select({ value: count() })
      .from(users)
      .where(and(membershipCondition(companyId, [group]), eq(users.status, 1)));
    counts.set(group.id, row?.value ?? 0);
  }
  return counts;
}

const memberColumns = {
  id: users.id,
  name: users.name,
  surname: users.surname,
  email: users.email,
  department: users.department,
  title: users.title,
  location: users.location,
  hire_date: users.hireDate,
  status: users.status,
};
const toMember = (row: { status: number } & Omit<UserGroupMember, 'status'>): UserGroupMember => ({
  ...row,
  status: userStatusSchema.catch(0).parse(row.status),
});

const MEMBER_SORTS: Record<string, PgColumn> = {
  name: users.name,
  surname: users.surname,
  email: users.email,
  department: users.department,
  title: users.title,
  hire_date: users.hireDate,
};
const MEMBER_SEARCH = [users.name, users.surname, users.email, users.department, users.title, users.location];

function memberOrder(sort: string | undefined): SQL[] {
  const descending = sort?.startsWith('-') ?? false;
  const field = sort?.replace(/^-/, '') ?? '';
  // Own keys only: `sort=__proto__` or `constructor` must fall back to the default order, not read the prototype.
  const column = Object.hasOwn(MEMBER_SORTS, field) ? MEMBER_SORTS[field] : undefined;
  if (!column) return [asc(users.name), asc(users.surname), asc(users.id)];
  return [sql`${column} ${descending ? sql`desc nulls last` : sql`asc nulls last`}`, asc(users.id)];
}

/** One page of the users a condition selects, searched and sorted like the admin lists. */
export async function pageOfUsers(
  tx: Db,
  where: SQL,
  query: Pick<ResourceListQuery, 'page' | 'per_page'> & Partial<Pick<ResourceListQuery, 'search' | 'sort'>>,
): Promise<{ data: UserGroupMember[]; total: number }> {
  const searched = query.search
    ? (and(
        where,
        or(...MEMBER_SEARCH.map((column) => sql`${foldedColumn(column)} like ${likePattern(query.search ?? '')}`)),
      ) as SQL)
    : where;
  const [rows, [total]] = await Promise.all([
    tx
      .select(memberColumns)
      .from(users)
      .where(searched)
      .orderBy(...memberOrder(query.sort))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    tx.select({ value: count() }).from(users).where(searched),
  ]);
  return { data: rows.map(toMember), total: total?.value ?? 0 };
}

/** The ids of those of `userIds` that are users of the company. */
export async function companyUserIds(tx: Db, companyId: number, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, [...userIds])));
  return rows.map((row) => row.id);
}

/** The distinct values of a user field in the company, one spelling per case-folded value, in order. */
export async function distinctValues(tx: Db, companyId: number, column: PgColumn): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ value: column })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNotNull(column), sql`${column} <> ''`))
    .orderBy(column)
    .limit(1000);
  const seen = new Set<string>();
  const values: string[] = [];
  for (const { value } of rows as { value: string }[]) {
    const key = foldCase(value);
    if (seen.has(key)) continue;
    seen.add(key);
    values.push(value);
  }
  return values.sort((a, b) => a.localeCompare(b, 'tr'));
}
