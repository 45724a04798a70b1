import type { CertificateField } from '@kampus/shared';
import { index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/**
 * A certificate template (issue 16): a portrait A4 page — a background colour, optionally a stored image over it — and
 * the fields placed on it (`CertificateField`, coordinates in PDF points from the top-left). status: 0 passive,
 * 1 active. Certificate definitions will point at it.
 */
export const certificateTemplates = pgTable(
  'certificate_templates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    name: text().notNull(),
    status: smallint().notNull().default(1),
    backgroundColor: text().notNull().default('#ffffff'),
    /** A stored certificate image of the company (`/api/files/…`), attached while the template uses it. */
    backgroundUrl: text(),
    fields: jsonb().$type<CertificateField[]>().notNull().default([]),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('certificate_templates_company_updated_idx').on(t.companyId, t.updatedAt, t.id),
    index('certificate_templates_company_name_idx').on(t.companyId, t.name, t.id),
    tenantPolicy(t.companyId),
  ],
);
