import { routePath } from '../../../../app/route-names.js';
import { type AdminRoute, page } from '../../../frame/admin/route-kit.js';

/** /admin/integrations (spec §2.2): read_integration, the one permission spec §6 names for integrations. */
export const integrationsAdminRoutes: AdminRoute[] = [
  {
    path: routePath('company.integrations'),
    lazy: page(() => import('./IntegrationsPage.js')),
    handle: {
      name: 'company.integrations',
      permission: 'read_integration',
      title: 'integrations.title',
      nav: { area: 'settings', icon: 'IconPlugConnected' },
    },
  },
];
