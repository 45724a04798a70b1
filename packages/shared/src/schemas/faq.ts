import { z } from 'zod';
import { LOCALES, type Locale } from '../constants.js';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { ID_MAX } from './common.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { lenient, resourceListQuerySchema } from './resource.js';

/** A text written per language; a language left empty is absent (never an empty string). */
export type LocalizedText = Partial<Record<Locale, string>>;
export const localizedTextSchema: z.ZodType<LocalizedText> = z.partialRecord(z.enum(LOCALES), z.string());

/**
 * A text in the four languages, each optional and trimmed; empty ones are dropped. At least one language is
 * required here; the server also requires the company's default language (it alone knows which that is).
 */
export function localizedInputSchema(max: number) {
  const one = z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
  return z
    .object({ tr: one, en: one, az: one, de: one })
    .transform((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v)) as LocalizedText)
    .refine((value) => Object.keys(value).length > 0, 'faq.one_language_required');
}

/**
 * The text to show in a language: that language, else the company's default, else the first language written
 * (in the order tr, en, az, de). Empty when nothing is written at all.
 */
export function pickLocalized(text: LocalizedText | null | undefined, lang: Locale, fallback: Locale): string {
  if (!text) return '';
  const order: Locale[] = [lang, fallback, ...LOCALES];
  for (const code of order) {
    const value = text[code];
    if (value) return value;
  }
  return '';
}

export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 20_000;
export const FAQ_CATEGORY_NAME_MAX = 120;
const orderSchema = z.coerce.number('validation.invalid').int('validation.invalid').min(0).max(100_000);

// --- Categories (`api/admin/faq-categories`) ---

/** The columns `sort` accepts on `GET api/admin/faq-categories`. */
export const FAQ_CATEGORY_SORTS = ['order', 'status', 'created_at', 'updated_at'] as const;

export const faqCategorySchema = z.object({
  id: z.number(),
  name: localizedTextSchema,
  order: z.number(),
  status: activeStatusSchema,
  /** Questions in the category, whatever their status. */
  faqs_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FaqCategory = z.infer<typeof faqCategorySchema>;

const faqCategoryWriteShape = {
  name: localizedInputSchema(FAQ_CATEGORY_NAME_MAX),
  order: orderSchema,
  status: activeStatusSchema,
};

/** POST api/admin/faq-categories. */
export const faqCategoryCreateSchema = z.object({
  ...faqCategoryWriteShape,
  order: faqCategoryWriteShape.order.default(0),
  status: faqCategoryWriteShape.status.default(1),
});
export type FaqCategoryCreate = z.infer<typeof faqCategoryCreateSchema>;

/** PUT or POST api/admin/faq-categories/{id}: the fields sent change, the others stay. */
export const faqCategoryUpdateSchema = z.object(faqCategoryWriteShape).partial();
export type FaqCategoryUpdate = z.infer<typeof faqCategoryUpdateSchema>;

export const faqCategoryListQuerySchema = resourceListQuerySchema.extend({ status: activeStatusFilter });
export type FaqCategoryListQuery = z.infer<typeof faqCategoryListQuerySchema>;

// --- Questions (`api/admin/faqs`) ---

/** The columns `sort` accepts on `GET api/admin/faqs`. */
export const FAQ_SORTS = ['order', 'status', 'created_at', 'updated_at'] as const;

export const faqSchema = z.object({
  id: z.number(),
  /** Null: the question belongs to no category (the learner page lists it under "other questions"). */
  category_id: z.number().nullable(),
  category: z.object({ id: z.number(), name: localizedTextSchema }).nullable(),
  question: localizedTextSchema,
  /** HTML per language; sanitized on display. */
  answer: localizedTextSchema,
  order: z.number(),
  status: activeStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Faq = z.infer<typeof faqSchema>;

const faqWriteShape = {
  category_id: z.number().int().positive().max(ID_MAX).nullable(),
  question: localizedInputSchema(FAQ_QUESTION_MAX),
  answer: localizedInputSchema(FAQ_ANSWER_MAX),
  order: orderSchema,
  status: activeStatusSchema,
};

/** POST api/admin/faqs. */
export const faqCreateSchema = z.object({
  ...faqWriteShape,
  category_id: faqWriteShape.category_id.default(null),
  order: faqWriteShape.order.default(0),
  status: faqWriteShape.status.default(1),
});
export type FaqCreate = z.infer<typeof faqCreateSchema>;

/** PUT or POST api/admin/faqs/{id}: the fields sent change, the others stay. */
export const faqUpdateSchema = z.object(faqWriteShape).partial();
export type FaqUpdate = z.infer<typeof faqUpdateSchema>;

/** GET api/admin/faqs: status and category filters; `category_id=none` lists the questions without a category. */
export const faqListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  category_id: lenient(
    z
      .union([z.literal('none'), z.coerce.number().int().positive().max(ID_MAX)])
      .transform((v) => (v === 'none' ? 0 : v)),
  ),
});
export type FaqListQuery = z.infer<typeof faqListQuerySchema>;

// --- The learner's page (`GET api/faq`) ---

/** GET api/faq: a search over what the learner reads, and one category. Bad values are ignored, never 422. */
export const faqPublicQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .catch(undefined)
    .transform((v) => (v ? v : undefined)),
  category_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
});
export type FaqPublicQuery = z.infer<typeof faqPublicQuerySchema>;

