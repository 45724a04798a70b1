import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppPool } from './client.js';

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
