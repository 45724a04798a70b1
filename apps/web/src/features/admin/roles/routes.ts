import { IconLockPlus } from '@tabler/icons-react';
import { type AdminRoute, page } from '../route-kit.js';

/** The other view of the permission matrix (spec §2.2 /admin/authorization-add-permission/{id?}): id is the name. */
export const permissionRoleRoutes: AdminRoute[] = [
  {
    path: '/admin/authorization-add-permission',
    lazy: page(() => import('./PermissionRolesPage.js')),
    handle: {
      name: 'company.permission.add',
      permission: 'create_role',
      title: 'roles_admin.permission_roles_title',
      nav: { area: 'authorization', icon: IconLockPlus },
    },
  },
  {
    path: '/admin/authorization-add-permission/:id',
    lazy: page(() => import('./PermissionRolesPage.js')),
    handle: {
      name: 'company.permission.edit',
      permission: 'create_role',
      title: 'roles_admin.permission_roles_edit_title',
    },
  },
];
