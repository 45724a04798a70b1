import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { CronExpressionParser } from 'cron-parser';
import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { type SerializedError, serializeError } from '../db/errors.js';
import { jobSchedules, jobs as jobsTable } from '../db/schema/index.js';
import { asSystem, whenCommitted, withSystemScope } from '../db/scope.js';

/** What a handler gets beside its payload: which run this is, a way to report progress, and the shutdown signal. */
export interface JobContext {
  jobId: number;
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
  /** Stores `{done, total}` on the job row, for its owner's progress bar. */
  progress(done: number, total: number): Promise<void>;
  /** Aborted when the node shuts down before the job finished: the job goes back to the queue. */
  signal: AbortSignal;
}

/** A job is data: a name, a payload schema and a handler. What the handler answers is kept as the job's result. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  schema: S;
  /**
   * Among due jobs, higher runs first (default 0). A job whose payload decides how urgent it is says so here, once,
   * rather than at every enqueue (a sign-in code mail passes ten thousand assignment mails).
   */
  priority?(payload: z.infer<S>): number;
  handle(payload: z.infer<S>, context: JobContext): Promise<unknown>;
}

export interface EnqueueOptions {
  /** A second enqueue of the same name and key is the same job: it answers the first one's id. */
  idempotencyKey?: string;
  /** Not before then (or this many milliseconds from now). */
  runAt?: Date;
  delayMs?: number;
  /** Runs before the job is a dead letter (state failed); default 5. */
  maxAttempts?: number;
  /** Overrides the definition's priority: higher runs first among due jobs. */
  priority?: number;
  /** Who may read the job's progress (GET api/jobs/{id}): that person in that company. */
  owner?: { companyId: number; userId?: number | null };
}

export interface Jobs {
  register<S extends z.ZodType>(job: JobDefinition<S>): void;
  /**
   * Queues a job as a row of `jobs`, checking its payload at once. Given an open transaction, the row is written in
   * that transaction, so a rollback leaves no job; given the root database it is written on its own. Answers its id.
   */
  enqueue(tx: Db, name: string, payload: unknown, options?: EnqueueOptions): Promise<number>;
  /** Runs the registered job `name` at every time the cron expression (UTC) names, once across all nodes. */
  schedule(name: string, cron: string, payload?: unknown): void;
  /** Writes the schedules and starts polling (after every module has registered its jobs). */
  start(): Promise<void>;
  /** Resolves when no job this node runs is due or running (tests). */
  idle(): Promise<void>;
  /**
   * Stops claiming, lets running jobs finish for up to `timeoutMs`, then gives the unfinished ones back to the queue
   * (lease released, the interrupted attempt not counted) for another node or the next start.
   */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobsOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Jobs run at once on this node. */
  concurrency?: number;
  pollIntervalMs?: number;
  /** How long a claim holds a job; renewed every third of it while the job runs. */
  leaseMs?: number;
  /** The first retry's delay; each next one doubles, up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  shutdownTimeoutMs?: number;
  /** Names the lease holder; unique per process by default. */
  nodeId?: string;
}

type JobRow = typeof jobsTable.$inferSelect;
type AnyDefinition = JobDefinition<z.ZodType>;

export const DEFAULT_MAX_ATTEMPTS = 5;
/** The priority of work someone waits for at a screen (a sign-in code, a password link): ahead of bulk mail. */
export const AWAITED_JOB_PRIORITY = 10;
const MAX_ERROR_LENGTH = 2000;

/** Milliseconds before retry number `attempt` (1 = after the first failure): doubling, capped. */
export function retryDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/** The first due time of a cron expression (UTC) strictly after `after`. */
export function nextCronTime(cron: string, after: Date): Date {
  return CronExpressionParser.parse(cron, { currentDate: after, tz: 'UTC' }).next().toDate();
}

/**
 * What a failure leaves on the row for the super admin: the messages of the error and its causes as the logger
 * writes them, so a failed query keeps its statement and SQLSTATE but never its parameters.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const parts: string[] = [];
  for (let at: SerializedError | undefined = serializeError(error); at; at = at.cause as SerializedError | undefined) {
    parts.push(at.sqlState ? `${at.message} (SQLSTATE ${at.sqlState})` : String(at.message));
  }
  return parts.join(' ← ');
}

/** Not a type guard on purpose: a transaction stays a Db to the code that writes in it. */
const isOpenTransaction = (db: Db): boolean => db instanceof PgTransaction;

