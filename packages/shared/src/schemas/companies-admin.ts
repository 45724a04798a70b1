import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, superAdminOnly } from '../resource-contract.js';
import { ID_MAX } from './common.js';
import {
  companySettingSchemas,
  domainSchema,
  legalTextSettingSchema,
  loginOptionsSchema,
  slugSchema,
  themeSettingsSchema,
} from './company.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { lenient, resourceListQuerySchema } from './resource.js';
import { storageUsageSchema } from './uploads.js';

/** The columns `sort` accepts on `GET api/admin/companies`. */
export const COMPANY_SORTS = ['name', 'slug', 'status', 'created_at'] as const;

/**
 * An address of a file this server stored (`POST api/uploads`): the only logo a company may point at, so a logo is
 * always served by Kampus itself, on the company's own hosts.
 */
export const storedFileUrlSchema = z
  .string()
  .trim()
  .regex(/^\/api\/files\/[0-9a-f]{32}\.[a-z0-9]{2,5}$/, 'validation.invalid');

/** No logo (null or an empty string) or an address this server issued. */
const logoLinkSchema = z
  .union([z.literal(''), storedFileUrlSchema])
  .nullish()
  .transform((v) => (v ? v : null));

const surnameRestrictSchema = z.union([z.literal(0), z.literal(1)], 'validation.invalid_value');
const companyRefSchema = z.object({ id: z.number(), name: z.string() });

/** A company as the super admin's `api/admin/companies` presents it. */
export const adminCompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  custom_domain: z.string().nullable(),
  logo_link: z.string().nullable(),
  parent: companyRefSchema.nullable(),
  is_group_alias: z.boolean(),
  can_switch_company: z.boolean(),
  surname_view_restrict: z.number(),
  status: activeStatusSchema,
  default_language: z.enum(LOCALES),
  theme_settings: themeSettingsSchema,
  users_count: z.number().int().nonnegative(),
  children_count: z.number().int().nonnegative(),
  /** The company's own upload quota in MB; null takes the platform default (UPLOAD_QUOTA_MB). */
  upload_quota_mb: z.number().int().nullable(),
  /** What its uploads take of the quota in force. */
  storage: storageUsageSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;

const companyWriteShape = {
  name: z.string().trim().min(2, 'validation.required').max(160),
  slug: z.string().trim().min(1, 'validation.required').pipe(slugSchema),
  custom_domain: z
    .union([z.literal(''), domainSchema])
    .nullish()
    .transform((v) => (v ? v : null)),
  parent_id: z.number().int().positive().max(ID_MAX).nullish(),
  is_group_alias: z.boolean(),
  can_switch_company: z.boolean(),
  surname_view_restrict: surnameRestrictSchema,
  status: activeStatusSchema,
  default_language: z.enum(LOCALES, 'validation.language'),
  logo_link: logoLinkSchema,
  theme_settings: themeSettingsSchema,
  upload_quota_mb: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(10_000_000, 'validation.invalid')
    .nullish()
    .transform((v) => v ?? null),
};

/** POST api/admin/companies. */
export const adminCompanyCreateSchema = z.object({
  ...companyWriteShape,
  is_group_alias: companyWriteShape.is_group_alias.default(false),
  can_switch_company: companyWriteShape.can_switch_company.default(false),
  surname_view_restrict: companyWriteShape.surname_view_restrict.default(0),
  status: companyWriteShape.status.default(1),
  default_language: companyWriteShape.default_language.default('tr'),
  theme_settings: companyWriteShape.theme_settings.default({}),
});
export type AdminCompanyCreate = z.infer<typeof adminCompanyCreateSchema>;

/** PUT or POST api/admin/companies/{id}: the fields sent change, the others stay. */
export const adminCompanyUpdateSchema = z.object(companyWriteShape).partial();
export type AdminCompanyUpdate = z.infer<typeof adminCompanyUpdateSchema>;

/** GET api/admin/companies: the list query plus the status and parent filters. */
export const adminCompanyListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  parent_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
});
export type AdminCompanyListQuery = z.infer<typeof adminCompanyListQuerySchema>;

/**
 * The company registry (spec §2.2): a platform resource, not a tenant's records, so every action is the super
 * admin's. The `parent_id` filter's options (the companies) are added by the page at run time.
 */
export const companiesContract = defineContract({
  plural: 'companies',
  namespace: 'companies',
  permissions: superAdminOnly(),
  schemas: {
    item: adminCompanySchema,
    create: adminCompanyCreateSchema,
    update: adminCompanyUpdateSchema,
    listQuery: adminCompanyListQuerySchema,
  },
  list: { sorts: COMPANY_SORTS, defaultSort: 'name', filters: [ACTIVE_STATUS_LIST_FILTER] },
  screens: {
    list: { name: 'company.companies.index', path: '/admin/companies' },
    add: { name: 'company.companies.add', path: '/admin/companies/add' },
    edit: { name: 'company.companies.edit', path: '/admin/companies/edit/:id' },
  },
});

/**
 * The settings screen of a company admin (`GET/PUT api/admin/settings`): the company settings of spec §3 except the
 * module switches (their own screen), and the fields of the company a company admin may change about itself.
 */
export const companySettingsFormSchema = z.object({
  default_language: z.enum(LOCALES, 'validation.language'),
  surname_view_restrict: surnameRestrictSchema,
  logo_link: logoLinkSchema,
  chat_is_disabled: z.boolean(),
  hide_online_users: companySettingSchemas.hide_online_users,
  hide_copyright_notice: companySettingSchemas.hide_copyright_notice,
  theme_settings: themeSettingsSchema,
  login_options: loginOptionsSchema,
  personal_data_notice: legalTextSettingSchema,
  clarification_text: legalTextSettingSchema,
  hide_social_links_hosts: companySettingSchemas.hide_social_links_hosts,
  user_custom_fields: companySettingSchemas.user_custom_fields,
});
export type CompanySettingsForm = z.infer<typeof companySettingsFormSchema>;

/** The answer of GET and PUT api/admin/settings (the same fields, as stored: response schemas carry no transforms). */
export const companySettingsSchema = companySettingsFormSchema.extend({ logo_link: z.string().nullable() });

/** PUT api/admin/settings: the fields sent change (a setting as a whole), the others stay. */
export const companySettingsUpdateSchema = companySettingsFormSchema.partial();
export type CompanySettingsUpdate = z.infer<typeof companySettingsUpdateSchema>;

/** The settings keys of the screen, stored as company settings (the rest are columns of the company). */
export const SETTINGS_SCREEN_KEYS = [
  'chat_is_disabled',
  'hide_online_users',
  'hide_copyright_notice',
  'theme_settings',
  'login_options',
  'personal_data_notice',
  'clarification_text',
  'hide_social_links_hosts',
  'user_custom_fields',
] as const satisfies readonly (keyof CompanySettingsForm & keyof typeof companySettingSchemas)[];
