import { RESOURCE_SCREENS } from '../../../app/resource-screens.js';
import { type AdminRoute, resourceRoutes } from '../../frame/admin/route-kit.js';

/** The solution partners' screens (spec §2.2); read_integration, as the API (spec §6 names no permission of its own). */
export const solutionPartnerRoutes: AdminRoute[] = resourceRoutes(RESOURCE_SCREENS.solutionPartners, {
  list: () => import('./SolutionPartnersListPage.js'),
  form: () => import('./SolutionPartnerFormPage.js'),
  nav: { area: 'settings', icon: 'IconBuildingStore' },
});
