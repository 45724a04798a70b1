import { RESOURCE_SCREENS } from '../../../app/resource-screens.js';
import { type AdminRoute, adminRoute, resourceRoutes } from '../../frame/admin/route-kit.js';

/**
 * Points and the leader table (issue 17, spec §2.2): the point rules (`/admin/points`, `/admin/point/{id}/update`,
 * read_point) and `/admin/leaders-table-management` (read_leaderboardrule).
 */
export const pointsAdminRoutes: AdminRoute[] = [
  ...resourceRoutes(RESOURCE_SCREENS.pointRules, {
    list: () => import('./PointRulesListPage.js'),
    form: () => import('./PointRuleFormPage.js'),
    nav: { area: 'engagement', icon: 'IconCoins' },
  }),
  adminRoute(() => import('../leaderboard/LeaderboardManagementPage.js'), {
    name: 'company.leaders-table-management',
    permission: 'read_leaderboardrule',
    title: 'leaderboard.admin.title',
    nav: { area: 'engagement', icon: 'IconTrophy' },
  }),
];
