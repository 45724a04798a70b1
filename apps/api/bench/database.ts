import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { syncAccessCatalog } from '../src/modules/identity/auth/catalog.js';
import { factories } from '../test/factories.js';
import { createServerDatabase } from '../test/server-database.js';

/**
 * With BENCH_DATABASE_URL (a server the user may create databases on) the run gets a database of its own, dropped at
 * the end unless BENCH_KEEP=1 (then its URL is printed, to EXPLAIN a query on the bench's data, or to give a bench that
 * can find its data again as BENCH_REUSE_URL).
 */
export async function openBenchDatabase() {
  // A kept database (a bench that knows how to find its data again there, bench:leaderboard): opened, never dropped.
  const reuse = process.env.BENCH_REUSE_URL;
  if (reuse) return openDatabase({ url: reuse, poolMax: 10 });
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return openDatabase({});
  const created = await createServerDatabase(serverUrl, 'kampus_bench');
  const database = await openDatabase({ url: created.url, poolMax: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      if (process.env.BENCH_KEEP === '1') console.log(`kept the bench database: ${created.url}`);
      else await created.drop();
    },
  };
}

/** The whole API on a bench database (silent, its own data directory), with factories; close() removes it all. */
export async function openBenchApp() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kampus-bench-'));
  const config = {
    ...readConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  const database = await openBenchDatabase();
  const { app } = await buildApp(config, database);
  await syncAccessCatalog(database.db);
  return {
    app,
    database,
    make: factories(database.db),
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