const millis = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`;

/**
 * The durable queue: one table on PGlite and PostgreSQL alike (docs/architecture.md, "Jobs"). Every node polls it,
 * claims due rows with FOR UPDATE SKIP LOCKED and a lease, runs them, and records done, a retry or a dead letter.
 */
export function createJobs(options: JobsOptions): Jobs {
  const { db, log } = options;
  const concurrency = options.concurrency ?? 4;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const retryDelayMs = options.retryDelayMs ?? 10_000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 3_600_000;
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? 10_000;
  const nodeId = options.nodeId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  const definitions = new Map<string, AnyDefinition>();
  const schedules = new Map<string, { cron: string; payload: unknown }>();
  /** `reserved`: running in the slot kept for awaited work (see runPass). */
  const running = new Map<number, { done: Promise<void>; controller: AbortController; reserved: boolean }>();
  const reservedRunning = () => [...running.values()].some((job) => job.reserved);
  const generalRunning = () => running.size - (reservedRunning() ? 1 : 0);
  /** Jobs handed back to the queue at shutdown: whatever their handler does next is not recorded. */
  const released = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  let pass: Promise<void> | null = null;
  let passWanted = false;
  // Schedules are looked at once per poll interval, not on every nudge an enqueue gives (idle() asks at once).
  let schedulesCheckedAt = 0;
  let schedulesWanted = false;
  let stopping = false;

  const names = () => [...definitions.keys()];
  const definitionOf = (name: string) => {
    const job = definitions.get(name);
    if (!job) throw new Error(`Unknown job "${name}"`);
    return job;
  };

  async function insertJob(tx: Db, name: string, payload: unknown, enqueue: EnqueueOptions): Promise<number> {
    const priority = enqueue.priority ?? definitionOf(name).priority?.(payload) ?? 0;
    const runAt = enqueue.runAt ?? (enqueue.delayMs ? new Date(Date.now() + enqueue.delayMs) : undefined);
    const [inserted] = await tx
      .insert(jobsTable)
      .values({
        name,
        payload,
        idempotencyKey: enqueue.idempotencyKey ?? null,
        ...(runAt ? { runAt } : {}),
        priority,
        maxAttempts: enqueue.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        companyId: enqueue.owner?.companyId ?? null,
        userId: enqueue.owner?.userId ?? null,
      })
      .onConflictDoNothing({
        target: [jobsTable.name, jobsTable.idempotencyKey],
        where: sql`${jobsTable.idempotencyKey} is not null`,
      })
      .returning({ id: jobsTable.id });
    if (inserted) return inserted.id;
    const [existing] = await tx
      .select({ id: jobsTable.id })
      .from(jobsTable)
      .where(and(eq(jobsTable.name, name), eq(jobsTable.idempotencyKey, enqueue.idempotencyKey ?? '')));
    if (!existing) throw new Error(`Job "${name}" conflicted but was not found`);
    return existing.id;
  }

  async function enqueue(tx: Db, name: string, payload: unknown, enqueue: EnqueueOptions = {}): Promise<number> {
    const data = definitionOf(name).schema.parse(payload);
    // The queue is the platform's: the row is written in the system scope (its owner may be nobody or another tenant).
    const id = isOpenTransaction(tx)
      ? await withSystemScope(tx, () => insertJob(tx, name, data, enqueue))
      : await asSystem(tx, (system) => insertJob(system, name, data, enqueue));
    // This node runs it as soon as it is visible, without waiting for the next poll.
    whenCommitted(nudge);
    return id;
  }

  /** Jobs this node knows that are due: queued and at their time, or running on a lease that ran out. */
  const dueHere = () =>
    and(
      inArray(jobsTable.name, names()),
      or(
        and(eq(jobsTable.state, 'queued'), lte(jobsTable.runAt, sql`now()`)),
        and(eq(jobsTable.state, 'running'), lte(jobsTable.lockedUntil, sql`now()`)),
      ),
    );

  /**
   * Claims up to `limit` due jobs this node knows (of at least `minPriority`), and fails those whose last lease ran
   * out.
   */
  async function claim(limit: number, minPriority?: number): Promise<JobRow[]> {
    if (limit <= 0 || definitions.size === 0) return [];
    return asSystem(db, async (tx) => {
      await tx
        .update(jobsTable)
        .set({
          state: 'failed',
          lockedBy: null,
          lockedUntil: null,
          finishedAt: sql`now()`,
          lastError: sql`coalesce(${jobsTable.lastError} || E'\n', '') || 'lease expired during the last attempt'`,
        })
        .where(
          and(
            eq(jobsTable.state, 'running'),
            lte(jobsTable.lockedUntil, sql`now()`),
            sql`${jobsTable.attempts} >= ${jobsTable.maxAttempts}`,
          ),
        );
      // A CTE, not `id in (subquery)`: PostgreSQL may evaluate a locking subquery once per row it updates, and with
      // SKIP LOCKED each evaluation finds other rows, so one claim took far more than its limit.
      const due = tx.$with('due').as(
        tx
          .select({ id: jobsTable.id })
          .from(jobsTable)
          .where(minPriority === undefined ? dueHere() : and(dueHere(), sql`${jobsTable.priority} >= ${minPriority}`))
          .orderBy(desc(jobsTable.priority), jobsTable.runAt, jobsTable.id)
          .limit(limit)
          .for('update', { skipLocked: true }),
      );
      return tx
        .with(due)
        .update(jobsTable)
        .set({
          state: 'running',
          attempts: sql`${jobsTable.attempts} + 1`,
          lockedBy: nodeId,
          lockedUntil: sql`now() + ${millis(leaseMs)}`,
          startedAt: sql`now()`,
        })
        .where(inArray(jobsTable.id, tx.select({ id: due.id }).from(due)))
        .returning();
    });
  }

  /** An update of a job this node still holds; after a lost lease or a shutdown release it changes nothing. */
  const holding = (id: number) =>
    and(eq(jobsTable.id, id), eq(jobsTable.lockedBy, nodeId), eq(jobsTable.state, 'running'));

  async function finish(job: JobRow, result: unknown): Promise<void> {
    await asSystem(db, (tx) =>
      tx
        .update(jobsTable)
        .set({
          state: 'done',
          result: result === undefined ? null : result,
          lockedBy: null,
          lockedUntil: null,
          finishedAt: sql`now()`,
        })
        .where(holding(job.id)),
    );
  }

  async function recordFailure(job: JobRow, error: unknown): Promise<void> {
    const message = errorText(error).slice(0, MAX_ERROR_LENGTH);
    const isDeadLetter = job.attempts >= job.maxAttempts;
    log.error({ err: error, job: job.name, jobId: job.id, attempt: job.attempts }, 'job failed');
    await asSystem(db, (tx) =>
      tx
        .update(jobsTable)
        .set({
          state: isDeadLetter ? 'failed' : 'queued',
          lastError: message,
          lockedBy: null,
          lockedUntil: null,
          ...(isDeadLetter
            ? { finishedAt: sql`now()` }
            : { runAt: sql`now() + ${millis(retryDelay(job.attempts, retryDelayMs, maxRetryDelayMs))}` }),
        })
        .where(holding(job.id)),
    );
  }

  function run(job: JobRow, reserved = false): void {
    const definition = definitionOf(job.name);
    const controller = new AbortController();
    const renewal = setInterval(
      () => {
        asSystem(db, (tx) =>
          tx
            .update(jobsTable)
            .set({ lockedUntil: sql`now() + ${millis(leaseMs)}` })
            .where(holding(job.id)),
        ).catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'job lease not renewed'));
      },
      Math.max(50, leaseMs / 3),
    );
    renewal.unref();
    const context: JobContext = {
      jobId: job.id,
      attempt: job.attempts,
      signal: controller.signal,
      progress: async (done, total) => {
        await asSystem(db, (tx) => tx.update(jobsTable).set({ progress: { done, total } }).where(holding(job.id)));
      },
    };
    const done = Promise.resolve()
      .then(() => definition.handle(definition.schema.parse(job.payload), context))
      .then(
        (result) => (released.has(job.id) ? undefined : finish(job, result)),
        (error: unknown) => (released.has(job.id) ? undefined : recordFailure(job, error)),
      )
      .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'job outcome not recorded'))
      .finally(() => {
        clearInterval(renewal);
        running.delete(job.id);
        nudge();
      });
    running.set(job.id, { done, controller, reserved });
  }

  /** Enqueues each due schedule's run; the conditional advance makes one node the one that enqueues it. */
  async function enqueueDueSchedules(): Promise<void> {
    const mine = [...schedules.keys()].filter((name) => definitions.has(name));
    if (mine.length === 0) return;
    await asSystem(db, async (tx) => {
      const due = await tx
        .select()
        .from(jobSchedules)
        .where(and(inArray(jobSchedules.name, mine), lte(jobSchedules.nextRunAt, sql`now()`)))
        .for('update', { skipLocked: true });
      for (const schedule of due) {
        const next = nextCronTime(schedule.cron, new Date(Math.max(Date.now(), schedule.nextRunAt.getTime())));
        const advanced = await tx
          .update(jobSchedules)
          .set({ nextRunAt: next })
          .where(and(eq(jobSchedules.name, schedule.name), eq(jobSchedules.nextRunAt, schedule.nextRunAt)))
          .returning({ name: jobSchedules.name });
        if (advanced.length === 0) continue;
        await insertJob(tx, schedule.name, schedule.payload, {
          idempotencyKey: `${schedule.name}@${schedule.nextRunAt.toISOString()}`,
          maxAttempts: 1,
        });
      }
    });
  }

  async function runPass(): Promise<void> {
    do {
      passWanted = false;
      if (stopping) return;
      if (schedulesWanted || Date.now() - schedulesCheckedAt >= pollIntervalMs) {
        schedulesWanted = false;
        schedulesCheckedAt = Date.now();
        await enqueueDueSchedules();
      }
      // Priority orders the queue but cannot stop a running job: with every slot taken by long bulk work (batches of
      // assignment mail), a sign-in code would wait for a slot. One more slot is kept for awaited work alone.
      const free = concurrency - generalRunning();
      if (free > 0) {
        const claimed = await claim(free);
        for (const job of claimed) run(job);
        if (claimed.length > 0 && generalRunning() < concurrency) passWanted = true;
      } else if (!reservedRunning()) {
        const [awaited] = await claim(1, AWAITED_JOB_PRIORITY);
        if (awaited) run(awaited, true);
      }
    } while (passWanted);
  }

  /** Starts a claiming pass now (or right after the current one). */
  function nudge(): void {
    if (stopping) return;
    if (pass) {
      passWanted = true;
      return;
    }
    pass = runPass()
      .catch((error: unknown) => log.warn({ err: error }, 'job queue poll failed'))
      .finally(() => {
        pass = null;
      });
  }

  async function hasDueJobs(): Promise<boolean> {
    if (definitions.size === 0) return false;
    const found = await asSystem(
      db,
      (tx) => tx.select({ id: jobsTable.id }).from(jobsTable).where(dueHere()).limit(1),
      { readOnly: true },
    );
    return found.length > 0;
  }

  const settleRunning = async () => {
    while (pass || running.size > 0) await Promise.all([pass, ...[...running.values()].map((r) => r.done)]);
  };

  return {
    register(job) {
      definitions.set(job.name, job as unknown as AnyDefinition);
    },

    enqueue,

    schedule(name, cron, payload = {}) {
      definitionOf(name).schema.parse(payload);
      nextCronTime(cron, new Date()); // an invalid expression fails the start, not the first run
      schedules.set(name, { cron, payload });
    },

    async start() {
      for (const [name, { cron, payload }] of schedules) {
        const next = nextCronTime(cron, new Date());
        // A changed expression takes effect at once; the same one keeps the due time another node already wrote.
        await asSystem(db, (tx) =>
          tx
            .insert(jobSchedules)
            .values({ name, cron, payload, nextRunAt: next })
            .onConflictDoUpdate({
              target: jobSchedules.name,
              set: {
                cron,
                payload,
                nextRunAt: sql`case when ${jobSchedules.cron} = ${cron} then ${jobSchedules.nextRunAt} else ${next} end`,
              },
            }),
        );
      }
      timer = setInterval(nudge, pollIntervalMs);
      timer.unref();
    },

    async idle() {
      for (;;) {
        schedulesWanted = true;
        nudge();
        await settleRunning();
        if (stopping || !(await hasDueJobs())) return;
        // Due, yet claimed by nobody here (another worker holds it): give it a moment.
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },

    async stop(timeoutMs = shutdownTimeoutMs) {
      stopping = true;
      if (timer) clearInterval(timer);
      await pass;
      let timeout: NodeJS.Timeout | undefined;
      const finished = Promise.all([...running.values()].map((r) => r.done)).then(() => true);
      const expired = new Promise<false>((resolve) => {
        timeout = setTimeout(() => resolve(false), timeoutMs);
      });
      const allFinished = await Promise.race([finished, expired]);
      clearTimeout(timeout);
      if (allFinished) return;
      const unfinished = [...running.keys()];
      // Released before the handlers hear the abort, so an abort's rejection is not recorded as a failed attempt.
      for (const id of unfinished) released.add(id);
      await asSystem(db, (tx) =>
        tx
          .update(jobsTable)
          .set({
            state: 'queued',
            lockedBy: null,
            lockedUntil: null,
            runAt: sql`now()`,
            attempts: sql`greatest(${jobsTable.attempts} - 1, 0)`,
          })
          .where(
            and(inArray(jobsTable.id, unfinished), eq(jobsTable.lockedBy, nodeId), eq(jobsTable.state, 'running')),
          ),
      );
      for (const id of unfinished) running.get(id)?.controller.abort();
      log.warn({ jobs: unfinished }, 'jobs still running at shutdown were returned to the queue');
    },
  };
}
