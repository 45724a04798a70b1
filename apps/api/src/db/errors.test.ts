import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../test/database.js';
import { call } from '../../test/helpers.js';
import { type BuiltApp, buildApp } from '../app.js';
import { readConfig } from '../config.js';
import type { Database } from './client.js';
import { isDatabaseUnavailable } from './errors.js';
import { jobs } from './schema/index.js';
import { asSystem } from './scope.js';

/** A value that must never reach a log line: it stands for a password hash or a person's data. */
const SECRET = `secret-${randomBytes(8).toString('hex')}`;

describe('failed queries in the log', () => {
  let built: BuiltApp;
  let database: Database;
  let dataDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kampus-test-'));
    const config = {
      ...readConfig({ LOG_LEVEL: 'warn', DATA_DIR: dataDir, NODE_ENV: 'test' }),
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    database = await openTestDatabase();
    built = await buildApp(config, database, { logStream: { write: (line) => void lines.push(line) } });
    // A query that fails on its parameter: PostgreSQL quotes the bad input in its message, drizzle in its own.
    const failingQuery = () => database.db.execute(sql`select ${SECRET}::int as n`);
    built.app.get('/api/test/failing-query', { config: { access: 'public', host: 'none' } }, async () => {
      await failingQuery();
      return {};
    });
    built.platform.jobs.register({
      name: 'test.failing-query',
      schema: z.object({}),
      handle: async () => void (await failingQuery()),
    });
  });
  afterAll(async () => {
    await built?.app.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const logged = (message: string) => {
    const line = lines.find((entry) => (JSON.parse(entry) as { msg?: string }).msg === message);
    if (!line) throw new Error(`no "${message}" log line in:\n${lines.join('')}`);
    return line;
  };

  it('logs a request’s failed query with its statement and SQLSTATE, never its parameters', async () => {
    const response = await call(built.app, 'GET', '/api/test/failing-query', { host: '127.0.0.1' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(SECRET);
    const line = logged('unhandled error');
    expect(line).not.toContain(SECRET);
    expect(JSON.parse(line).err).toMatchObject({
      type: 'DrizzleQueryError',
      statement: 'select $1::int as n',
      sqlState: '22P02',
      cause: { code: '22P02' },
    });
  });

  it('logs a job’s failed query the same way', async () => {
    const id = await built.platform.jobs.enqueue(built.platform.database.db, 'test.failing-query', {});
    await built.platform.jobs.idle();
    const line = logged('job failed');
    expect(line).not.toContain(SECRET);
    // The error kept on the job row for the super admin is written the same way.
    const [row] = await asSystem(built.platform.database.db, (tx) => tx.select().from(jobs).where(eq(jobs.id, id)));
    expect(row?.lastError).toContain('select $1::int as n');
    expect(row?.lastError).not.toContain(SECRET);
    expect(JSON.parse(line).err).toMatchObject({ statement: 'select $1::int as n', sqlState: '22P02' });
  });
});

describe('isDatabaseUnavailable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['a reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a terminated backend (57P01)', wrapped(Object.assign(new Error('terminating connection'), { code: '57P01' }))],
    ['a server starting up (57P03)', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a connection exception (class 08)', wrapped(Object.assign(new Error('connection failure'), { code: '08006' }))],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(Object.assign(new Error('duplicate key'), { code: '23505' }))],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['an application error', new Error('No values to set')],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
