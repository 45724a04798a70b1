import { IconLockPlus } from '@tabler/icons-react';
import { routePath } from '../../../app/route-names.js';
import { type AdminRoute, page } from '../../frame/admin/route-kit.js';

/** The other view of the permission matrix (spec §2.2 /admin/authorization-add-permission/{id?}): id is the name. */
export const permissionRoleRoutes: AdminRoute[] = [
  {
    path: routePath('company.permission.add'),
    lazy: page(() => import('./PermissionRolesPage.js')),
    handle: {
      name: 'company.permission.add',
      permission: 'create_role',
      title: 'roles.permission_roles_title',
      nav: { area: 'authorization', icon: IconLockPlus },
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
