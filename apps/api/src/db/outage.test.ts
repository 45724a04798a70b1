import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer, connect as dial, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROLE } from '@kampus/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRow, factories } from '../../test/factories.js';
import { call, createTestApp, eventually, hostOf, login, type TestApp } from '../../test/helpers.js';
import { type BuiltApp, buildApp } from '../app.js';
import { readConfig } from '../config.js';
import { syncAccessCatalog } from '../modules/identity/auth/catalog.js';
import { type Database, openDatabase } from './client.js';
import { hashtags } from './schema/index.js';
import { asSystem } from './scope.js';

const serverUrl = process.env.TEST_DATABASE_URL;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Only a success or "come back later" is an acceptable answer while the database is away; never a 500. */
function expectSuccessOrUnavailable(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode < 300) return;
  expect(response.statusCode, `${what}: ${response.body}`).toBe(503);
  expect(response.headers['retry-after'], what).toBeDefined();
  expect(Object.keys(response.json())).toEqual(['message']);
}

/** Names of the hashtags a company has in the database. */
async function storedNames(db: Database['db'], companyId: number, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await asSystem(db, (tx) =>
    tx
      .select({ name: hashtags.name })
      .from(hashtags)
      .where(and(eq(hashtags.companyId, companyId), inArray(hashtags.name, names))),
  );
  return new Set(rows.map((row) => row.name));
}

describe.runIf(serverUrl)('the API when PostgreSQL terminates its connections', () => {
  let test: TestApp;
  let company: CompanyRow;
  let token: string;

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    const admin = await test.factories.createUser(company, { roles: [ROLE.admin] });
    token = (await login(test.app, company, admin.email ?? '')).access_token;
  });
  afterAll(() => test?.close());

  const as = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    call(test.app, method, url, { host: hostOf(company), token, body });

  it('stays up under reads and writes, answers 503 or succeeds meanwhile, recovers, and loses no acknowledged write', async () => {
    const result = (await test.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const datname = result.rows[0]?.name;
    const killer = new pg.Client({ connectionString: serverUrl });
    await killer.connect();
    const acknowledged: string[] = [];
    const statuses: number[] = [];
    let running = true;

    async function worker(id: number): Promise<void> {
      for (let i = 0; running; i++) {
        const name = `w${id}_${i}`;
        const write = await as('POST', '/api/admin/hashtags', { name, status: 1 });
        expectSuccessOrUnavailable(write, `POST ${name}`);
        if (write.statusCode < 300) acknowledged.push(name);
        const read = await as('GET', '/api/admin/hashtags');
        expectSuccessOrUnavailable(read, 'GET list');
        statuses.push(write.statusCode, read.statusCode);
      }
    }

    const workers = Array.from({ length: 6 }, (_, id) => worker(id));
    try {
      for (let round = 0; round < 6; round++) {
        await pause(150);
        await killer.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [datname],
        );
      }
      await pause(300);
    } finally {
      running = false;
      await Promise.all(workers);
      await killer.end();
    }

    // The load really ran during the outage, and some of it was answered.
    expect(statuses.length).toBeGreaterThan(20);
    // After it: every request succeeds again, without a restart.
    await eventually(async () => (await as('GET', '/api/admin/hashtags')).statusCode === 200, 'reads to succeed', {
      timeoutMs: 20_000,
      everyMs: 100,
    });
    for (let i = 0; i < 5; i++) {
      expect((await as('POST', '/api/admin/hashtags', { name: `after_${i}`, status: 1 })).statusCode).toBeLessThan(300);
      expect((await as('GET', '/api/admin/hashtags')).statusCode).toBe(200);
    }
    const ready = await call(test.app, 'GET', '/api/ready', { host: '127.0.0.1' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: { status: 'up', kind: 'postgres' } });
    // Every write the API acknowledged is stored.
    const stored = await storedNames(test.db, company.id, acknowledged);
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
  });
});

/** A TCP proxy in front of PostgreSQL that the test stops (refusing and cutting every connection) and restarts. */
function tcpProxy(target: { host: string; port: number }) {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  let port = 0;
  return {
    get port() {
      return port;
    },
    async start() {
      server = createServer((client) => {
        const upstream = dial(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
      port = (server.address() as AddressInfo).port;
    },
    async stop() {
      const closed = server ? once(server, 'close') : Promise.resolve();
      server?.close();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

describe.runIf(serverUrl)('the API while PostgreSQL is unreachable for a while', () => {
  const name = `kampus_test_${randomBytes(6).toString('hex')}`;
  const server = new URL(serverUrl ?? 'postgres://localhost');
  const proxy = tcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  let built: BuiltApp;
  let database: Database;
  let dataDir: string;
  let company: CompanyRow;
  let token: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    await proxy.start();
    const url = new URL(serverUrl ?? '');
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), poolMax: 4 });
    await syncAccessCatalog(database.db);
    dataDir = await mkdtemp(path.join(tmpdir(), 'kampus-test-'));
    const config = {
      ...readConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, NODE_ENV: 'test' }),
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    built = await buildApp(config, database);
    const f = factories(database.db);
    company = await f.createCompany();
    const user = await f.createUser(company, { roles: [ROLE.admin] });
    token = (await login(built.app, company, user.email ?? '')).access_token;
  });
  afterAll(async () => {
    await built?.app.close();
    await database?.close();
    await proxy.stop();
    await rm(dataDir, { recursive: true, force: true });
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });

  const as = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    call(built.app, method, url, { host: hostOf(company), token, body });

  it('answers 503 with Retry-After while it is away, reports it on /api/ready, and recovers by itself', async () => {
    expect((await as('GET', '/api/admin/hashtags')).statusCode).toBe(200);
    await proxy.stop();

    for (const response of [
      await as('GET', '/api/admin/hashtags'),
      await as('POST', '/api/admin/hashtags', { name: 'during', status: 1 }),
      await as('GET', '/api/admin/hashtags', undefined),
    ]) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ message: expect.stringMatching(/\S/) });
    }
    const down = await call(built.app, 'GET', '/api/ready', { host: '127.0.0.1' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'unavailable', database: { status: 'down' } });

    await proxy.start();
    await eventually(async () => (await as('GET', '/api/admin/hashtags')).statusCode === 200, 'reads to succeed', {
      timeoutMs: 20_000,
      everyMs: 100,
    });
    expect((await as('POST', '/api/admin/hashtags', { name: 'after', status: 1 })).statusCode).toBeLessThan(300);
    const up = await call(built.app, 'GET', '/api/ready', { host: '127.0.0.1' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ status: 'ready', database: { status: 'up', pool: { waiting: 0 } } });
  });
});
