import { randomBytes } from 'node:crypto';
import { buildApp } from '../../app.js';
import type { readConfig } from '../../config.js';
import type { Database } from '../client.js';
import { seedDemo } from './demo.js';

/**
 * Loads the demo data into a database outside `npm start` (npm run seed, the benches): the application is built on
 * the database for its services, whose roll-ups the demo runs, and stopped again. It never serves a request, so
 * without a JWT_SECRET a throwaway one does.
 */
export async function seedDemoWithApp(env: ReturnType<typeof readConfig>, database: Database): Promise<void> {
  const config = { ...env, JWT_SECRET: env.JWT_SECRET ?? randomBytes(32).toString('hex') };
  const { app, platform, services } = await buildApp(config, database);
  try {
    await seedDemo(database.db, platform.files, { services, platform });
  } finally {
    await app.close();
  }
}
