import {
  ACTIVE_STATUS_NAMES,
  activeStatusSchema,
  hasAnyRule,
  USER_GROUP_PREVIEW_SIZE,
  type USER_GROUP_SORTS,
  type UserGroup,
  type UserGroupCreate,
  type UserGroupKind,
  type UserGroupListQuery,
  type UserGroupMembershipResult,
  type UserGroupMembersQuery,
  type UserGroupPreview,
  type UserGroupRuleOptions,
  type UserGroupRules,
  type UserGroupUpdate,
  userGroupsContract,
} from '@kampus/shared';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { userGroupMembers, userGroups, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { invalidFields, notFound } from '../../../platform/http/errors.js';
import type { Translate } from '../../../platform/i18n.js';
import { activeStatusAction, columnValues, defineResource } from '../../../platform/resource/resource.js';
import {
  companyUserIds,
  countActiveMembers,
  distinctValues,
  findGroups,
  type GroupMembershipRow,
  membershipCondition,
  pageOfUsers,
  ruleCondition,
  rulesOf,
  statusCondition,
} from './queries.js';

export { findGroups, membershipCondition } from './queries.js';

const ENTITY = 'user_group';

/**
 * The ids of the company's users in any of the groups (later modules: assignments, auto-assignments, reports). Only
 * active users by default; `status: 'all'` or a status number asks for others. Ids that are not groups of the
 * company are ignored, and a group's own status does not matter: the caller decides whether a passive group counts.
 * Runs in the caller's tenant transaction.
 */
export async function userIdsOfGroups(
  tx: Db,
  companyId: number,
  groupIds: readonly number[],
  options: { status?: 'all' | number } = {},
): Promise<number[]> {
  const groups = await findGroups(tx, companyId, groupIds);
  if (groups.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(membershipCondition(companyId, groups), statusCondition(options.status ?? 1)))
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}

async function presentGroups(tx: Db, companyId: number, ids: number[]): Promise<UserGroup[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(userGroups)
    .where(and(eq(userGroups.companyId, companyId), inArray(userGroups.id, ids)));
  const membership = rows.map((row) => ({ id: row.id, kind: row.kind as UserGroupKind, rules: row.rules }));
  const counts = await countActiveMembers(tx, companyId, membership);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind as UserGroupKind,
    rules: row.kind === 'rule' ? rulesOf(row.rules) : null,
    status: activeStatusSchema.catch(0).parse(row.status),
    members_count: counts.get(row.id) ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** Every id must be a user of the company: another company's user is refused, never joined. */
async function assertCompanyUsers(tx: Db, companyId: number, userIds: number[], field: string) {
  const found = await companyUserIds(tx, companyId, userIds);
  if (found.length !== new Set(userIds).size) throw invalidFields({ [field]: 'user_groups.members_invalid' });
}

const auditMembership = (tx: Db, actor: Actor, groupId: number, change: { added?: number[]; removed?: number[] }) =>
  record(tx, actor, {
    action: `${ENTITY}.${change.added ? 'members_added' : 'members_removed'}`,
    entity: ENTITY,
    id: groupId,
    before: change.removed ? { user_ids: change.removed } : null,
    after: change.added ? { user_ids: change.added } : null,
  });

async function insertMembers(tx: Db, actor: Actor, groupId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .insert(userGroupMembers)
    .values(userIds.map((userId) => ({ companyId: actor.companyId, groupId, userId })))
    .onConflictDoNothing()
    .returning({ userId: userGroupMembers.userId });
  const added = rows.map((row) => row.userId).sort((a, b) => a - b);
  if (added.length > 0) await auditMembership(tx, actor, groupId, { added });
  return added;
}

async function deleteMembers(tx: Db, actor: Actor, groupId: number, userIds?: number[]): Promise<number[]> {
  const rows = await tx
    .delete(userGroupMembers)
    .where(
      and(
        eq(userGroupMembers.companyId, actor.companyId),
        eq(userGroupMembers.groupId, groupId),
        userIds ? inArray(userGroupMembers.userId, userIds) : undefined,
      ),
    )
    .returning({ userId: userGroupMembers.userId });
  const removed = rows.map((row) => row.userId).sort((a, b) => a - b);
  if (removed.length > 0) await auditMembership(tx, actor, groupId, { removed });
  return removed;
}

/** The rules a group of this kind keeps: a static group has none, a rule group at least one. */
function rulesForKind(kind: UserGroupKind, rules: UserGroupRules | null | undefined): UserGroupRules | null {
  if (kind === 'static') return null;
  if (!rules || !hasAnyRule(rules)) throw invalidFields({ rules: 'user_groups.rules_required' });
  return rules;
}

/** The body fields the table takes as they are; kind and rules are worked out first. */
const GROUP_COLUMNS = { name: userGroups.name, description: userGroups.description, status: userGroups.status };

async function findGroupOrFail(tx: Db, companyId: number, id: number): Promise<GroupMembershipRow> {
  const [group] = await findGroups(tx, companyId, [id]);
  if (!group) throw notFound();
  return group;
}

export function createUserGroupsService(platform: Platform) {
  const db = platform.database.db;

  const resource = defineResource<UserGroup, UserGroupCreate, UserGroupUpdate, UserGroupListQuery>(db, {
    contract: userGroupsContract,
    entity: ENTITY,
    table: userGroups,
    sortable: {
      name: userGroups.name,
      kind: userGroups.kind,
      status: userGroups.status,
      created_at: userGroups.createdAt,
      updated_at: userGroups.updatedAt,
    } satisfies Record<(typeof USER_GROUP_SORTS)[number], unknown>,
    defaultOrder: [asc(userGroups.name)],
    search: [userGroups.name, userGroups.description],
    filters: {
      status: (v: number) => eq(userGroups.status, v),
      kind: (v: UserGroupKind) => eq(userGroups.kind, v),
    },
    present: presentGroups,
    // Case folded with the Turkish capitals too; the index folds ASCII only and catches races.
    unique: [
      {
        field: 'name',
        column: userGroups.name,
        constraint: 'user_groups_company_name_key',
        message: 'user_groups.name_taken',
        ignoreCase: true,
      },
    ],

    async create(tx, actor, input) {
      const rules = rulesForKind(input.kind, input.rules);
      if (input.kind === 'static') await assertCompanyUsers(tx, actor.companyId, input.member_ids, 'member_ids');
      const [row] = await tx
        .insert(userGroups)
        .values({
          ...columnValues(GROUP_COLUMNS, userGroups, input),
          companyId: actor.companyId,
          name: input.name,
          kind: input.kind,
          rules,
        })
        .returning({ id: userGroups.id });
      if (!row) throw new Error('user group insert returned nothing');
      if (input.kind === 'static') await insertMembers(tx, actor, row.id, input.member_ids);
      return row.id;
    },

    async update(tx, actor, before, input) {
      const kind = input.kind ?? before.kind;
      const rules = rulesForKind(kind, input.rules === undefined ? before.rules : input.rules);
      // A static group becoming a rule group lets its list go (each removal audited); the other way it starts empty.
      if (before.kind === 'static' && kind === 'rule') await deleteMembers(tx, actor, before.id);
      await tx
        .update(userGroups)
        .set({ ...columnValues(GROUP_COLUMNS, userGroups, input), kind, rules, updatedAt: new Date() })
        .where(and(eq(userGroups.companyId, actor.companyId), eq(userGroups.id, before.id)));
    },

    status: activeStatusAction(userGroups),

    export: {
      fileName: 'user_groups.export_file',
      columns: [
        { header: 'user_groups.fields.id', value: (g) => g.id },
        { header: 'user_groups.fields.name', value: (g) => g.name },
        { header: 'user_groups.fields.kind', value: (g, t) => t(`user_groups.kinds.${g.kind}`) },
        { header: 'user_groups.fields.members_count', value: (g) => g.members_count },
        {
          header: 'user_groups.fields.status',
          value: (g, t) => t(`user_groups.status.${ACTIVE_STATUS_NAMES[g.status]}`),
        },
        { header: 'user_groups.fields.description', value: (g) => g.description },
        { header: 'user_groups.fields.created_at', value: (g) => g.created_at },
      ],
    },
  });

  /** Adds users of the company to a static group, or takes them out; the result counts what really changed. */
  async function changeMembers(
    actor: Actor,
    groupId: number,
    userIds: number[],
    change: 'add' | 'remove',
    t: Translate,
  ): Promise<UserGroupMembershipResult> {
    return inTenant(db, actor.companyId, async (tx) => {
      const group = await findGroupOrFail(tx, actor.companyId, groupId);
      if (group.kind !== 'static') throw invalidFields({ user_ids: 'user_groups.members_static_only' });
      await assertCompanyUsers(tx, actor.companyId, userIds, 'user_ids');
      const changed =
        change === 'add'
          ? await insertMembers(tx, actor, groupId, userIds)
          : await deleteMembers(tx, actor, groupId, userIds);
      if (changed.length > 0) {
        await tx
          .update(userGroups)
          .set({ updatedAt: new Date() })
          .where(and(eq(userGroups.companyId, actor.companyId), eq(userGroups.id, groupId)));
      }
      const counts = await countActiveMembers(tx, actor.companyId, [group]);
      const key = change === 'add' ? 'user_groups.members_added' : 'user_groups.members_removed';
      return {
        message: t(key, { count: changed.length }),
        affected: changed.length,
        members_count: counts.get(groupId) ?? 0,
      };
    });
  }

  return {
    resource,

    /** GET api/admin/user-groups/{id}/members: the group's users now, active ones unless `status` says otherwise. */
    members: (actor: Actor, groupId: number, query: UserGroupMembersQuery) =>
      inTenant(db, actor.companyId, async (tx) => {
        const group = await findGroupOrFail(tx, actor.companyId, groupId);
        const where = and(membershipCondition(actor.companyId, [group]), statusCondition(query.status)) as SQL;
        const { data, total } = await pageOfUsers(tx, where, query);
        return { data, meta: { page: query.page, per_page: query.per_page, total } };
      }),

    addMembers: (actor: Actor, groupId: number, userIds: number[], t: Translate) =>
      changeMembers(actor, groupId, userIds, 'add', t),
    removeMembers: (actor: Actor, groupId: number, userIds: number[], t: Translate) =>
      changeMembers(actor, groupId, userIds, 'remove', t),

    /** POST api/admin/user-groups/preview: how many active users the rules select now, and the first of them. */
    preview: (actor: Actor, rules: UserGroupRules): Promise<UserGroupPreview> =>
      inTenant(db, actor.companyId, async (tx) => {
        const where = and(eq(users.companyId, actor.companyId), ruleCondition(rules), eq(users.status, 1)) as SQL;
        const { data, total } = await pageOfUsers(tx, where, {
          page: 1,
          per_page: USER_GROUP_PREVIEW_SIZE,
        });
        return { count: total, members: data };
      }),

    /** GET api/admin/user-groups/rule-options: what the company's users hold, to choose rules from. */
    ruleOptions: (actor: Actor): Promise<UserGroupRuleOptions> =>
      inTenant(db, actor.companyId, async (tx) => ({
        departments: await distinctValues(tx, actor.companyId, users.department),
        titles: await distinctValues(tx, actor.companyId, users.title),
        locations: await distinctValues(tx, actor.companyId, users.location),
      })),

    /** The active users of any of the groups, in a transaction of its own (see `userIdsOfGroups`). */
    userIdsOfGroups: (companyId: number, groupIds: readonly number[], options?: { status?: 'all' | number }) =>
      inTenant(db, companyId, (tx) => userIdsOfGroups(tx, companyId, groupIds, options)),
  };
}

export type UserGroupsService = ReturnType<typeof createUserGroupsService>;
