/** Built-in role ids (spec §6). Company-defined roles get ids from 100 up. */
export const ROLE = { superAdmin: 1, admin: 2, user: 3 } as const;
export type BuiltInRoleId = (typeof ROLE)[keyof typeof ROLE];

export const BUILT_IN_ROLES = [
  { id: ROLE.superAdmin, name: 'super_admin' },
  { id: ROLE.admin, name: 'admin' },
  { id: ROLE.user, name: 'user' },
] as const;

/** Every permission name the admin routes require (spec §6). */
export const PERMISSIONS = [
  'show_user',
  'create_content',
  'read_content',
  'read_contentdetailreport',
  'create_training',
  'show_training',
  'read_training',
  'read_program',
  'create_program',
  'read_companysetting',
  'show_survey',
  'create_survey',
  'read_evaluationsurvey',
  'create_evaluationsurvey',
  'show_exam',
  'create_exam',
  'show_certificate',
  'create_certificate',
  'show_hashtag',
  'create_hashtag',
  'show_certificatetemplate',
  'create_certificatetemplate',
  'read_point',
  'read_widgetmanagement',
  'show_gift',
  'create_gift',
  'read_gift',
  'read_sharesmanagement',
  'read_competency',
  'read_assignment',
  'create_assignment',
  'read_automaticcompetency',
  'create_automaticcompetency',
  'read_report',
  'read_institutionreport',
  'read_companycontractreport',
  'read_certificatereport',
  'read_usersurveyresultreport',
  'read_educationenddetailevaluationreport',
  'read_userassignmentdetailreport',
  'read_giftreport',
  'read_userreport',
  'read_userassignmentreport',
  'read_usertrainingreport',
  'read_contentreport',
  'read_usercontentreport',
  'read_examreport',
  'read_examresultreport',
  'read_linkedinlearningreport',
  'read_udemyreport',
  'read_harvardreport',
  'read_externalreport',
  'read_prepostreport',
  'read_faq',
  'create_faq',
  'read_integration',
  'read_leaderboardrule',
  'read_role',
  'read_permission',
  'create_role',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(name: string): name is Permission {
  return (PERMISSIONS as readonly string[]).includes(name);
}

/** Module keys carried by the session; they gate menu features (spec §3, §6). */
export const MODULE_KEYS = ['wall', 'leader-table', 'gift', 'education-category', 'my-collection'] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];

type RoleLike = { id: number; permissions?: readonly { name: string }[] };

/** The admin panel link and the report assistant need more than one role (spec §6, §9). */
export function hasMoreThanOneRole(roles: readonly RoleLike[]): boolean {
  return roles.length > 1;
}

/** The header's super-admin mode: more than two roles (spec §6, §9). */
export function isSuperAdminByRoleCount(roles: readonly RoleLike[]): boolean {
  return roles.length > 2;
}

/** The header treats role 1 or 2 as admin (spec §6). */
export function isAdminRole(roleId: number): boolean {
  return roleId === ROLE.superAdmin || roleId === ROLE.admin;
}

/**
 * Union of permission names across roles; the plain user role is skipped when several roles exist (spec §6).
 */
export function permissionsOfRoles(roles: readonly RoleLike[]): { names: Set<string>; roleCount: number } {
  const counted = roles.length > 1 ? roles.filter((r) => r.id !== ROLE.user) : roles;
  const names = new Set<string>();
  for (const role of counted) for (const p of role.permissions ?? []) names.add(p.name);
  return { names, roleCount: roles.length };
}
