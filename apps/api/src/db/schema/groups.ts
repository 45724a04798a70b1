import type { UserGroupRules } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/**
 * Groups of a company's users, the target of assignments and reports. kind `static`: the members are the rows of
 * user_group_members; kind `rule`: the members are the users matching `rules` at the time of asking (nothing stored).
 * The name is unique per company whatever its case. status: 0 passive, 1 active.
 */
export const userGroups = pgTable(
  'user_groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    name: text().notNull(),
    description: text(),
    kind: text().notNull().default('static'),
    /** Set for a rule group only. */
    rules: jsonb().$type<UserGroupRules>(),
    status: smallint().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_groups_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    index('user_groups_company_name_idx').on(t.companyId, t.name, t.id),
    index('user_groups_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('user_groups_company_status_idx').on(t.companyId, t.status, t.id),
    index('user_groups_company_kind_idx').on(t.companyId, t.kind, t.id),
    check('user_groups_kind_check', sql`${t.kind} in ('static', 'rule')`),
    tenantPolicy(t.companyId),
  ],
);

/** The listed members of a static group; a member row goes with its user or its group. */
export const userGroupMembers = pgTable(
  'user_group_members',
  {
    companyId: companyRef(),
    groupId: integer()
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'user_group_members_pkey', columns: [t.companyId, t.groupId, t.userId] }),
    index('user_group_members_company_user_idx').on(t.companyId, t.userId),
    tenantPolicy(t.companyId),
  ],
);
