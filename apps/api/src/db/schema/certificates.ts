import type { CertificateField, CertificateStatus, CertificateTrigger } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { storedFiles } from './files.js';
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

/**
 * A certificate definition (issue 16): completing an education, a program or an assignment, or passing an exam with
 * at least `min_score`, issues a certificate printed with `template_id`, valid `validity_months` (null: for good).
 * `evaluation_required`: the education's evaluation survey must be answered first. `recertify`: on expiry the
 * education is assigned again. status: 0 passive (issues nothing), 1 active.
 */
export const certificateDefinitions = pgTable(
  'certificate_definitions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    name: text().notNull(),
    status: smallint().notNull().default(1),
    trigger: text().$type<CertificateTrigger>().notNull(),
    /** The education, program, exam or assignment (by trigger); checked to be the company's on write. */
    refId: integer().notNull(),
    minScore: integer(),
    /** Null once the template is deleted: the definition then issues nothing until another is chosen. */
    templateId: integer().references(() => certificateTemplates.id, { onDelete: 'set null' }),
    validityMonths: integer(),
    evaluationRequired: boolean().notNull().default(false),
    recertify: boolean().notNull().default(false),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('certificate_definitions_company_trigger_idx').on(t.companyId, t.trigger, t.refId, t.status),
    index('certificate_definitions_company_updated_idx').on(t.companyId, t.updatedAt, t.id),
    check('certificate_definitions_trigger_check', sql`${t.trigger} in ('education', 'program', 'exam', 'assignment')`),
    check('certificate_definitions_status_check', sql`${t.status} in (0, 1)`),
    check('certificate_definitions_min_score_check', sql`${t.minScore} is null or ${t.minScore} between 0 and 100`),
    check(
      'certificate_definitions_validity_check',
      sql`${t.validityMonths} is null or ${t.validityMonths} between 1 and 120`,
    ),
    tenantPolicy(t.companyId),
  ],
);

/**
 * An issued certificate: one per person, definition and cycle (a recertification starts the next cycle). `number` is
 * readable and unique in the company but not guessable (`KMP-2026-7F3K-9QXD`, random base32), and stays the same
 * when the certificate is rendered again. The rendered PDF and PNG are stored files of the company; `template_id` is
 * the template they were rendered from.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    definitionId: integer()
      .notNull()
      .references(() => certificateDefinitions.id, { onDelete: 'restrict' }),
    cycle: integer().notNull().default(1),
    number: text().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }),
    status: text().$type<CertificateStatus>().notNull().default('valid'),
    /** The exam score (percent) that earned it, printed by a template's score field; null for the other triggers. */
    score: integer(),
    revokedReason: text(),
    revokedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp({ withTimezone: true }),
    /** When the person was told it expires within 30 days (once per certificate). */
    expiryWarnedAt: timestamp({ withTimezone: true }),
    pdfFileId: integer().references(() => storedFiles.id, { onDelete: 'set null' }),
    pngFileId: integer().references(() => storedFiles.id, { onDelete: 'set null' }),
    templateId: integer().references(() => certificateTemplates.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('certificates_company_number_idx').on(t.companyId, t.number),
    uniqueIndex('certificates_person_cycle_idx').on(t.companyId, t.userId, t.definitionId, t.cycle),
    index('certificates_company_definition_idx').on(t.companyId, t.definitionId, t.issuedAt),
    index('certificates_company_user_idx').on(t.companyId, t.userId, t.issuedAt),
    check('certificates_status_check', sql`${t.status} in ('valid', 'revoked', 'expired')`),
    check('certificates_cycle_check', sql`${t.cycle} > 0`),
    tenantPolicy(t.companyId),
  ],
);
