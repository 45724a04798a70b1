import type { IntegrationCategory, IntegrationSettings, LocalizedText } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/**
 * The platform's catalogue of integrations (spec §3 Integration). Not tenant-owned: every company sees the same
 * catalogue, kept in step with `modules/integrations/catalog.ts` at every start; the application never writes it
 * otherwise.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    keyName: text().notNull(),
    name: text().notNull(),
    description: jsonb().$type<LocalizedText>().notNull(),
    category: text().$type<IntegrationCategory>().notNull(),
    order: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('integrations_key_name_key').on(t.keyName)],
);

/**
 * A company's side of an integration (the spec's `pivot`): active while activated_at is set. Deactivating clears
 * activated_at and keeps the row and its options, so switching back on restores them.
 */
export const companyIntegrations = pgTable(
  'company_integrations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    integrationId: integer()
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    activatedAt: timestamp({ withTimezone: true }),
    activatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    settings: jsonb().$type<IntegrationSettings>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('company_integrations_company_integration_key').on(t.companyId, t.integrationId),
    index('company_integrations_integration_idx').on(t.integrationId),
    index('company_integrations_activated_by_idx').on(t.activatedBy),
    tenantPolicy(t.companyId),
  ],
);
