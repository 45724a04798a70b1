import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { tenantOrSharedPolicy, tenantPolicy } from './rls.js';

export const USER_STATUS = { passive: 0, active: 1, pendingApproval: 2 } as const;

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    name: text().notNull(),
    surname: text().notNull(),
    email: text(),
    username: text(),
    phone: text(),
    nationalId: text(),
    registrationNumber: text(),
    photo: text(),
    bio: text(),
    language: text().notNull().default('tr'),
    status: smallint().notNull().default(USER_STATUS.active),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    passwordHash: text(),
    department: text(),
    title: text(),
    /** The person's manager, a user of the same company (checked by the users service). */
    managerId: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    location: text(),
    hireDate: date({ mode: 'string' }),
    /** Company-defined fields: key → text. */
    customFields: jsonb().$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_company_email_key').on(t.companyId, sql`lower(${t.email})`),
    uniqueIndex('users_company_username_key').on(t.companyId, sql`lower(${t.username})`),
    uniqueIndex('users_company_phone_key').on(t.companyId, t.phone),
    uniqueIndex('users_company_national_id_key').on(t.companyId, t.nationalId),
    uniqueIndex('users_company_registration_number_key').on(t.companyId, t.registrationNumber),
    index('users_email_idx').on(sql`lower(${t.email})`),
    // The admin list's default order and its sortable columns, each leading with the tenant.
    index('users_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('users_company_name_idx').on(t.companyId, t.name, t.id),
    index('users_company_surname_idx').on(t.companyId, t.surname, t.id),
    index('users_company_last_login_idx').on(t.companyId, t.lastLoginAt, t.id),
    index('users_company_status_idx').on(t.companyId, t.status, t.id),
    index('users_company_manager_idx').on(t.companyId, t.managerId),
    tenantPolicy(t.companyId),
  ],
);

/** Built-in roles (ids 1–3) have no company; company-defined roles belong to one. */
export const roles = pgTable(
  'roles',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    companyId: integer(),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('roles_company_idx').on(t.companyId), tenantOrSharedPolicy(t.companyId)],
);

/** The permission catalogue is global: names come from @kampus/shared and are synced at boot. */
export const permissions = pgTable('permissions', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull().unique(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    companyId: integer(),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer()
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] }), tenantOrSharedPolicy(t.companyId)],
);

/** A user's role in a company; its id is the session scope's role_user_id. */
export const roleUser = pgTable(
  'role_user',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('role_user_company_user_role_key').on(t.companyId, t.userId, t.roleId),
    index('role_user_user_idx').on(t.userId),
    tenantPolicy(t.companyId),
  ],
);

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Every rotation adds a row to the family; presenting a rotated
 * token again revokes the whole family (RFC 9700 §4.14.2). company_id is the host company the session is bound to.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid().notNull(),
    tokenHash: text().notNull(),
    actingCompanyId: integer().notNull(),
    impersonatorId: integer(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.companyId, t.familyId),
    index('refresh_tokens_user_idx').on(t.companyId, t.userId),
    tenantPolicy(t.companyId),
  ],
);

export const ONE_TIME_PURPOSE = {
  login: 'login',
  passwordReset: 'password_reset',
  passwordCreate: 'password_create',
  emailVerification: 'email_verification',
  smsLogin: 'sms_login',
} as const;
export type OneTimePurpose = (typeof ONE_TIME_PURPOSE)[keyof typeof ONE_TIME_PURPOSE];

/** Single-use secrets (login links, password links, SMS challenges), stored hashed; company_id is where they are valid. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().$type<OneTimePurpose>().notNull(),
    tokenHash: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    attempts: smallint().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash), tenantPolicy(t.companyId)],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    actorUserId: integer(),
    impersonatorId: integer(),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: integer(),
    before: jsonb(),
    after: jsonb(),
    ip: inet(),
    requestId: text(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_logs_company_created_idx').on(t.companyId, t.createdAt), tenantPolicy(t.companyId)],
);
