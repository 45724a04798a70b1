import { type AdminRoute, adminRoute } from '../../frame/admin/route-kit.js';

/**
 * /admin/requests/training/{id?} (spec §2.2): learners' requests for educations on request, of one education or all.
 * read_assignment sees them; create_assignment decides (the page hides the buttons without it).
 */
export const trainingRequestRoutes: AdminRoute[] = [
  adminRoute(() => import('./TrainingRequestsPage.js'), {
    name: 'company.requests.training',
    permission: 'read_assignment',
    title: 'trainingRequest.admin_title',
    nav: { area: 'content', icon: 'IconUserQuestion' },
  }),
];
