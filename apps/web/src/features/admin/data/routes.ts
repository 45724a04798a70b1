import { IconDatabaseCog } from '@tabler/icons-react';
import { type AdminRoute, page } from '../route-kit.js';

/** Data tools (spec §2.2 /admin/data): company settings, so read_companysetting guards every screen. */
export const dataRoutes: AdminRoute[] = [
  {
    path: '/admin/data',
    lazy: page(() => import('./DataPage.js')),
    handle: {
      name: 'company.data',
      permission: 'read_companysetting',
      title: 'data_admin.title',
      nav: { area: 'settings', icon: IconDatabaseCog },
    },
  },
  {
    path: '/admin/data/requests/add',
    lazy: page(() => import('./DataRequestFormPage.js')),
    handle: { name: 'company.data.request.add', permission: 'read_companysetting', title: 'data_admin.add_title' },
  },
  {
    path: '/admin/data/requests/:id/edit',
    lazy: page(() => import('./DataRequestFormPage.js')),
    handle: { name: 'company.data.request.edit', permission: 'read_companysetting', title: 'data_admin.edit_title' },
  },
];
