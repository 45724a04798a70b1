import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/** type 1: structured, its data is JSON with apiUrl, message, text, webUrl (spec §3 Notification). */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    type: smallint().notNull().default(0),
    name: text().notNull(),
    text: text(),
    data: jsonb().$type<Record<string, unknown>>(),
    /** A notice must be read: it opens the mandatory-missions modal until marked read (spec §2.8). */
    isNotice: boolean().notNull().default(false),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notifications_company_created_idx').on(t.companyId, t.createdAt), tenantPolicy(t.companyId)],
);

/** Who received a notification, and whether they have read it. */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    notificationId: integer()
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_recipients_key').on(t.notificationId, t.userId),
    index('notification_recipients_user_idx').on(t.companyId, t.userId, t.notificationId),
    tenantPolicy(t.companyId),
  ],
);
