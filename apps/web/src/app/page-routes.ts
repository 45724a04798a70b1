/**
 * The named routes of the pages outside the admin resources (spec §2.1) and their paths: route-names.ts adds the
 * resource screens' routes from their contracts. The router takes its own pages' paths from here, so the first
 * screens do not carry the resource contracts (issue 11).
 */
export const PAGE_ROUTES = {
  '/': '/',
  homepage: '/homepage',
  login: '/login',
  'confirm-access-code': '/confirm-access-code',
  'short-link': '/s/:id',
  'forgot-password': '/forgot-password',
  'reset-password': '/reset-password/:token',
  'create-password': '/create-password',
  register: '/register',
  'register-invitation': '/register-invitation/:params',
  'email-verification': '/email-verification',
  policies: '/policies',
  '403': '/403',
  '404': '/404',
  '500': '/500',
  dashboard: '/dashboard',
  'user.index': '/dashboard',
  'dashboard.notification': '/notification',
  'User.messages': '/messages',
  'user.profile': '/profile',
  'profile.edit': '/update-profile',
  'User.my-certification': '/my-certification',
  'User.payment-history': '/payment-history',
  'User.agreement': '/legal-notification',
  'User.faq': '/faq',
  'user.assignment-detail': '/assignment/:id/detail',
  'user.education-detail': '/education/:id/detail',
  // The separate player page (spec §2.1, its spelling) and the same page under the word spelled right.
  'user.player': '/eduction/:id/player',
  'user.education-player': '/education/:id/player',
  company: '/admin',
  'company.dashboard': '/admin/dashboard',
  'company.user': '/admin/user',
  'company.user.passive': '/admin/user/passive',
  'company.user.detail': '/admin/user/detail/:id',
  'company.user.import': '/admin/user/import',
  'company.requests.user': '/admin/requests/user',
  'company.permission.index': '/admin/authorization-permission',
  'company.permission.add': '/admin/authorization-add-permission',
  'company.permission.edit': '/admin/authorization-add-permission/:id',
  'company.content.detail': '/admin/content/detail/:id',
  'company.content.assignment': '/admin/content/:id/assignment',
  'company.content.preview': '/admin/content/:id/preview',
  'company.content.addx': '/admin/content/addx',
  'company.content.editx': '/admin/content/editx/:id',
  'company.content-management': '/admin/content-management',
  'company.settings': '/admin/settings',
  'company.faq': '/admin/faq',
  'company.integrations': '/admin/integrations',
  'company.jobs.index': '/admin/jobs',
  'company.mail-templates': '/admin/mail-templates',
  'company.mail-templates.edit': '/admin/mail-templates/:event/:language',
} as const;

export type PageRouteName = keyof typeof PAGE_ROUTES;

/** The path pattern of a named page route, as the route table declares it. */
export function pageRoutePath(name: PageRouteName): string {
  return PAGE_ROUTES[name];
}
