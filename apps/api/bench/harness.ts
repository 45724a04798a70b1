/**
 * The machinery bench:api and bench:progress share: child processes in groups of their own (ended on exit, on error
 * and on Ctrl-C), the demo database of `npm start` (PGlite in a directory under /tmp, or with BENCH_DATABASE_URL a new
 * database on that server, dropped at the end), the Kampus server started the way `npm start` starts it with
 * query-probe.mjs preloaded, the bare twins (bare-server.ts), autocannon runs with exact percentiles, and the results
 * JSON under bench/results. Figures only; nothing here passes or fails.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { type Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { readConfig } from '../src/config.js';
import { type Db, openDatabase, PGLITE_EXTENSIONS } from '../src/db/client.js';
import { asSystem } from '../src/db/scope.js';
import { seedDemoWithApp } from '../src/db/seed/with-app.js';
import { syncAccessCatalog } from '../src/modules/identity/auth/catalog.js';
import { createServerDatabase } from '../test/server-database.js';

export const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const apiDir = path.dirname(benchDir);
export const repoDir = path.resolve(apiDir, '../..');
export const serverUrl = process.env.BENCH_DATABASE_URL;
export const databaseKind = serverUrl ? 'postgres' : 'pglite';

// ---------------------------------------------------------------------------------------------------------------
// Child processes

export interface Child {
  name: string;
  pid: number;
  log: string;
  exited: boolean;
}
const children: Child[] = [];

/** Starts a command in a process group of its own, its output appended to a log file. */
export function startChild(
  name: string,
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  log: string,
) {
  const out = openSync(log, 'a');
  const process_ = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', out, out] });
  if (!process_.pid) throw new Error(`${name} did not start`);
  const child: Child = { name, pid: process_.pid, log, exited: false };
  process_.on('exit', () => {
    child.exited = true;
  });
  children.push(child);
  return child;
}

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** SIGTERM to the child's whole group (npm, sh, tsx, node), then SIGKILL to whatever is left after 10 s. */
async function stopChild(child: Child) {
  if (!groupAlive(child.pid)) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {}
  for (let waited = 0; waited < 10_000 && groupAlive(child.pid); waited += 100) await sleep(100);
  if (groupAlive(child.pid)) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  }
}

// The last resort when the process ends some other way: no group may outlive the bench.
process.on('exit', () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  }
});

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const tail = (file: string) => readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');

/** Waits until url answers 200, failing early when the child has exited. */
export async function waitForReady(child: Child, url: string, timeoutMs = 180_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exited) throw new Error(`${child.name} exited before it was ready:\n${tail(child.log)}`);
    const answer = await send(url).catch(() => null);
    if (answer?.status === 200) return;
    await sleep(200);
  }
  throw new Error(`${child.name} was not ready after ${timeoutMs / 1000} s:\n${tail(child.log)}`);
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP

