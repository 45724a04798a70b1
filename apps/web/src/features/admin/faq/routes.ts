import { IconCategory, IconHelpCircle } from '@tabler/icons-react';
import { createElement } from 'react';
import { Navigate } from 'react-router';
import { type AdminRoute, page } from '../route-kit.js';

/** The FAQ screens of spec §2.2; `/admin/faq` itself opens the list. */
export const faqAdminRoutes: AdminRoute[] = [
  {
    path: '/admin/faq',
    element: createElement(Navigate, { to: '/admin/faq/list', replace: true }),
    handle: { name: 'company.faq', permission: 'read_faq', title: 'faq_admin.list_title' },
  },
  {
    path: '/admin/faq/list',
    lazy: page(() => import('./FaqListPage.js')),
    handle: {
      name: 'company.faq.index',
      permission: 'read_faq',
      title: 'faq_admin.list_title',
      nav: { area: 'content', icon: IconHelpCircle },
    },
  },
  {
    path: '/admin/faq/add',
    lazy: page(() => import('./FaqFormPage.js')),
    handle: { name: 'company.faq.add', permission: 'create_faq', title: 'faq_admin.add_title' },
  },
  {
    path: '/admin/faq/:id/edit',
    lazy: page(() => import('./FaqFormPage.js')),
    handle: { name: 'company.faq.edit', permission: 'create_faq', title: 'faq_admin.edit_title' },
  },
  {
    path: '/admin/faq-categories/list',
    lazy: page(() => import('./FaqCategoriesListPage.js')),
    handle: {
      name: 'company.faq_category.index',
      permission: 'read_faq',
      title: 'faq_admin.categories_title',
      nav: { area: 'content', icon: IconCategory },
    },
  },
  {
    path: '/admin/faq-categories/add',
    lazy: page(() => import('./FaqCategoryFormPage.js')),
    handle: { name: 'company.faq_category.add', permission: 'create_faq', title: 'faq_admin.category_add_title' },
  },
  {
    path: '/admin/faq-categories/:id/edit',
    lazy: page(() => import('./FaqCategoryFormPage.js')),
    handle: { name: 'company.faq_category.edit', permission: 'create_faq', title: 'faq_admin.category_edit_title' },
  },
];
