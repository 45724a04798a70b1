import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.js';
import { syncAccessCatalog } from '../src/modules/auth/catalog.js';

/** A new, empty database on the PostgreSQL server of `serverUrl`: its URL, and how to drop it again. */
export async function createServerDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kampus_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A fresh, migrated database for one test file: a copy of the embedded template, or, with TEST_DATABASE_URL, a new
 * database on that PostgreSQL server, dropped again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = await readFile(inject('pgliteTemplate'));
    const database = await openDatabase({ loadDataDir: new Blob([template]) });
    await syncAccessCatalog(database.db);
    return database;
  }
  const created = await createServerDatabase(serverUrl);
  const database = await openDatabase({ url: created.url, poolMax: 4 });
  await syncAccessCatalog(database.db);
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}