export interface Call {
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request with node:http (fetch would not send our Host header); `agent` to keep a connection of its own. */
export function send(
  url: string,
  call: Omit<Call, 'path'> = {},
  agent?: Agent,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        agent,
        method: call.method ?? 'GET',
        headers: { ...call.headers, ...(call.body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring

export interface Target {
  label: string;
  origin: string;
  /** The number of statements the target has sent to its database so far. */
  statements(): Promise<number>;
  /** The CPU time (user + system, ms) the target's process has used so far. */
  cpuMs(): Promise<number>;
  /** Statements a second it sends on its own, idle (Kampus' job poller), taken out of the per-request count. */
  idleRate: number;
}

export interface Endpoint<Key extends string> {
  name: string;
  /**
   * The next request for a target: a function, so a request can carry a fresh token or another id each time.
   * `connection` numbers autocannon's connections of a run from 0 (the sequential probe is connection 0), so that a
   * connection can stand for one client of its own (a learner with their own token and heartbeat counter).
   */
  next(target: Key, connection: number): Call;
  /** When requests consume something finite (refresh tokens), how many are left for a target. */
  budget?(target: Key): number;
}

export interface LoadSettings {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Sequential requests before each run that count statements per request (and check the route answers 2xx). */
  probeRequests: number;
  /** Seconds autocannon waits for an answer before it counts a timeout (its default: 10). */
  timeoutSeconds?: number;
}

export interface Figures {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** The slowest answer of the run. */
  max: number;
  requests: number;
  seconds: number;
  errors: number;
  statementsPerRequest: number;
  /** The server process' CPU time over the recorded run per answer (ms): the cost, however busy the machine is. */
  cpuMsPerRequest: number;
  /** The run ended early because its refresh tokens ran out. */
  exhausted: boolean;
  /** What the errors were: answers by status, `timeout`, `socket`. */
  failures: Record<string, number>;
}

/** Statements per request, from `probeRequests` sequential requests; each must answer 2xx. */
async function countStatements<Key extends string>(
  target: Target,
  key: Key,
  endpoint: Endpoint<Key>,
  probeRequests: number,
): Promise<number> {
  const before = await target.statements();
  const started = performance.now();
  for (let i = 0; i < probeRequests; i++) {
    const call = endpoint.next(key, 0);
    const answer = await send(`${target.origin}${call.path}`, call);
    if (answer.status < 200 || answer.status >= 300) {
      throw new Error(`${target.label} ${endpoint.name} answered ${answer.status}: ${answer.body.slice(0, 500)}`);
    }
  }
  const background = (target.idleRate * (performance.now() - started)) / 1000;
  return ((await target.statements()) - before - background) / probeRequests;
}

const withContentType = (call: Call) => ({
  ...call.headers,
  ...(call.body ? { 'content-type': 'application/json' } : {}),
});

/** autocannon for `seconds` (or until the endpoint's budget is spent), every response time kept for exact percentiles. */
async function load<Key extends string>(
  target: Target,
  key: Key,
  endpoint: Endpoint<Key>,
  seconds: number,
  connections: number,
  timeoutSeconds?: number,
) {
  const times: number[] = [];
  let errors = 0;
  const failures: Record<string, number> = {};
  const budget = endpoint.budget?.(key);
  let connectionsMade = 0;
  const first = endpoint.next(key, 0);
  /**
   * A connection's requests: autocannon gives each connection its own copy, and setupClient replaces it with one that
   * knows the connection's number. The copy autocannon builds before that is `first`, unchanged (no `next` spent).
   */
  const requestsOf = (connection?: number): autocannon.Request[] => [
    {
      ...first,
      headers: withContentType(first),
      setupRequest: (request) => {
        if (connection === undefined) return request;
        const call = endpoint.next(key, connection);
        return {
          ...request,
          path: call.path,
          ...(call.headers ? { headers: withContentType(call) } : {}),
          ...(call.body ? { body: call.body } : {}),
        };
      },
    },
  ];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.origin,
        connections,
        ...(timeoutSeconds ? { timeout: timeoutSeconds } : {}),
        ...(budget === undefined ? { duration: seconds } : { amount: Math.max(1, budget - 1 - connections) }),
        requests: requestsOf(),
        setupClient: (client) => client.setRequests(requestsOf(connectionsMade++)),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      if (status >= 200 && status < 300) times.push(responseTime);
      else {
        errors++;
        failures[status] = (failures[status] ?? 0) + 1;
      }
    });
    if (budget !== undefined) setTimeout(() => instance.stop(), seconds * 1000).unref();
  });
  if (result.timeouts) failures.timeout = result.timeouts;
  if (result.errors) failures.socket = result.errors;
  return { result, times, errors, failures, exhausted: budget !== undefined && result.duration < seconds - 0.5 };
}

export async function measure<Key extends string>(
  target: Target,
  key: Key,
  endpoint: Endpoint<Key>,
  settings: LoadSettings,
): Promise<Figures> {
  const statementsPerRequest = await countStatements(target, key, endpoint, settings.probeRequests);
  const { connections, timeoutSeconds } = settings;
  if (settings.warmupSeconds > 0) {
    await load(target, key, endpoint, settings.warmupSeconds, connections, timeoutSeconds);
    await drain(target);
  }
  const cpuBefore = await target.cpuMs();
  const { result, times, errors, failures, exhausted } = await load(
    target,
    key,
    endpoint,
    settings.seconds,
    connections,
    timeoutSeconds,
  );
  const cpuMsPerRequest = ((await target.cpuMs()) - cpuBefore) / Math.max(1, times.length + errors);
  times.sort((a, b) => a - b);
  const percentile = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
  const seconds = result.duration;
  return {
    requestsPerSecond: times.length / seconds,
    p50: percentile(50),
    p95: percentile(95),
    p99: percentile(99),
    max: times.at(-1) ?? 0,
    requests: times.length,
    seconds,
    errors: errors + result.errors + result.timeouts,
    statementsPerRequest,
    cpuMsPerRequest,
    exhausted,
    failures,
  };
}

/** What each target sends while nobody calls it, over 5 s (Kampus' job poller claims about once a second). */
export async function measureIdleRates(targets: Target[]) {
  await Promise.all(
    targets.map(async (target) => {
      const before = await target.statements();
      await sleep(5000);
      target.idleRate = ((await target.statements()) - before) / 5;
    }),
  );
}

/**
 * Waits until a target has answered what a run left queued (autocannon stops waiting at the end of a run; the server
 * does not): its statements stop rising beyond its idle rate. Else a slow server's backlog would eat the next run.
 */
