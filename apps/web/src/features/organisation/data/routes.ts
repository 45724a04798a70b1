import { dataRequestsContract } from '@kampus/shared';
import { IconDatabaseCog } from '@tabler/icons-react';
import { type AdminRoute, resourceRoutes } from '../../frame/admin/route-kit.js';

/** Data tools (spec §2.2 /admin/data): company settings, so read_companysetting guards every screen. */
export const dataRoutes: AdminRoute[] = resourceRoutes(dataRequestsContract, {
  list: () => import('./DataPage.js'),
  form: () => import('./DataRequestFormPage.js'),
  nav: { area: 'settings', icon: IconDatabaseCog },
  titles: { list: 'data.title' },
});
