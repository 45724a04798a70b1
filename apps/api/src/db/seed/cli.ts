import path from 'node:path';
import { readConfig } from '../../config.js';
import { syncAccessCatalog } from '../../modules/identity/auth/catalog.js';
import { openDatabase } from '../client.js';
import { isDatabaseEmpty } from './demo.js';
import { seedDemoWithApp } from './with-app.js';

/** npm run seed: loads the demo data into an empty database. */
const config = readConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'db'),
});
try {
  await syncAccessCatalog(database.db);
  if (await isDatabaseEmpty(database.db)) {
    await seedDemoWithApp(config, database);
    console.log('Demo data loaded.');
  } else {
    console.log('The database already holds companies; the demo data was not loaded.');
  }
} finally {
  await database.close();
}
