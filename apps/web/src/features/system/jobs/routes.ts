import { type AdminRoute, adminRoute } from '../../frame/admin/route-kit.js';

/** /admin/jobs: the platform's background jobs and their dead letters, for super admins only. */
export const jobsAdminRoutes: AdminRoute[] = [
  adminRoute(() => import('./JobsPage.js'), {
    name: 'company.jobs.index',
    permission: 'super_admin',
    title: 'jobs.title',
    nav: { area: 'platform', icon: 'IconClockPlay' },
  }),
];
