import { IconBuildingStore } from '@tabler/icons-react';
import { type AdminRoute, page } from '../route-kit.js';

/** /admin/solution-partners (spec §2.2); read_integration, as the API (spec §6 names no permission of its own). */
export const solutionPartnerRoutes: AdminRoute[] = [
  {
    path: '/admin/solution-partners',
    lazy: page(() => import('./SolutionPartnersListPage.js')),
    handle: {
      name: 'company.solution_partner.index',
      permission: 'read_integration',
      title: 'partners_admin.list_title',
      nav: { area: 'settings', icon: IconBuildingStore },
    },
  },
  {
    path: '/admin/solution-partners/add',
    lazy: page(() => import('./SolutionPartnerFormPage.js')),
    handle: { name: 'company.solution_partner.add', permission: 'read_integration', title: 'partners_admin.add_title' },
  },
  {
    path: '/admin/solution-partners/:id/edit',
    lazy: page(() => import('./SolutionPartnerFormPage.js')),
    handle: {
      name: 'company.solution_partner.edit',
      permission: 'read_integration',
      title: 'partners_admin.edit_title',
    },
  },
];
