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
 *    after BENCH_WARMUP_SECONDS (2) of the same load unrecorded (and after the server has answered what that left
 *    queued).
 * 5. A table on stdout and the figures as JSON in bench/results/<time>-<database>.json (gitignored).
 *
 * BENCH_ONLY=refresh runs the endpoints whose name contains that text; BENCH_LOG_LEVEL sets the Kampus server's
 * LOG_LEVEL (else its own default, as `npm start` runs it: info, a log line per request).
 *
 * Every child runs in a process group of its own and the whole group is ended on exit, on error and on Ctrl-C (the
 * machinery, shared with bench:progress, is in harness.ts).
 * The processes share the machine with autocannon (and, on PostgreSQL, with the server): compare ratios, not absolutes.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ROLE } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../src/db/seed/demo.js';
import {
  databaseKind,
  type Endpoint,
  type Figures,
  machine,
  measure,
  measureIdleRates,
  newJwtSecret,
  pad,
  prepareDatabase,
  runBench,
  send,
  startBare,
  startKampus,
  type Target,
  writeResults,
} from './harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Sequential requests before each run that count statements per request (and check the route answers 2xx). */
const PROBE_REQUESTS = 20;
const HOST = 'demo.localhost';
const ADMIN = 'admin@demo.test';
const settings = {
  connections: CONNECTIONS,
  seconds: SECONDS,
  warmupSeconds: WARMUP_SECONDS,
  probeRequests: PROBE_REQUESTS,
};

type TargetKey = 'kampus' | 'bareRls' | 'barePlain';

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

await runBench('kampus-bench-api-', async (run) => {
  // 1. The database, seeded as `npm start` seeds an empty one, and the refresh-token pools.
  const database = await prepareDatabase(run, async (tx) => {
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
  const ids = database.extra;
  if (ids.learners.length === 0) throw new Error('the demo seed has no learner to read and update');

  // 2. The servers. The bare copies are taken before Kampus opens (and writes to) its data directory.
  const bareEnv = { BARE_COMPANY_SLUG: 'demo', BARE_ACTOR_ID: String(ids.adminId) };
  const bareRls = await startBare(run, database, 'bare server (RLS transaction)', 'rls', 'bare, RLS tx', bareEnv);
  const barePlain = await startBare(run, database, 'bare server (no RLS)', 'plain', 'bare, no RLS', bareEnv);
  const kampus = await startKampus(run, database, newJwtSecret());
  console.log('Starting Kampus (npm run start -w @kampus/api) and the two bare servers…');
  await Promise.all([kampus.ready(), bareRls.ready(), barePlain.ready()]);
  const targets: Record<TargetKey, Target> = {
    kampus: kampus.target,
    bareRls: bareRls.target,
    barePlain: barePlain.target,
  };
  await measureIdleRates(Object.values(targets));

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
  const endpoints: Endpoint<TargetKey>[] = [
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
    `\nKampus API benchmark — ${databaseKind}, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per run, ${machine()}\n`,
  );
  const header = `${'endpoint'.padEnd(36)}${'server'.padEnd(14)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p95 ms', 8)}${pad('p99 ms', 8)}${pad('max ms', 8)}${pad('stmts/req', 11)}${pad('errors', 8)}`;
  console.log(header);
  console.log('-'.repeat(header.length));
  const rows = [];
  const only = process.env.BENCH_ONLY?.toLowerCase();
  for (const endpoint of endpoints.filter((e) => !only || e.name.toLowerCase().includes(only))) {
    const figures = {} as Record<TargetKey, Figures>;
    for (const key of ['kampus', 'bareRls', 'barePlain'] as const) {
      const target = targets[key];
      const f = await measure(target, key, endpoint, settings);
      if (run.interrupted()) throw new Error('interrupted');
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
  const file = writeResults(databaseKind, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    kampusLogLevel: process.env.BENCH_LOG_LEVEL ?? process.env.LOG_LEVEL ?? 'info',
    rows,
  });
  console.log(`Figures written to ${path.relative(process.cwd(), file)}`);
});
