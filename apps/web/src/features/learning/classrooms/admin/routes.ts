import { RESOURCE_SCREENS } from '../../../../app/resource-screens.js';
import { type AdminRoute, adminRoute, resourceRoutes } from '../../../frame/admin/route-kit.js';

/**
 * The classroom trainings' admin screens (issue 14), beside the education catalogue: list, add and edit (sessions on
 * the edit page) from the contract, and one session's registrations and attendance sheet.
 */
export const classroomAdminRoutes: AdminRoute[] = [
  ...resourceRoutes(RESOURCE_SCREENS.classrooms, {
    list: () => import('./ClassroomsListPage.js'),
    form: () => import('./ClassroomFormPage.js'),
    nav: { area: 'content', icon: 'IconChalkboard' },
  }),
  adminRoute(() => import('./SessionPage.js'), {
    name: 'company.education.classroom.session',
    permission: 'show_training',
    title: 'classroomAdmin.registrations.title',
  }),
];
