import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, readConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { seedDemo } from '../src/db/seed/demo.js';
import { syncAccessCatalog } from '../src/modules/identity/auth/catalog.js';
import { openTestDatabase } from './database.js';
import { createServerDatabase } from './server-database.js';

/**
 * The demo data, seeded once per run and shared by the files that test it. Seeding takes 10–40 s, and sixteen files
 * each seeded a copy of their own (a third of the API stage's time). The first file to ask seeds it (creating the
 * lock directory tells the workers apart) with its background work done (jobs and event subscribers settled); the
 * others wait for it. Each file then starts from a copy: of the embedded database's dump, or a PostgreSQL database
 * made with the template as `CREATE DATABASE … TEMPLATE`, and of the data directory (stored files, the outbox).
 */
export interface DemoTemplate {
  /** The seeded data directory, to copy. */
  dataDir: string;
  /** The secret the demo was seeded under (nothing stored depends on it today; kept so nothing ever can break). */
  jwtSecret: string;
  /** A fresh database holding the demo data. */
  openDatabase(): Promise<Database>;
}

export interface DemoTemplateMeta {
  jwtSecret: string;
  /** The PostgreSQL template database's name. */
  database?: string;
}

const templateDir = (): string => inject('demoTemplateDir');
const metaFile = (dir: string) => path.join(dir, 'meta.json');
const dumpFile = (dir: string) => path.join(dir, 'demo.tar');

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

async function seedTemplate(dir: string): Promise<void> {
  const jwtSecret = randomBytes(32).toString('hex');
  const config: Config = {
    ...readConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'data'), NODE_ENV: 'test' }),
    JWT_SECRET: jwtSecret,
  };
  const serverUrl = process.env.TEST_DATABASE_URL;
  const server = serverUrl ? await createServerDatabase(serverUrl, 'kampus_demo') : null;
  const database = server ? await openDatabase({ url: server.url, poolMax: 4 }) : await openTestDatabase();
  if (server) await syncAccessCatalog(database.db);
  const built = await buildApp(config, database);
  try {
    await seedDemo(database.db, built.platform.files, built);
    await built.platform.events.idle();
    await built.platform.jobs.idle();
  } finally {
    await built.app.close();
  }
  if (database.dumpDataDir)
    await writeFile(dumpFile(dir), Buffer.from(await (await database.dumpDataDir()).arrayBuffer()));
  await database.close();
  const meta: DemoTemplateMeta = { jwtSecret, ...(server ? { database: new URL(server.url).pathname.slice(1) } : {}) };
  // Written whole, then renamed: a waiting worker never reads half of it.
  await writeFile(`${metaFile(dir)}.part`, JSON.stringify(meta));
  await rename(`${metaFile(dir)}.part`, metaFile(dir));
}

async function readyTemplate(): Promise<DemoTemplateMeta> {
  const dir = templateDir();
  const seeding = await mkdir(path.join(dir, 'lock'), { recursive: false }).then(
    () => true,
    () => false,
  );
  if (seeding) await seedTemplate(dir);
  const started = Date.now();
  while (!(await exists(metaFile(dir)))) {
    if (Date.now() - started > 240_000) throw new Error('the demo template was not seeded within 4 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return JSON.parse(await readFile(metaFile(dir), 'utf8')) as DemoTemplateMeta;
}

let ready: Promise<DemoTemplateMeta> | null = null;

export async function demoTemplate(): Promise<DemoTemplate> {
  ready ??= readyTemplate();
  const meta = await ready;
  const dir = templateDir();
  return {
    dataDir: path.join(dir, 'data'),
    jwtSecret: meta.jwtSecret,
    async openDatabase() {
      const serverUrl = process.env.TEST_DATABASE_URL;
      if (!serverUrl || !meta.database) {
        const database = await openDatabase({ loadDataDir: new Blob([await readFile(dumpFile(dir))]) });
        return database;
      }
      const created = await createServerDatabase(serverUrl, 'kampus_test', meta.database);
      const database = await openDatabase({ url: created.url, poolMax: 4 });
      return {
        ...database,
        async close() {
          await database.close();
          await created.drop();
        },
      };
    },
  };
}
