import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { companyRef, createdAt } from './columns.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/** One row per page a signed-in person opened (spec §1), for the reports of a later issue. */
export const pageViews = pgTable(
  'page_views',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    path: text().notNull(),
    routeName: text(),
    createdAt: createdAt(),
  },
  (t) => [index('page_views_company_created_idx').on(t.companyId, t.createdAt), tenantPolicy(t.companyId)],
);
