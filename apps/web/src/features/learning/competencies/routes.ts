import { RESOURCE_SCREENS } from '../../../app/resource-screens.js';
import { type AdminRoute, adminRoute, resourceRoutes } from '../../frame/admin/route-kit.js';

/**
 * The competencies' admin screens (issue 16, spec §2.2): the framework (`/admin/competencies-and-user-definitions`:
 * competencies, their categories and people's levels as three tabs), the automatic rules
 * (`/admin/automatic-competency-definitions`, `/admin/add-automatic-competency`,
 * `/admin/edit-automatic-competency/{id}/edit`) and the matrix (`/admin/competency-management`).
 */
export const competencyAdminRoutes: AdminRoute[] = [
  ...resourceRoutes(RESOURCE_SCREENS.competencies, {
    list: () => import('./CompetenciesListPage.js'),
    form: () => import('./CompetencyFormPage.js'),
    nav: { area: 'people', icon: 'IconStairsUp' },
  }),
  ...resourceRoutes(RESOURCE_SCREENS.competencyCategories, {
    list: () => import('./CompetencyCategoriesListPage.js'),
    form: () => import('./CompetencyCategoryFormPage.js'),
    nav: undefined,
  }),
  adminRoute(() => import('./PersonLevelsPage.js'), {
    name: 'company.competencies.people',
    permission: 'read_competency',
    title: 'competencies.people_title',
  }),
  ...resourceRoutes(RESOURCE_SCREENS.competencyRules, {
    list: () => import('./CompetencyRulesListPage.js'),
    form: () => import('./CompetencyRuleFormPage.js'),
    nav: { area: 'people', icon: 'IconBolt' },
  }),
  adminRoute(() => import('./CompetencyMatrixPage.js'), {
    name: 'company.competency-management',
    permission: 'read_competency',
    title: 'competencies.matrix.title',
    nav: { area: 'people', icon: 'IconTargetArrow' },
  }),
];
