import { type AdminRoute, adminRoute } from '../../frame/admin/route-kit.js';

/**
 * The player's admin screens (spec §2.2 Content): the interactive-video editor and the preview. A new interactive
 * video is in the navigation; a video's editor and preview are reached from the content list's rows. Declared after
 * the content list (admin/routes.tsx), which the breadcrumbs take as their parent on the tie of `/admin/content`.
 */
export const playerAdminRoutes: AdminRoute[] = [
  adminRoute(() => import('./editor/InteractiveVideoAddPage.js'), {
    name: 'company.content.addx',
    permission: 'create_content',
    title: 'player.add.page_title',
    nav: { area: 'content', icon: 'IconClockPlay' },
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
