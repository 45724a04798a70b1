import {
  type AdminRole,
  type AdminRoleCreate,
  type AdminRoleListQuery,
  type AdminRoleUpdate,
  isPermission,
  type Permission,
  parseSort,
  ROLE,
} from '@kampus/shared';
import { and, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { permissions, rolePermissions, roles, roleUser } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { HttpError, invalidFields, notFound } from '../../../platform/http/errors.js';
import { foldCase } from '../../../platform/resource/resource.js';

/** Built-in roles are shared by every company; changing one would change (or lock out) all of them. */
const builtInReadOnly = () => new HttpError(422, 'roles.built_in_read_only', {}, { id: ['roles.built_in_read_only'] });

/** Roles the actor's company sees: the built-ins (super admin only to a super admin) and its own. */
function visibleTo(actor: Actor) {
  return and(
    or(isNull(roles.companyId), eq(roles.companyId, actor.companyId)),
    actor.isSuperAdmin ? undefined : ne(roles.id, ROLE.superAdmin),
  );
}

async function presentRoles(tx: Db, actor: Actor, ids?: number[]): Promise<AdminRole[]> {
  const where = and(visibleTo(actor), ids ? inArray(roles.id, ids) : undefined);
  const rows = await tx.select({ id: roles.id, name: roles.name, companyId: roles.companyId }).from(roles).where(where);
  if (rows.length === 0) return [];
  const roleIds = rows.map((r) => r.id);
  const [grants, counts] = await Promise.all([
    tx
      .select({ roleId: rolePermissions.roleId, name: permissions.name })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(inArray(rolePermissions.roleId, roleIds))
      .orderBy(permissions.id),
    // Users are counted in the actor's company only, also for the shared built-ins.
    tx
      .select({ roleId: roleUser.roleId, value: count() })
      .from(roleUser)
      .where(and(eq(roleUser.companyId, actor.companyId), inArray(roleUser.roleId, roleIds)))
      .groupBy(roleUser.roleId),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    built_in: row.companyId === null,
    permissions: grants.filter((g) => g.roleId === row.id && isPermission(g.name)).map((g) => g.name as Permission),
    users_count: counts.find((c) => c.roleId === row.id)?.value ?? 0,
  }));
}

function sortRoles(items: AdminRole[], sort: string | undefined): AdminRole[] {
  const parsed = parseSort(sort);
  const direction = parsed?.descending ? -1 : 1;
  const byName = (a: AdminRole, b: AdminRole) => a.name.localeCompare(b.name, 'tr') || a.id - b.id;
  const byId = (a: AdminRole, b: AdminRole) => a.id - b.id;
  const compare = parsed?.field === 'name' ? byName : byId;
  return [...items].sort((a, b) => direction * compare(a, b));
}

async function assertUniqueName(tx: Db, companyId: number, name: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.companyId, companyId),
        eq(sql`lower(${roles.name})`, name.toLowerCase()),
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw invalidFields({ name: 'roles.name_taken' });
}

/** Replaces the role's permissions with the given catalogue names. */
async function grantPermissions(tx: Db, companyId: number, roleId: number, names: Permission[]) {
  await tx
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.companyId, companyId)));
  if (names.length === 0) return;
  const found = await tx.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, names));
  if (found.length !== names.length) throw invalidFields({ permissions: 'roles.permission_invalid' });
  await tx.insert(rolePermissions).values(found.map((p) => ({ companyId, roleId, permissionId: p.id })));
}

/**
 * `/api/admin/roles`. Hand-written on the resource contract rather than declared with defineResource: the framework
 * filters every query by `company_id =`, and the built-in roles (company_id NULL) must be listed to every company.
 * A company has few roles, so the list is filtered, sorted and paged in memory after one tenant query.
 */
