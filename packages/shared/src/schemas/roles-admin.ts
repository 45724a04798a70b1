import { z } from 'zod';
import { PERMISSIONS, type Permission } from '../access.js';
import { defineContract, readWrite } from '../resource-contract.js';
import { ID_MAX } from './common.js';
import { resourceListQuerySchema } from './resource.js';

/** The columns `sort` accepts on `GET api/admin/roles`. */
export const ADMIN_ROLE_SORTS = ['name', 'id'] as const;
export const ROLE_NAME_MAX = 100;

const permissionSchema = z.enum(PERMISSIONS, 'roles.permission_invalid');

/** A role as the admin panel sees it (`api/admin/roles`): built-in roles are shared by every company, read-only. */
export const adminRoleSchema = z.object({
  id: z.number(),
  name: z.string(),
  built_in: z.boolean(),
  permissions: z.array(permissionSchema),
  users_count: z.number().int().nonnegative(),
});
export type AdminRole = z.infer<typeof adminRoleSchema>;

const roleNameSchema = z.string().trim().min(1).max(ROLE_NAME_MAX);

export const adminRoleCreateSchema = z.object({
  name: roleNameSchema,
  permissions: z
    .array(permissionSchema)
    .max(PERMISSIONS.length)
    .default([])
    .transform((names) => [...new Set(names)]),
});
export type AdminRoleCreate = z.infer<typeof adminRoleCreateSchema>;
/**
 * PUT or POST api/admin/roles/{id}: the fields sent change, the others stay. Not `adminRoleCreateSchema.partial()`:
 * its default would turn a body without `permissions` into `[]` and take every permission from the role.
 */
export const adminRoleUpdateSchema = z
  .object({
    name: roleNameSchema,
    permissions: z
      .array(permissionSchema)
      .max(PERMISSIONS.length)
      .transform((names) => [...new Set(names)]),
  })
  .partial();
export type AdminRoleUpdate = z.infer<typeof adminRoleUpdateSchema>;

export const adminRoleListQuerySchema = resourceListQuerySchema;
export type AdminRoleListQuery = z.infer<typeof adminRoleListQuerySchema>;

/**
 * `api/admin/roles` and its admin screens (spec §2.2, §6): read_role reads, create_role creates, changes and deletes.
 * The spec gives the roles no bulk action and no export, so the resource goes without them. The edit screen also
 * shows a role read-only to a reader, so its route asks read_role (the web declares it by hand).
 */
export const rolesContract = defineContract({
  plural: 'roles',
  namespace: 'roles',
  permissions: readWrite('read_role', 'create_role'),
  schemas: {
    item: adminRoleSchema,
    create: adminRoleCreateSchema,
    update: adminRoleUpdateSchema,
    listQuery: adminRoleListQuerySchema,
  },
  list: { sorts: ADMIN_ROLE_SORTS, defaultSort: 'id', filters: [] },
  screens: {
    list: { name: 'company.role.index', path: '/admin/authorization-roles' },
    add: { name: 'company.role.add', path: '/admin/authorization-add-edit-roles' },
    edit: { name: 'company.role.edit', path: '/admin/authorization-add-edit-roles/:id' },
  },
  without: ['bulk', 'export'],
});

/** Areas of the permission catalogue, in the order the screens show them. */
export const PERMISSION_AREAS = [
  'users',
  'content',
  'training',
  'program',
  'settings',
  'survey',
  'exam',
  'certificate',
  'hashtag',
  'point',
  'widget',
  'gift',
  'competency',
  'assignment',
  'report',
  'faq',
  'integration',
  'leaderboard',
  'role',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

/** The object of a permission name (`create_evaluationsurvey` → `evaluationsurvey`) → its area. */
const AREA_OF_OBJECT: Record<string, PermissionArea> = {
  user: 'users',
  content: 'content',
  training: 'training',
  program: 'program',
  companysetting: 'settings',
  survey: 'survey',
  evaluationsurvey: 'survey',
  exam: 'exam',
  certificate: 'certificate',
  certificatetemplate: 'certificate',
  hashtag: 'hashtag',
  point: 'point',
  widgetmanagement: 'widget',
  sharesmanagement: 'widget',
  gift: 'gift',
  competency: 'competency',
  automaticcompetency: 'competency',
  assignment: 'assignment',
  faq: 'faq',
  integration: 'integration',
  leaderboardrule: 'leaderboard',
  role: 'role',
  permission: 'role',
};

/**
 * The area of a permission, derived from its name: every `…report` permission is a report, the rest go by their
 * object. A name that fits no area throws, so a new permission cannot silently vanish from the matrix (the table
 * test walks every PERMISSIONS entry).
 */
export function permissionAreaOf(name: Permission): PermissionArea {
  const object = name.replace(/^(show|create|read)_/, '');
  if (object.endsWith('report')) return 'report';
  const area = AREA_OF_OBJECT[object];
  if (!area) throw new Error(`permission ${name} has no area`);
  return area;
}

export const permissionGroupSchema = z.object({
  area: z.enum(PERMISSION_AREAS),
  permissions: z.array(permissionSchema),
});
export type PermissionGroup = z.infer<typeof permissionGroupSchema>;
export const permissionCatalogueSchema = z.object({ data: z.array(permissionGroupSchema) });

/** Permissions grouped by area, areas in PERMISSION_AREAS order, permissions in catalogue order; empty areas left out. */
export function groupPermissions(names: readonly Permission[] = PERMISSIONS): PermissionGroup[] {
  return PERMISSION_AREAS.map((area) => ({
    area,
    permissions: names.filter((name) => permissionAreaOf(name) === area),
  })).filter((group) => group.permissions.length > 0);
}

/** PUT api/admin/permissions/{name}/roles: exactly the company's own roles that should hold the permission. */
export const permissionRolesSchema = z.object({
  role_ids: z
    .array(z.number().int().positive().max(ID_MAX))
    .max(1000)
    .transform((ids) => [...new Set(ids)]),
});
export type PermissionRoles = z.infer<typeof permissionRolesSchema>;
export const permissionNameParamSchema = z.object({ name: z.string().max(64) });
