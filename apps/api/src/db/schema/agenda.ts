import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRef, createdAt } from './columns.js';
import { companies } from './companies.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/**
 * A person's iCalendar subscription (GET api/agenda/feed/{token}.ics): at most one per person and company, the secret
 * kept only as its SHA-256. Creating another replaces it; revoking deletes it. `host_company_id` is the company whose
 * address it was made on, the only host that serves it.
 */
export const agendaFeeds = pgTable(
  'agenda_feeds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hostCompanyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('agenda_feeds_company_user_key').on(t.companyId, t.userId),
    uniqueIndex('agenda_feeds_token_hash_key').on(t.tokenHash),
    index('agenda_feeds_user_idx').on(t.userId),
    tenantPolicy(t.companyId),
  ],
);
