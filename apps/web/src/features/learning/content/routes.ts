import { RESOURCE_SCREENS } from '../../../app/resource-screens.js';
import { type AdminRoute, adminRoute, resourceRoutes } from '../../frame/admin/route-kit.js';

/**
 * The content library's admin screens (spec §2.2 Content, issue 12): the list, add and edit from the contract, the
 * usage report, the direct assignment and the company's content overview. The interactive editor and the preview
 * are the player's (features/learning/player).
 */
export const contentAdminRoutes: AdminRoute[] = [
  ...resourceRoutes(RESOURCE_SCREENS.contents, {
    list: () => import('./ContentsListPage.js'),
    form: () => import('./ContentFormPage.js'),
    nav: { area: 'content', icon: 'IconLibrary' },
  }),
  adminRoute(() => import('./ContentReportPage.js'), {
    name: 'company.content.detail',
    permission: 'read_contentdetailreport',
    title: 'content.detail_title',
  }),
  // A content is given to people by an assignment (issue 14): the assignment form with the content as its item.
  adminRoute(() => import('../assignments/admin/ContentAssignmentPage.js'), {
    name: 'company.content.assignment',
    permission: 'create_content',
    title: 'content.assignment_title',
  }),
  adminRoute(() => import('./ContentManagementPage.js'), {
    name: 'company.content-management',
    permission: 'read_content',
    title: 'content.management_title',
    nav: { area: 'content', icon: 'IconFolderCog' },
  }),
];
