import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { jobSchedules, jobs, storedFiles } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';
import { FILE_CLEAN_UP_JOB } from './routes.js';

const DAY_MS = 24 * 3600 * 1000;

describe('the upload clean-up as a scheduled job', () => {
  let test: TestApp;
  let company: CompanyRow;

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
  });
  afterAll(() => test.close());

  it('is scheduled hourly by default and, when due, sweeps day-old unattached uploads once', async () => {
    const [schedule] = await asSystem(test.db, (tx) =>
      tx.select().from(jobSchedules).where(eq(jobSchedules.name, FILE_CLEAN_UP_JOB)),
    );
    expect(schedule?.cron).toBe('17 * * * *');
    expect(schedule?.nextRunAt.getTime()).toBeGreaterThan(Date.now());

    const [old] = await asSystem(test.db, (tx) =>
      tx
        .insert(storedFiles)
        .values({
          companyId: company.id,
          name: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
          originalName: 'old.png',
          size: 10,
          mime: 'image/png',
          createdAt: new Date(Date.now() - 2 * DAY_MS),
        })
        .returning(),
    );
    const due = new Date(Date.now() - 1000);
    await asSystem(test.db, (tx) =>
      tx.update(jobSchedules).set({ nextRunAt: due }).where(eq(jobSchedules.name, FILE_CLEAN_UP_JOB)),
    );
    await test.settle();

    const runs = await asSystem(test.db, (tx) => tx.select().from(jobs).where(eq(jobs.name, FILE_CLEAN_UP_JOB)));
    expect(runs).toEqual([
      expect.objectContaining({
        state: 'done',
        result: { removed: 1 },
        idempotencyKey: `${FILE_CLEAN_UP_JOB}@${due.toISOString()}`,
      }),
    ]);
    const left = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.id, old?.id ?? 0)),
    );
    expect(left).toEqual([]);
  });

  it('is not scheduled with an empty UPLOAD_CLEANUP_CRON', async () => {
    const off = await createTestApp({ UPLOAD_CLEANUP_CRON: '' });
    try {
      const schedules = await asSystem(off.db, (tx) => tx.select().from(jobSchedules));
      // Other modules keep their own schedules (assignment reminders, automatic rules); the clean-up has none.
      expect(schedules.map((schedule) => schedule.name)).not.toContain(FILE_CLEAN_UP_JOB);
    } finally {
      await off.close();
    }
  });
});
