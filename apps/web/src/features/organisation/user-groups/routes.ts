import { RESOURCE_SCREENS } from '../../../app/resource-screens.js';
import { type AdminRoute, resourceRoutes } from '../../frame/admin/route-kit.js';

/** The user groups' screens (spec §2.2: /admin/user/group, /add, /edit/{id}), all show_user like the user area. */
export const userGroupRoutes: AdminRoute[] = resourceRoutes(RESOURCE_SCREENS.userGroups, {
  list: () => import('./UserGroupsListPage.js'),
  form: () => import('./UserGroupFormPage.js'),
  nav: { area: 'people', icon: 'IconUsersGroup' },
});
