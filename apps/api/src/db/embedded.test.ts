import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/database.js';
import { factories } from '../../test/factories.js';
import type { Database } from './client.js';
import { startUpkeep, takeTurnsWithEventLoop } from './embedded.js';
import { inTenant } from './scope.js';

const embedded = !process.env.TEST_DATABASE_URL;

describe('transactions under load', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('leave the event loop a turn between them, so a request arriving meanwhile is not held up by the queue', async () => {
    const company = await factories(database.db).createCompany();
    let finished = 0;
    const queued = Array.from({ length: 30 }, () =>
      inTenant(database.db, company.id, (tx) => tx.execute(sql`select 1`)).then(() => finished++),
    );
    // Node reads new requests and accepts connections in the event loop's turns: this stands for one.
    const finishedAtNextTurn = new Promise<number>((resolve) => setImmediate(() => resolve(finished)));
    await Promise.all(queued);
    expect(finished).toBe(30);
    expect(await finishedAtNextTurn).toBeLessThan(3);
  });

  it.skipIf(!embedded)('tell the upkeep how long the embedded database has been idle', async () => {
    const turns = takeTurnsWithEventLoop(database.db);
    const company = await factories(database.db).createCompany();
    let seenInside = -1;
    await inTenant(database.db, company.id, async () => {
      seenInside = turns.idleFor();
    });
    expect(seenInside).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(turns.idleFor()).toBeGreaterThanOrEqual(40);
  });

  // PostgreSQL runs them side by side on its pool; the embedded database one at a time, and so fairly.
  it.skipIf(!embedded)(
    'run one after another, on the embedded database, in the order they were asked for',
    async () => {
      const company = await factories(database.db).createCompany();
      const order: number[] = [];
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          inTenant(database.db, company.id, async (tx) => {
            await tx.execute(sql`select 1`);
            order.push(i);
          }),
        ),
      );
      expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    },
  );
});

describe.skipIf(!embedded)("the embedded database's upkeep (autovacuum's work)", () => {
  let client: PGlite;
  const lastRuns = async (table: string) => {
    await client.query('select pg_stat_force_next_flush()');
    return (
      await client.query<{ analyzed: Date | null; vacuumed: Date | null }>(
        'select last_analyze as analyzed, last_vacuum as vacuumed from pg_stat_user_tables where relname = $1',
        [table],
      )
    ).rows[0];
  };

  beforeEach(async () => {
    client = await PGlite.create();
    await client.exec(`
      create table busy (id int primary key, value text);
      create table quiet (id int primary key);
      insert into busy select n, 'x' from generate_series(1, 1000) n;
      insert into quiet values (1), (2);`);
  });
  afterEach(() => client.close());

  it('analyzes a table with many changed rows and leaves a quiet one alone', async () => {
    const upkeep = startUpkeep(client, (error) => {
      throw error;
    });
    await upkeep.run();
    await upkeep.stop();
    expect((await lastRuns('busy'))?.analyzed).toBeInstanceOf(Date);
    expect((await lastRuns('busy'))?.vacuumed).toBeNull();
    expect((await lastRuns('quiet'))?.analyzed).toBeNull();
  });

  it('waits for a pause in the transactions: its work stops every query while it runs', async () => {
    let idleFor = 0;
    const upkeep = startUpkeep(
      client,
      (error) => {
        throw error;
      },
      () => idleFor,
      { intervalMs: 0, idleMs: 500, checkMs: 10 },
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await lastRuns('busy'))?.analyzed).toBeNull();
      idleFor = 600;
      await vi.waitFor(async () => expect((await lastRuns('busy'))?.analyzed).toBeInstanceOf(Date));
    } finally {
      await upkeep.stop();
    }
  });

  it('vacuums a table whose updates left many dead rows', async () => {
    const upkeep = startUpkeep(client, (error) => {
      throw error;
    });
    await upkeep.run();
    await client.exec(`update busy set value = 'y' where id <= 500`);
    await upkeep.run();
    await upkeep.stop();
    expect((await lastRuns('busy'))?.vacuumed).toBeInstanceOf(Date);
  });

  it('may do it as the application role, whose tables they are not (openPglite grants it pg_maintain)', async () => {
    const database = await openTestDatabase();
    const lastAnalyze = async () => {
      await database.db.execute(sql`select pg_stat_force_next_flush()`);
      const result = await database.db.execute(
        sql`select last_analyze from pg_stat_user_tables where relname = 'users'`,
      );
      return (result as unknown as { rows: { last_analyze: unknown }[] }).rows[0]?.last_analyze;
    };
    try {
      expect(await lastAnalyze()).toBeNull();
      await database.db.execute(sql`analyze users`);
      expect(await lastAnalyze()).not.toBeNull();
    } finally {
      await database.close();
    }
  });
});
