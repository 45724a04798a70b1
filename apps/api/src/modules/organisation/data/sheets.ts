import { BUILT_IN_ROLES, USER_STATUS_NAMES } from '@kampus/shared';
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { auditLogs, pageViews, roles, roleUser, users } from '../../../db/schema/index.js';
import { languageOf, type Translate } from '../../../platform/i18n.js';
import type { Cell } from '../../../platform/resource/export.js';
import { SIGN_IN_AUDIT_ACTION } from '../../identity/auth/service.js';
import { findLabelledFields } from '../users/custom-fields.js';

/** Whose data a workbook holds: the whole company, or one person of it (an access request). */
export interface SheetScope {
  companyId: number;
  userId: number | null;
}

/**
 * The extension point of the data export: every module holding personal data registers one provider, and both the
 * company workbook and a person's access-request workbook are built from all of them. A provider reads inside the
 * export's tenant transaction and yields its rows in batches, so 10,000 people never sit in memory at once.
 */
export interface SheetProvider {
  /** Unique; the sheet is named by `data.sheets.<key>`. */
  key: string;
  headers(tx: Db, scope: SheetScope, t: Translate): Promise<string[]>;
  rows(tx: Db, scope: SheetScope, t: Translate): AsyncIterable<Cell[][]>;
}

export const SHEET_BATCH = 2000;

/** Walks a table by ascending id, one batch at a time (keyset paging: no OFFSET cost on the last pages). */
export async function* byIdBatches<T extends { id: number }>(
  fetch: (afterId: number, limit: number) => Promise<T[]>,
): AsyncIterable<T[]> {
  let after = 0;
  for (;;) {
    const rows = await fetch(after, SHEET_BATCH);
    if (rows.length > 0) yield rows;
    if (rows.length < SHEET_BATCH) return;
    after = rows.at(-1)!.id;
  }
}

const iso = (value: Date | null) => value?.toISOString() ?? null;
const fullName = (name: string | null, surname: string | null) =>
  name === null ? null : `${name} ${surname ?? ''}`.trim();
const ofScope = (scope: SheetScope, userColumn: PgColumn): SQL | undefined =>
  scope.userId === null ? undefined : eq(userColumn, scope.userId);

/** A built-in role by its localized name, a company role as the company named it. */
export function roleLabel(role: { id: number; name: string }, t: Translate): string {
  return BUILT_IN_ROLES.some((b) => b.id === role.id) ? t(`profile.role_names.${role.name}`) : role.name;
}

const managers = alias(users, 'manager');

/** The custom-field keys stored, defined or not, so no value is left out of the workbook. */
async function storedCustomFieldKeys(tx: Db, scope: SheetScope): Promise<string[]> {
  const result = await tx.execute(sql`
    select distinct jsonb_object_keys(${users.customFields}) as key from ${users}
    where ${users.companyId} = ${scope.companyId} ${scope.userId === null ? sql`` : sql`and ${users.id} = ${scope.userId}`}
    order by key`);
  return (result as unknown as { rows: { key: string }[] }).rows.map((row) => row.key);
}

/**
 * One column per custom field: the company's defined fields in their order, under their labels, then any key still
 * stored that is no longer defined, under its key.
 */
async function customFieldColumns(tx: Db, scope: SheetScope, t: Translate) {
  const [defined, stored] = await Promise.all([
    findLabelledFields(tx, scope.companyId, languageOf(t)),
    storedCustomFieldKeys(tx, scope),
  ]);
  const definedKeys = new Set(defined.map((field) => field.key));
  const leftOver = stored
    .filter((key) => !definedKeys.has(key))
    .map((key) => ({ key, label: t('data.columns.custom_field', { key }) }));
  return [...defined, ...leftOver];
}

/**
 * Everything an administrator sees of a person. The national id is left out of the company workbook, as from every
 * list export, but a person asking for their own data gets it.
 */
export const usersSheet: SheetProvider = {
  key: 'users',
  async headers(tx, scope, t) {
    const fields = await customFieldColumns(tx, scope, t);
    const c = (key: string) => t(`users.columns.${key}`);
    return [
      c('id'),
      c('name'),
      c('surname'),
      c('email'),
      c('username'),
      c('phone'),
      c('registration_number'),
      ...(scope.userId === null ? [] : [t('data.columns.national_id')]),
      c('department'),
      c('title'),
      c('manager'),
      c('location'),
      c('hire_date'),
      ...fields.map((field) => field.label),
      c('roles'),
      c('status'),
      c('language'),
      c('created_at'),
      c('last_login_at'),
    ];
  },
  async *rows(tx, scope, t) {
    const fields = await customFieldColumns(tx, scope, t);
    const batches = byIdBatches((after, limit) =>
      tx
        .select({ user: users, manager: { name: managers.name, surname: managers.surname } })
        .from(users)
        .leftJoin(managers, and(eq(managers.id, users.managerId), eq(managers.companyId, users.companyId)))
        .where(and(eq(users.companyId, scope.companyId), ofScope(scope, users.id), gt(users.id, after)))
        .orderBy(asc(users.id))
        .limit(limit)
        .then((rows) => rows.map((row) => ({ ...row, id: row.user.id }))),
    );
    for await (const batch of batches) {
      const grants = await tx
        .select({ userId: roleUser.userId, id: roles.id, name: roles.name })
        .from(roleUser)
        .innerJoin(roles, eq(roles.id, roleUser.roleId))
        .where(
          and(
            eq(roleUser.companyId, scope.companyId),
            inArray(
              roleUser.userId,
              batch.map((row) => row.id),
            ),
          ),
        )
        .orderBy(asc(roles.id));
      yield batch.map(({ user, manager }) => [
        user.id,
        user.name,
        user.surname,
        user.email,
        user.username,
        user.phone,
        user.registrationNumber,
        ...(scope.userId === null ? [] : [user.nationalId]),
        user.department,
        user.title,
        fullName(manager?.name ?? null, manager?.surname ?? null),
        user.location,
        user.hireDate,
        ...fields.map((field) => user.customFields?.[field.key] ?? null),
        grants
          .filter((grant) => grant.userId === user.id)
          .map((grant) => roleLabel(grant, t))
          .join(', '),
        t(`users.status.${USER_STATUS_NAMES[user.status as keyof typeof USER_STATUS_NAMES] ?? 'passive'}`),
        user.language,
        iso(user.createdAt),
        iso(user.lastLoginAt),
      ]);
    }
  },
};

