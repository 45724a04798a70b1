import { createElement } from 'react';
import { Navigate } from 'react-router';
import { RESOURCE_SCREENS } from '../../../../app/resource-screens.js';
import { pathTo, routePath } from '../../../../app/route-names.js';
import { type AdminRoute, resourceRoutes } from '../../../frame/admin/route-kit.js';

/** The FAQ screens of spec §2.2; `/admin/faq` itself opens the list. */
export const faqAdminRoutes: AdminRoute[] = [
  {
    path: routePath('company.faq'),
    element: createElement(Navigate, { to: pathTo('company.faq.index'), replace: true }),
    handle: { name: 'company.faq', permission: 'read_faq', title: 'faq.list_title' },
  },
  ...resourceRoutes(RESOURCE_SCREENS.faqs, {
    list: () => import('./FaqListPage.js'),
    form: () => import('./FaqFormPage.js'),
    nav: { area: 'content', icon: 'IconHelpCircle' },
  }),
  ...resourceRoutes(RESOURCE_SCREENS.faqCategories, {
    list: () => import('./FaqCategoriesListPage.js'),
    form: () => import('./FaqCategoryFormPage.js'),
    nav: { area: 'content', icon: 'IconCategory' },
    titles: {
      list: 'faq.categories_title',
      add: 'faq.category_add_title',
      edit: 'faq.category_edit_title',
    },
  }),
];
