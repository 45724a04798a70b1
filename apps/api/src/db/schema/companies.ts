import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { tenantPolicy } from './rls.js';

/**
 * The tenant registry. It is not tenant-owned, so it has no row-level policy: host resolution reads it before any
 * tenant is known, and every query on it filters explicitly.
 */
export const companies = pgTable(
  'companies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    slug: text().notNull(),
    customDomain: text(),
    logoLink: text(),
    parentId: integer().references((): AnyPgColumn => companies.id, { onDelete: 'set null' }),
    isGroupAlias: boolean().notNull().default(false),
    canSwitchCompany: boolean().notNull().default(false),
    surnameViewRestrict: smallint().notNull().default(0),
    status: smallint().notNull().default(1),
    defaultLanguage: text().notNull().default('tr'),
    /** The company's storage quota for uploads in MB; null takes the platform's UPLOAD_QUOTA_MB. */
    uploadQuotaMb: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('companies_slug_key').on(t.slug),
    uniqueIndex('companies_custom_domain_key').on(t.customDomain),
    index('companies_parent_idx').on(t.parentId),
  ],
);

export const companySettings = pgTable(
  'company_settings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    key: text().notNull(),
    value: jsonb().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('company_settings_company_key').on(t.companyId, t.key), tenantPolicy(t.companyId)],
);

/** Short links `/s/{code}` of a company (spec §2.3, §2.4). */
export const shortLinks = pgTable(
  'short_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    code: text().notNull(),
    target: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('short_links_company_code_key').on(t.companyId, t.code), tenantPolicy(t.companyId)],
);

/** The side-menu items a company shows (spec §2.7, §3 Menu item). */
export const menuItems = pgTable(
  'menu_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    type: text().notNull(),
    title: jsonb().$type<Partial<Record<string, string>>>().notNull().default(sql`'{}'::jsonb`),
    status: smallint().notNull().default(1),
    order: integer().notNull().default(0),
  },
  (t) => [index('menu_items_company_order_idx').on(t.companyId, t.order), tenantPolicy(t.companyId)],
);
