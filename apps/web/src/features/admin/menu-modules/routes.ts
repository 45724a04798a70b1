import { IconLayoutSidebar } from '@tabler/icons-react';
import { type AdminRoute, page } from '../route-kit.js';

/** The side menu and module switches (spec §2.2 /admin/menu-modules); spec §6 names read_widgetmanagement. */
export const menuModulesRoutes: AdminRoute[] = [
  {
    path: '/admin/menu-modules',
    lazy: page(() => import('./MenuModulesPage.js')),
    handle: {
      name: 'company.menu-modules',
      permission: 'read_widgetmanagement',
      title: 'menu_admin.title',
      nav: { area: 'settings', icon: IconLayoutSidebar },
    },
  },
  {
    path: '/admin/menu-modules/add',
    lazy: page(() => import('./MenuItemFormPage.js')),
    handle: { name: 'company.menu-modules.add', permission: 'read_widgetmanagement', title: 'menu_admin.add_title' },
  },
  {
    path: '/admin/menu-modules/:id/edit',
    lazy: page(() => import('./MenuItemFormPage.js')),
    handle: { name: 'company.menu-modules.edit', permission: 'read_widgetmanagement', title: 'menu_admin.edit_title' },
  },
];
