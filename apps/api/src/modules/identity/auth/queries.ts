import { type LoginIdentifier, PERMISSIONS, ROLE } from '@kampus/shared';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { jsonbRaw } from '../../../db/schema/columns.js';
import {
  companies,
  companySettings,
  ONE_TIME_PURPOSE,
  type OneTimePurpose,
  oneTimeTokens,
  permissions,
  refreshTokens,
  rolePermissions,
  roles,
  roleUser,
  users,
} from '../../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

const identifierColumns: Record<LoginIdentifier, (value: string) => ReturnType<typeof eq>> = {
  email: (v) => eq(sql`lower(${users.email})`, v.toLowerCase()),
  username: (v) => eq(sql`lower(${users.username})`, v.toLowerCase()),
  phone: (v) => eq(users.phone, v.replace(/[\s()-]/g, '')),
  national_id: (v) => eq(users.nationalId, v),
  registration_number: (v) => eq(users.registrationNumber, v),
};

const isSuperAdminSql = sql<boolean>`exists (select 1 from ${roleUser} where ${roleUser.userId} = ${users.id} and ${roleUser.roleId} = ${ROLE.superAdmin})`;

/**
 * The account an identifier names for a sign-in on a company's host: a user of that company, of its group's main
 * company, or a super admin; the host company's own users win a tie.
 */
export async function findLoginCandidate(
  tx: Db,
  host: CompanyRow,
  identifier: string,
  allowed: readonly LoginIdentifier[],
): Promise<(UserRow & { isSuperAdmin: boolean }) | undefined> {
  const matches = or(...allowed.map((kind) => identifierColumns[kind](identifier)));
  const homeCompanies = host.parentId ? [host.id, host.parentId] : [host.id];
  const [row] = await tx
    .select({ user: users, isSuperAdmin: isSuperAdminSql })
    .from(users)
    .where(and(matches, or(inArray(users.companyId, homeCompanies), isSuperAdminSql)))
    .orderBy(sql`(${users.companyId} = ${host.id}) desc`, sql`(${users.companyId} = ${host.parentId ?? 0}) desc`)
    .limit(1);
  return row ? { ...row.user, isSuperAdmin: row.isSuperAdmin } : undefined;
}

/** A user that identity flows on a host may reach: its own, its group main company's, or a super admin. */
export async function findUserForHost(tx: Db, userId: number, host: CompanyRow): Promise<UserRow | undefined> {
  const homeCompanies = host.parentId ? [host.id, host.parentId] : [host.id];
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), or(inArray(users.companyId, homeCompanies), isSuperAdminSql)))
    .limit(1);
  return row;
}

export async function findUserById(tx: Db, userId: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function findUserInCompanies(tx: Db, userId: number, companyIds: number[]): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.companyId, companyIds)))
    .limit(1);
  return row;
}

export async function findUserByEmail(tx: Db, companyId: number, email: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(sql`lower(${users.email})`, email.toLowerCase())))
    .limit(1);
  return row;
}

export async function findCompany(tx: Db, id: number): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

export async function findChildCompanyIds(tx: Db, parentId: number): Promise<number[]> {
  const rows = await tx.select({ id: companies.id }).from(companies).where(eq(companies.parentId, parentId));
  return rows.map((r) => r.id);
}

export interface RoleGrant {
  roleUserId: number;
  companyId: number;
  roleId: number;
  roleName: string;
}

/** The user's roles in every company, with the permissions of the ones that apply in the acting company. */
export async function findRoleGrants(tx: Db, userId: number): Promise<RoleGrant[]> {
  return tx
    .select({ roleUserId: roleUser.id, companyId: roleUser.companyId, roleId: roles.id, roleName: roles.name })
    .from(roleUser)
    .innerJoin(roles, eq(roles.id, roleUser.roleId))
    .where(eq(roleUser.userId, userId))
    .orderBy(asc(roles.id));
}

export async function findPermissionNames(tx: Db, roleIds: number[]): Promise<Map<number, string[]>> {
  const byRole = new Map<number, string[]>(roleIds.map((id) => [id, []]));
  if (roleIds.includes(ROLE.superAdmin)) byRole.set(ROLE.superAdmin, [...PERMISSIONS]);
  const others = roleIds.filter((id) => id !== ROLE.superAdmin);
  if (others.length === 0) return byRole;
  const rows = await tx
    .select({ roleId: rolePermissions.roleId, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, others))
    .orderBy(asc(permissions.name));
  for (const row of rows) byRole.get(row.roleId)?.push(row.name);
  return byRole;
}

export async function findSetting(tx: Db, companyId: number, key: string): Promise<unknown> {
  const [row] = await tx
    .select({ value: jsonbRaw(companySettings.value) })
    .from(companySettings)
    .where(and(eq(companySettings.companyId, companyId), eq(companySettings.key, key)))
    .limit(1);
  return row?.value;
}

export async function insertRefreshToken(tx: Db, values: typeof refreshTokens.$inferInsert): Promise<void> {
  await tx.insert(refreshTokens).values(values);
}

/** Marks a live refresh token rotated, atomically: of two concurrent uses only one wins. */
export async function rotateRefreshToken(tx: Db, companyId: number, tokenHash: string) {
  const [row] = await tx
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.companyId, companyId),
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

export async function findRefreshToken(tx: Db, companyId: number, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.companyId, companyId), eq(refreshTokens.tokenHash, tokenHash)))
    .limit(1);
  return row;
}

/**
 * Whether a session (refresh family) still lives: its current token is neither rotated, revoked nor expired. Revoking
 * goes through platform.sessions.revoke, which also denylists the family's access tokens.
 */
export async function isLiveSession(tx: Db, companyId: number, familyId: string, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.companyId, companyId),
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertOneTimeToken(tx: Db, values: typeof oneTimeTokens.$inferInsert): Promise<void> {
  await tx.insert(oneTimeTokens).values(values);
}

/** Many single-use tokens in one statement (a mail batch's login links). */
export async function insertOneTimeTokens(tx: Db, values: (typeof oneTimeTokens.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await tx.insert(oneTimeTokens).values(values);
}

/** A usable single-use token of a purpose at a company: not used, not expired. */
export async function findUsableOneTimeToken(tx: Db, companyId: number, purpose: OneTimePurpose, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.companyId, companyId),
        eq(oneTimeTokens.purpose, purpose),
        eq(oneTimeTokens.tokenHash, tokenHash),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/** Consumes a single-use token; false when another request consumed it first. */
export async function consumeOneTimeToken(tx: Db, id: number): Promise<boolean> {
  const rows = await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

export async function countSmsAttempt(tx: Db, id: number): Promise<number> {
  const [row] = await tx
    .update(oneTimeTokens)
    .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
    .where(eq(oneTimeTokens.id, id))
    .returning({ attempts: oneTimeTokens.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

export async function updateUser(tx: Db, userId: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await tx.update(users).set(values).where(eq(users.id, userId));
}

export async function insertUserWithRole(tx: Db, values: typeof users.$inferInsert, roleId: number): Promise<UserRow> {
  const [user] = await tx.insert(users).values(values).returning();
  if (!user) throw new Error('user insert returned nothing');
  await tx.insert(roleUser).values({ companyId: user.companyId, userId: user.id, roleId });
  return user;
}

export { ONE_TIME_PURPOSE };
