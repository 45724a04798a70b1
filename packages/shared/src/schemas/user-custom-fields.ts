import { z } from 'zod';
import type { Locale } from '../constants.js';
import { pickLocalized } from './faq.js';
import { USER_CUSTOM_FIELD_KEY_MAX, USER_CUSTOM_FIELDS_MAX } from './users-admin.js';

/** The longest label of a company-defined user field, in any language. */
export const USER_CUSTOM_FIELD_LABEL_MAX = 80;
/** A field's stable identifier: what the values are stored under and what an import header may name. */
export const USER_CUSTOM_FIELD_KEY_PATTERN = /^[a-z0-9_]+$/;

const labelText = z.string().trim().max(USER_CUSTOM_FIELD_LABEL_MAX).optional();

/**
 * One field a company defines for its people (issue 4): a stable key and its label per language. An empty language
 * is left out when shown (`pickLocalized`); at least one must be written.
 */
export const userCustomFieldSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(USER_CUSTOM_FIELD_KEY_MAX)
    .regex(USER_CUSTOM_FIELD_KEY_PATTERN, 'user_fields.key_invalid'),
  label: z
    .strictObject({ tr: labelText, en: labelText, az: labelText, de: labelText })
    .refine((label) => Object.values(label).some(Boolean), 'user_fields.label_required'),
});
export type UserCustomField = z.infer<typeof userCustomFieldSchema>;

/** The company setting `user_custom_fields`: the fields in the order forms and exports show them. */
export const userCustomFieldsSchema = z
  .array(userCustomFieldSchema)
  .max(USER_CUSTOM_FIELDS_MAX, 'user_fields.too_many')
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      if (seen.has(field.key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: 'user_fields.key_taken' });
      seen.add(field.key);
    });
  });

/** A field's label in a language: that language, else the company's, else the first written. */
export function customFieldLabel(field: UserCustomField, lang: Locale, companyLang: Locale): string {
  return pickLocalized(field.label, lang, companyLang) || field.key;
}

const TRANSLITERATION: Record<string, string> = {
  ç: 'c',
  ğ: 'g',
  ı: 'i',
  ö: 'o',
  ş: 's',
  ü: 'u',
  ə: 'e',
  ä: 'a',
  ß: 'ss',
};

/** A key made from a label ("Maliyet merkezi" → "maliyet_merkezi"), offered when a field is added. */
export function customFieldKeyOf(label: string): string {
  return label
    .toLocaleLowerCase('tr')
    .replace(/[çğıöşüəäß]/g, (c) => TRANSLITERATION[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, USER_CUSTOM_FIELD_KEY_MAX);
}

/** `GET api/admin/users/custom-fields`: the defined fields in their order, each labelled in the request's language. */
export const labelledCustomFieldSchema = z.object({ key: z.string(), label: z.string() });
export type LabelledCustomField = z.infer<typeof labelledCustomFieldSchema>;
