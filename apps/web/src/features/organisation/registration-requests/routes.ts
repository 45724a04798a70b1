import { routePath } from '../../../app/route-names.js';
import { type AdminRoute, page } from '../../frame/admin/route-kit.js';

/** /admin/requests/user (spec §2.2): self-registered people waiting for approval. */
export const registrationRequestRoutes: AdminRoute[] = [
  {
    path: routePath('company.requests.user'),
    lazy: page(() => import('./RegistrationRequestsPage.js')),
    handle: {
      name: 'company.requests.user',
      permission: 'show_user',
      title: 'registration_requests.title',
      nav: { area: 'people', icon: 'IconUserQuestion' },
    },
  },
];