export const faqPublicCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Active questions of the category that match the search. */
  count: z.number(),
});
export type FaqPublicCategory = z.infer<typeof faqPublicCategorySchema>;

export const faqPublicQuestionSchema = z.object({
  id: z.number(),
  category_id: z.number().nullable(),
  question: z.string(),
  /** HTML: sanitize before display. */
  answer: z.string(),
});
export type FaqPublicQuestion = z.infer<typeof faqPublicQuestionSchema>;

/** The active categories (ordered) and the active questions (ordered by category, then their own order). */
export const faqPublicResponseSchema = z.object({
  data: z.object({ categories: z.array(faqPublicCategorySchema), questions: z.array(faqPublicQuestionSchema) }),
});
export type FaqPublicResponse = z.infer<typeof faqPublicResponseSchema>;

/** `api/admin/faq-categories` and its admin screens. */
export const faqCategoriesContract = defineContract({
  plural: 'faq-categories',
  namespace: 'faq',
  permissions: readWrite('read_faq', 'create_faq'),
  schemas: {
    item: faqCategorySchema,
    create: faqCategoryCreateSchema,
    update: faqCategoryUpdateSchema,
    listQuery: faqCategoryListQuerySchema,
  },
  list: { sorts: FAQ_CATEGORY_SORTS, defaultSort: 'order', filters: [ACTIVE_STATUS_LIST_FILTER] },
  screens: {
    list: { name: 'company.faq_category.index', path: '/admin/faq-categories/list' },
    add: { name: 'company.faq_category.add', path: '/admin/faq-categories/add' },
    edit: { name: 'company.faq_category.edit', path: '/admin/faq-categories/:id/edit' },
  },
});

/** `api/admin/faqs` and its admin screens; the category filter's options are the company's categories. */
export const faqsContract = defineContract({
  plural: 'faqs',
  namespace: 'faq',
  permissions: readWrite('read_faq', 'create_faq'),
  schemas: { item: faqSchema, create: faqCreateSchema, update: faqUpdateSchema, listQuery: faqListQuerySchema },
  list: { sorts: FAQ_SORTS, defaultSort: 'order', filters: [ACTIVE_STATUS_LIST_FILTER] },
  screens: {
    list: { name: 'company.faq.index', path: '/admin/faq/list' },
    add: { name: 'company.faq.add', path: '/admin/faq/add' },
    edit: { name: 'company.faq.edit', path: '/admin/faq/:id/edit' },
  },
});
