import { RESOURCE_SCREENS } from '../../../app/resource-screens.js';
import { type AdminRoute, resourceRoutes } from '../../frame/admin/route-kit.js';

/** Data tools (spec §2.2 /admin/data): company settings, so read_companysetting guards every screen. */
export const dataRoutes: AdminRoute[] = resourceRoutes(RESOURCE_SCREENS.dataRequests, {
  list: () => import('./DataPage.js'),
  form: () => import('./DataRequestFormPage.js'),
  nav: { area: 'settings', icon: 'IconDatabaseCog' },
  titles: { list: 'data.title' },
});
