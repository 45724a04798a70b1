import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

// Function declarations, not arrow constants: companies.ts calls them while this module may still be loading (this
// module imports companies.js for companyRef), and only a declaration is initialised before its module runs. A module
// importing this file before the schema index (jsonbRaw) would otherwise find them undefined.
export function createdAt() {
  return timestamp({ withTimezone: true }).notNull().defaultNow();
}
export function updatedAt() {
  return timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
}
/** Every tenant-owned table starts with this column. */
export function companyRef() {
  return integer()
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
}

/**
 * Reads a jsonb column as the driver parsed it. Drizzle's jsonb mapper JSON.parses driver strings a second time, so a
 * stored JSON string such as "1" would come back as the number 1.
 */
export function jsonbRaw(column: AnyPgColumn): SQL<unknown> {
  return sql<unknown>`${column}`;
}
