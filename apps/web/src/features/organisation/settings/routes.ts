import { routePath } from '../../../app/route-names.js';
import { type AdminRoute, page } from '../../frame/admin/route-kit.js';

/** The company settings screen (spec §2.2, §6: read_companysetting). */
export const settingsRoutes: AdminRoute[] = [
  {
    path: routePath('company.settings'),
    lazy: page(() => import('./SettingsPage.js')),
    handle: {
      name: 'company.settings',
      permission: 'read_companysetting',
      title: 'settings.title',
      nav: { area: 'settings', icon: 'IconSettings' },
    },
  },
];
