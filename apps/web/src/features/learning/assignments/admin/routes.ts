import { RESOURCE_SCREENS } from '../../../../app/resource-screens.js';
import { type AdminRoute, adminRoute, resourceRoutes } from '../../../frame/admin/route-kit.js';

/**
 * The assignments' admin screens (spec §2.2 Assignments, issue 14): list, add (`add/{id?}`, prefilled with an
 * education) and edit (with its people) from the contract, and the learner's view of one as a preview.
 */
export const assignmentAdminRoutes: AdminRoute[] = [
  ...resourceRoutes(RESOURCE_SCREENS.assignments, {
    list: () => import('./AssignmentsListPage.js'),
    form: () => import('./AssignmentFormPage.js'),
    nav: { area: 'content', icon: 'IconClipboardList' },
  }),
  adminRoute(() => import('./AssignmentPreviewPage.js'), {
    name: 'company.assignments.preview',
    permission: 'read_assignment',
    title: 'assignmentAdmin.preview_title',
    parent: 'company.assignments',
  }),
];
