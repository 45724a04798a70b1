import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openDatabase } from '../db/client.js';
import { asSystem } from '../db/scope.js';
import { createJobs, type Jobs } from './jobs.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const quiet = { error: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;

// Two nodes need two pools on one PostgreSQL database; the embedded database has a single connection.
describe.skipIf(!serverUrl)('two nodes on one PostgreSQL database', { timeout: 120_000 }, () => {
  const name = `kampus_test_${randomBytes(6).toString('hex')}`;
  const databases: Database[] = [];
  const nodes: Jobs[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ url: url.toString(), poolMax: 6 }));
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop(0)));
    for (const database of databases) await database.close();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });

  it('never run the same job twice', async () => {
    const runs: { job: number; node: number }[] = [];
    const runningNow = [0, 0];
    const mostRunning = [0, 0];
    // The first jobs wait until the other node has claimed one too (or 10 s passed), so a fast first node cannot
    // drain the queue alone on a loaded machine and the test always sees two nodes competing.
    let bothStarted: () => void = () => undefined;
    const bothNodesRunning = new Promise<void>((resolve) => {
      bothStarted = resolve;
      setTimeout(resolve, 10_000).unref();
    });
    for (const [index, database] of databases.entries()) {
      const jobs = createJobs({ db: database.db, log: quiet, concurrency: 4, pollIntervalMs: 20, leaseMs: 5000 });
      jobs.register({
        name: 'test.once',
        schema: z.object({ n: z.number() }),
        handle: async ({ n }) => {
          runs.push({ job: n, node: index });
          runningNow[index] = (runningNow[index] ?? 0) + 1;
          mostRunning[index] = Math.max(mostRunning[index] ?? 0, runningNow[index] ?? 0);
          if (new Set(runs.map((run) => run.node)).size === 2) bothStarted();
          await bothNodesRunning;
          await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
          runningNow[index] = (runningNow[index] ?? 0) - 1;
        },
      });
      nodes.push(jobs);
    }
    const [first] = databases;
    const [enqueuer] = nodes;
    if (!first || !enqueuer) throw new Error('no nodes');
    await Promise.all(nodes.map((node) => node.start()));
    const count = 120;
    // All at once (one commit), so both nodes find them due together.
    await asSystem(first.db, async (tx) => {
      for (let n = 0; n < count; n++) await enqueuer.enqueue(tx, 'test.once', { n });
    });
    await Promise.all(nodes.map((node) => node.idle()));
    const end = Date.now() + 30_000;
    while (runs.length < count && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));

    const perJob = new Map<number, number>();
    for (const run of runs) perJob.set(run.job, (perJob.get(run.job) ?? 0) + 1);
    expect(perJob.size).toBe(count);
    expect([...perJob.values()].every((times) => times === 1)).toBe(true);
    // No node ran more than its concurrency at once (a claim once took 108 jobs with a limit of 4).
    expect(Math.max(...mostRunning)).toBeLessThanOrEqual(4);
    // Both nodes took part.
    expect(new Set(runs.map((run) => run.node)).size).toBe(2);
  });
});
