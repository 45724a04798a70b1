import {
  type AnyResourceContract,
  hasMoreThanOneRole,
  type Permission,
  permissionsOfRoles,
  ROLE,
} from '@kampus/shared';

type RoleLike = { id: number; permissions?: readonly { name: string }[] };

/**
 * What a route may require of the session: a permission by name (spec §6), `admin_panel`, the admin area's own
 * threshold: more than one role (spec §6, §9) and at least one permission, as the API's `admin` access demands, or
 * `super_admin` (the platform's screens, e.g. the company registry), as the API's `super_admin` access.
 */
export type AccessRequirement = Permission | 'admin_panel' | 'super_admin';

/** The super admin holds every permission, as on the server. */
const isSuperAdmin = (roles: readonly RoleLike[]) => roles.some((role) => role.id === ROLE.superAdmin);

/** Whether a session with these roles meets a requirement; permissions are the union of spec §6 over its roles. */
export function sessionCan(roles: readonly RoleLike[] | null | undefined, requirement: AccessRequirement): boolean {
  if (!roles || roles.length === 0) return false;
  const { names } = permissionsOfRoles(roles);
  if (requirement === 'super_admin') return isSuperAdmin(roles);
  if (requirement === 'admin_panel') return hasMoreThanOneRole(roles) && (isSuperAdmin(roles) || names.size > 0);
  return isSuperAdmin(roles) || names.has(requirement);
}

/** Whether a session may change a resource's records (its contract's update permission): edit, add, delete links. */
export function sessionMayWrite(roles: readonly RoleLike[] | null | undefined, contract: AnyResourceContract): boolean {
  return sessionCan(roles, contract.permissions.update);
}
