import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Every tenant-owned table starts with this column. */
export const companyRef = () =>
  integer()
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * Reads a jsonb column as the driver parsed it. Drizzle's jsonb mapper JSON.parses driver strings a second time, so a
 * stored JSON string such as "1" would come back as the number 1.
 */
export function jsonbRaw(column: AnyPgColumn): SQL<unknown> {
  return sql<unknown>`${column}`;
}
