import { IconUsersGroup } from '@tabler/icons-react';
import { type AdminRoute, page } from '../route-kit.js';

/** The user groups' screens (spec §2.2: /admin/user/group, /add, /edit/{id}), all show_user like the user area. */
export const userGroupRoutes: AdminRoute[] = [
  {
    path: '/admin/user/group',
    lazy: page(() => import('./UserGroupsListPage.js')),
    handle: {
      name: 'company.user.group.index',
      permission: 'show_user',
      title: 'user_groups_admin.list_title',
      nav: { area: 'people', icon: IconUsersGroup },
    },
  },
  {
    path: '/admin/user/group/add',
    lazy: page(() => import('./UserGroupFormPage.js')),
    handle: { name: 'company.user.group.add', permission: 'show_user', title: 'user_groups_admin.add_title' },
  },
  {
    path: '/admin/user/group/edit/:id',
    lazy: page(() => import('./UserGroupFormPage.js')),
    handle: { name: 'company.user.group.edit', permission: 'show_user', title: 'user_groups_admin.edit_title' },
  },
];
