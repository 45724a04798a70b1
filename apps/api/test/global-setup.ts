import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedPglite } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Migrates one embedded database once; every test file starts from a copy of it. */
export default async function setup(project: TestProject) {
  const file = path.join(tmpdir(), `kampus-pglite-template-${process.pid}.tar`);
  if (!process.env.TEST_DATABASE_URL) {
    const dump = await dumpMigratedPglite();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  }
  project.provide('pgliteTemplate', file);
}
