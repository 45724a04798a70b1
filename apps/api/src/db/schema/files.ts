import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRef, createdAt } from './columns.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/**
 * Every file POST api/uploads stored (or the server generated), under the company whose host received it. `attachments` counts the
 * records that point at it (a photo, a logo); a file nothing points at a day after its upload is removed by the
 * clean-up. The company's storage usage is the sum of `size`.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    /** The random name on disk (and in the address `/api/files/{name}`). */
    name: text().notNull(),
    /** The name the person's file had. */
    originalName: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    mime: text().notNull(),
    /**
     * `public`: served to anyone on the company's host (photos and logos in `<img>`, which send no token). `private`:
     * served only through a short-lived signed address (documents, videos, exports, certificates).
     */
    visibility: text({ enum: ['public', 'private'] })
      .notNull()
      .default('public'),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    attachments: integer().notNull().default(0),
    createdAt: createdAt(),
    /** When the file was last attached; null while nothing points at it. */
    attachedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stored_files_company_name_key').on(t.companyId, t.name),
    // The clean-up's sweep across companies: unattached files by age.
    index('stored_files_unattached_idx').on(t.createdAt).where(sql`${t.attachments} = 0`),
    tenantPolicy(t.companyId),
  ],
);
