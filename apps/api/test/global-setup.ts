import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpMigratedPglite } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** Where the first file that needs the demo data seeds it for the others (test/demo-template.ts). */
    demoTemplateDir: string;
  }
}

/**
 * Migrates one embedded database once; every test file starts from a copy of it. The demo data's template is seeded
 * by the first file that asks for it, so a run without such a file never pays for it.
 */
export default async function setup(project: TestProject) {
  const file = path.join(tmpdir(), `kampus-pglite-template-${process.pid}.tar`);
  if (!process.env.TEST_DATABASE_URL) {
    const dump = await dumpMigratedPglite();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  }
  project.provide('pgliteTemplate', file);
  const demoDir = await mkdtemp(path.join(tmpdir(), 'kampus-demo-template-'));
  project.provide('demoTemplateDir', demoDir);
  return async () => {
    await dropDemoDatabase(demoDir);
    await rm(demoDir, { recursive: true, force: true });
    await rm(file, { force: true });
  };
}

/** The demo template's PostgreSQL database, when a file seeded one there. */
async function dropDemoDatabase(demoDir: string): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const meta = await readFile(path.join(demoDir, 'meta.json'), 'utf8').catch(() => null);
  const database = meta ? (JSON.parse(meta) as { database?: string }).database : undefined;
  if (!serverUrl || !database) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}
