import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { apiPath } from '../paths.js';
import { GRANT_UPKEEP, startUpkeep, takeTurnsWithEventLoop } from './embedded.js';
import { isDatabaseUnavailable } from './errors.js';
import { APP_ROLE } from './schema/rls.js';

/**
 * A database or a transaction on it: both run queries. drizzle is given no schema: its relational query API is not
 * used, and with a schema every transaction would build a query builder for each table.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * The extensions every embedded database loads: its migrations create them (search's trigram indexes, migration
 * 0014), and a data directory holding such an index opens only with them loaded.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Reachability check for the readiness probe. */
  ping(): Promise<void>;
  /** The connection pool's figures for the readiness probe; null for the embedded database (one connection). */
  poolStats(): PoolStats | null;
  /** Where lost connections are reported; the app gives its logger once it has one. */
  setLogger(log: DatabaseLog): void;
  /** The embedded database's data directory as a tar (tests start from a seeded copy); absent on a server. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

export interface DatabaseLog {
  warn(details: object, message: string): void;
}

/** An arbitrary constant naming Kampus' migration lock among the server's advisory locks. */
const MIGRATION_LOCK_ID = 42_062_026;
const migrationsFolder = apiPath('src/db/migrations');

export interface OpenDatabaseOptions {
  /** postgres:// URL; unset means embedded PGlite. */
  url?: string;
  /** PGlite data directory; unset means in memory. */
  dataDir?: string;
  /** A PGlite data-directory dump to start from (tests load one migrated template instead of migrating each time). */
  loadDataDir?: Blob;
  poolMax?: number;
}

/**
 * Opens the database, applies every migration as the connecting (owner) role, then switches to the application role
 * so row-level security applies to every query the application makes, and checks that it really does.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.url
    ? await openPostgres(options.url, options.poolMax ?? 10)
    : await openPglite(options.dataDir, options.loadDataDir);
  try {
    await assertRowLevelSecurityApplies(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite({ client, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  await client.exec(GRANT_UPKEEP);
  // PGlite's only user is a superuser; the session switches to the application role for good.
  await client.exec(`SET ROLE ${APP_ROLE}`);
  const turns = takeTurnsWithEventLoop(db as unknown as Db);
  let log: DatabaseLog = { warn: (details, message) => console.warn(message, details) };
  const upkeep = startUpkeep(
    client,
    (error) => log.warn({ err: error }, 'embedded database upkeep failed'),
    turns.idleFor,
  );
  void upkeep.run();
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    poolStats: () => null,
    setLogger: (next) => {
      log = next;
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      await upkeep.stop();
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  try {
    // Nodes starting together take turns: the first migrates, the others find nothing left to do.
    await owner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: owner, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await owner.end();
  }
  const pool = createAppPool(url, poolMax);
  let log: DatabaseLog = { warn: (details, message) => console.warn(message, details) };
  const reportLostConnection = (error: Error) =>
    log.warn({ err: error }, 'database connection lost; the pool replaces it');
  pool.on('connect', (client) => {
    // A connection that breaks (backend terminated, server restarted) emits 'error'; unheard, that would end the
    // process. pg-pool discards such a client: idle ones at once, checked-out ones when released.
    client.on('error', reportLostConnection);
  });
  // Idle clients' errors reach the pool too; the client's own listener has reported them already.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, casing: 'snake_case' });
  runTransactionsOnOwnClient(pool, db);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    setLogger: (next) => {
      log = next;
    },
    close: () => pool.end(),
  };
}

const CONNECT_TIMEOUT_MS = 5_000;

/** The pool the application queries through: every connection it hands out runs as the application role. */
export function createAppPool(url: string, poolMax: number): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max: poolMax,
    // A server that does not answer (network partition) fails the checkout instead of hanging the request.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    // Awaited before the connection is handed out: a connection whose SET ROLE failed would run as the owner, past
    // row-level security, so pg-pool ends it and the checkout fails instead.
    onConnect: (client) => client.query(`SET ROLE ${APP_ROLE}`),
  });
}

/**
 * drizzle's transaction on a pool leaks the client when BEGIN fails (its release sits in a `finally` that BEGIN
 * never reaches), so a broken connection picked from the pool at the wrong moment would be lost for good and, a few
 * times over, exhaust the pool. Here every transaction checks its client out itself, always gives it back, and
 * gives it back as broken (pg-pool then closes it) when the connection failed.
 */
