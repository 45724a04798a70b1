import {
  ACTIVE_STATUS_NAMES,
  activeStatusSchema,
  type FAQ_CATEGORY_SORTS,
  type FAQ_SORTS,
  type Faq,
  type FaqCategory,
  type FaqCategoryCreate,
  type FaqCategoryListQuery,
  type FaqCategoryUpdate,
  type FaqCreate,
  type FaqListQuery,
  type FaqPublicQuery,
  type FaqUpdate,
  faqCategoriesContract,
  faqsContract,
  isLocale,
  type Locale,
  type LocalizedText,
  pickLocalized,
} from '@kampus/shared';
import { and, asc, count, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { companies, faqCategories, faqs } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Platform } from '../../../platform/deps.js';
import { invalidFields } from '../../../platform/http/errors.js';
import { activeStatusAction, columnValues, defineResource, foldCase } from '../../../platform/resource/resource.js';

/** The company's default language: the fallback of every text and the one a text must at least be written in. */
async function defaultLanguageOf(tx: Db, companyId: number): Promise<Locale> {
  const [row] = await tx
    .select({ language: companies.defaultLanguage })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row && isLocale(row.language) ? row.language : 'tr';
}

/** A localized text must hold the company's default language; the error names that language's field. */
async function assertDefaultLanguage(tx: Db, companyId: number, texts: Record<string, LocalizedText | undefined>) {
  const language = await defaultLanguageOf(tx, companyId);
  const missing = Object.entries(texts).filter(([, text]) => text !== undefined && !text[language]);
  if (missing.length > 0) {
    throw invalidFields(
      Object.fromEntries(missing.map(([field]) => [`${field}.${language}`, 'faq.default_language_required'])),
    );
  }
}

const statusOf = (status: number) => activeStatusSchema.catch(0).parse(status);
/** Fields not sent stay: undefined values are left out of the SET list. */
/** The body fields each table takes as they are (the rest are checked or worked out first). */
const CATEGORY_COLUMNS = { name: faqCategories.name, order: faqCategories.order, status: faqCategories.status };
const FAQ_COLUMNS = {
  category_id: faqs.categoryId,
  question: faqs.question,
  answer: faqs.answer,
  order: faqs.order,
  status: faqs.status,
};