/** Who holds which role in the company, one row per assignment. */
export const roleAssignmentsSheet: SheetProvider = {
  key: 'role_assignments',
  async headers(_tx, _scope, t) {
    return ['user_id', 'name', 'surname', 'role_id', 'role'].map((key) => t(`data.columns.${key}`));
  },
  async *rows(tx, scope, t) {
    const batches = byIdBatches((after, limit) =>
      tx
        .select({
          id: roleUser.id,
          userId: roleUser.userId,
          name: users.name,
          surname: users.surname,
          roleId: roles.id,
          roleName: roles.name,
        })
        .from(roleUser)
        .innerJoin(users, and(eq(users.id, roleUser.userId), eq(users.companyId, roleUser.companyId)))
        .innerJoin(roles, eq(roles.id, roleUser.roleId))
        .where(and(eq(roleUser.companyId, scope.companyId), ofScope(scope, roleUser.userId), gt(roleUser.id, after)))
        .orderBy(asc(roleUser.id))
        .limit(limit),
    );
    for await (const batch of batches) {
      yield batch.map((row) => [
        row.userId,
        row.name,
        row.surname,
        row.roleId,
        roleLabel({ id: row.roleId, name: row.roleName }, t),
      ]);
    }
  },
};

/** Every sign-in (the `user.signed_in` audit rows): when, from where. */
export const signInsSheet: SheetProvider = {
  key: 'sign_ins',
  async headers(_tx, _scope, t) {
    return ['user_id', 'name', 'surname', 'signed_in_at', 'ip'].map((key) => t(`data.columns.${key}`));
  },
  async *rows(tx, scope) {
    const batches = byIdBatches((after, limit) =>
      tx
        .select({
          id: auditLogs.id,
          userId: auditLogs.actorUserId,
          name: users.name,
          surname: users.surname,
          at: auditLogs.createdAt,
          ip: auditLogs.ip,
        })
        .from(auditLogs)
        .leftJoin(users, and(eq(users.id, auditLogs.actorUserId), eq(users.companyId, auditLogs.companyId)))
        .where(
          and(
            eq(auditLogs.companyId, scope.companyId),
            eq(auditLogs.action, SIGN_IN_AUDIT_ACTION),
            scope.userId === null ? undefined : eq(auditLogs.actorUserId, scope.userId),
            gt(auditLogs.id, after),
          ),
        )
        .orderBy(asc(auditLogs.id))
        .limit(limit),
    );
    for await (const batch of batches) {
      yield batch.map((row) => [row.userId, row.name, row.surname, iso(row.at), row.ip]);
    }
  },
};

/** The pages each person opened (path only: the query never reaches the table). */
export const pageViewsSheet: SheetProvider = {
  key: 'page_views',
  async headers(_tx, _scope, t) {
    return ['user_id', 'name', 'surname', 'path', 'route_name', 'viewed_at'].map((key) => t(`data.columns.${key}`));
  },
  async *rows(tx, scope) {
    const batches = byIdBatches((after, limit) =>
      tx
        .select({
          id: pageViews.id,
          userId: pageViews.userId,
          name: users.name,
          surname: users.surname,
          path: pageViews.path,
          routeName: pageViews.routeName,
          at: pageViews.createdAt,
        })
        .from(pageViews)
        .innerJoin(users, and(eq(users.id, pageViews.userId), eq(users.companyId, pageViews.companyId)))
        .where(and(eq(pageViews.companyId, scope.companyId), ofScope(scope, pageViews.userId), gt(pageViews.id, after)))
        .orderBy(asc(pageViews.id))
        .limit(limit),
    );
    for await (const batch of batches) {
      yield batch.map((row) => [row.userId, row.name, row.surname, row.path, row.routeName, iso(row.at)]);
    }
  },
};

export const BUILT_IN_SHEETS: SheetProvider[] = [usersSheet, roleAssignmentsSheet, signInsSheet, pageViewsSheet];
