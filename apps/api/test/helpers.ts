import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OptionalResourceAction, Session } from '@kampus/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildOptions, type BuiltApp, buildApp } from '../src/app.js';
import { type Config, readConfig } from '../src/config.js';
import type { Database, Db } from '../src/db/client.js';
import { openTestDatabase } from './database.js';
import { type CompanyRow, type Factories, factories, TEST_PASSWORD } from './factories.js';

export interface TestApp extends BuiltApp {
  db: Db;
  config: Config;
  factories: Factories;
  /** Waits for the subscribers of events recorded so far and the background jobs (mail, SMS) enqueued so far. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** A whole API on a fresh database, reached through the real HTTP layer with app.inject. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'logStream'> = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kampus-test-'));
  return startTestApp(env, options, dataDir, randomBytes(32).toString('hex'), await openTestDatabase());
}

/** The first file that asks for the demo data seeds it (a minute on a busy machine) while the others wait. */
export const DEMO_APP_TIMEOUT = 240_000;

/**
 * A whole API on a copy of the demo data (`npm start`'s first start), its background work done: for the tests of the
 * demo seed. The data is seeded once per run (test/demo-template.ts).
 */
export async function createDemoTestApp(): Promise<TestApp> {
  const { demoTemplate } = await import('./demo-template.js');
  const template = await demoTemplate();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kampus-test-'));
  await cp(template.dataDir, dataDir, { recursive: true });
  return startTestApp({}, {}, dataDir, template.jwtSecret, await template.openDatabase());
}

async function startTestApp(
  env: Record<string, string>,
  options: Pick<BuildOptions, 'logStream'>,
  dataDir: string,
  jwtSecret: string,
  database: Database,
): Promise<TestApp> {
  const config: Config = {
    ...readConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, NODE_ENV: 'test', ...env }),
    JWT_SECRET: jwtSecret,
  };
  const built = await buildApp(config, database, options);
  return {
    ...built,
    db: database.db,
    config,
    factories: factories(database.db),
    async settle() {
      await built.platform.events.idle();
      await built.platform.jobs.idle();
    },
    async close() {
      await built.app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const hostOf = (company: Pick<CompanyRow, 'slug'>) => `${company.slug}.localhost`;

export interface CallOptions {
  host?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

/** One HTTP call with the headers the web client sends. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    query: options.query,
    headers: {
      host: options.host ?? 'localhost',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

/**
 * An export as the web runs it: the POST that starts it (202 with its job), the job run to its end, then the file
 * downloaded by the same caller. A refused start (401, 403, 404, 422) is answered as it is.
 */
export async function exported(
  test: TestApp,
  url: string,
  options: CallOptions & { query?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  const started = await call(test.app, 'POST', url, options);
  if (started.statusCode !== 202) return started;
  await test.platform.jobs.idle();
  const { job_id: jobId } = started.json().data as { job_id: number };
  return call(test.app, 'GET', `/api/jobs/${jobId}/download`, { ...options, query: undefined, body: undefined });
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** `exported` for a company's caller: the same options as `companyCaller`, the export started, run and downloaded. */
export function companyExporter(target: () => { test: TestApp; company: Pick<CompanyRow, 'slug'> }) {
  return (token: string | undefined, url: string, options: { query?: Record<string, string>; lang?: string } = {}) =>
    exported(target().test, url, {
      host: hostOf(target().company),
      token,
      query: options.query,
      headers: options.lang ? { 'x-content-language': options.lang } : {},
    });
}

/** A call to make in a permission or tenant matrix: method, address and (for writes) a body. */
export type RouteCall = [HttpMethod, string, unknown?];

/**
 * Calls on one company's host as a session (`undefined`: no session): `as(token, 'GET', url, {query})`. `lang` sets
 * the request language, `host` calls on another host. The app and company are read at each call, since a test
 * creates them in `beforeAll`: `companyCaller(() => ({ app: test.app, company }))`.
 */
export function companyCaller(target: () => { app: FastifyInstance; company: Pick<CompanyRow, 'slug'> }) {
  return (
    token: string | undefined,
    method: HttpMethod,
    url: string,
    options: { body?: unknown; query?: Record<string, string>; lang?: string; host?: string } = {},
  ) =>
    call(target().app, method, url, {
      host: options.host ?? hostOf(target().company),
      token,
      body: options.body,
      query: options.query,
      headers: options.lang ? { 'x-content-language': options.lang } : {},
    });
}

/**
 * The generated routes of a framework resource (`/api/admin/{plural}`) on one id, split into reads and writes, so a
 * test walks the whole permission and tenant matrix without listing it again. `without` leaves out the actions the
 * resource's contract does not offer.
 */
export function resourceRoutes(
  plural: string,
  id: number,
  bodies: { create: unknown; update: unknown },
  without: readonly OptionalResourceAction[] = [],
) {
  const base = `/api/admin/${plural}`;
  const reads: RouteCall[] = [
    ['GET', base],
    ...(without.includes('export') ? [] : [['POST', `${base}/export`] as RouteCall]),
    ['GET', `${base}/${id}`],
  ];
  const writes: RouteCall[] = [
    ['POST', base, bodies.create],
    ['PUT', `${base}/${id}`, bodies.update],
    ['POST', `${base}/${id}`, bodies.update],
    ['DELETE', `${base}/${id}`],
    ...(without.includes('bulk')
      ? []
      : [['POST', `${base}/bulk`, { action: 'status', ids: [id], status: 0 }] as RouteCall]),
  ];
  return { reads, writes, all: [...reads, ...writes] };
}

export async function login(
  app: FastifyInstance,
  company: Pick<CompanyRow, 'slug'>,
  username: string,
  password = TEST_PASSWORD,
): Promise<Session> {
  const response = await call(app, 'POST', '/api/token', {
    host: hostOf(company),
    body: { grant_type: 'password', username, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json() as Session;
}

export interface OutboxItem {
  file: string;
  content: string;
}

/** Mail (.eml) and SMS (.sms.txt) written to the outbox, oldest first. */
export async function readOutbox(test: TestApp): Promise<OutboxItem[]> {
  await test.settle();
  const dir = path.join(test.config.DATA_DIR, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    files.sort().map(async (file) => ({ file, content: await readFile(path.join(dir, file), 'utf8') })),
  );
}

/** The text of the newest mail to an address, with quoted-printable soft breaks undone. */
export async function latestMailTo(test: TestApp, address: string): Promise<string | undefined> {
  const items = (await readOutbox(test)).filter((item) => item.file.endsWith('.eml') && item.content.includes(address));
  const last = items.at(-1)?.content;
  return last?.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

export function linkIn(text: string | undefined, pattern: RegExp): string {
  const match = text?.match(pattern);
  if (!match) throw new Error(`no link matching ${pattern} in:\n${text}`);
  return match[1] ?? match[0];
}

/** The Subject header with its RFC 2047 encoded words (Q or B) decoded. */
export function decodedSubject(raw: string): string {
  const header = raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** Polls until check holds; the deadline is generous, it only stops a broken run from hanging. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 10_000, everyMs = 50 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A TCP port of 127.0.0.1 that nothing listens on right now (for a server a test starts itself). */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** Two API nodes on one fresh database and the Redis of TEST_REDIS_URL, as a deployment of several nodes runs. */
export async function createTestNodes(): Promise<{ nodes: [BuiltApp, BuiltApp]; close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kampus-test-'));
  const config: Config = {
    ...readConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, NODE_ENV: 'test', REDIS_URL: process.env.TEST_REDIS_URL }),
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  const database = await openTestDatabase();
  const nodes: [BuiltApp, BuiltApp] = [await buildApp(config, database), await buildApp(config, database)];
  return {
    nodes,
    async close() {
      for (const node of nodes) await node.app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
