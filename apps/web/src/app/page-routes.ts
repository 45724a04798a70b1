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
  // The side menu's user.{type} name of the same page, and a certificate at full size (issue 16).
  'user.my-certification': '/my-certification',
  'user.certification-preview': '/certification/:id/preview',
  // The public verification of a certificate number (issue 16): no sign-in.
  'certificate.verify': '/verify/:number',
  'User.payment-history': '/payment-history',
  'User.agreement': '/legal-notification',
  'User.faq': '/faq',
  'user.search': '/search',
  // The leader table (issue 17): the side menu's `leader-table` module.
  'user.leader-table': '/leader-table',
  // The gift store (issue 17): the side menu's `gift` module.
  'user.gift': '/gift',
  'user.assignment-detail': '/assignment/:id/detail',
  'user.assignment-classroom': '/assignments/:assignment/classroom-education',
  'user.my-assignment': '/my-assignment',
  'user.education-detail': '/education/:id/detail',
  'user.my-education': '/my-education',
  'user.education-category': '/education-category',
  'user.agenda': '/agenda',
  'user.announcements': '/announcements',
  'user.announcement-detail': '/announcements/:id',
  'user.survey': '/survey/:id',
  'user.evaluation-survey': '/survey/:id/education/:education',
  // The learner's exams (issue 15): the list, the taking screen, an attempt's result.
  'user.test': '/test',
  'user.test.exam': '/test/exam/:id',
  'user.test.attempt': '/test/attempt/:attempt',
  // The separate player page (spec §2.1, its spelling) and the same page under the word spelled right.
  'user.player': '/eduction/:id/player',
  'user.education-player': '/education/:id/player',
  company: '/admin',
  'company.dashboard': '/admin/dashboard',
  'company.leaders-table-management': '/admin/leaders-table-management',
  'company.gift.requests': '/admin/gift/requests',
  'company.user': '/admin/user',
  'company.user.passive': '/admin/user/passive',
  'company.user.detail': '/admin/user/detail/:id',
  'company.user.import': '/admin/user/import',
  'company.requests.user': '/admin/requests/user',
  'company.requests.training': '/admin/requests/training/:id?',
  'company.permission.index': '/admin/authorization-permission',
  'company.permission.add': '/admin/authorization-add-permission',
  'company.permission.edit': '/admin/authorization-add-permission/:id',
  'company.content.detail': '/admin/content/detail/:id',
  'company.content.assignment': '/admin/content/:id/assignment',
  'company.content.preview': '/admin/content/:id/preview',
  'company.content.addx': '/admin/content/addx',
  'company.content.editx': '/admin/content/editx/:id',
  'company.content-management': '/admin/content-management',
  'company.assignments.preview': '/admin/assignment/:id/preview',
  'company.content.catalog.purchased': '/admin/education/catalog/purchased',
  'company.education.detail': '/admin/education/detail',
  'company.education.classroom.session': '/admin/education/classroom/:id/sessions/:session',
  'company.question.import': '/admin/question/import',
  'company.survey.results': '/admin/survey/:id/results',
  'company.evaluation-survey.results': '/admin/evaluation-survey/:id/results',
  'company.exam.add_demo': '/admin/exam/add-demo',
  'company.exam.edit_demo': '/admin/exam/:id/edit-demo',
  'company.exam.results': '/admin/exam/:id/results',
  // A certificate definition's issued certificates (issue 16).
  'company.certificate.issued': '/admin/certificate/:id/issued',
  'company.competencies.people': '/admin/competencies-and-user-definitions/people',
  'company.competency-management': '/admin/competency-management',
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
