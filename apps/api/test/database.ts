import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.js';
import { syncAccessCatalog } from '../src/modules/identity/auth/catalog.js';
import { createServerDatabase } from './server-database.js';

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
