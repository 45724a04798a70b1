import { routePath } from '../../../app/route-names.js';
import { type AdminRoute, page } from '../../frame/admin/route-kit.js';

/** The bulk import screen of the user area (spec §6 names show_user for it all). */
export const userImportRoutes: AdminRoute[] = [
  {
    path: routePath('company.user.import'),
    lazy: page(() => import('./UsersImportPage.js')),
    handle: {
      name: 'company.user.import',
      permission: 'show_user',
      title: 'users_import.title',
      nav: { area: 'people', icon: 'IconFileImport' },
    },
  },
];
