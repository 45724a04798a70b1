/**
 * npm run bench:api — throughput and latency of five Kampus routes, each next to a bare twin sending the same SQL.
 * Figures only; nothing here passes or fails.
 *
 * 1. A database with the demo data (the seed of `npm start`): embedded PGlite in a data directory under /tmp by
 *    default, or with BENCH_DATABASE_URL=postgres://user@host/db a new database on that server, dropped at the end.
 * 2. The Kampus server as a process of its own, started the way `npm start` starts it (`npm run start -w @kampus/api`,
 *    whatever that runs: today tsx, a build later), with query-probe.mjs preloaded to count its statements.
 * 3. The bare baseline (bare-server.ts) twice, each a process of its own on its own copy of the data (PGlite) or its
 *    own pool (PostgreSQL): once inside the transaction Kampus' RLS scopes open, once without it.
 * 4. autocannon, from this process, against each in turn: BENCH_CONNECTIONS (50) connections for BENCH_SECONDS (10)
 *    after BENCH_WARMUP_SECONDS (2) of the same load unrecorded.
 * 5. A table on stdout and the figures as JSON in bench/results/<time>-<database>.json (gitignored).
 *
 * BENCH_ONLY=refresh runs the endpoints whose name contains that text; BENCH_LOG_LEVEL sets the Kampus server's
 * LOG_LEVEL (else its own default, as `npm start` runs it: info, a log line per request).
 *
 * Every child runs in a process group of its own and the whole group is ended on exit, on error and on Ctrl-C.
 * The processes share the machine with autocannon (and, on PostgreSQL, with the server): compare ratios, not absolutes.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { ROLE } from '@kampus/shared';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { asSystem } from '../src/db/scope.js';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed/demo.js';
import { syncAccessCatalog } from '../src/modules/identity/auth/catalog.js';
import { createLocalFileStorage } from '../src/platform/storage.js';
import { createServerDatabase } from '../test/server-database.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Sequential requests before each run that count statements per request (and check the route answers 2xx). */
const PROBE_REQUESTS = 20;
const HOST = 'demo.localhost';
const ADMIN = 'admin@demo.test';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.dirname(benchDir);
const repoDir = path.resolve(apiDir, '../..');
const serverUrl = process.env.BENCH_DATABASE_URL;
const kind = serverUrl ? 'postgres' : 'pglite';

// ---------------------------------------------------------------------------------------------------------------
// Child processes

interface Child {
  name: string;
  pid: number;
  log: string;
  exited: boolean;
}
const children: Child[] = [];

