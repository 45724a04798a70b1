import { RESOURCE_SCREENS } from '../../../app/resource-screens.js';
import { type AdminRoute, resourceRoutes } from '../../frame/admin/route-kit.js';

/** The programs' admin screens (spec §2.2 Programs, issue 13): list, add and edit from the contract. */
export const programAdminRoutes: AdminRoute[] = resourceRoutes(RESOURCE_SCREENS.programs, {
  list: () => import('./ProgramsListPage.js'),
  form: () => import('./ProgramFormPage.js'),
  nav: { area: 'content', icon: 'IconRoute' },
});
