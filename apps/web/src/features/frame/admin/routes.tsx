import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RESOURCE_SCREENS } from '../../../app/resource-screens.js';
import { pathTo, routePath } from '../../../app/route-names.js';
import { pointsAdminRoutes } from '../../engagement/points/routes.js';
import { engagementAdminRoutes } from '../../engagement/routes.js';
import { permissionRoleRoutes, roleRoutes } from '../../identity/roles/routes.js';
import { assignmentAdminRoutes } from '../../learning/assignments/admin/routes.js';
import { autoAssignmentRoutes } from '../../learning/assignments/auto/routes.js';
import { certificateDefinitionRoutes } from '../../learning/certificates/definitions/routes.js';
import { certificateTemplateRoutes } from '../../learning/certificates/templates/routes.js';
import { classroomAdminRoutes } from '../../learning/classrooms/admin/routes.js';
import { competencyAdminRoutes } from '../../learning/competencies/routes.js';
import { contentAdminRoutes } from '../../learning/content/routes.js';
import { educationAdminRoutes } from '../../learning/educations/admin/routes.js';
import { examAdminRoutes } from '../../learning/exams/admin/routes.js';
import { playerAdminRoutes } from '../../learning/player/routes.js';
import { programAdminRoutes } from '../../learning/programs/routes.js';
import { questionAdminRoutes } from '../../learning/questions/routes.js';
import { surveyAdminRoutes } from '../../learning/surveys/admin/routes.js';
import { trainingRequestRoutes } from '../../learning/training-requests/routes.js';
import { companiesRoutes } from '../../organisation/companies/routes.js';
import { dataRoutes } from '../../organisation/data/routes.js';
import { faqAdminRoutes } from '../../organisation/faq/admin/routes.js';
import { integrationsAdminRoutes } from '../../organisation/integrations/admin/routes.js';
import { mailTemplateRoutes } from '../../organisation/mail-templates/routes.js';
import { registrationRequestRoutes } from '../../organisation/registration-requests/routes.js';
import { settingsRoutes } from '../../organisation/settings/routes.js';
import { solutionPartnerRoutes } from '../../organisation/solution-partners/routes.js';
import { userGroupRoutes } from '../../organisation/user-groups/routes.js';
import { userImportRoutes } from '../../organisation/users/routes.js';
import { jobsAdminRoutes } from '../../system/jobs/routes.js';
import { menuModulesRoutes } from '../menu/admin/routes.js';
import { type AdminRoute, type AdminRouteHandle, page, resourceRoutes } from './route-kit.js';

export { ADMIN_AREAS, type AdminArea, type AdminRoute, type AdminRouteHandle } from './route-kit.js';