async function presentCategories(tx: Db, companyId: number, ids: number[]): Promise<FaqCategory[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(faqCategories)
    .where(and(eq(faqCategories.companyId, companyId), inArray(faqCategories.id, ids)));
  const counts = await tx
    .select({ categoryId: faqs.categoryId, value: count() })
    .from(faqs)
    .where(and(eq(faqs.companyId, companyId), inArray(faqs.categoryId, ids)))
    .groupBy(faqs.categoryId);
  const countOf = new Map(counts.map((c) => [c.categoryId, c.value]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    order: row.order,
    status: statusOf(row.status),
    faqs_count: countOf.get(row.id) ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

async function presentFaqs(tx: Db, companyId: number, ids: number[]): Promise<Faq[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ faq: faqs, category: { id: faqCategories.id, name: faqCategories.name } })
    .from(faqs)
    .leftJoin(faqCategories, eq(faqCategories.id, faqs.categoryId))
    .where(and(eq(faqs.companyId, companyId), inArray(faqs.id, ids)));
  return rows.map(({ faq, category }) => ({
    id: faq.id,
    category_id: faq.categoryId,
    category: category ? { id: category.id, name: category.name } : null,
    question: faq.question,
    answer: faq.answer,
    order: faq.order,
    status: statusOf(faq.status),
    created_at: faq.createdAt.toISOString(),
    updated_at: faq.updatedAt.toISOString(),
  }));
}

/** A question may only go into a category of its own company. */
async function assertOwnCategory(tx: Db, companyId: number, categoryId: number | null | undefined) {
  if (categoryId == null) return;
  const [found] = await tx
    .select({ id: faqCategories.id })
    .from(faqCategories)
    .where(and(eq(faqCategories.companyId, companyId), eq(faqCategories.id, categoryId)))
    .limit(1);
  if (!found) throw invalidFields({ category_id: 'faq.category_invalid' });
}

const textCell = (text: LocalizedText, code: Locale) => text[code] ?? null;
const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

function createCategoriesResource(db: Db) {
  return defineResource<FaqCategory, FaqCategoryCreate, FaqCategoryUpdate, FaqCategoryListQuery>(db, {
    contract: faqCategoriesContract,
    entity: 'faq_category',
    table: faqCategories,
    sortable: {
      order: faqCategories.order,
      status: faqCategories.status,
      created_at: faqCategories.createdAt,
      updated_at: faqCategories.updatedAt,
    } satisfies Record<(typeof FAQ_CATEGORY_SORTS)[number], unknown>,
    defaultOrder: [asc(faqCategories.order), asc(faqCategories.id)],
    search: [faqCategories.searchText],
    filters: { status: (v: number) => eq(faqCategories.status, v) },
    present: presentCategories,

    async create(tx, actor, input) {
      await assertDefaultLanguage(tx, actor.companyId, { name: input.name });
      const [row] = await tx
        .insert(faqCategories)
        .values({ companyId: actor.companyId, name: input.name, order: input.order, status: input.status })
        .returning({ id: faqCategories.id });
      if (!row) throw new Error('faq category insert returned nothing');
      return row.id;
    },

    async update(tx, actor, before, input) {
      await assertDefaultLanguage(tx, actor.companyId, { name: input.name });
      const columns = columnValues(CATEGORY_COLUMNS, faqCategories, input);
      if (Object.keys(columns).length === 0) return;
      await tx
        .update(faqCategories)
        .set(columns)
        .where(and(eq(faqCategories.companyId, actor.companyId), eq(faqCategories.id, before.id)));
    },

    status: activeStatusAction(faqCategories),

    export: {
      fileName: 'faq.categories_export_file',
      columns: [
        { header: 'faq.columns.id', value: (c) => c.id },
        { header: 'faq.columns.name_tr', value: (c) => textCell(c.name, 'tr') },
        { header: 'faq.columns.name_en', value: (c) => textCell(c.name, 'en') },
        { header: 'faq.columns.name_az', value: (c) => textCell(c.name, 'az') },
        { header: 'faq.columns.name_de', value: (c) => textCell(c.name, 'de') },
        { header: 'faq.columns.order', value: (c) => c.order },
        { header: 'faq.columns.faqs_count', value: (c) => c.faqs_count },
        { header: 'faq.columns.status', value: (c, t) => t(`faq.status.${ACTIVE_STATUS_NAMES[c.status]}`) },
      ],
    },
  });
}

function createFaqsResource(db: Db) {
  return defineResource<Faq, FaqCreate, FaqUpdate, FaqListQuery>(db, {
    contract: faqsContract,
    entity: 'faq',
    table: faqs,
    sortable: {
      order: faqs.order,
      status: faqs.status,
      created_at: faqs.createdAt,
      updated_at: faqs.updatedAt,
    } satisfies Record<(typeof FAQ_SORTS)[number], unknown>,
    defaultOrder: [asc(faqs.order), asc(faqs.id)],
    search: [faqs.questionSearch],
    filters: {
      status: (v: number) => eq(faqs.status, v),
      // 0 stands for "no category" (`category_id=none`).
      category_id: (v: number) => (v === 0 ? isNull(faqs.categoryId) : eq(faqs.categoryId, v)),
    },
    present: presentFaqs,

    async create(tx, actor, input) {
      await assertOwnCategory(tx, actor.companyId, input.category_id);
      await assertDefaultLanguage(tx, actor.companyId, { question: input.question, answer: input.answer });
      const [row] = await tx
        .insert(faqs)
        .values({
          companyId: actor.companyId,
          categoryId: input.category_id,
          question: input.question,
          answer: input.answer,
          order: input.order,
          status: input.status,
        })
        .returning({ id: faqs.id });
      if (!row) throw new Error('faq insert returned nothing');
      return row.id;
    },

    async update(tx, actor, before, input) {
      await assertOwnCategory(tx, actor.companyId, input.category_id);
      await assertDefaultLanguage(tx, actor.companyId, { question: input.question, answer: input.answer });
      const columns = columnValues(FAQ_COLUMNS, faqs, input);
      if (Object.keys(columns).length === 0) return;
      await tx
        .update(faqs)
        .set(columns)
        .where(and(eq(faqs.companyId, actor.companyId), eq(faqs.id, before.id)));
    },

    status: activeStatusAction(faqs),

    export: {
      fileName: 'faq.export_file',
      columns: [
        { header: 'faq.columns.id', value: (f) => f.id },
        { header: 'faq.columns.category', value: (f) => pickLocalized(f.category?.name, 'tr', 'tr') || null },
        { header: 'faq.columns.question_tr', value: (f) => textCell(f.question, 'tr') },
        { header: 'faq.columns.question_en', value: (f) => textCell(f.question, 'en') },
        { header: 'faq.columns.question_az', value: (f) => textCell(f.question, 'az') },
        { header: 'faq.columns.question_de', value: (f) => textCell(f.question, 'de') },
        { header: 'faq.columns.order', value: (f) => f.order },
        { header: 'faq.columns.status', value: (f, t) => t(`faq.status.${ACTIVE_STATUS_NAMES[f.status]}`) },
        { header: 'faq.columns.updated_at', value: (f) => f.updated_at },
      ],
    },
  });
}

/** Who reads the learner's FAQ: the acting company and the request's language. */
export interface FaqReader {
  companyId: number;
  lang: Locale;
}

/** The active categories, in order, and the active questions a learner may see (none of a passive category). */
async function visibleFaq(tx: Db, companyId: number) {
  const categories = await tx
    .select()
    .from(faqCategories)
    .where(and(eq(faqCategories.companyId, companyId), eq(faqCategories.status, 1)))
    .orderBy(asc(faqCategories.order), asc(faqCategories.id));
  const inVisibleCategory = or(
    isNull(faqs.categoryId),
    categories.length > 0
      ? inArray(
          faqs.categoryId,
          categories.map((c) => c.id),
        )
      : undefined,
  );
  const questions = await tx
    .select()
    .from(faqs)
    .where(and(eq(faqs.companyId, companyId), eq(faqs.status, 1), inVisibleCategory))
    .orderBy(asc(faqs.order), asc(faqs.id));
  return { categories, questions };
}

/** Whether a question matches a folded search: its text or its answer's text, tags left out. */
const matchesSearch = (needle: string | null, question: { question: string; answer: string }) =>
  !needle || foldCase(`${question.question} ${stripTags(question.answer)}`).includes(needle);

export function createFaqService(platform: Platform) {
  const db = platform.database.db;
  const categories = createCategoriesResource(db);
  const questions = createFaqsResource(db);

  /**
   * GET api/faq: the active categories and active questions, each text in the request language, else the company's
   * default, else any language written. The search folds case like the admin lists and looks at what the learner
   * reads. A company's FAQ is small, so it is filtered in memory after one query per table.
   */
  async function forLearner(reader: FaqReader, query: FaqPublicQuery) {
    return inTenant(db, reader.companyId, async (tx) => {
      const fallback = await defaultLanguageOf(tx, reader.companyId);
      const text = (value: LocalizedText | null | undefined) => pickLocalized(value, reader.lang, fallback);
      const visible = await visibleFaq(tx, reader.companyId);
      // Questions follow their category's order (uncategorized last); sort is stable, so their own order stays.
      const rank = new Map(visible.categories.map((c, i) => [c.id, i]));
      const rankOf = (categoryId: number | null) =>
        categoryId === null ? Infinity : (rank.get(categoryId) ?? Infinity);
      const needle = query.search ? foldCase(query.search) : null;
      const matching = visible.questions
        .map((row) => ({
          id: row.id,
          category_id: row.categoryId,
          question: text(row.question),
          answer: text(row.answer),
        }))
        .filter((q) => q.question !== '' && matchesSearch(needle, q))
        .sort((a, b) => rankOf(a.category_id) - rankOf(b.category_id));
      const countIn = (categoryId: number) => matching.filter((q) => q.category_id === categoryId).length;
      return {
        categories: visible.categories
          .map((c) => ({ id: c.id, name: text(c.name), count: countIn(c.id) }))
          .filter((c) => c.name !== ''),
        questions: query.category_id ? matching.filter((q) => q.category_id === query.category_id) : matching,
      };
    });
  }

  return { categories, questions, forLearner };
}

export type FaqService = ReturnType<typeof createFaqService>;