export async function drain(target: Target, timeoutMs = 120_000) {
  const started = Date.now();
  let last = await target.statements();
  while (Date.now() - started < timeoutMs) {
    await sleep(500);
    const now = await target.statements();
    if (now - last <= target.idleRate * 0.5 + 2) return;
    last = now;
  }
}

/** A target's counters, read from its probe (Kampus) or its /__statements (a bare server). */
function countersAt(url: string): Pick<Target, 'statements' | 'cpuMs'> {
  const read = async () => JSON.parse((await send(url)).body) as { statements: number; cpuMs: number };
  return { statements: async () => (await read()).statements, cpuMs: async () => (await read()).cpuMs };
}

// ---------------------------------------------------------------------------------------------------------------
// The run

export interface Run {
  /** The run's directory: data directories and the servers' logs, removed at the end. */
  work: string;
  interrupted(): boolean;
  /** What to undo at the end besides the children and the directory (a server database to drop). */
  onCleanUp(undo: () => Promise<void>): void;
}

/**
 * Runs a bench: a directory of its own, Ctrl-C handled, and on any ending the children stopped, the database dropped
 * and the directory removed — once, however often it is asked.
 */
export async function runBench(prefix: string, body: (run: Run) => Promise<void>) {
  const work = await mkdtemp(path.join(tmpdir(), prefix));
  const undos: (() => Promise<void>)[] = [];
  let interrupted = false;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () => {
    cleaning ??= (async () => {
      await Promise.all(children.map(stopChild));
      for (const undo of undos) await undo().catch((error: unknown) => console.error('clean-up failed:', error));
      await rm(work, { recursive: true, force: true });
    })();
    return cleaning;
  };

  // `on`, not `once`: Ctrl-C may reach this process more than once (the terminal's group, npm relaying it), and a
  // second signal without a listener would end it in the middle of its clean-up. (The scripts run as
  // `node --import tsx`, not through the tsx CLI, whose relay SIGKILLs a child that is slow to acknowledge a signal —
  // as a loaded bench is — which left the database and the directory behind.)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      console.error(`\n${signal}: stopping the servers…`);
      void cleanUp().finally(() => process.exit(130));
    });
  }

  try {
    await body({ work, interrupted: () => interrupted, onCleanUp: (undo) => undos.push(undo) });
  } catch (error) {
    if (interrupted) {
      await cleanUp();
      process.exit(130);
    }
    // The servers' logs go with the temporary directory: show their ends first.
    for (const child of children) console.error(`\n--- the end of ${child.name}'s log ---\n${tail(child.log)}`);
    throw error;
  } finally {
    await cleanUp();
  }
}

export interface SeededDatabase {
  /** The server database's address (PostgreSQL), or undefined for PGlite. */
  databaseUrl: string | undefined;
  /** Kampus' DATA_DIR: its files and, on PGlite, its database under db/. */
  kampusDataDir: string;
}

/**
 * The database, seeded as `npm start` seeds an empty one, then whatever the bench adds (as the system, in one
 * transaction), then analyzed.
 */
export async function prepareDatabase<T>(
  run: Run,
  extra: (tx: Db) => Promise<T>,
): Promise<SeededDatabase & { extra: T }> {
  const kampusDataDir = path.join(run.work, 'kampus');
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const created = await createServerDatabase(serverUrl, 'kampus_bench');
    databaseUrl = created.url;
    run.onCleanUp(() =>
      created.drop().catch((error: unknown) => console.error('could not drop the bench database:', error)),
    );
  }
  console.log(`Preparing the ${databaseKind} database with the demo data…`);
  const database = await openDatabase({
    url: databaseUrl,
    dataDir: databaseUrl ? undefined : path.join(kampusDataDir, 'db'),
  });
  let result: T;
  try {
    await syncAccessCatalog(database.db);
    await seedDemoWithApp(readConfig({ ...process.env, DATA_DIR: kampusDataDir, DATABASE_URL: databaseUrl }), database);
    result = await asSystem(database.db, extra);
  } finally {
    await database.close();
  }
  await analyzeSeededDatabase(databaseUrl, path.join(kampusDataDir, 'db'));
  return { databaseUrl, kampusDataDir, extra: result };
}

/**
 * The planner's statistics of the freshly seeded tables, before the bare servers copy them: PostgreSQL's autovacuum
 * would gather them some time later and Kampus' embedded upkeep (db/embedded.ts) when it opens the database, so each
 * side of the comparison plans the same statements with the same statistics from the first request on. As the owner.
 */
