import { RESOURCE_SCREENS } from '../../../app/resource-screens.js';
import { type AdminRoute, adminRoute, resourceRoutes } from '../../frame/admin/route-kit.js';

/**
 * The question bank's admin screens (spec §2.2 Questions, issue 15): list, add and edit from the contract, and the
 * xlsx import (create_exam).
 */
export const questionAdminRoutes: AdminRoute[] = [
  ...resourceRoutes(RESOURCE_SCREENS.questions, {
    list: () => import('./QuestionsListPage.js'),
    form: () => import('./QuestionFormPage.js'),
    nav: { area: 'content', icon: 'IconHelpCircle' },
  }),
  adminRoute(() => import('./QuestionImportPage.js'), {
    name: 'company.question.import',
    permission: 'create_exam',
    title: 'questionImport.title',
  }),
];
