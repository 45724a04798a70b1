import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * Runs fn in one transaction whose row-level security tenant is companyId. Every tenant-owned row outside that
 * company is invisible to it, whatever filters its queries forget.
 */
export function inTenant<T>(db: Db, companyId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.company_id', ${String(companyId)}, true)`);
    return fn(tx as unknown as Db);
  });
}

/**
 * Runs fn in one transaction that sees every tenant. Only identity code uses it, for the few lookups that must cross
 * companies before a tenant is known (a group user signing in on a sub-company host, the super admin anywhere), and
 * every query inside still filters explicitly.
 */
export function asSystem<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.bypass_rls', 'on', true)`);
    return fn(tx as unknown as Db);
  });
}
