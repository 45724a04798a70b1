import { type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { isDatabaseUnavailable } from './errors.js';

export interface ScopeOptions {
  /**
   * The transaction only reads and has no side effect in its callback (no job, no realtime event): it runs READ ONLY
   * and, when its connection breaks, is run once more from the start.
   */
  readOnly?: boolean;
}

/**
 * Runs fn in one transaction whose row-level security tenant is companyId. Every tenant-owned row outside that
 * company is invisible to it, whatever filters its queries forget.
 */
export function inTenant<T>(
  db: Db,
  companyId: number,
  fn: (tx: Db) => Promise<T>,
  options: ScopeOptions = {},
): Promise<T> {
  return scopedTransaction(db, sql`select set_config('app.company_id', ${String(companyId)}, true)`, fn, options);
}

/**
 * Runs fn in one transaction that sees every tenant. Only identity code uses it, for the few lookups that must cross
 * companies before a tenant is known (a group user signing in on a sub-company host, the super admin anywhere), and
 * every query inside still filters explicitly.
 */
export function asSystem<T>(db: Db, fn: (tx: Db) => Promise<T>, options: ScopeOptions = {}): Promise<T> {
  return scopedTransaction(db, sql`select set_config('app.bypass_rls', 'on', true)`, fn, options);
}

/**
 * One transaction: its scope setting, then fn. When the connection breaks (the database restarted, a backend was
 * terminated, a pooled connection had gone stale) it is tried once more, but only when that cannot repeat anything:
 * the failure came before fn started (checkout, BEGIN or the scope setting), or the caller declared it read-only. A
 * transaction that broke before COMMIT wrote nothing, yet fn may already have enqueued a job or sent an event, which
 * a second run would repeat. A nested call (db is already a transaction) is never retried on its own.
 */
async function scopedTransaction<T>(db: Db, scope: SQL, fn: (tx: Db) => Promise<T>, options: ScopeOptions): Promise<T> {
  const config = options.readOnly ? ({ accessMode: 'read only' } as const) : undefined;
  for (let attempt = 1; ; attempt++) {
    let started = false;
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(scope);
        started = true;
        return fn(tx as unknown as Db);
      }, config);
    } catch (error) {
      const isRepeatable = !started || options.readOnly === true;
      const isOutermost = !(db instanceof PgTransaction);
      if (attempt > 1 || !isOutermost || !isRepeatable || !isDatabaseUnavailable(error)) throw error;
    }
  }
}

/** Runs a read outside any transaction (one autocommit SELECT) once more if its connection broke. */
export async function readWithRetry<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return read();
  }
}
