import { RESOURCE_SCREENS } from '../../../../app/resource-screens.js';
import { type AdminRoute, resourceRoutes } from '../../../frame/admin/route-kit.js';

/** The automatic assignment rules' screens (spec §2.2: /admin/auto-assignments, /add, /{id}/edit), beside assignments. */
export const autoAssignmentRoutes: AdminRoute[] = resourceRoutes(RESOURCE_SCREENS.autoAssignments, {
  list: () => import('./AutoAssignmentsListPage.js'),
  form: () => import('./AutoAssignmentFormPage.js'),
  nav: { area: 'content', icon: 'IconRobot' },
});
