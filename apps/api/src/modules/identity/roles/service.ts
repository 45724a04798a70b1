import {
  type AdminRole,
  type AdminRoleCreate,
  type AdminRoleListQuery,
  type AdminRoleUpdate,
  adminRoleListQuerySchema,
  isPermission,
  type Permission,
  ROLE,
  rolesContract,
} from '@kampus/shared';
import { and, asc, count, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { permissions, rolePermissions, roles, roleUser } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { invalidFields, notFound } from '../../../platform/http/errors.js';
import { defineResource, foldedColumn, type Viewer } from '../../../platform/resource/resource.js';

const ENTITY = 'role';

/**
 * The built-in roles (company_id NULL) every company reads but none changes; super admin (1) only a super admin sees.
 * Changing one would change (or lock out) every company, so a change or delete of one is 422.
 */
const builtInRoles = (viewer: Viewer) =>
  and(isNull(roles.companyId), viewer.isSuperAdmin ? undefined : ne(roles.id, ROLE.superAdmin));

/** The roles of the ids (the company's and the built-ins), with their permissions and the company's users counted. */
async function presentRoles(tx: Db, companyId: number, ids: number[]): Promise<AdminRole[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: roles.id, name: roles.name, companyId: roles.companyId })
    .from(roles)
    .where(and(or(isNull(roles.companyId), eq(roles.companyId, companyId)), inArray(roles.id, ids)));
  const [grants, counts] = await Promise.all([
    tx
      .select({ roleId: rolePermissions.roleId, name: permissions.name })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(inArray(rolePermissions.roleId, ids))
      .orderBy(permissions.id),
    // Users are counted in the actor's company only, also for the shared built-ins.
    tx
      .select({ roleId: roleUser.roleId, value: count() })
      .from(roleUser)
      .where(and(eq(roleUser.companyId, companyId), inArray(roleUser.roleId, ids)))
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
 * `/api/admin/roles` on the resource framework: the company's roles and, read-only, the built-ins every company
 * shares (the framework's shared rows). The role's own logic stays here: permission grants, the people counted per
 * company, and the permission view of the matrix (`setPermissionHolders`).
 */
export function createRolesService(platform: Platform) {
  const db = platform.database.db;

  const resource = defineResource<AdminRole, AdminRoleCreate, AdminRoleUpdate, AdminRoleListQuery>(db, {
    contract: rolesContract,
    entity: ENTITY,
    table: roles,
    shared: { rows: builtInRoles, readOnly: 'roles.built_in_read_only' },
    // Case folded, so the built-ins (lower case) sort among the company's roles.
    sortable: { name: foldedColumn(roles.name), id: roles.id },
    defaultOrder: [asc(roles.id)],
    search: [roles.name],
    present: presentRoles,
    // Within the company only: a company role may share a built-in's name. No unique index (the check guards).
    unique: [{ field: 'name', column: roles.name, message: 'roles.name_taken', ignoreCase: true }],

    async create(tx, actor, input) {
      const [row] = await tx
        .insert(roles)
        .values({ companyId: actor.companyId, name: input.name })
        .returning({ id: roles.id });
      if (!row) throw new Error('role insert returned nothing');
      await grantPermissions(tx, actor.companyId, row.id, input.permissions);
      return row.id;
    },

    async update(tx, actor, before, input) {
      if (input.name !== undefined) {
        await tx
          .update(roles)
          .set({ name: input.name })
          .where(and(eq(roles.companyId, actor.companyId), eq(roles.id, before.id)));
      }
      if (input.permissions) await grantPermissions(tx, actor.companyId, before.id, input.permissions);
    },
    // A deleted role leaves its users and grants with it (role_user and role_permissions cascade).
  });

  /** Every role the actor sees (the list's own condition), by id. */
  async function visibleRoles(tx: Db, actor: Actor): Promise<AdminRole[]> {
    const rows = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(resource.listWhere(actor, adminRoleListQuerySchema.parse({})));
    const items = await presentRoles(
      tx,
      actor.companyId,
      rows.map((row) => row.id),
    );
    return items.sort((a, b) => a.id - b.id);
  }

  return {
    resource,

    /**
     * PUT api/admin/permissions/{name}/roles: the company's own roles given become exactly those holding the
     * permission; built-in roles are read-only and left as they are. Each role that changes is audited.
     */
    setPermissionHolders: (actor: Actor, name: string, roleIds: number[]) =>
      inTenant(db, actor.companyId, async (tx) => {
        if (!isPermission(name)) throw notFound();
        const own = (await visibleRoles(tx, actor)).filter((role) => !role.built_in);
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
          const [after] = await presentRoles(tx, actor.companyId, [before.id]);
          await record(tx, actor, { action: `${ENTITY}.updated`, entity: ENTITY, id: before.id, before, after });
        }
        return visibleRoles(tx, actor);
      }),
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
