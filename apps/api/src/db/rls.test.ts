import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.js';
import { factories } from '../../test/factories.js';
import { assertRowLevelSecurityApplies, type Database } from './client.js';
import { companySettings, users } from './schema/index.js';
import { asSystem, inTenant } from './scope.js';

describe('row-level security', () => {
  let database: Database;
  let companyA: { id: number };
  let companyB: { id: number };

  beforeAll(async () => {
    database = await openTestDatabase();
    const make = factories(database.db);
    companyA = await make.createCompany();
    companyB = await make.createCompany();
    await make.createUser(companyA as never, { email: 'a1@example.test' });
    await make.createUser(companyA as never, { email: 'a2@example.test' });
    await make.createUser(companyB as never, { email: 'b1@example.test' });
  });
  afterAll(() => database.close());

  it('runs the application as a role that neither is superuser nor bypasses RLS', async () => {
    await expect(assertRowLevelSecurityApplies(database.db)).resolves.toBeUndefined();
    const result = await database.db.execute(sql`select current_user as role`);
    expect((result as unknown as { rows: { role: string }[] }).rows[0]?.role).toBe('kampus_app');
  });

  it('shows a query with no company filter only the current tenant rows', async () => {
    const seenByA = await inTenant(database.db, companyA.id, (tx) => tx.select().from(users));
    const seenByB = await inTenant(database.db, companyB.id, (tx) => tx.select().from(users));
    expect(seenByA.map((u) => u.email).sort()).toEqual(['a1@example.test', 'a2@example.test']);
    expect(seenByB.map((u) => u.email)).toEqual(['b1@example.test']);
  });

  it('fails closed: with no tenant set nothing is visible', async () => {
    expect(await database.db.select().from(users)).toEqual([]);
    expect(await database.db.select().from(companySettings)).toEqual([]);
  });

  it('refuses to write a row into another tenant', async () => {
    await expect(
      inTenant(database.db, companyA.id, (tx) =>
        tx.insert(users).values({ companyId: companyB.id, name: 'Intruder', surname: 'X' }),
      ),
    ).rejects.toThrow();
    await expect(
      inTenant(database.db, companyA.id, (tx) =>
        tx.update(users).set({ name: 'Changed' }).where(sql`${users.companyId} = ${companyB.id}`).returning(),
      ),
    ).resolves.toEqual([]);
    const [b] = await asSystem(database.db, (tx) =>
      tx.select().from(users).where(sql`${users.companyId} = ${companyB.id}`),
    );
    expect(b?.name).not.toBe('Changed');
  });

  it('lets only the explicit system scope see every tenant', async () => {
    const all = await asSystem(database.db, (tx) => tx.select().from(users));
    expect(all).toHaveLength(3);
  });

  it('guards every table with a company_id column: RLS enabled and forced, with the tenant policy for the app role', async () => {
    const result = await database.db.execute(sql`
      select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        exists (
          select from pg_policies p
          where p.schemaname = 'public' and p.tablename = c.relname and p.policyname = 'tenant_isolation'
            and 'kampus_app' = any (p.roles) and p.cmd = 'ALL'
            and p.qual like '%app.company_id%' and p.with_check like '%app.company_id%'
        ) as has_policy
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
      where n.nspname = 'public' and c.relkind = 'r'
      order by c.relname`);
    const tables = (
      result as unknown as { rows: { table: string; enabled: boolean; forced: boolean; has_policy: boolean }[] }
    ).rows;
    expect(tables.length).toBeGreaterThan(20);
    const unguarded = tables.filter((t) => !t.enabled || !t.forced || !t.has_policy);
    expect(unguarded).toEqual([]);
  });
});
