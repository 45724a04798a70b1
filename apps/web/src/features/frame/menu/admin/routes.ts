import { RESOURCE_SCREENS } from '../../../../app/resource-screens.js';
import { type AdminRoute, resourceRoutes } from '../../admin/route-kit.js';

/** The side menu and module switches (spec §2.2 /admin/menu-modules); spec §6 names read_widgetmanagement. */
export const menuModulesRoutes: AdminRoute[] = resourceRoutes(RESOURCE_SCREENS.menuItems, {
  list: () => import('./MenuModulesPage.js'),
  form: () => import('./MenuItemFormPage.js'),
  nav: { area: 'settings', icon: 'IconLayoutSidebar' },
  titles: { list: 'menu.title' },
});
