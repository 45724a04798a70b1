import { routePath } from '../../../app/route-names.js';
import { type AdminRoute, page } from '../../frame/admin/route-kit.js';

/** The company registry (spec §2.2), for super admins only: companies are the platform's, not a tenant's. */
export const companiesRoutes: AdminRoute[] = [
  {
    path: routePath('company.companies.index'),
    lazy: page(() => import('./CompaniesListPage.js')),
    handle: {
      name: 'company.companies.index',
      permission: 'super_admin',
      title: 'companies.list_title',
      nav: { area: 'platform', icon: 'IconBuildingSkyscraper' },
    },
  },
  {
    path: routePath('company.companies.add'),
    lazy: page(() => import('./CompanyFormPage.js')),
    handle: {
      name: 'company.companies.add',
      permission: 'super_admin',
      title: 'companies.add_title',
      nav: { area: 'platform', icon: 'IconBuildingPlus' },
    },
  },
  {
    path: routePath('company.companies.edit'),
    lazy: page(() => import('./CompanyFormPage.js')),
    handle: { name: 'company.companies.edit', permission: 'super_admin', title: 'companies.edit_title' },
  },
];
