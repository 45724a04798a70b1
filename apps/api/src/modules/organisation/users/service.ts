import {
  type AdminUser,
  type AdminUserCreate,
  type AdminUserListQuery,
  type AdminUserUpdate,
  isLocale,
  type Locale,
  ROLE,
  USER_STATUS_NAMES,
  userStatusSchema,
  usersContract,
} from '@kampus/shared';
import { and, desc, eq, gte, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { preparedQuery } from '../../../db/prepared.js';
import { companies, roles, roleUser, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { forbidden, invalidFields } from '../../../platform/http/errors.js';
import { languageOf } from '../../../platform/i18n.js';
import { columnValues, defineResource } from '../../../platform/resource/resource.js';
import type { AuthService } from '../../identity/auth/service.js';
import { USER_COLUMNS } from './columns.js';
import { assertDefinedKeys, findDefinedFields, findLabelledFields, mergeCustomFields } from './custom-fields.js';
import { createUserImport } from './import-service.js';
import { createRegistrationRequests } from './registration-requests.js';

const managers = alias(users, 'manager');

/**
 * The users of ids with their manager and their roles, in one statement: the roles come as a JSON array from a
 * subquery rather than from a second query. Only the columns an AdminUser shows are read (never the password hash).
 * Every users page and change presents through it, so it is built once (db/prepared.ts).
 */
const findUserRows = preparedQuery('users_present', (db) =>
  db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      username: users.username,
      phone: users.phone,
      registrationNumber: users.registrationNumber,
      nationalId: users.nationalId,
      language: users.language,
      status: users.status,
      department: users.department,
      title: users.title,
      location: users.location,
      hireDate: users.hireDate,
      customFields: users.customFields,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
      manager: { id: managers.id, name: managers.name, surname: managers.surname },
      roles: sql<{ id: number; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}) order by ${roles.id})
        from ${roleUser} inner join ${roles} on ${roles.id} = ${roleUser.roleId}
        where ${roleUser.userId} = ${users.id} and ${roleUser.companyId} = ${users.companyId}), '[]')`,
    })
    .from(users)
    .leftJoin(managers, and(eq(managers.id, users.managerId), eq(managers.companyId, users.companyId)))
    .where(and(eq(users.companyId, sql.placeholder('companyId')), eq(users.id, sql`any(${sql.placeholder('ids')})`))),
);

async function presentUsers(tx: Db, companyId: number, ids: number[]): Promise<AdminUser[]> {
  if (ids.length === 0) return [];
  const rows = await findUserRows(tx, { companyId, ids });
  return rows.map((user) => ({
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    username: user.username,
    phone: user.phone,
    registration_number: user.registrationNumber,
    national_id: user.nationalId,
    language: isLocale(user.language) ? user.language : 'tr',
    status: userStatusSchema.catch(0).parse(user.status),
    roles: user.roles,
    department: user.department,
    title: user.title,
    manager: user.manager,
    location: user.location,
    hire_date: user.hireDate,
    custom_fields: user.customFields ?? {},
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  }));
}

type Identifiers = Pick<AdminUserUpdate, 'email' | 'username' | 'phone' | 'registration_number' | 'national_id'>;

/** Each identifier is unique within the company (case-insensitive for email and username). */
async function assertUniqueIdentifiers(tx: Db, companyId: number, input: Identifiers, exceptId?: number) {
  const checks: [keyof Identifiers, SQL | undefined, string][] = [
    [
      'email',
      input.email ? eq(sql`lower(${users.email})`, input.email.toLowerCase()) : undefined,
      'errors.email_taken',
    ],
    [
      'username',
      input.username ? eq(sql`lower(${users.username})`, input.username.toLowerCase()) : undefined,
      'errors.username_taken',
    ],
    ['phone', input.phone ? eq(users.phone, input.phone) : undefined, 'users.phone_taken'],
    [
      'registration_number',
      input.registration_number ? eq(users.registrationNumber, input.registration_number) : undefined,
      'users.registration_number_taken',
    ],
    ['national_id', input.national_id ? eq(users.nationalId, input.national_id) : undefined, 'users.national_id_taken'],
  ];
  const errors: Record<string, string> = {};
  for (const [field, condition, key] of checks) {
    if (!condition) continue;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), condition, exceptId ? ne(users.id, exceptId) : undefined))
      .limit(1);
    if (taken) errors[field] = key;
  }
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
}

/** The unique indexes of users and the field each one guards. */
const UNIQUE_INDEX_FIELDS: Record<string, [field: string, key: string]> = {
  users_company_email_key: ['email', 'errors.email_taken'],
  users_company_username_key: ['username', 'errors.username_taken'],
  users_company_phone_key: ['phone', 'users.phone_taken'],
  users_company_registration_number_key: ['registration_number', 'users.registration_number_taken'],
  users_company_national_id_key: ['national_id', 'users.national_id_taken'],
};

/**
 * Two administrators saving the same identifier at once both pass the check above; the unique index stops the second,
 * and this turns its error into the same field error instead of a 500.
 */
export function uniqueViolationOf(error: unknown): Record<string, string> | null {
  const cause = ((error as { cause?: unknown })?.cause ?? error) as { code?: string; constraint?: string };
  const hit = cause?.code === '23505' && cause.constraint ? UNIQUE_INDEX_FIELDS[cause.constraint] : undefined;
  return hit ? { [hit[0]]: hit[1] } : null;
}

async function withUniqueFields<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const fields = uniqueViolationOf(error);
    throw fields ? invalidFields(fields) : error;
  }
}

/** Roles the company may hand out: the built-in admin and user, its own roles, and super admin only by a super admin. */
async function assertAssignableRoles(tx: Db, actor: Actor, roleIds: number[]) {
  const unique = [...new Set(roleIds)];
  const found = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, unique), or(isNull(roles.companyId), eq(roles.companyId, actor.companyId))));
  const allowed = found.filter((r) => r.id !== ROLE.superAdmin || actor.isSuperAdmin);
  if (allowed.length !== unique.length) throw invalidFields({ role_ids: 'users.role_invalid' });
}

/** The manager is another user of the same company, and the chain of managers never comes back to the user. */
async function assertValidManager(tx: Db, companyId: number, managerId: number, userId?: number) {
  if (managerId === userId) throw invalidFields({ manager_id: 'users.manager_self' });
  const [found] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, managerId)));
  if (!found) throw invalidFields({ manager_id: 'users.manager_invalid' });
  if (userId === undefined) return;
  const cycle = await tx.execute(sql`
    with recursive chain(id, depth) as (
      select ${users.managerId}, 1 from ${users} where ${users.id} = ${managerId} and ${users.companyId} = ${companyId}
      union all
      select u.manager_id, chain.depth + 1 from ${users} u join chain on u.id = chain.id
      where u.company_id = ${companyId} and chain.depth < 100
    )
    select 1 from chain where id = ${userId} limit 1`);
  if ((cycle as unknown as { rows: unknown[] }).rows.length > 0)
    throw invalidFields({ manager_id: 'users.manager_cycle' });
}

/** Replaces the user's roles in the company; only a super admin grants or removes the super admin role. */
async function replaceRoles(tx: Db, actor: Actor, userId: number, roleIds: number[]) {
  await tx
    .delete(roleUser)
    .where(
      and(
        eq(roleUser.companyId, actor.companyId),
        eq(roleUser.userId, userId),
        actor.isSuperAdmin ? undefined : ne(roleUser.roleId, ROLE.superAdmin),
      ),
    );
  const next = [...new Set(roleIds)].filter((id) => actor.isSuperAdmin || id !== ROLE.superAdmin);
  if (next.length > 0) {
    await tx
      .insert(roleUser)
      .values(next.map((roleId) => ({ companyId: actor.companyId, userId, roleId })))
      .onConflictDoNothing();
  }
}

const isSuperAdminUser = (user: AdminUser) => user.roles.some((r) => r.id === ROLE.superAdmin);

/** A company administrator cannot change a super admin's account; only another super admin can. */
function assertMayManage(actor: Actor, items: AdminUser[]) {
  if (!actor.isSuperAdmin && items.some(isSuperAdminUser)) throw forbidden('users.super_admin_protected');
}

/** The checks an administrator's own account needs so a company cannot lock itself out by accident. */
function assertSelfChange(actor: Actor, before: AdminUser, input: AdminUserUpdate) {
  if (before.id !== actor.userId) return;
  if (input.status !== undefined && input.status !== 1) {
    throw invalidFields({ status: 'users.cannot_deactivate_self' });
  }
  const wasAdmin = before.roles.some((r) => r.id === ROLE.admin);
  if (wasAdmin && input.role_ids && !input.role_ids.includes(ROLE.admin)) {
    throw invalidFields({ role_ids: 'users.cannot_drop_own_admin' });
  }
}

/** The custom field values to store: only defined fields may be given; see `mergeCustomFields`. */
async function customFieldsToStore(
  tx: Db,
  companyId: number,
  stored: Record<string, string>,
  given: Record<string, string> | undefined,
): Promise<Record<string, string> | undefined> {
  if (given === undefined) return undefined;
  assertDefinedKeys(given, await findDefinedFields(tx, companyId));
  return mergeCustomFields(stored, given);
}

function filters() {
  return {
    status: (v: number) => eq(users.status, v),
    role_id: (v: number) =>
      sql`exists (select 1 from ${roleUser} where ${roleUser.userId} = ${users.id} and ${roleUser.companyId} = ${users.companyId} and ${roleUser.roleId} = ${v})`,
    created_from: (v: string) => gte(users.createdAt, sql`${v}::date`),
    created_to: (v: string) => lt(users.createdAt, sql`${v}::date + 1`),
  };
}

const fullName = (p: { name: string; surname: string } | null) => (p ? `${p.name} ${p.surname}` : null);

export function createUsersService(platform: Platform, deps: { auth: Pick<AuthService, 'sendPasswordCreateLink'> }) {
  const db = platform.database.db;

  /** A person made passive or deleted is signed out everywhere at once, not at their next refresh. */
  const endSessionsOf = (tx: Db, ids: number[]) => platform.sessions.revoke(tx, { userIds: ids });

  /** A new active user with an email gets the one-time link to set a first password. */
  async function sendFirstPasswordLink(actor: Actor, item: AdminUser) {
    if (!item.email || item.status !== 1) return;
    const [row, company] = await inTenant(db, actor.companyId, (tx) =>
      Promise.all([
        tx
          .select()
          .from(users)
          .where(and(eq(users.companyId, actor.companyId), eq(users.id, item.id)))
          .then((r) => r[0]),
        tx
          .select()
          .from(companies)
          .where(eq(companies.id, actor.companyId))
          .then((r) => r[0]),
      ]),
    );
    if (row && company) await deps.auth.sendPasswordCreateLink(row, company);
  }

  const resource = defineResource<AdminUser, AdminUserCreate, AdminUserUpdate, AdminUserListQuery>(db, {
    contract: usersContract,
    entity: 'user',
    table: users,
    columns: USER_COLUMNS,
    defaultOrder: [desc(users.createdAt)],
    search: [users.name, users.surname, users.email, users.username, users.registrationNumber],
    filters: filters(),
    present: presentUsers,

    async create(tx, actor, input) {
      await assertUniqueIdentifiers(tx, actor.companyId, input);
      await assertAssignableRoles(tx, actor, input.role_ids);
      if (input.manager_id) await assertValidManager(tx, actor.companyId, input.manager_id);
      const customFields = await customFieldsToStore(tx, actor.companyId, {}, input.custom_fields);
      const [row] = await withUniqueFields(() =>
        tx
          .insert(users)
          .values({
            ...columnValues(USER_COLUMNS, users, { ...input, custom_fields: customFields }),
            companyId: actor.companyId,
            name: input.name,
            surname: input.surname,
            managerId: input.manager_id,
          })
          .returning({ id: users.id }),
      );
      if (!row) throw new Error('user insert returned nothing');
      await replaceRoles(tx, actor, row.id, input.role_ids);
      return row.id;
    },

    async update(tx, actor, before, input) {
      assertMayManage(actor, [before]);
      assertSelfChange(actor, before, input);
      const merged = {
        email: input.email === undefined ? before.email : input.email,
        username: input.username === undefined ? before.username : input.username,
        registration_number:
          input.registration_number === undefined ? before.registration_number : input.registration_number,
      };
      if (!merged.email && !merged.username && !merged.registration_number) {
        throw invalidFields({ email: 'users.identifier_required' });
      }
      await assertUniqueIdentifiers(tx, actor.companyId, input, before.id);
      if (input.role_ids) await assertAssignableRoles(tx, actor, input.role_ids);
      if (input.manager_id) await assertValidManager(tx, actor.companyId, input.manager_id, before.id);
      const customFields = await customFieldsToStore(tx, actor.companyId, before.custom_fields, input.custom_fields);
      const columns = {
        ...columnValues(USER_COLUMNS, users, { ...input, custom_fields: customFields }),
        ...(input.manager_id === undefined ? {} : { managerId: input.manager_id }),
      };
      if (Object.keys(columns).length > 0) {
        await withUniqueFields(() =>
          tx
            .update(users)
            .set(columns)
            .where(and(eq(users.companyId, actor.companyId), eq(users.id, before.id))),
        );
      }
      if (input.role_ids) await replaceRoles(tx, actor, before.id, input.role_ids);
      if (input.status !== undefined && input.status !== 1) await endSessionsOf(tx, [before.id]);
    },

    async beforeDelete(tx, actor, items) {
      assertMayManage(actor, items);
      if (items.some((u) => u.id === actor.userId)) throw invalidFields({ ids: 'users.cannot_delete_self' });
      // Before the rows go: their refresh tokens are deleted with them, and the ids to denylist with those.
      await endSessionsOf(
        tx,
        items.map((u) => u.id),
      );
    },

    afterCreate: sendFirstPasswordLink,

    status: {
      schema: userStatusSchema,
      async apply(tx, actor, items, status) {
        assertMayManage(actor, items);
        if (status !== 1 && items.some((u) => u.id === actor.userId)) {
          throw invalidFields({ status: 'users.cannot_deactivate_self' });
        }
        await tx
          .update(users)
          .set({ status })
          .where(
            and(
              eq(users.companyId, actor.companyId),
              inArray(
                users.id,
                items.map((u) => u.id),
              ),
            ),
          );
        if (status !== 1) {
          await endSessionsOf(
            tx,
            items.map((u) => u.id),
          );
        }
      },
    },

    export: {
      fileName: 'users.export_file',
      columns: [
        { header: 'users.columns.id', value: (u) => u.id },
        { header: 'users.columns.name', value: (u) => u.name },
        { header: 'users.columns.surname', value: (u) => u.surname },
        { header: 'users.columns.email', value: (u) => u.email },
        { header: 'users.columns.username', value: (u) => u.username },
        { header: 'users.columns.phone', value: (u) => u.phone },
        { header: 'users.columns.registration_number', value: (u) => u.registration_number },
        { header: 'users.columns.department', value: (u) => u.department },
        { header: 'users.columns.title', value: (u) => u.title },
        { header: 'users.columns.manager', value: (u) => fullName(u.manager) },
        { header: 'users.columns.location', value: (u) => u.location },
        { header: 'users.columns.hire_date', value: (u) => u.hire_date },
        {
          header: 'users.columns.status',
          value: (u, t) => t(`users.status.${USER_STATUS_NAMES[u.status]}`),
        },
        { header: 'users.columns.roles', value: (u) => u.roles.map((r) => r.name).join(', ') },
        { header: 'users.columns.language', value: (u) => u.language },
        { header: 'users.columns.last_login_at', value: (u) => u.last_login_at },
        { header: 'users.columns.created_at', value: (u) => u.created_at },
      ],
      // The company's own fields, labelled in the request's language, after the built-in columns.
      extraColumns: async (tx, companyId, t) =>
        (await findLabelledFields(tx, companyId, languageOf(t))).map((field) => ({
          label: field.label,
          value: (u: AdminUser) => u.custom_fields[field.key] ?? null,
        })),
    },
  });

  return {
    resource,
    /** Bulk import from xlsx or csv, and its template (`api/admin/users/import*`). */
    import: createUserImport(platform, deps, presentUsers),
    /** Self-registered people waiting for approval (`api/admin/registration-requests`). */
    registrationRequests: createRegistrationRequests(platform, { resource }),
    /** GET api/admin/users/custom-fields: what the user form shows, for holders of show_user. */
    customFields: (actor: Actor, lang: Locale) =>
      inTenant(db, actor.companyId, (tx) => findLabelledFields(tx, actor.companyId, lang)),
    /** POST api/admin/users/{id}/reactivate: a passive (or pending) user becomes active again. */
    reactivate: async (actor: Actor, id: number) => {
      await resource.setStatus(actor, [id], 1);
      return resource.read(actor, id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
