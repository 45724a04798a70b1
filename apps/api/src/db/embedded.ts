import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './client.js';
import { APP_ROLE } from './schema/rls.js';

/**
 * The embedded PGlite database runs in the server's own thread, and its work is synchronous WebAssembly chained by
 * promises: one transaction after another runs without the event loop ever getting a turn while transactions wait.
 * Node reads new requests and accepts new connections only in those turns (one connection per turn), so under load a
 * connection opened meanwhile waited seconds for its first answer while the connections already served went round
 * and round (bench:api on the users list: 36 of 50 fresh connections waited 1–7 s, steady answers at most 0.5 s).
 *
 * So transactions take turns with the event loop: each starts only after the one before it has finished and the loop
 * has had one turn (setImmediate), in the order they were asked for. Requests then queue in arrival order, new
 * connections included. A turn costs one poll of the loop, a few microseconds.
 */
export function takeTurnsWithEventLoop(db: Db): void {
  const transaction = db.transaction.bind(db);
  let previous: Promise<unknown> = Promise.resolve();
  db.transaction = ((fn, config) => {
    const mine = previous.then(eventLoopTurn).then(() => transaction(fn, config));
    previous = mine.catch(() => undefined);
    return mine;
  }) as Db['transaction'];
}

const eventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How often the upkeep looks for tables to vacuum or analyze: autovacuum's own default nap. */
export const UPKEEP_INTERVAL_MS = 60_000;

/**
 * PostgreSQL keeps its tables' statistics and space in order with the autovacuum daemon, which the embedded database,
 * a single process in single-user mode, does not run: its planner never learns the tables' sizes (the users list's page
 * query took 2.3 ms on the demo data without statistics, 0.5 ms with them) and updated rows' old versions are never
 * reclaimed. This does autovacuum's work by autovacuum's rule — a table with more than 50 + 10% changed rows since
 * its last analyze is analyzed, one with more than 50 + 20% dead rows vacuumed — once now and then every minute.
 * The application role may: openPglite grants it pg_maintain.
 */
export function startUpkeep(
  client: PGlite,
  report: (error: unknown) => void,
): { run(): Promise<void>; stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= upkeep(client)
      .catch(report)
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(run, UPKEEP_INTERVAL_MS);
  timer.unref();
  return {
    run,
    /** No more rounds; the one running, if any, finishes (the database is about to close). */
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

async function upkeep(client: PGlite): Promise<void> {
  // The statistics of this one backend reach the views at a flush, which an idle server would not get to soon.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ name: string; vacuum: boolean }>(
    `select format('%I.%I', schemaname, relname) as name, n_dead_tup > 50 + 0.2 * n_live_tup as vacuum
       from pg_stat_user_tables
      where n_mod_since_analyze > 50 + 0.1 * n_live_tup or n_dead_tup > 50 + 0.2 * n_live_tup`,
  );
  for (const table of rows) {
    // VACUUM runs outside a transaction block, one statement at a time; ANALYZE alone may not.
    await client.exec(table.vacuum ? `VACUUM (ANALYZE) ${table.name}` : `ANALYZE ${table.name}`);
  }
}

/** Run once as the superuser when the embedded database opens: the application role may vacuum and analyze. */
export const GRANT_UPKEEP = `GRANT pg_maintain TO ${APP_ROLE} WITH INHERIT TRUE`;
