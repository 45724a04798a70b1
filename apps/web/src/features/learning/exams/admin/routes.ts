import { RESOURCE_SCREENS } from '../../../../app/resource-screens.js';
import { type AdminRoute, adminRoute, resourceRoutes } from '../../../frame/admin/route-kit.js';

/**
 * The exams' admin screens (issue 15): list, add and edit from the contract, the practice exam's form (the same page
 * with the kind fixed to demo), and one exam's results with its grading queue.
 */
export const examAdminRoutes: AdminRoute[] = [
  ...resourceRoutes(RESOURCE_SCREENS.exams, {
    list: () => import('./ExamsListPage.js'),
    form: () => import('./ExamFormPage.js'),
    nav: { area: 'content', icon: 'IconClipboardCheck' },
  }),
  adminRoute(() => import('./ExamFormPage.js'), {
    name: 'company.exam.add_demo',
    permission: 'create_exam',
    title: 'examAdmin.add_demo_title',
  }),
  adminRoute(() => import('./ExamFormPage.js'), {
    name: 'company.exam.edit_demo',
    permission: 'create_exam',
    title: 'examAdmin.edit_demo_title',
  }),
  adminRoute(() => import('./ExamResultsPage.js'), {
    name: 'company.exam.results',
    permission: 'show_exam',
    title: 'examAdmin.view_results',
  }),
];
