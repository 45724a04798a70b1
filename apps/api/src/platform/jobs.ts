import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { whenCommitted } from '../db/scope.js';

/** A job is data: a name, a payload schema and a handler. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  schema: S;
  handle(payload: z.infer<S>): Promise<void>;
}

export interface Jobs {
  register<S extends z.ZodType>(job: JobDefinition<S>): void;
  /**
   * Queues a job. Inside a scoped transaction it is queued when that transaction commits, and dropped when it rolls
   * back: a job never acts on a change that did not happen. The payload is checked at once.
   */
  enqueue(name: string, payload: unknown): void;
  /** Resolves when every job enqueued so far has finished (tests and graceful shutdown). */
  idle(): Promise<void>;
}

/**
 * The in-process queue: jobs run right after the request that enqueued them, outside its response time. A queue
 * shared between nodes (BullMQ on Redis) can replace it behind this same interface.
 */
export function createInProcessJobs(log: FastifyBaseLogger): Jobs {
  const definitions = new Map<string, JobDefinition<z.ZodType>>();
  const running = new Set<Promise<void>>();
  return {
    register(job) {
      definitions.set(job.name, job as unknown as JobDefinition<z.ZodType>);
    },
    enqueue(name, payload) {
      const job = definitions.get(name);
      if (!job) throw new Error(`Unknown job "${name}"`);
      const data = job.schema.parse(payload);
      whenCommitted(() => {
        const run = Promise.resolve()
          .then(() => job.handle(data))
          .catch((err) => log.error({ err, job: name }, 'job failed'))
          .finally(() => running.delete(run));
        running.add(run);
      });
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
