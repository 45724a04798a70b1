import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../test/database.js';
import { type CompanyRow, factories } from '../../test/factories.js';
import type { Database } from '../db/client.js';
import { jobSchedules, jobs as jobsTable } from '../db/schema/index.js';
import { asSystem, inTenant } from '../db/scope.js';
import { AWAITED_JOB_PRIORITY, createJobs, type Jobs, type JobsOptions, nextCronTime, retryDelay } from './jobs.js';

const quiet = { error: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the durable job queue', () => {
  let database: Database;
  let company: CompanyRow;
  const started: Jobs[] = [];

  const makeJobs = (options: Partial<JobsOptions> = {}) => {
    const jobs = createJobs({ db: database.db, log: quiet, pollIntervalMs: 50, retryDelayMs: 40, ...options });
    started.push(jobs);
    return jobs;
  };
  const rowOf = async (id: number) => {
    const [row] = await asSystem(database.db, (tx) => tx.select().from(jobsTable).where(eq(jobsTable.id, id)));
    return row;
  };
  const rowsNamed = (name: string) =>
    asSystem(database.db, (tx) => tx.select().from(jobsTable).where(eq(jobsTable.name, name)));

  beforeAll(async () => {
    database = await openTestDatabase();
    company = await factories(database.db).createCompany();
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((jobs) => jobs.stop(0)));
  });
  afterAll(() => database.close());

  it('writes the job in the enqueuing transaction: it runs after the commit, and a rollback leaves no job', async () => {
    const jobs = makeJobs();
    const ran: string[] = [];
    jobs.register({
      name: 'test.note',
      schema: z.object({ note: z.string() }),
      handle: async ({ note }) => ran.push(note),
    });
    let ranBeforeCommit = -1;
    await inTenant(database.db, company.id, async (tx) => {
      await jobs.enqueue(tx, 'test.note', { note: 'committed' });
      await wait(30);
      ranBeforeCommit = ran.length;
    });
    await expect(
      inTenant(database.db, company.id, async (tx) => {
        await jobs.enqueue(tx, 'test.note', { note: 'rolled back' });
        throw new Error('the change fails after the enqueue');
      }),
    ).rejects.toThrow('the change fails');
    await jobs.idle();
    expect(ranBeforeCommit).toBe(0);
    expect(ran).toEqual(['committed']);
    expect((await rowsNamed('test.note')).map((row) => [row.payload, row.state])).toEqual([
      [{ note: 'committed' }, 'done'],
    ]);
  });

  it('runs the due job of higher priority first: a waited-for mail passes the bulk queued before it', async () => {
    const jobs = makeJobs({ concurrency: 1 });
    const ran: string[] = [];
    jobs.register({
      name: 'test.mail',
      schema: z.object({ to: z.string(), awaited: z.boolean() }),
      priority: (mail) => (mail.awaited ? 10 : 0),
      handle: async ({ to }) => ran.push(to),
    });
    await inTenant(database.db, company.id, async (tx) => {
      for (const to of ['bulk-1', 'bulk-2', 'bulk-3']) await jobs.enqueue(tx, 'test.mail', { to, awaited: false });
      await jobs.enqueue(tx, 'test.mail', { to: 'code', awaited: true });
      await jobs.enqueue(tx, 'test.mail', { to: 'bulk-4', awaited: false }, { priority: 20 });
    });
    await jobs.idle();
    expect(ran).toEqual(['bulk-4', 'code', 'bulk-1', 'bulk-2', 'bulk-3']);
    expect((await rowsNamed('test.mail')).map((row) => row.priority).sort()).toEqual([0, 0, 0, 10, 20]);
  });

  it('keeps a slot for awaited work: a code mail runs while long bulk jobs hold every ordinary slot', async () => {
    const jobs = makeJobs({ concurrency: 1 });
    let releaseBulk: () => void = () => undefined;
    const bulkHeld = new Promise<void>((resolve) => {
      releaseBulk = resolve;
    });
    const ran: string[] = [];
    jobs.register({
      name: 'test.bulk',
      schema: z.object({}),
      handle: async () => {
        ran.push('bulk started');
        await bulkHeld;
        ran.push('bulk done');
      },
    });
    jobs.register({
      name: 'test.code',
      schema: z.object({}),
      priority: () => AWAITED_JOB_PRIORITY,
      handle: async () => ran.push('code'),
    });
    await jobs.enqueue(database.db, 'test.bulk', {});
    await expect.poll(() => ran).toEqual(['bulk started']);
    await jobs.enqueue(database.db, 'test.bulk', {});
    await jobs.enqueue(database.db, 'test.code', {});
    await expect.poll(() => ran, { timeout: 5000 }).toEqual(['bulk started', 'code']);
    releaseBulk();
    await jobs.idle();
    expect(ran).toEqual(['bulk started', 'code', 'bulk done', 'bulk started', 'bulk done']);
  });

  it('runs a job enqueued outside a transaction at once, and refuses a bad payload at the enqueue', async () => {
    const jobs = makeJobs();
    const ran: string[] = [];
    jobs.register({
      name: 'test.outside',
      schema: z.object({ note: z.string() }),
      handle: async ({ note }) => ran.push(note),
    });
    await jobs.enqueue(database.db, 'test.outside', { note: 'outside' });
    await jobs.idle();
    expect(ran).toEqual(['outside']);
    await expect(jobs.enqueue(database.db, 'test.outside', { note: 1 })).rejects.toThrow();
    await expect(jobs.enqueue(database.db, 'test.unknown', {})).rejects.toThrow('Unknown job');
    expect(await rowsNamed('test.outside')).toHaveLength(1);
  });

  it('retries a failing job with a doubling delay, then keeps it as a dead letter with its last error', async () => {
    const jobs = makeJobs({ retryDelayMs: 60 });
    const attempts: number[] = [];
    jobs.register({
      name: 'test.flaky',
      schema: z.object({}),
      handle: async (_payload, job) => {
        attempts.push(Date.now());
        throw new Error(`attempt ${job.attempt} failed`);
      },
    });
    await jobs.start();
    const id = await jobs.enqueue(database.db, 'test.flaky', {}, { maxAttempts: 3 });
    for (let i = 0; i < 100 && (await rowOf(id))?.state !== 'failed'; i++) await wait(30);
    const row = await rowOf(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, lastError: 'attempt 3 failed', lockedBy: null });
    expect(row?.finishedAt).toBeInstanceOf(Date);
    expect(attempts).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = attempts;
    expect(second - first).toBeGreaterThanOrEqual(60 - 5);
    expect(third - second).toBeGreaterThanOrEqual(120 - 5);
    // A dead letter is not retried by itself.
    await wait(300);
    expect(attempts).toHaveLength(3);
    expect(retryDelay(1, 10_000, 3_600_000)).toBe(10_000);
    expect(retryDelay(4, 10_000, 3_600_000)).toBe(80_000);
    expect(retryDelay(20, 10_000, 3_600_000)).toBe(3_600_000);
  });

  it('treats a second enqueue with the same idempotency key as the same job', async () => {
    const jobs = makeJobs();
    let runs = 0;
    jobs.register({ name: 'test.once', schema: z.object({ n: z.number() }), handle: async () => void runs++ });
    const first = await jobs.enqueue(database.db, 'test.once', { n: 1 }, { idempotencyKey: 'order-7' });
    const second = await inTenant(database.db, company.id, (tx) =>
      jobs.enqueue(tx, 'test.once', { n: 2 }, { idempotencyKey: 'order-7' }),
    );
    const other = await jobs.enqueue(database.db, 'test.once', { n: 3 }, { idempotencyKey: 'order-8' });
    await jobs.idle();
    expect(second).toBe(first);
    expect(other).not.toBe(first);
    expect(runs).toBe(2);
    expect((await rowOf(first))?.payload).toEqual({ n: 1 });
  });

  it('waits for runAt and keeps the owner, progress and result on the row', async () => {
    const jobs = makeJobs();
    jobs.register({
      name: 'test.counted',
      schema: z.object({ items: z.number() }),
      handle: async ({ items }, job) => {
        for (let done = 1; done <= items; done++) await job.progress(done, items);
        return { counted: items };
      },
    });
    const owner = await factories(database.db).createUser(company);
    const later = await jobs.enqueue(database.db, 'test.counted', { items: 1 }, { delayMs: 60_000 });
    const id = await jobs.enqueue(
      database.db,
      'test.counted',
      { items: 3 },
      { owner: { companyId: company.id, userId: owner.id } },
    );
    await jobs.idle();
    expect(await rowOf(id)).toMatchObject({
      state: 'done',
      progress: { done: 3, total: 3 },
      result: { counted: 3 },
      companyId: company.id,
      userId: owner.id,
    });
    expect((await rowOf(later))?.state).toBe('queued');
  });

  it('keeps an owned job in its company: another tenant cannot see it', async () => {
    const jobs = makeJobs();
    jobs.register({ name: 'test.owned', schema: z.object({}), handle: async () => undefined });
    const other = await factories(database.db).createCompany();
    const id = await jobs.enqueue(database.db, 'test.owned', {}, { owner: { companyId: company.id } });
    const seenByOther = await inTenant(database.db, other.id, (tx) =>
      tx.select().from(jobsTable).where(eq(jobsTable.id, id)),
    );
    const seenByOwner = await inTenant(database.db, company.id, (tx) =>
      tx.select().from(jobsTable).where(eq(jobsTable.id, id)),
    );
    expect(seenByOther).toEqual([]);
    expect(seenByOwner).toHaveLength(1);
    await jobs.idle();
  });

  it('runs a cron schedule once per due time with two workers on one database', async () => {
    const ticks: number[] = [];
    const workers = [makeJobs({ nodeId: 'node-a' }), makeJobs({ nodeId: 'node-b' })];
    for (const [index, jobs] of workers.entries()) {
      jobs.register({ name: 'test.tick', schema: z.object({}), handle: async () => void ticks.push(index) });
      jobs.schedule('test.tick', '* * * * * *');
    }
    await Promise.all(workers.map((jobs) => jobs.start()));
    // A due time both workers see at once.
    const due = new Date(Date.now() - 500);
    await asSystem(database.db, (tx) =>
      tx.update(jobSchedules).set({ nextRunAt: due }).where(eq(jobSchedules.name, 'test.tick')),
    );
    await Promise.all(workers.map((jobs) => jobs.idle()));
    const rows = await rowsNamed('test.tick');
    expect(rows.map((row) => row.idempotencyKey)).toContain(`test.tick@${due.toISOString()}`);
    // Then every second for a while: each due time is one job, run once.
    await wait(2300);
    await Promise.all(workers.map((jobs) => jobs.stop(1000)));
    const all = await rowsNamed('test.tick');
    const keys = all.map((row) => row.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBe(all.filter((row) => row.state === 'done').length);
    expect(ticks.length).toBeGreaterThanOrEqual(all.length - 1);
    const [schedule] = await asSystem(database.db, (tx) =>
      tx.select().from(jobSchedules).where(eq(jobSchedules.name, 'test.tick')),
    );
    expect(schedule?.nextRunAt.getTime()).toBeGreaterThan(Date.now() - 1000);
    expect(nextCronTime('17 * * * *', new Date('2030-01-01T10:20:00Z')).toISOString()).toBe('2030-01-01T11:17:00.000Z');
    expect(() => makeJobs().schedule('test.tick', 'not a cron')).toThrow();
  });

  it('on shutdown lets a short job finish and gives an unfinished one back to the queue', async () => {
    const first = makeJobs({ nodeId: 'node-stopping' });
    let aborted = false;
    let quickDone = false;
    first.register({
      name: 'test.quick',
      schema: z.object({}),
      handle: async () => {
        await wait(50);
        quickDone = true;
      },
    });
    first.register({
      name: 'test.slow',
      schema: z.object({}),
      handle: (_payload, job) =>
        new Promise((_resolve, reject) => {
          job.signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
    });
    const quick = await first.enqueue(database.db, 'test.quick', {});
    const slow = await first.enqueue(database.db, 'test.slow', {});
    for (let i = 0; i < 50 && (await rowOf(slow))?.state !== 'running'; i++) await wait(10);
    await first.stop(300);
    expect(quickDone).toBe(true);
    expect(aborted).toBe(true);
    expect((await rowOf(quick))?.state).toBe('done');
    expect(await rowOf(slow)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null, lockedUntil: null });

    // The next node (or the next start) runs it.
    const next = makeJobs({ nodeId: 'node-next' });
    next.register({ name: 'test.slow', schema: z.object({}), handle: async () => 'finished elsewhere' });
    await next.idle();
    expect(await rowOf(slow)).toMatchObject({ state: 'done', attempts: 1, result: 'finished elsewhere' });
  });

  it('claims again a job whose lease ran out (its node stopped renewing it)', async () => {
    const jobs = makeJobs({ nodeId: 'node-survivor' });
    jobs.register({ name: 'test.orphan', schema: z.object({}), handle: async (_p, job) => job.attempt });
    const id = await asSystem(database.db, async (tx) => {
      const [row] = await tx
        .insert(jobsTable)
        .values({
          name: 'test.orphan',
          payload: {},
          state: 'running',
          attempts: 1,
          lockedBy: 'node-killed',
          lockedUntil: sql`now() - interval '1 second'`,
        })
        .returning();
      return row?.id ?? 0;
    });
    await jobs.idle();
    expect(await rowOf(id)).toMatchObject({ state: 'done', attempts: 2, result: 2, lockedBy: null });
  });
});