export function createRolesService(platform: Platform) {
  const db = platform.database.db;

  const audit = (tx: Db, actor: Actor, action: string, id: number, before?: AdminRole, after?: AdminRole) =>
    record(tx, actor, {
      action: `role.${action}`,
      entity: 'role',
      id: id,
      before: before ?? null,
      after: after ?? null,
    });

  async function readIn(tx: Db, actor: Actor, id: number): Promise<AdminRole> {
    const [item] = await presentRoles(tx, actor, [id]);
    if (!item) throw notFound();
    return item;
  }

  /** The company's own role, for a change: a built-in → 422, anything else not visible → 404. */
  async function ownedIn(tx: Db, actor: Actor, id: number): Promise<AdminRole> {
    const item = await readIn(tx, actor, id);
    if (item.built_in) throw builtInReadOnly();
    return item;
  }

  return {
    list: (actor: Actor, query: AdminRoleListQuery) =>
      inTenant(db, actor.companyId, async (tx) => {
        const all = await presentRoles(tx, actor);
        const needle = query.search ? foldCase(query.search) : null;
        const matching = needle ? all.filter((r) => foldCase(r.name).includes(needle)) : all;
        const sorted = sortRoles(matching, query.sort);
        const start = (query.page - 1) * query.per_page;
        return {
          data: sorted.slice(start, start + query.per_page),
          meta: { page: query.page, per_page: query.per_page, total: sorted.length },
        };
      }),

    read: (actor: Actor, id: number) => inTenant(db, actor.companyId, (tx) => readIn(tx, actor, id)),

    create: (actor: Actor, input: AdminRoleCreate) =>
      inTenant(db, actor.companyId, async (tx) => {
        await assertUniqueName(tx, actor.companyId, input.name);
        const [row] = await tx
          .insert(roles)
          .values({ companyId: actor.companyId, name: input.name })
          .returning({ id: roles.id });
        if (!row) throw new Error('role insert returned nothing');
        await grantPermissions(tx, actor.companyId, row.id, input.permissions);
        const created = await readIn(tx, actor, row.id);
        await audit(tx, actor, 'created', row.id, undefined, created);
        return created;
      }),

    update: (actor: Actor, id: number, input: AdminRoleUpdate) =>
      inTenant(db, actor.companyId, async (tx) => {
        const before = await ownedIn(tx, actor, id);
        if (input.name !== undefined) {
          await assertUniqueName(tx, actor.companyId, input.name, id);
          await tx
            .update(roles)
            .set({ name: input.name })
            .where(and(eq(roles.companyId, actor.companyId), eq(roles.id, id)));
        }
        if (input.permissions) await grantPermissions(tx, actor.companyId, id, input.permissions);
        const after = await readIn(tx, actor, id);
        await audit(tx, actor, 'updated', id, before, after);
        return after;
      }),

    /**
     * PUT api/admin/permissions/{name}/roles: the company's own roles given become exactly those holding the
     * permission; built-in roles are read-only and left as they are. Each role that changes is audited.
     */
    setPermissionHolders: (actor: Actor, name: string, roleIds: number[]) =>
      inTenant(db, actor.companyId, async (tx) => {
        if (!isPermission(name)) throw notFound();
        const all = await presentRoles(tx, actor);
        const own = all.filter((role) => !role.built_in);
        if (!roleIds.every((id) => own.some((role) => role.id === id))) {
          throw invalidFields({ role_ids: 'roles.role_invalid' });
        }
        const [permission] = await tx
          .select({ id: permissions.id })
          .from(permissions)
          .where(eq(permissions.name, name));
        if (!permission) throw notFound();
        for (const before of own) {
          const holds = before.permissions.includes(name);
          const shouldHold = roleIds.includes(before.id);
          if (holds === shouldHold) continue;
          if (shouldHold) {
            await tx
              .insert(rolePermissions)
              .values({ companyId: actor.companyId, roleId: before.id, permissionId: permission.id });
          } else {
            await tx
              .delete(rolePermissions)
              .where(
                and(
                  eq(rolePermissions.companyId, actor.companyId),
                  eq(rolePermissions.roleId, before.id),
                  eq(rolePermissions.permissionId, permission.id),
                ),
              );
          }
          await audit(tx, actor, 'updated', before.id, before, await readIn(tx, actor, before.id));
        }
        return sortRoles(await presentRoles(tx, actor), 'id');
      }),

    /** Deleting a role takes it from its users (role_user cascades); the built-in admin role stays untouched. */
    remove: (actor: Actor, id: number) =>
      inTenant(db, actor.companyId, async (tx) => {
        const before = await ownedIn(tx, actor, id);
        await tx.delete(roles).where(and(eq(roles.companyId, actor.companyId), eq(roles.id, id)));
        await audit(tx, actor, 'deleted', id, before);
      }),
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
