import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { tenantPolicy } from './rls.js';

/** Hashtags a company tags its content with; the name is unique per company whatever its case. status: 0 passive, 1 active. */
export const hashtags = pgTable(
  'hashtags',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    name: text().notNull(),
    status: smallint().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('hashtags_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    index('hashtags_company_created_idx').on(t.companyId, t.createdAt),
    index('hashtags_company_status_idx').on(t.companyId, t.status, t.id),
    tenantPolicy(t.companyId),
  ],
);

/** Training institutions a company works with; the optional code is unique per company. status: 0 passive, 1 active. */
export const institutions = pgTable(
  'institutions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    name: text().notNull(),
    code: text(),
    city: text(),
    contactEmail: text(),
    status: smallint().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('institutions_company_code_key').on(t.companyId, sql`lower(${t.code})`),
    index('institutions_company_name_idx').on(t.companyId, t.name),
    index('institutions_company_created_idx').on(t.companyId, t.createdAt),
    index('institutions_company_status_idx').on(t.companyId, t.status, t.id),
    tenantPolicy(t.companyId),
  ],
);
