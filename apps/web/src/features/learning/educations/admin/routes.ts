import { RESOURCE_SCREENS } from '../../../../app/resource-screens.js';
import { type AdminRoute, adminRoute, resourceRoutes } from '../../../frame/admin/route-kit.js';

/**
 * The education catalogue's admin screens (spec §2.2 Education catalog, issue 13): the educations and their
 * categories from their contracts, the purchased list and one education's learners.
 */
export const educationAdminRoutes: AdminRoute[] = [
  ...resourceRoutes(RESOURCE_SCREENS.educations, {
    list: () => import('./EducationsListPage.js'),
    form: () => import('./EducationFormPage.js'),
    nav: { area: 'content', icon: 'IconSchool' },
  }),
  adminRoute(() => import('./PurchasedEducationsPage.js'), {
    name: 'company.content.catalog.purchased',
    permission: 'show_training',
    title: 'education.purchased_title',
  }),
  adminRoute(() => import('./EducationDetailPage.js'), {
    name: 'company.education.detail',
    permission: 'read_training',
    title: 'educationReport.title',
    nav: { area: 'content', icon: 'IconChartBar' },
  }),
  ...resourceRoutes(RESOURCE_SCREENS.educationCategories, {
    list: () => import('./EducationCategoriesListPage.js'),
    form: () => import('./EducationCategoryFormPage.js'),
    nav: { area: 'content', icon: 'IconSitemap' },
  }),
];