async function analyzeSeededDatabase(url: string | undefined, dataDir: string) {
  if (url) {
    const owner = new pg.Client({ connectionString: url });
    await owner.connect();
    await owner.query('analyze').finally(() => owner.end());
  } else {
    const owner = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
    await owner.exec('analyze').finally(() => owner.close());
  }
}

/**
 * The Kampus server as a process of its own, started the way `npm start` starts it (`npm run start -w @kampus/api`),
 * with query-probe.mjs preloaded to count its statements. Its target is ready once `ready` resolves.
 */
export async function startKampus(run: Run, database: SeededDatabase, jwtSecret: string) {
  const [port, probePort] = [await freePort(), await freePort()];
  const probe = path.join(benchDir, 'query-probe.mjs');
  const child = startChild(
    'Kampus',
    'npm',
    ['run', 'start', '-w', '@kampus/api'],
    repoDir,
    {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: database.kampusDataDir,
      DATABASE_URL: database.databaseUrl ?? '',
      JWT_SECRET: jwtSecret,
      ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
      BENCH_PROBE_PORT: String(probePort),
      BENCH_PARENT_PID: String(process.pid),
      // BENCH_KAMPUS_NODE_OPTIONS reaches the Kampus server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
      NODE_OPTIONS:
        `${process.env.NODE_OPTIONS ?? ''} ${process.env.BENCH_KAMPUS_NODE_OPTIONS ?? ''} --import ${probe}`.trim(),
    },
    path.join(run.work, 'kampus.log'),
  );
  const target: Target = {
    label: 'Kampus',
    origin: `http://127.0.0.1:${port}`,
    ...countersAt(`http://127.0.0.1:${probePort}/`),
    idleRate: 0,
  };
  /** The probe's figures since the previous call (query-probe.mjs, `?interval=1`). */
  const interval = async () =>
    JSON.parse((await send(`http://127.0.0.1:${probePort}/?interval=1`)).body) as ProbeInterval;
  return { child, target, interval, ready: () => waitForReady(child, `${target.origin}/api/ready`) };
}

/** What query-probe.mjs answers for the time since its previous `?interval=1` call. */
export interface ProbeInterval {
  statements: number;
  cpuMs: number;
  loop: { maxMs: number; p99Ms: number };
  gc: { count: number; ms: number; maxMs: number; major: number; majorMs: number };
  pool: { count: number; ms: number; maxMs: number; statementMaxMs: number; transactionMaxMs: number };
  requests: Record<string, { count: number; p50: number; p95: number; max: number }>;
}

export const newJwtSecret = () => randomBytes(32).toString('hex');

/**
 * A bare server (bare-server.ts) as a process of its own: on PGlite on its own copy of the data (so start it before
 * Kampus opens and writes to its directory), on PostgreSQL with its own pool. `env` adds its BARE_* settings.
 */
export async function startBare(
  run: Run,
  database: SeededDatabase,
  name: string,
  mode: 'rls' | 'plain',
  label: string,
  env: Record<string, string>,
) {
  const port = await freePort();
  const dataDir = path.join(run.work, `bare-${mode}`);
  if (!database.databaseUrl) cpSync(path.join(database.kampusDataDir, 'db'), dataDir, { recursive: true });
  const child = startChild(
    name,
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, 'bare-server.ts')],
    apiDir,
    {
      ...process.env,
      BARE_MODE: mode,
      BARE_PORT: String(port),
      BARE_DATABASE_URL: database.databaseUrl ?? '',
      BARE_DATA_DIR: dataDir,
      BENCH_PARENT_PID: String(process.pid),
      ...env,
    },
    path.join(run.work, `bare-${mode}.log`),
  );
  const target: Target = {
    label,
    origin: `http://127.0.0.1:${port}`,
    ...countersAt(`http://127.0.0.1:${port}/__statements`),
    idleRate: 0,
  };
  return { child, target, ready: () => waitForReady(child, `${target.origin}/__statements`) };
}

// ---------------------------------------------------------------------------------------------------------------
// Reporting

export const pad = (value: string | number, width: number) => String(value).padStart(width);

export const machine = () => `Node ${process.version}, ${cpus().length} CPUs`;

/** The figures as JSON in bench/results/<time>-<name>.json (gitignored), for comparing runs; returns the file. */
export function writeResults(name: string, figures: Record<string, unknown>) {
  const commit = (() => {
    try {
      return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoDir, encoding: 'utf8' }).trim();
    } catch {
      return null;
    }
  })();
  const resultsDir = path.join(benchDir, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${name}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        commit,
        database: databaseKind,
        node: process.version,
        cpus: cpus().length,
        ...figures,
      },
      (_key, value) => (typeof value === 'number' && !Number.isInteger(value) ? Number(value.toFixed(2)) : value),
      2,
    )}\n`,
  );
  return file;
}
