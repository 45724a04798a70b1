import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase } from '../../test/server-database.js';
import { createAppPool, openDatabase } from './client.js';
import { asSystem, inTenant } from './scope.js';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the application pool (PostgreSQL)', () => {
  const outsider = `kampus_outsider_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    // A login that may not become kampus_app: every SET ROLE on its connections fails.
    await admin.query(`CREATE ROLE ${outsider} LOGIN`);
  });
  afterAll(async () => {
    await admin.query(`DROP ROLE IF EXISTS ${outsider}`);
    await admin.end();
  });

  it('never hands out a connection whose SET ROLE failed, and ends it', async () => {
    const url = new URL(serverUrl as string);
    url.username = outsider;
    url.password = '';
    const pool = createAppPool(url.toString(), 2);
    try {
      await expect(pool.query('select current_user')).rejects.toThrow(/permission denied to set role|must be member/);
      expect(pool.totalCount).toBe(0);
    } finally {
      await pool.end();
    }
  });

  it('runs every connection it hands out as kampus_app', async () => {
    const pool = createAppPool(serverUrl as string, 2);
    try {
      const clients = await Promise.all([pool.connect(), pool.connect()]);
      const roles = await Promise.all(clients.map((client) => client.query('select current_user as role')));
      for (const client of clients) client.release();
      expect(roles.map((result) => result.rows[0].role)).toEqual(['kampus_app', 'kampus_app']);
    } finally {
      await pool.end();
    }
  });
});

describe.skipIf(!serverUrl)('transactions on PostgreSQL', () => {
  it('run queries started together one after another on their connection, without pg deprecation warnings', async () => {
    const server = await createServerDatabase(serverUrl as string);
    const database = await openDatabase({ url: server.url, poolMax: 2 });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const answers = await database.db.transaction((tx) =>
        Promise.all([
          tx.execute(sql`select pg_sleep(0.05), 1 as n`),
          tx.execute(sql`select 2 as n`),
          tx.execute(sql`select 3 as n`),
        ]),
      );
      expect(answers.map((answer) => (answer as { rows: { n: number }[] }).rows[0]?.n)).toEqual([1, 2, 3]);
      // A failing query does not stop the ones queued behind it from running (nor leave them hanging).
      await expect(
        database.db.transaction(async (tx) => {
          const results = await Promise.allSettled([tx.execute(sql`select 1/0`), tx.execute(sql`select 1`)]);
          expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await database.close();
      await server.drop();
    }
  });
});

describe.skipIf(!serverUrl)('the round trips of a transaction on PostgreSQL', () => {
  it('sends BEGIN together with the scope, and still scopes the tenant', async () => {
    const server = await createServerDatabase(serverUrl as string);
    const sent: string[] = [];
    const send = pg.Client.prototype.query;
    // Every statement that reaches a connection, counted before the pool makes its first one.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first] = args;
      sent.push(typeof first === 'string' ? first : ((first as { text?: string })?.text ?? '?'));
      return (send as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof send;
    const database = await openDatabase({ url: server.url, poolMax: 2 });
    try {
      sent.length = 0;
      const tenant = await inTenant(database.db, 42, (tx) =>
        tx.execute(sql`select current_setting('app.company_id', true) as company`),
      );
      expect((tenant as unknown as { rows: { company: string }[] }).rows[0]?.company).toBe('42');
      expect(sent).toEqual([
        "begin; select set_config('app.company_id', '42', true)",
        "select current_setting('app.company_id', true) as company",
        'commit',
      ]);

      sent.length = 0;
      await asSystem(database.db, (tx) => tx.execute(sql`select 1`), { readOnly: true });
      expect(sent).toEqual(["begin read only; select set_config('app.bypass_rls', 'on', true)", 'select 1', 'commit']);

      // A transaction that opens with anything else sends its BEGIN first, as before.
      sent.length = 0;
      await database.db.transaction((tx) => tx.execute(sql`select 2`));
      expect(sent).toEqual(['begin', 'select 2', 'commit']);
    } finally {
      pg.Client.prototype.query = send;
      await database.close();
      await server.drop();
    }
  });
});
