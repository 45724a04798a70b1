import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.js';
import { factories } from '../../test/factories.js';
import type { Database } from './client.js';
import { preparedQuery } from './prepared.js';
import { users } from './schema/index.js';
import { inTenant } from './scope.js';

describe('prepared queries', () => {
  let database: Database;
  let companyA: { id: number };
  let companyB: { id: number };
  const ids: number[] = [];

  const emailsOf = preparedQuery('test_prepared_emails', (db) =>
    db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, sql`any(${sql.placeholder('ids')})`))
      .orderBy(users.email),
  );

  beforeAll(async () => {
    database = await openTestDatabase();
    const make = factories(database.db);
    companyA = await make.createCompany();
    companyB = await make.createCompany();
    for (const [company, email] of [
      [companyA, 'a1@example.test'],
      [companyA, 'a2@example.test'],
      [companyB, 'b1@example.test'],
    ] as const) {
      ids.push((await make.createUser(company as never, { email })).id);
    }
  });
  afterAll(() => database.close());

  it("runs on each caller's transaction, so each sees only its own tenant's rows", async () => {
    // Built in A's transaction, then run in B's and again in A's: the scope is always the caller's.
    const seenByA = await inTenant(database.db, companyA.id, (tx) => emailsOf(tx, { ids }));
    const seenByB = await inTenant(database.db, companyB.id, (tx) => emailsOf(tx, { ids }));
    const againByA = await inTenant(database.db, companyA.id, (tx) => emailsOf(tx, { ids: [ids[0], ids[2]] }));
    expect(seenByA).toEqual([{ email: 'a1@example.test' }, { email: 'a2@example.test' }]);
    expect(seenByB).toEqual([{ email: 'b1@example.test' }]);
    expect(againByA).toEqual([{ email: 'a1@example.test' }]);
  });

  it('sees nothing outside a scoped transaction', async () => {
    expect(await emailsOf(database.db, { ids })).toEqual([]);
  });

  it('runs many at once on a pool of connections without mixing their scopes', async () => {
    const runs = Array.from({ length: 24 }, (_, i) => {
      const company = i % 2 === 0 ? companyA : companyB;
      return inTenant(database.db, company.id, async (tx) => ({ company, rows: await emailsOf(tx, { ids }) }));
    });
    for (const { company, rows } of await Promise.all(runs)) {
      expect(rows.length).toBe(company === companyA ? 2 : 1);
    }
  });
});
