import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/**
 * Who sees an announcement or advertisement: `everyone` in the company, members of `group_ids` (its user groups), or
 * the people acting in `company_ids` (the company itself and/or its sub-companies). Ids in arrays: the audience is
 * read as one row with the record, and a group or company that goes away simply matches nobody.
 */
const audienceColumns = () => ({
  audience: text().notNull().default('everyone'),
  groupIds: integer().array().notNull().default(sql`'{}'::integer[]`),
  companyIds: integer().array().notNull().default(sql`'{}'::integer[]`),
});

/** An announcement (issue 17): shown from `publish_date` to `expiry_date` (inclusive) to its audience. */
export const announcements = pgTable(
  'announcements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    title: text().notNull(),
    /** Sanitized HTML. */
    body: text(),
    /** A private stored image, handed out signed to the audience only. */
    imageUrl: text(),
    ...audienceColumns(),
    publishDate: date({ mode: 'string' }).notNull(),
    expiryDate: date({ mode: 'string' }),
    pinned: boolean().notNull().default(false),
    /** Must be read: it waits in the mandatory-missions modal as a notice until the person marks it read. */
    mustRead: boolean().notNull().default(false),
    status: smallint().notNull().default(1),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('announcements_company_publish_idx').on(t.companyId, t.publishDate, t.id),
    index('announcements_company_title_idx').on(t.companyId, t.title, t.id),
    tenantPolicy(t.companyId),
  ],
);

/** Who has read which announcement (one row per person, written once); `company_id` is the announcement's. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    announcementId: integer()
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('announcement_reads_key').on(t.announcementId, t.userId),
    index('announcement_reads_user_idx').on(t.companyId, t.userId),
    tenantPolicy(t.companyId),
  ],
);

/**
 * A banner of the learner home page's slider (issue 17), from `start_date` to `end_date` (inclusive), in `order`.
 * Views and clicks are aggregated counters on the row (one update per batch the slider sends), not a row per view.
 */
export const advertisements = pgTable(
  'advertisements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    title: text().notNull(),
    imageUrl: text().notNull(),
    /** An internal route (`/…`) or an http(s) address, or null. */
    linkUrl: text(),
    ...audienceColumns(),
    order: integer().notNull().default(0),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    status: smallint().notNull().default(1),
    views: bigint({ mode: 'number' }).notNull().default(0),
    clicks: bigint({ mode: 'number' }).notNull().default(0),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('advertisements_company_order_idx').on(t.companyId, t.order, t.id),
    index('advertisements_company_created_idx').on(t.companyId, t.createdAt, t.id),
    tenantPolicy(t.companyId),
  ],
);
