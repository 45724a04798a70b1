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
export function takeTurnsWithEventLoop(db: Db): { idleFor(): number } {
  const transaction = db.transaction.bind(db);
  let previous: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  let lastFinished = performance.now();
  db.transaction = ((fn, config) => {
    waiting++;
    const mine = previous.then(eventLoopTurn).then(() => transaction(fn, config));
    previous = mine
      .catch(() => undefined)
      .finally(() => {
        waiting--;
        lastFinished = performance.now();
      });
    return mine;
  }) as Db['transaction'];
  return {
    /** Milliseconds since the last transaction finished, 0 while one runs or waits. */
    idleFor: () => (waiting > 0 ? 0 : performance.now() - lastFinished),
  };
}

const eventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How often the upkeep looks for tables to vacuum or analyze: autovacuum's own default nap. */
export const UPKEEP_INTERVAL_MS = 60_000;
/** The upkeep waits for a pause this long without transactions (the job poller's claims leave about a second). */
export const UPKEEP_IDLE_MS = 500;
const UPKEEP_CHECK_MS = 5_000;

/**
 * PostgreSQL keeps its tables' statistics and space in order with the autovacuum daemon, which the embedded database,
 * a single process in single-user mode, does not run: its planner never learns the tables' sizes (the users list's page
 * query took 2.3 ms on the demo data without statistics, 0.5 ms with them) and updated rows' old versions are never
 * reclaimed. This does autovacuum's work by autovacuum's rule — a table with more than 50 + 10% changed rows since
 * its last analyze is analyzed, one with more than 50 + 20% dead rows vacuumed — once now and then every minute.
 * Unlike autovacuum's, this work stops every query while it runs (a vacuum of a large table can take a second), so a
 * round starts only in a pause of the application's transactions (`idleFor`): under load it waits for one.
 * The application role may: openPglite grants it pg_maintain.
 */
export function startUpkeep(
  client: PGlite,
  report: (error: unknown) => void,
  idleFor: () => number = () => Number.POSITIVE_INFINITY,
  timing = { intervalMs: UPKEEP_INTERVAL_MS, idleMs: UPKEEP_IDLE_MS, checkMs: UPKEEP_CHECK_MS },
): { run(): Promise<void>; stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let lastRound = performance.now();
  const run = () => {
    lastRound = performance.now();
    running ??= upkeep(client)
      .catch(report)
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (performance.now() - lastRound >= timing.intervalMs && idleFor() >= timing.idleMs) void run();
  }, timing.checkMs);
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
