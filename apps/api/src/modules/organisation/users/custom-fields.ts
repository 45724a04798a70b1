import { customFieldLabel, isLocale, type Locale, type UserCustomField, userCustomFieldsSchema } from '@kampus/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { jsonbRaw } from '../../../db/schema/columns.js';
import { companies, companySettings } from '../../../db/schema/index.js';
import { invalidFields } from '../../../platform/http/errors.js';

/** The company setting that defines the fields (`companySettingSchemas.user_custom_fields`). */
export const USER_CUSTOM_FIELDS_SETTING = 'user_custom_fields';

/** The fields the company defines, in their order; a stored value of an older shape reads as none. */
export async function findDefinedFields(tx: Db, companyId: number): Promise<UserCustomField[]> {
  const [row] = await tx
    .select({ value: jsonbRaw(companySettings.value) })
    .from(companySettings)
    .where(and(eq(companySettings.companyId, companyId), eq(companySettings.key, USER_CUSTOM_FIELDS_SETTING)));
  const parsed = userCustomFieldsSchema.safeParse(row?.value ?? []);
  return parsed.success ? parsed.data : [];
}

/** The company's language, the second choice of a label after the request's. */
export async function findCompanyLanguage(tx: Db, companyId: number): Promise<Locale> {
  const [company] = await tx
    .select({ language: companies.defaultLanguage })
    .from(companies)
    .where(eq(companies.id, companyId));
  return isLocale(company?.language) ? company.language : 'tr';
}

/** Each defined field with its label in the request's language (falling back as `pickLocalized` does). */
export async function findLabelledFields(tx: Db, companyId: number, lang: Locale) {
  const [fields, companyLang] = await Promise.all([
    findDefinedFields(tx, companyId),
    findCompanyLanguage(tx, companyId),
  ]);
  return fields.map((field) => ({ key: field.key, label: customFieldLabel(field, lang, companyLang) }));
}

/** A value may be given only for a defined field, so a typo cannot make a new one (422 on the unknown key). */
export function assertDefinedKeys(values: Record<string, string>, fields: readonly UserCustomField[]): void {
  const defined = new Set(fields.map((field) => field.key));
  const unknown = Object.keys(values).filter((key) => !defined.has(key));
  if (unknown.length > 0) {
    throw invalidFields(
      Object.fromEntries(unknown.map((key) => [`custom_fields.${key}`, 'user_fields.unknown_field'])),
    );
  }
}

/**
 * The values to store: the ones given over the stored ones, an empty value removing its key. Values of fields the
 * company no longer defines are never sent (they would be refused) and so stay as they were.
 */
export function mergeCustomFields(
  stored: Record<string, string>,
  given: Record<string, string>,
): Record<string, string> {
  const merged = { ...stored, ...given };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== ''));
}