/** Starts a command in a process group of its own, its output appended to a log file. */
function startChild(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, log: string) {
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
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
async function waitForReady(child: Child, url: string, timeoutMs = 180_000) {
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

interface Call {
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request with node:http (fetch would not send our Host header). */
function send(url: string, call: Omit<Call, 'path'> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
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

interface Target {
  label: string;
  origin: string;
  /** The number of statements the target has sent to its database so far. */
  statements(): Promise<number>;
  /** Statements a second it sends on its own, idle (Kampus' job poller), taken out of the per-request count. */
  idleRate: number;
}

interface Endpoint {
  name: string;
  /** The next request for a target: a function, so a request can carry a fresh token or another id each time. */
  next(target: TargetKey): Call;
  /** When requests consume something finite (refresh tokens), how many are left for a target. */
  budget?(target: TargetKey): number;
}
type TargetKey = 'kampus' | 'bareRls' | 'barePlain';

interface Figures {
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
  /** The run ended early because its refresh tokens ran out. */
  exhausted: boolean;
}

/** Statements per request, from PROBE_REQUESTS sequential requests; each must answer 2xx. */
async function countStatements(target: Target, key: TargetKey, endpoint: Endpoint): Promise<number> {
  const before = await target.statements();
  const started = performance.now();
  for (let i = 0; i < PROBE_REQUESTS; i++) {
    const call = endpoint.next(key);
    const answer = await send(`${target.origin}${call.path}`, call);
    if (answer.status < 200 || answer.status >= 300) {
      throw new Error(`${target.label} ${endpoint.name} answered ${answer.status}: ${answer.body.slice(0, 500)}`);
    }
  }
  const background = (target.idleRate * (performance.now() - started)) / 1000;
  return ((await target.statements()) - before - background) / PROBE_REQUESTS;
}

/** autocannon for `seconds` (or until the endpoint's budget is spent), every response time kept for exact percentiles. */
async function load(target: Target, key: TargetKey, endpoint: Endpoint, seconds: number) {
  const times: number[] = [];
  let errors = 0;
  const budget = endpoint.budget?.(key);
  const first = endpoint.next(key);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.origin,
        connections: CONNECTIONS,
        ...(budget === undefined ? { duration: seconds } : { amount: Math.max(1, budget - 1 - CONNECTIONS) }),
        requests: [
          {
            ...first,
            headers: { ...first.headers, ...(first.body ? { 'content-type': 'application/json' } : {}) },
            setupRequest: (request) => {
              const call = endpoint.next(key);
              return { ...request, path: call.path, ...(call.body ? { body: call.body } : {}) };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      if (status >= 200 && status < 300) times.push(responseTime);
      else errors++;
    });
    if (budget !== undefined) setTimeout(() => instance.stop(), seconds * 1000).unref();
  });
  return { result, times, errors, exhausted: budget !== undefined && result.duration < seconds - 0.5 };
}

async function measure(target: Target, key: TargetKey, endpoint: Endpoint): Promise<Figures> {
  const statementsPerRequest = await countStatements(target, key, endpoint);
  if (WARMUP_SECONDS > 0) await load(target, key, endpoint, WARMUP_SECONDS);
  const { result, times, errors, exhausted } = await load(target, key, endpoint, SECONDS);
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
    exhausted,
  };
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
    const owner = await PGlite.create({ dataDir });
    await owner.exec('analyze').finally(() => owner.close());
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The run

const work = await mkdtemp(path.join(tmpdir(), 'kampus-bench-api-'));
let dropDatabase: (() => Promise<void>) | undefined;

let interrupted = false;
let cleaning: Promise<void> | undefined;
/** Stops every child, drops the database and removes the directory, once however often it is called. */
function cleanUp() {
  cleaning ??= (async () => {
    await Promise.all(children.map(stopChild));
    await dropDatabase?.().catch((error: unknown) => console.error('could not drop the bench database:', error));
    await rm(work, { recursive: true, force: true });
  })();
  return cleaning;
}

// `on`, not `once`: Ctrl-C may reach this process more than once (the terminal's group, npm relaying it), and a
// second signal without a listener would end it in the middle of its clean-up. (The script runs as
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

/**
 * Refresh tokens. POST /api/token/refresh rotates: a token is good once, and presenting a rotated one revokes its whole
 * family. So every request presents a token never used, taken from a pool issued before the run. The pool is written
 * straight into refresh_tokens — the row a password sign-in writes (its own family, the admin, the demo company, valid
 * for a day) — because issuing tens of thousands of tokens through sign-ins would cost as many argon2 hashes and trip
 * the sign-in limiters. Each target has its own pool (a bare server rotates its own tokens). A run ends early, flagged
 * in the table, if its pool runs out first; BENCH_REFRESH_TOKENS sets a pool's size.
 */
const TOKENS_PER_TARGET = Number(
  process.env.BENCH_REFRESH_TOKENS ?? Math.ceil(3000 * (SECONDS + WARMUP_SECONDS)) + PROBE_REQUESTS,
);
const tokenPrefix = randomBytes(6).toString('hex');
const tokenOf = (key: TargetKey, n: number) => `bench-${tokenPrefix}-${key}-${n}`;

try {
  // 1. The database, seeded as `npm start` seeds an empty one, and the refresh-token pools.
  const kampusDataDir = path.join(work, 'kampus');
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const created = await createServerDatabase(serverUrl, 'kampus_bench');
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  console.log(`Preparing the ${kind} database with the demo data…`);
  const database = await openDatabase({
    url: databaseUrl,
    dataDir: databaseUrl ? undefined : path.join(kampusDataDir, 'db'),
  });
  const ids = await (async () => {
    try {
      await syncAccessCatalog(database.db);
      await seedDemo(database.db, createLocalFileStorage(kampusDataDir));
      return await asSystem(database.db, async (tx) => {
        const rows = async <T>(query: ReturnType<typeof sql>) =>
          ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
        const [company] = await rows<{ id: number }>(sql`select id from companies where slug = 'demo'`);
        const [admin] = await rows<{ id: number }>(sql`select id from users where email = ${ADMIN}`);
        if (!company || !admin) throw new Error('the demo seed has no demo company or admin');
        // People with the user role only, active: the targets of the write (spread, so the writes do not queue on one
        // row's lock) and of the detail read.
        const learners = await rows<{ id: number }>(
          sql`select u.id from users u where u.company_id = ${company.id} and u.status = 1
              and not exists (select 1 from role_user r where r.user_id = u.id and r.role_id <> ${ROLE.user})
              order by u.id`,
        );
        for (const key of ['kampus', 'bareRls', 'barePlain'] as const) {
          await tx.execute(sql`
            insert into refresh_tokens (company_id, user_id, family_id, token_hash, acting_company_id, expires_at)
            select ${company.id}, ${admin.id}, gen_random_uuid(),
                   encode(sha256(convert_to(${`bench-${tokenPrefix}-${key}-`} || n, 'UTF8')), 'hex'),
                   ${company.id}, now() + interval '1 day'
            from generate_series(0, ${TOKENS_PER_TARGET - 1}) n`);
        }
        return { companyId: company.id, adminId: admin.id, learners: learners.map((row) => row.id) };
      });
    } finally {
      await database.close();
    }
  })();
  await analyzeSeededDatabase(databaseUrl, path.join(kampusDataDir, 'db'));
  if (ids.learners.length === 0) throw new Error('the demo seed has no learner to read and update');

  // 2. The servers.
  const [kampusPort, probePort, rlsPort, plainPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const probe = path.join(benchDir, 'query-probe.mjs');
  const kampus = startChild(
    'Kampus',
    'npm',
    ['run', 'start', '-w', '@kampus/api'],
    repoDir,
    {
      ...process.env,
      PORT: String(kampusPort),
      HOST: '127.0.0.1',
      DATA_DIR: kampusDataDir,
      DATABASE_URL: databaseUrl ?? '',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
      BENCH_PROBE_PORT: String(probePort),
      BENCH_PARENT_PID: String(process.pid),
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${probe}`.trim(),
    },
    path.join(work, 'kampus.log'),
  );
  const startBare = (name: string, mode: 'rls' | 'plain', port: number) => {
    const dataDir = path.join(work, `bare-${mode}`);
    if (!databaseUrl) cpSync(path.join(kampusDataDir, 'db'), dataDir, { recursive: true });
    return startChild(
      name,
      process.execPath,
      ['--import', 'tsx', path.join(benchDir, 'bare-server.ts')],
      apiDir,
      {
        ...process.env,
        BARE_MODE: mode,
        BARE_PORT: String(port),
        BARE_DATABASE_URL: databaseUrl ?? '',
        BARE_DATA_DIR: dataDir,
        BARE_COMPANY_SLUG: 'demo',
        BARE_ACTOR_ID: String(ids.adminId),
        BENCH_PARENT_PID: String(process.pid),
      },
      path.join(work, `bare-${mode}.log`),
    );
  };
  // The bare copies are taken before Kampus opens (and writes to) its data directory.
  const bareRls = startBare('bare server (RLS transaction)', 'rls', rlsPort);
  const barePlain = startBare('bare server (no RLS)', 'plain', plainPort);
  console.log('Starting Kampus (npm run start -w @kampus/api) and the two bare servers…');
  await Promise.all([
    waitForReady(kampus, `http://127.0.0.1:${kampusPort}/api/ready`),
    waitForReady(bareRls, `http://127.0.0.1:${rlsPort}/__statements`),
    waitForReady(barePlain, `http://127.0.0.1:${plainPort}/__statements`),
  ]);

  const statementsAt = (url: string) => async () => JSON.parse((await send(url)).body).statements as number;
  const targets: Record<TargetKey, Target> = {
    kampus: {
      label: 'Kampus',
      origin: `http://127.0.0.1:${kampusPort}`,
      statements: statementsAt(`http://127.0.0.1:${probePort}/`),
      idleRate: 0,
    },
    bareRls: {
      label: 'bare, RLS tx',
      origin: `http://127.0.0.1:${rlsPort}`,
      statements: statementsAt(`http://127.0.0.1:${rlsPort}/__statements`),
      idleRate: 0,
    },
    barePlain: {
      label: 'bare, no RLS',
      origin: `http://127.0.0.1:${plainPort}`,
      statements: statementsAt(`http://127.0.0.1:${plainPort}/__statements`),
      idleRate: 0,
    },
  };
  // What each sends while nobody calls it, over 5 s (Kampus' job poller claims about once a second).
  await Promise.all(
    Object.values(targets).map(async (target) => {
      const before = await target.statements();
      await sleep(5000);
      target.idleRate = ((await target.statements()) - before) / 5;
    }),
  );

  // A real session: the demo admin signs in on the demo company's host.
  const signIn = await send(`${targets.kampus.origin}/api/token`, {
    method: 'POST',
    headers: { host: HOST },
    body: JSON.stringify({ grant_type: 'password', username: ADMIN, password: DEMO_PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${signIn.body}`);
  const auth = { host: HOST, authorization: `Bearer ${JSON.parse(signIn.body).access_token as string}` };

  const counters: Record<TargetKey, number> = { kampus: 0, bareRls: 0, barePlain: 0 };
  const usedTokens: Record<TargetKey, number> = { kampus: 0, bareRls: 0, barePlain: 0 };
  const learner = ids.learners[0] as number;
  const nextLearner = (key: TargetKey) => ids.learners[counters[key]++ % ids.learners.length] as number;
  const endpoints: Endpoint[] = [
    {
      name: 'GET /api/company/self',
      next: (key) => (key === 'kampus' ? { path: '/api/company/self', headers: { host: HOST } } : { path: '/self' }),
    },
    {
      name: 'POST /api/token/refresh',
      next: (key) => ({
        method: 'POST',
        path: key === 'kampus' ? '/api/token/refresh' : '/refresh',
        headers: key === 'kampus' ? { host: HOST } : ({} as Record<string, string>),
        body: JSON.stringify({ refresh_token: tokenOf(key, usedTokens[key]++) }),
      }),
      budget: (key) => TOKENS_PER_TARGET - usedTokens[key],
    },
    {
      name: 'GET /api/admin/users (page 1, 20)',
      next: (key) =>
        key === 'kampus'
          ? { path: '/api/admin/users?page=1&per_page=20', headers: auth }
          : { path: '/users?page=1&per_page=20' },
    },
    {
      name: 'GET /api/admin/users/{id}',
      next: (key) =>
        key === 'kampus' ? { path: `/api/admin/users/${learner}`, headers: auth } : { path: `/users/${learner}` },
    },
    {
      name: 'PUT /api/admin/users/{id} {name}',
      next: (key) => {
        const id = nextLearner(key);
        const body = JSON.stringify({ name: `Bench ${counters[key]}` });
        return key === 'kampus'
          ? { method: 'PUT', path: `/api/admin/users/${id}`, headers: auth, body }
          : { method: 'PUT', path: `/users/${id}`, body };
      },
    },
  ];

  // 3. The runs: each endpoint on the three targets back to back, so drifting noise touches all three alike.
  console.log(
    `\nKampus API benchmark — ${kind}, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per run, Node ${process.version}, ${cpus().length} CPUs\n`,
  );
  const pad = (value: string | number, width: number) => String(value).padStart(width);
  const header = `${'endpoint'.padEnd(36)}${'server'.padEnd(14)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p95 ms', 8)}${pad('p99 ms', 8)}${pad('max ms', 8)}${pad('stmts/req', 11)}${pad('errors', 8)}`;
  console.log(header);
  console.log('-'.repeat(header.length));
  const rows = [];
  const only = process.env.BENCH_ONLY?.toLowerCase();
  for (const endpoint of endpoints.filter((e) => !only || e.name.toLowerCase().includes(only))) {
    const figures = {} as Record<TargetKey, Figures>;
    for (const key of ['kampus', 'bareRls', 'barePlain'] as const) {
      const target = targets[key];
      const f = await measure(target, key, endpoint);
      if (interrupted) throw new Error('interrupted');
      figures[key] = f;
      console.log(
        `${(key === 'kampus' ? endpoint.name : '').padEnd(36)}${target.label.padEnd(14)}${pad(f.requestsPerSecond.toFixed(0), 8)}${pad(f.p50.toFixed(1), 8)}${pad(f.p95.toFixed(1), 8)}${pad(f.p99.toFixed(1), 8)}${pad(f.max.toFixed(0), 8)}${pad(f.statementsPerRequest.toFixed(1), 11)}${pad(f.errors, 8)}${f.exhausted ? '  (token pool ran out)' : ''}`,
      );
    }
    const ratioRls = figures.kampus.requestsPerSecond / figures.bareRls.requestsPerSecond;
    const ratioPlain = figures.kampus.requestsPerSecond / figures.barePlain.requestsPerSecond;
    console.log(
      `${''.padEnd(36)}Kampus / bare, RLS tx: ${ratioRls.toFixed(2)}   Kampus / bare, no RLS: ${ratioPlain.toFixed(2)}\n`,
    );
    rows.push({ endpoint: endpoint.name, ...figures, ratioRls, ratioPlain });
  }

  // 4. The JSON, for comparing runs.
  const commit = (() => {
    try {
      return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoDir, encoding: 'utf8' }).trim();
    } catch {
      return null;
    }
  })();
  const resultsDir = path.join(benchDir, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${kind}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        commit,
        database: kind,
        node: process.version,
        cpus: cpus().length,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        kampusLogLevel: process.env.BENCH_LOG_LEVEL ?? process.env.LOG_LEVEL ?? 'info',
        rows,
      },
      (_key, value) => (typeof value === 'number' && !Number.isInteger(value) ? Number(value.toFixed(2)) : value),
      2,
    )}\n`,
  );
  console.log(`Figures written to ${path.relative(process.cwd(), file)}`);
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
