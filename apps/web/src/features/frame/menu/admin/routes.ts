import { menuItemsContract } from '@kampus/shared';
import { IconLayoutSidebar } from '@tabler/icons-react';
import { type AdminRoute, resourceRoutes } from '../../admin/route-kit.js';

/** The side menu and module switches (spec §2.2 /admin/menu-modules); spec §6 names read_widgetmanagement. */
export const menuModulesRoutes: AdminRoute[] = resourceRoutes(menuItemsContract, {
  list: () => import('./MenuModulesPage.js'),
  form: () => import('./MenuItemFormPage.js'),
  nav: { area: 'settings', icon: IconLayoutSidebar },
  titles: { list: 'menu.title' },
});
