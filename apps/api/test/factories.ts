import { EMPTY_USER_GROUP_RULES, ROLE, type Session, type UserGroupRules } from '@kampus/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import {
  auditLogs,
  companies,
  companySettings,
  roleUser,
  userGroupMembers,
  userGroups,
  users,
} from '../src/db/schema/index.js';
import { asSystem } from '../src/db/scope.js';
import { hashPassword } from '../src/platform/auth/passwords.js';

export const TEST_PASSWORD = 'Correct-Horse-42';
let passwordHash: Promise<string> | undefined;
let sequence = 0;
const next = () => ++sequence;

export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** Test data builders: each test builds the tenants and people it needs, never relying on the demo seed. */
export function factories(db: Db) {
  async function createCompany(
    overrides: Partial<typeof companies.$inferInsert> & { settings?: Record<string, unknown> } = {},
  ): Promise<CompanyRow> {
    const n = next();
    const { settings, ...values } = overrides;
    return asSystem(db, async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({ name: `Company ${n}`, slug: `company-${n}`, ...values })
        .returning();
      if (!company) throw new Error('company not created');
      const entries = Object.entries(settings ?? {});
      if (entries.length > 0) {
        await tx.insert(companySettings).values(entries.map(([key, value]) => ({ companyId: company.id, key, value })));
      }
      return company;
    });
  }

  async function createUser(
    company: CompanyRow,
    overrides: Partial<typeof users.$inferInsert> & { roles?: number[]; password?: string | null } = {},
  ): Promise<UserRow> {
    const n = next();
    const { roles = [ROLE.user], password = TEST_PASSWORD, ...values } = overrides;
    passwordHash ??= hashPassword(TEST_PASSWORD);
    const hash =
      password === null ? null : password === TEST_PASSWORD ? await passwordHash : await hashPassword(password);
    return asSystem(db, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          companyId: company.id,
          name: `Name${n}`,
          surname: `Surname${n}`,
          email: `user${n}@example.test`,
          username: `user${n}`,
          passwordHash: hash,
          ...values,
        })
        .returning();
      if (!user) throw new Error('user not created');
      if (roles.length > 0) {
        await tx.insert(roleUser).values(roles.map((roleId) => ({ companyId: company.id, userId: user.id, roleId })));
      }
      return user;
    });
  }

  /** The audit rows written about one record, newest first. */
  const auditOf = (entityType: string, entityId: number) =>
    asSystem(db, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entityType, entityType), eq(auditLogs.entityId, entityId)))
        .orderBy(desc(auditLogs.id)),
    );

  /** A user group of the company: static with the given members, or rule-based with the given rules. */
  async function createUserGroup(
    company: CompanyRow,
    values: {
      name?: string;
      kind?: 'static' | 'rule';
      rules?: Partial<UserGroupRules>;
      members?: number[];
      status?: number;
    } = {},
  ): Promise<typeof userGroups.$inferSelect> {
    const { members = [], kind = 'static', rules, ...rest } = values;
    return asSystem(db, async (tx) => {
      const [group] = await tx
        .insert(userGroups)
        .values({
          companyId: company.id,
          name: `Group ${next()}`,
          kind,
          rules: kind === 'rule' ? { ...EMPTY_USER_GROUP_RULES, ...rules } : null,
          ...rest,
        })
        .returning();
      if (!group) throw new Error('user group not created');
      if (members.length > 0) {
        await tx
          .insert(userGroupMembers)
          .values(members.map((userId) => ({ companyId: company.id, groupId: group.id, userId })));
      }
      return group;
    });
  }

  return {
    auditOf,
    createUserGroup,
    createCompany,
    createUser,
    createAdmin: (company: CompanyRow, overrides: Parameters<typeof createUser>[1] = {}) =>
      createUser(company, { roles: [ROLE.admin, ROLE.user], ...overrides }),
    createSuperAdmin: (company: CompanyRow, overrides: Parameters<typeof createUser>[1] = {}) =>
      createUser(company, { roles: [ROLE.superAdmin, ROLE.admin, ROLE.user], ...overrides }),
  };
}

export type Factories = ReturnType<typeof factories>;
export type { Session };
