import { parseSort } from '@kampus/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { foldedColumn } from './resource.js';

/**
 * The reports that list people of a learning item (a content's, an education's learners) alias the users table `u`;
 * this is the person's name and address folded as the admin lists fold them, for their search.
 */
export const PERSON_TEXT = foldedColumn(
  sql`u.name || ' ' || u.surname || ' ' || coalesce(u.email, '')` as unknown as PgColumn,
);

/**
 * A people report's row order: one of its sortable `columns` (besides `name`), else the people by name; ties and
 * empty values keep a stable order by the person's id.
 */
export function personReportOrder(sort: string | undefined, columns: Record<string, SQL>): SQL {
  const parsed = parseSort(sort);
  const all: Record<string, SQL> = { name: sql`u.name, u.surname`, ...columns };
  const column = parsed && Object.hasOwn(all, parsed.field) ? all[parsed.field] : undefined;
  if (!parsed || !column) return sql`u.name asc, u.surname asc, u.id asc`;
  return parsed.descending ? sql`${column} desc nulls last, u.id desc` : sql`${column} asc nulls last, u.id asc`;
}
