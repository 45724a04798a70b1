import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { tenantPolicy } from './rls.js';

/** The training providers and consultancies a company works with. status: 0 passive, 1 active. */
export const solutionPartners = pgTable(
  'solution_partners',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    name: text().notNull(),
    logo: text(),
    website: text(),
    contactName: text(),
    contactEmail: text(),
    phone: text(),
    description: text(),
    order: integer().notNull().default(0),
    status: smallint().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('solution_partners_company_name_idx').on(t.companyId, t.name),
    index('solution_partners_company_order_idx').on(t.companyId, t.order, t.id),
    index('solution_partners_company_status_idx').on(t.companyId, t.status, t.id),
    index('solution_partners_company_created_idx').on(t.companyId, t.createdAt),
    tenantPolicy(t.companyId),
  ],
);
