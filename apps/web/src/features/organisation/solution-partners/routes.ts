import { solutionPartnersContract } from '@kampus/shared';
import { IconBuildingStore } from '@tabler/icons-react';
import { type AdminRoute, resourceRoutes } from '../../frame/admin/route-kit.js';

/** The solution partners' screens (spec §2.2); read_integration, as the API (spec §6 names no permission of its own). */
export const solutionPartnerRoutes: AdminRoute[] = resourceRoutes(solutionPartnersContract, {
  list: () => import('./SolutionPartnersListPage.js'),
  form: () => import('./SolutionPartnerFormPage.js'),
  nav: { area: 'settings', icon: IconBuildingStore },
});
