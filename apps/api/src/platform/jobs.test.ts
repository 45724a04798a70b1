import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../test/database.js';
import { type CompanyRow, factories } from '../../test/factories.js';
import type { Database } from '../db/client.js';
import { inTenant } from '../db/scope.js';
import { createInProcessJobs, type Jobs } from './jobs.js';

describe('jobs enqueued inside a transaction', () => {
  let database: Database;
  let company: CompanyRow;
  let jobs: Jobs;
  let ran: string[];

  beforeAll(async () => {
    database = await openTestDatabase();
    company = await factories(database.db).createCompany();
    jobs = createInProcessJobs({ error: () => undefined } as unknown as FastifyBaseLogger);
    jobs.register({
      name: 'test.note',
      schema: z.object({ note: z.string() }),
      handle: async ({ note }) => void ran.push(note),
    });
  });
  afterAll(() => database.close());
  beforeEach(() => {
    ran = [];
  });

  it('run only once the transaction has committed', async () => {
    let ranBeforeCommit = -1;
    await inTenant(database.db, company.id, async () => {
      jobs.enqueue('test.note', { note: 'committed' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      ranBeforeCommit = ran.length;
    });
    await jobs.idle();
    expect(ranBeforeCommit).toBe(0);
    expect(ran).toEqual(['committed']);
  });

  it('never run when the transaction rolls back', async () => {
    await expect(
      inTenant(database.db, company.id, async () => {
        jobs.enqueue('test.note', { note: 'rolled back' });
        throw new Error('the change fails after the enqueue');
      }),
    ).rejects.toThrow('the change fails');
    await jobs.idle();
    expect(ran).toEqual([]);
  });

  it('run at once outside a transaction, and refuse a bad payload at the enqueue', async () => {
    jobs.enqueue('test.note', { note: 'outside' });
    await jobs.idle();
    expect(ran).toEqual(['outside']);
    expect(() => jobs.enqueue('test.note', { note: 1 })).toThrow();
  });
});