function runTransactionsOnOwnClient(pool: pg.Pool, db: NodePgDatabase): void {
  // A drizzle instance per pooled connection, made once.
  const onClient = new WeakMap<pg.PoolClient, NodePgDatabase>();
  const transaction: NodePgDatabase['transaction'] = async (fn, config) => {
    const client = await pool.connect();
    let failure: unknown;
    try {
      let clientDb = onClient.get(client);
      if (!clientDb) {
        issueQueriesOneAtATime(client);
        clientDb = drizzlePg({ client, casing: 'snake_case' });
        onClient.set(client, clientDb);
      }
      return await clientDb.transaction(fn, config);
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      client.release(isDatabaseUnavailable(failure) ? (failure as Error) : undefined);
    }
  };
  db.transaction = transaction;
}

/**
 * A transaction's queries share one connection, which answers one query at a time; code may still start several at
 * once (`Promise.all` over reads). pg queues them itself, but that queue is deprecated (and goes in pg 9), so each
 * query here starts when the one before it has settled. Streams and callbacks (unused by drizzle) pass straight on.
 *
 * A transaction's BEGIN is also held back and sent with the statement after it when that statement sets the scope
 * (`scopeStatement`): one round trip instead of two for every transaction (docs/architecture.md, "What a request
 * costs"). Any other statement after BEGIN goes out after it, as before.
 */
function issueQueriesOneAtATime(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  let previous: Promise<unknown> = Promise.resolve();
  let heldBegin: string | null = null;
  const inTurn = <T>(send: () => Promise<T>): Promise<T> => {
    const next = previous.then(send);
    previous = next.catch(() => undefined);
    return next;
  };
  client.query = ((...args: unknown[]) => {
    const [first] = args;
    const streamed = typeof (first as { submit?: unknown } | undefined)?.submit === 'function';
    if (streamed || args.some((arg) => typeof arg === 'function')) return query(...args);
    const { text, values } = statementOf(args);
    if (heldBegin === null && text !== undefined && /^begin\b/i.test(text) && values.length === 0) {
      heldBegin = text;
      return Promise.resolve(HELD_BEGIN_RESULT);
    }
    if (heldBegin === null) return inTurn(() => query(...args));
    const begin = heldBegin;
    heldBegin = null;
    const scope = text === undefined ? null : scopeStatement(text, values);
    // Two statements in one simple query: pg answers one result each; the scope's is the caller's.
    if (scope) return inTurn(() => query(`${begin}; ${scope}`).then((results) => (results as unknown[]).at(-1)));
    return inTurn(() => query(begin).then(() => query(...args)));
  }) as typeof client.query;
}

const HELD_BEGIN_RESULT = { command: 'BEGIN', rowCount: null, rows: [], fields: [] };

function statementOf(args: unknown[]): { text: string | undefined; values: unknown[] } {
  // pg takes the values in the config or as the second argument (drizzle's way).
  const [first, second] = args;
  const given = Array.isArray(second) ? second : [];
  if (typeof first === 'string') return { text: first, values: given };
  const config = first as { text?: string; values?: unknown[] } | undefined;
  return { text: config?.text, values: config?.values ?? given };
}

/**
 * The statement of `db/scope.ts` that opens a scope, with its one value written in, or null for any other statement.
 * Only a tenant id of digits or the system scope's fixed text qualify, so nothing else is ever spliced into SQL.
 */
function scopeStatement(text: string, values: unknown[]): string | null {
  if (text === "select set_config('app.bypass_rls', 'on', true)" && values.length === 0) return text;
  const [companyId] = values;
  if (
    text === "select set_config('app.company_id', $1, true)" &&
    values.length === 1 &&
    typeof companyId === 'string' &&
    /^\d{1,10}$/.test(companyId)
  ) {
    return `select set_config('app.company_id', '${companyId}', true)`;
  }
  return null;
}

/** A freshly migrated, empty embedded database as a data-directory dump. */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

/** Boot check: the role queries run as must neither be a superuser nor bypass RLS. */
export async function assertRowLevelSecurityApplies(db: Db): Promise<void> {
  const result = await db.execute(
    sql`select current_user as role, rolsuper, rolbypassrls from pg_roles where rolname = current_user`,
  );
  const row = (result as unknown as { rows: { role: string; rolsuper: boolean; rolbypassrls: boolean }[] }).rows[0];
  if (!row || row.rolsuper || row.rolbypassrls) {
    throw new Error(
      `The database role "${row?.role ?? 'unknown'}" bypasses row-level security; Kampus must run as ${APP_ROLE}.`,
    );
  }
}