/** Every screen of the admin panel (spec §2.2) that exists; the navigation is built from this list. */
export const adminRoutes: AdminRoute[] = [
  {
    path: routePath('company.dashboard'),
    lazy: page(() => import('../../reporting/admin-dashboard/AdminDashboardPage.js')),
    handle: {
      name: 'company.dashboard',
      permission: 'admin_panel',
      title: 'admin_dashboard.title',
      nav: { area: 'overview', icon: 'IconLayoutDashboard' },
    },
  },
  {
    path: routePath('company.user.list'),
    lazy: page(() => import('../../organisation/users/UsersListPage.js')),
    handle: {
      name: 'company.user.list',
      permission: 'show_user',
      title: 'users.list_title',
      nav: { area: 'people', icon: 'IconUsers' },
    },
  },
  {
    path: routePath('company.user.add'),
    lazy: page(() => import('../../organisation/users/UserFormPage.js')),
    handle: {
      name: 'company.user.add',
      permission: 'show_user',
      title: 'users.add_title',
      nav: { area: 'people', icon: 'IconUserPlus' },
    },
  },
  {
    path: routePath('company.user.passive'),
    lazy: page(() => import('../../organisation/users/PassiveUsersPage.js')),
    handle: {
      name: 'company.user.passive',
      permission: 'show_user',
      title: 'users.passive_title_page',
      nav: { area: 'people', icon: 'IconUserOff' },
    },
  },
  {
    path: routePath('company.user.edit'),
    lazy: page(() => import('../../organisation/users/UserFormPage.js')),
    handle: { name: 'company.user.edit', permission: 'show_user', title: 'users.edit_title' },
  },
  {
    path: routePath('company.user.detail'),
    lazy: page(() => import('../../organisation/users/UserDetailPage.js')),
    handle: { name: 'company.user.detail', permission: 'show_user', title: 'users.detail_title' },
  },
  ...userImportRoutes,
  ...registrationRequestRoutes,
  ...userGroupRoutes,
  ...roleRoutes,
  {
    path: routePath('company.permission.index'),
    lazy: page(() => import('../../identity/roles/PermissionsPage.js')),
    handle: {
      name: 'company.permission.index',
      permission: 'read_permission',
      title: 'roles.permissions_title',
      nav: { area: 'authorization', icon: 'IconKey' },
    },
  },
  ...contentAdminRoutes,
  ...educationAdminRoutes,
  ...classroomAdminRoutes,
  ...questionAdminRoutes,
  ...examAdminRoutes,
  ...certificateDefinitionRoutes,
  ...certificateTemplateRoutes,
  ...programAdminRoutes,
  ...assignmentAdminRoutes,
  ...autoAssignmentRoutes,
  ...surveyAdminRoutes,
  ...competencyAdminRoutes,
  // The engagement area in the spec's order: points and the leader table, gifts, advertisements, announcements.
  ...pointsAdminRoutes,
  ...engagementAdminRoutes,
  ...resourceRoutes(RESOURCE_SCREENS.hashtags, {
    list: () => import('../../learning/hashtags/HashtagsListPage.js'),
    form: () => import('../../learning/hashtags/HashtagFormPage.js'),
    nav: { area: 'content', icon: 'IconHash' },
  }),
  ...resourceRoutes(RESOURCE_SCREENS.institutions, {
    list: () => import('../../organisation/institutions/InstitutionsListPage.js'),
    form: () => import('../../organisation/institutions/InstitutionFormPage.js'),
    nav: { area: 'organisation', icon: 'IconBuildingBank' },
  }),
  ...playerAdminRoutes,
  ...trainingRequestRoutes,
  ...faqAdminRoutes,
  ...permissionRoleRoutes,
  // The settings area, in the order an administrator sets a company up.
  ...settingsRoutes,
  ...menuModulesRoutes,
  ...mailTemplateRoutes,
  ...integrationsAdminRoutes,
  ...solutionPartnerRoutes,
  ...dataRoutes,
  ...companiesRoutes,
  ...jobsAdminRoutes,
];

/**
 * The screen a page without a navigation entry (an add, edit or detail page) belongs to, for its breadcrumbs: the
 * navigation route sharing the longest path beyond `/admin` with it (an add page is nobody's parent), the first
 * declared on a tie.
 */
export function navigationParentOf(pathname: string): AdminRoute | undefined {
  const segments = pathname.split('/').filter(Boolean);
  let best: AdminRoute | undefined;
  let bestShared = 1;
  for (const route of adminRoutes) {
    if (!route.handle.nav || route.handle.name.endsWith('.add') || route.path === pathname) continue;
    const routeSegments = route.path.split('/').filter(Boolean);
    let shared = 0;
    while (shared < routeSegments.length && routeSegments[shared] === segments[shared]) shared++;
    if (shared > bestShared) [best, bestShared] = [route, shared];
  }
  return best;
}

/** The list a page belongs to in its breadcrumbs: the one its handle names, else the one its path shares most with. */
export function breadcrumbParentOf(handle: Pick<AdminRouteHandle, 'parent'>, pathname: string): AdminRoute | undefined {
  if (handle.parent) {
    const named = adminRoutes.find((route) => route.handle.name === handle.parent && route.handle.nav);
    if (named) return named;
  }
  return navigationParentOf(pathname);
}

/** The admin branch of the route table, to sit inside RequireAuth and RequirePermission. */
export function adminBranch(loadLayout: () => Promise<ComponentType>): RouteObject {
  return {
    // The admin layout (its navigation, breadcrumbs, footer) is a chunk of its own, off the learner's path.
    lazy: async () => ({ Component: await loadLayout() }),
    handle: { permission: 'admin_panel' },
    children: [
      {
        path: routePath('company'),
        element: <Navigate to={pathTo('company.dashboard')} replace />,
        handle: { name: 'company' },
      },
      {
        path: routePath('company.user'),
        element: <Navigate to={pathTo('company.user.list')} replace />,
        handle: { name: 'company.user' },
      },
      ...adminRoutes,
    ],
  };
}
