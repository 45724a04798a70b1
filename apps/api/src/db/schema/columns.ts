import { integer, timestamp } from 'drizzle-orm/pg-core';
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
