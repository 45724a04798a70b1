import { AsyncLocalStorage } from 'node:async_hooks';
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
 * Runs fn in one transaction that sees every tenant: identity code, for the few lookups that must cross companies
 * before a tenant is known (a group user signing in on a sub-company host, the super admin anywhere), and the resource
 * framework's platform scope (the company registry). Every query inside still filters explicitly.
 */
export function asSystem<T>(db: Db, fn: (tx: Db) => Promise<T>, options: ScopeOptions = {}): Promise<T> {
  return scopedTransaction(db, sql`select set_config('app.bypass_rls', 'on', true)`, fn, options);
}

/**
 * Runs fn with the open transaction's tenant moved to companyId, then moves it back: a profile lives in its home
 * company while its photo lives in the folder of the host that received it.
 */
export function withTenantMoved<T>(tx: Db, companyId: number, fn: () => Promise<T>): Promise<T> {
  return withSetting(tx, 'app.company_id', String(companyId), fn);
}

/**
 * Runs fn in the system scope inside an open tenant transaction, then restores the scope: for the one statement that
 * must reach rows under other hosts (a user's sessions), filtered by ids the caller already read in its own scope.
 */
export function withSystemScope<T>(tx: Db, fn: () => Promise<T>): Promise<T> {
  return withSetting(tx, 'app.bypass_rls', 'on', fn);
}

async function withSetting<T>(tx: Db, name: string, value: string, fn: () => Promise<T>): Promise<T> {
  const { rows } = (await tx.execute(
    sql`select current_setting(${name}, true) as previous, set_config(${name}, ${value}, true)`,
  )) as unknown as { rows: { previous: string | null }[] };
  const restore = () => tx.execute(sql`select set_config(${name}, ${rows[0]?.previous ?? ''}, true)`);
  let result: T;
  try {
    result = await fn();
  } catch (error) {
    // A failed statement has aborted the transaction, which then refuses the restore too: the first error is the one.
    await restore().catch(() => undefined);
    throw error;
  }
  await restore();
  return result;
}

/** The outermost scoped transaction of the running code, and what it has to do once it has committed. */
interface TransactionContext {
  db: Db;
  state: 'open' | 'committed' | 'rolled_back';
  afterCommit: ((db: Db) => void)[];
}
const currentTransaction = new AsyncLocalStorage<TransactionContext>();

/**
 * Runs fn once the outermost transaction open here (inTenant / asSystem) has committed, with the database it ran on;
 * never when it rolls back. Side effects that must not outlive a rolled-back change (domain events, and through them
 * mail, realtime and jobs) wait here. Called outside such a transaction it is a programming error. (Code that a
 * transaction started without awaiting it may call it after the end: then it runs at once, or not at all.)
 */
export function afterCommit(fn: (db: Db) => void): void {
  const context = currentTransaction.getStore();
  if (!context) throw new Error('afterCommit needs a transaction opened with inTenant or asSystem');
  if (context.state === 'open') context.afterCommit.push(fn);
  else if (context.state === 'committed') fn(context.db);
}

/** Runs fn after the commit when called inside a scoped transaction, else at once: e.g. enqueueing a job. */
export function whenCommitted(fn: () => void): void {
  if (currentTransaction.getStore()) afterCommit(() => fn());
  else fn();
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
  const isOutermost = !(db instanceof PgTransaction);
  // A nested call's callbacks wait for the outermost commit (a transaction opened on the root db is its own).
  const outer = isOutermost ? undefined : currentTransaction.getStore();
  for (let attempt = 1; ; attempt++) {
    let started = false;
    const context: TransactionContext = outer ?? { db, state: 'open', afterCommit: [] };
    let result: T;
    try {
      result = await currentTransaction.run(context, () =>
        db.transaction(async (tx) => {
          await tx.execute(scope);
          started = true;
          return fn(tx as unknown as Db);
        }, config),
      );
    } catch (error) {
      if (context !== outer) context.state = 'rolled_back';
      const isRepeatable = !started || options.readOnly === true;
      if (attempt > 1 || !isOutermost || !isRepeatable || !isDatabaseUnavailable(error)) throw error;
      continue;
    }
    if (context !== outer) {
      context.state = 'committed';
      for (const callback of context.afterCommit) callback(db);
    }
    return result;
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
