import type { LocalizedText } from '@kampus/shared';
import { type SQL, sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { tenantPolicy } from './rls.js';

/**
 * The four languages of a localized jsonb column as one text, so the admin lists can search every language with the
 * resource framework's case folding (which works on text columns).
 */
const allLanguagesOf = (column: string): SQL =>
  sql.raw(['tr', 'en', 'az', 'de'].map((code) => `coalesce("${column}"->>'${code}', '')`).join(" || ' ' || "));

/** The groups of a company's FAQ (spec §2.2). name: {tr,en,az,de}, at least the company's default language. */
export const faqCategories = pgTable(
  'faq_categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    name: jsonb().$type<LocalizedText>().notNull(),
    searchText: text().generatedAlwaysAs((): SQL => allLanguagesOf('name')),
    order: integer().notNull().default(0),
    status: smallint().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('faq_categories_company_order_idx').on(t.companyId, t.order, t.id),
    index('faq_categories_company_status_idx').on(t.companyId, t.status, t.id),
    index('faq_categories_company_created_idx').on(t.companyId, t.createdAt),
    tenantPolicy(t.companyId),
  ],
);

/**
 * The questions of a company's FAQ. A question may stand outside any category; deleting a category keeps its
 * questions (they become uncategorized). answer: HTML per language, sanitized when shown.
 */
export const faqs = pgTable(
  'faqs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    categoryId: integer().references(() => faqCategories.id, { onDelete: 'set null' }),
    question: jsonb().$type<LocalizedText>().notNull(),
    answer: jsonb().$type<LocalizedText>().notNull(),
    questionSearch: text().generatedAlwaysAs((): SQL => allLanguagesOf('question')),
    order: integer().notNull().default(0),
    status: smallint().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('faqs_company_category_order_idx').on(t.companyId, t.categoryId, t.order, t.id),
    index('faqs_company_order_idx').on(t.companyId, t.order, t.id),
    index('faqs_company_status_idx').on(t.companyId, t.status, t.id),
    index('faqs_company_created_idx').on(t.companyId, t.createdAt),
    index('faqs_category_idx').on(t.categoryId),
    tenantPolicy(t.companyId),
  ],
);
