import { type AdminRoute, adminRoute } from '../../frame/admin/route-kit.js';

/**
 * The player's admin screens (spec §2.2 Content): the interactive-video editor and the preview. None is in the
 * navigation: they are reached from the content list (its add menu and rows), which is their breadcrumbs' parent.
 */
export const playerAdminRoutes: AdminRoute[] = [
  adminRoute(() => import('./editor/InteractiveVideoAddPage.js'), {
    name: 'company.content.addx',
    permission: 'create_content',
    title: 'player.add.page_title',
  }),
  adminRoute(() => import('./editor/InteractiveVideoEditorPage.js'), {
    name: 'company.content.editx',
    permission: 'create_content',
    title: 'player.editor.page_title',
  }),
  adminRoute(() => import('./PreviewPage.js'), {
    name: 'company.content.preview',
    permission: 'read_content',
    title: 'player.preview.page_title',
  }),
];
