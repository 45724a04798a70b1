import { z } from 'zod';
import { MODULE_KEYS } from '../access.js';
import { LOCALES } from '../constants.js';
import { LOGIN_IDENTIFIERS } from '../login-options.js';
import { ID_MAX, optionalText } from './common.js';
import { userCustomFieldsSchema } from './user-custom-fields.js';

const hexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'validation.color');
const link = z.union([z.url({ protocol: /^https?$/ }), z.literal('')]);

export const themeSettingsSchema = z.object({
  linkedinLink: link.optional(),
  instagramLink: link.optional(),
  facebookLink: link.optional(),
  youtubeLink: link.optional(),
  iconColor: hexColor.optional(),
  infoColor: hexColor.optional(),
  backgroundColor: hexColor.optional(),
  primaryColor: hexColor.optional(),
  secondaryColor: hexColor.optional(),
  dangerColor: hexColor.optional(),
  successColor: hexColor.optional(),
  warningColor: hexColor.optional(),
});
export type ThemeSettings = z.infer<typeof themeSettingsSchema>;

/** Limits of the legal texts a company may set: each is HTML (sanitized by the browser before display). */
export const LEGAL_TEXT_MAX_LENGTH = 50_000;
export const LEGAL_TEXT_MAX_HOSTS = 10;

/** A host as the browser reports it (window.location.host): a lower-case name, optionally with a port. */
export const hostNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/,
    'validation.domain',
  );

const legalHtml = z.string().trim().max(LEGAL_TEXT_MAX_LENGTH);
/** One text per language; a language left out (or empty) falls back as the chooser describes. */
export const localizedLegalTextSchema = z.strictObject({
  tr: legalHtml.optional(),
  en: legalHtml.optional(),
  az: legalHtml.optional(),
  de: legalHtml.optional(),
});
export type LocalizedLegalText = z.infer<typeof localizedLegalTextSchema>;

/**
 * A legal text of a company: a default plus variants for named hosts, because one company is reached on its
 * subdomain and on its own domain, and a customer may want a special text on one of them (spec §1, §2.9).
 */
export const legalTextSettingSchema = z.strictObject({
  default: localizedLegalTextSchema.default({}),
  hosts: z
    .record(hostNameSchema, localizedLegalTextSchema)
    .refine((hosts) => Object.keys(hosts).length <= LEGAL_TEXT_MAX_HOSTS, 'validation.invalid')
    .default({}),
});
export type LegalTextSetting = z.infer<typeof legalTextSettingSchema>;

export const loginOptionsSchema = z.object({
  identifiers: z.array(z.enum(LOGIN_IDENTIFIERS)).min(1).default(['email', 'username']),
  sms_two_factor: z.boolean().default(false),
  self_registration: z.boolean().default(false),
  self_registration_requires_approval: z.boolean().default(true),
});
export type LoginOptions = z.infer<typeof loginOptionsSchema>;

/** The settings every company may hold (spec §3), each with its own value schema. */
export const companySettingSchemas = {
  chat_is_disabled: z.union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false'])]),
  hide_online_users: z.boolean(),
  hide_copyright_notice: z.boolean(),
  theme_settings: themeSettingsSchema,
  login_options: loginOptionsSchema,
  modules: z.array(z.enum(MODULE_KEYS)),
  /** The personal-data notice shown once on the first visit (spec §1). */
  personal_data_notice: legalTextSettingSchema,
  /** The text behind the footer's clarification link (spec §2.9). */
  clarification_text: legalTextSettingSchema,
  /** Hosts on which the footer hides the social links (spec §2.9: "hidden for one specific academy host"). */
  hide_social_links_hosts: z.array(hostNameSchema).max(LEGAL_TEXT_MAX_HOSTS),
  /** The fields the company defines for its people (issue 4), in the order forms and exports show them. */
  user_custom_fields: userCustomFieldsSchema,
} as const;
export type CompanySettingKey = keyof typeof companySettingSchemas;
export const COMPANY_SETTING_KEYS = Object.keys(companySettingSchemas) as CompanySettingKey[];

export const companySettingEntrySchema = z.object({ key: z.string(), value: z.unknown() });
export type CompanySettingEntry = z.infer<typeof companySettingEntrySchema>;

/** chat_is_disabled: value 1, true, '1' or 'true' means disabled (spec §3). */
export function isTruthySetting(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

const companyRefSchema = z.object({ id: z.number(), name: z.string() });

/** GET api/company/self */
export const companySelfSchema = z.object({
  id: z.number(),
  name: z.string(),
  company_name: z.string(),
  slug: z.string(),
  logo_link: z.string().nullable(),
  default_language: z.enum(LOCALES),
  settings: z.array(companySettingEntrySchema),
  surname_view_restrict: z.number(),
  is_group_alias: z.boolean(),
  can_switch_company: z.boolean(),
  parent: companyRefSchema.nullable(),
  children: z.array(companyRefSchema),
});
export type CompanySelf = z.infer<typeof companySelfSchema>;

export const COMPANY_STATUS = { passive: 0, active: 1 } as const;

/** A company as the super admin sees it in the list. */
export const companySchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  custom_domain: z.string().nullable(),
  logo_link: z.string().nullable(),
  parent_id: z.number().nullable(),
  is_group_alias: z.boolean(),
  can_switch_company: z.boolean(),
  surname_view_restrict: z.number(),
  status: z.number(),
  default_language: z.enum(LOCALES),
  created_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const companyListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).catch(20).default(20),
  search: z.string().trim().max(200).optional(),
  status: z.coerce.number().int().min(0).max(1).optional().catch(undefined),
  parent_id: z.coerce.number().int().positive().max(ID_MAX).optional().catch(undefined),
});

/** A company's subdomain label: {slug}.{BASE_DOMAIN}. */
export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'validation.slug');
/** The marketing landing's "find your company's address" form. */
export const companyFinderSchema = z.object({ slug: z.string().trim().min(1, 'validation.required').pipe(slugSchema) });

export const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'validation.domain');

/** POST api/company: with an id it updates, without one it creates. */
export const companyUpsertSchema = z.object({
  id: z.number().int().positive().max(ID_MAX).optional(),
  name: z.string().trim().min(2).max(160),
  slug: slugSchema,
  custom_domain: domainSchema.nullish(),
  logo_link: optionalText(1000),
  parent_id: z.number().int().positive().max(ID_MAX).nullish(),
  is_group_alias: z.boolean().default(false),
  can_switch_company: z.boolean().default(false),
  surname_view_restrict: z.union([z.literal(0), z.literal(1)]).default(0),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  default_language: z.enum(LOCALES).default('tr'),
  settings: z.array(companySettingEntrySchema).max(50).optional(),
});
export type CompanyUpsert = z.infer<typeof companyUpsertSchema>;

export const changeCompanySchema = z.object({ company_id: z.coerce.number().int().positive().max(ID_MAX) });
