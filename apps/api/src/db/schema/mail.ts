import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/**
 * A company's own text for one mail (`event` of the shared MAIL_EVENT_CATALOGUE) in one language. No row means the
 * built-in text of the locales. `body` is stored sanitized HTML with `{{variable}}` placeholders; `subject` plain text.
 */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    event: text().notNull(),
    language: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('mail_templates_company_event_language_key').on(t.companyId, t.event, t.language),
    tenantPolicy(t.companyId),
  ],
);
