/** The spec's named routes (§2.1) and the paths they stand for; `:param` segments are filled from params. */
const NAMED_ROUTES: Record<string, string> = {
  login: '/login',
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
  'company.dashboard': '/admin/dashboard',
  'company.user.list': '/admin/user/list',
  'company.user.add': '/admin/user/add',
  'company.user.edit': '/admin/user/edit/:id',
  'company.user.passive': '/admin/user/passive',
  'company.user.detail': '/admin/user/detail/:id',
  'company.user.group.index': '/admin/user/group',
  'company.user.group.add': '/admin/user/group/add',
  'company.user.group.edit': '/admin/user/group/edit/:id',
  'company.role.index': '/admin/authorization-roles',
  'company.role.add': '/admin/authorization-add-edit-roles',
  'company.role.edit': '/admin/authorization-add-edit-roles/:id',
  'company.permission.index': '/admin/authorization-permission',
  'company.hashtag.index': '/admin/hashtags',
  'company.hashtag.add': '/admin/hashtags/add',
  'company.hashtag.edit': '/admin/hashtags/:id/edit',
  'company.institution.index': '/admin/institutions',
  'company.institution.add': '/admin/institutions/add',
  'company.institution.edit': '/admin/institutions/edit/:id',
  'company.companies.index': '/admin/companies',
  'company.companies.add': '/admin/companies/add',
  'company.companies.edit': '/admin/companies/edit/:id',
  'company.settings': '/admin/settings',
  'company.faq': '/admin/faq',
  'company.faq.index': '/admin/faq/list',
  'company.faq.add': '/admin/faq/add',
  'company.faq.edit': '/admin/faq/:id/edit',
  'company.faq_category.index': '/admin/faq-categories/list',
  'company.faq_category.add': '/admin/faq-categories/add',
  'company.faq_category.edit': '/admin/faq-categories/:id/edit',
  'company.integrations': '/admin/integrations',
  'company.solution_partner.index': '/admin/solution-partners',
  'company.solution_partner.add': '/admin/solution-partners/add',
  'company.solution_partner.edit': '/admin/solution-partners/:id/edit',
  'company.menu-modules': '/admin/menu-modules',
  'company.menu-modules.add': '/admin/menu-modules/add',
  'company.menu-modules.edit': '/admin/menu-modules/:id/edit',
  'company.data': '/admin/data',
  'company.jobs.index': '/admin/jobs',
  'company.data.request.add': '/admin/data/requests/add',
  'company.data.request.edit': '/admin/data/requests/:id/edit',
  'company.permission.add': '/admin/authorization-add-permission',
  'company.permission.edit': '/admin/authorization-add-permission/:id',
  '404': '/404',
  'user.assignment-detail': '/assignment/:id/detail',
  'user.education-detail': '/education/:id/detail',
};

/** The path of a named route, or null when the name is unknown or a parameter is missing. */
export function pathForRoute(name: string, params: Record<string, unknown> = {}): string | null {
  const pattern = NAMED_ROUTES[name] ?? (name.startsWith('user.') ? `/${name.slice(5)}` : null);
  if (!pattern) return null;
  let missing = false;
  const path = pattern.replace(/:(\w+)/g, (_m, key: string) => {
    const value = params[key];
    if (value === undefined || value === null || value === '') missing = true;
    return encodeURIComponent(String(value));
  });
  return missing ? null : path;
}
