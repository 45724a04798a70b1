// A node of the crash test (src/platform/jobs-crash.test.ts), run as its own process: opens the database of
// JOBS_TEST_DATA_DIR (PGlite) or JOBS_TEST_DATABASE_URL, runs the queue with a short lease and, with
// JOBS_TEST_ENQUEUE, enqueues one job. With JOBS_TEST_HANG the job never ends (the parent kills this process while it
// runs); without, the process prints the job's row once it is done and exits.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { openDatabase } from '../src/db/client.js';
import { jobs as jobsTable } from '../src/db/schema/index.js';
import { asSystem } from '../src/db/scope.js';
import { createJobs } from '../src/platform/jobs.js';

const env = process.env;
const markers = env.JOBS_TEST_MARKERS ?? '.';
const database = await openDatabase(
  env.JOBS_TEST_DATABASE_URL ? { url: env.JOBS_TEST_DATABASE_URL, poolMax: 2 } : { dataDir: env.JOBS_TEST_DATA_DIR },
);
const silent = { error: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const jobs = createJobs({ db: database.db, log: silent, leaseMs: 1000, pollIntervalMs: 100 });
jobs.register({
  name: 'test.crash',
  schema: z.object({ note: z.string() }),
  handle: async ({ note }, job) => {
    writeFileSync(path.join(markers, `started-${job.attempt}`), String(process.pid));
    if (env.JOBS_TEST_HANG) await new Promise(() => undefined);
    return { note, finishedBy: process.pid };
  },
});
await jobs.start();
if (env.JOBS_TEST_ENQUEUE) await jobs.enqueue(database.db, 'test.crash', { note: 'survives a crash' });

for (;;) {
  const [row] = await asSystem(database.db, (tx) =>
    tx.select().from(jobsTable).where(eq(jobsTable.name, 'test.crash')),
  );
  if (row?.state === 'done') {
    process.stdout.write(`${JSON.stringify({ state: row.state, attempts: row.attempts, result: row.result })}\n`);
    await jobs.stop(0);
    await database.close();
    process.exit(0);
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
