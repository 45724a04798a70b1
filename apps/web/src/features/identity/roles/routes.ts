import { RESOURCE_SCREENS } from '../../../app/resource-screens.js';
import { routePath } from '../../../app/route-names.js';
import { type AdminRoute, adminRoute, page } from '../../frame/admin/route-kit.js';

const { permissions } = RESOURCE_SCREENS.roles;
const form = () => import('./RoleFormPage.js');

/**
 * The roles' screens, named by their contract. Not `resourceRoutes`: the edit screen also shows a role read-only (a
 * built-in, or any role to a reader), so it asks the read permission rather than the update one.
 */
export const roleRoutes: AdminRoute[] = [
  adminRoute(() => import('./RolesListPage.js'), {
    name: 'company.role.index',
    permission: permissions.list,
    title: 'roles.list_title',
    nav: { area: 'authorization', icon: 'IconUserShield' },
  }),
  adminRoute(form, {
    name: 'company.role.add',
    permission: permissions.create,
    title: 'roles.add_title',
    nav: { area: 'authorization', icon: 'IconShieldLock' },
  }),
  adminRoute(form, { name: 'company.role.edit', permission: permissions.read, title: 'roles.edit_title' }),
];

/** The other view of the permission matrix (spec §2.2 /admin/authorization-add-permission/{id?}): id is the name. */
export const permissionRoleRoutes: AdminRoute[] = [
  {
    path: routePath('company.permission.add'),
    lazy: page(() => import('./PermissionRolesPage.js')),
    handle: {
      name: 'company.permission.add',
      permission: 'create_role',
      title: 'roles.permission_roles_title',
      nav: { area: 'authorization', icon: 'IconLockPlus' },
    },
  },
  {
    path: routePath('company.permission.edit'),
    lazy: page(() => import('./PermissionRolesPage.js')),
    handle: {
      name: 'company.permission.edit',
      permission: 'create_role',
      title: 'roles.permission_roles_edit_title',
    },
  },
];
