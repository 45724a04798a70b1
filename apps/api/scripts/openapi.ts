/**
 * npm run openapi — writes the OpenAPI document the server builds to docs/openapi.json, the committed contract that
 * `openapi.test.ts` compares the code with. Run it after changing a route or a shared schema, and review the diff.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';

const OPENAPI_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/openapi.json');

const dataDir = await mkdtemp(path.join(tmpdir(), 'kampus-openapi-'));
const database = await openDatabase({});
try {
  const config = {
    ...readConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  const { app } = await buildApp(config, database);
  await app.ready();
  await writeFile(OPENAPI_FILE, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  console.log(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)}.`);
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
