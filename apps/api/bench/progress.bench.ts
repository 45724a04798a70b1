/**
 * npm run bench:progress — a learner's heartbeat (POST /api/contents/{id}/progress) under BENCH_CONNECTIONS (500)
 * watchers at once, next to a bare insert of the same row. Figures only; nothing here passes or fails.
 *
 * 1. The demo database of `npm start` (PGlite, or a new database on BENCH_DATABASE_URL, dropped at the end), plus
 *    watchers: as many active learners of the demo company as there are connections (the demo's own first, the rest
 *    inserted), each enrolled in the company's first active video. Each has a row of their own: no two contend.
 * 2. Kampus, started as `npm start` starts it (query-probe.mjs counting its statements), and the bare server
 *    (bare-server.ts) in BARE_MODE=rls: the heartbeat as one upsert of the learner's content_progress row
 *    (INSERT … ON CONFLICT (user_id, version_id) DO UPDATE) inside the transaction Kampus' tenant scope opens.
 * 3. Each watcher gets an access token minted as a sign-in mints it (the demo learner's claims, signed with the
 *    server's JWT_SECRET: a sign-in per watcher would be 500 argon2 hashes), opens the player once (which makes the
 *    progress row), then reports as a player does: its own session, seq rising by one, the range played since its
 *    previous report (wall time, capped at a heartbeat's 5 s), starting the 8 s video over at its end.
 * 4. Two runs on each, Kampus then the bare server, each started on quiet servers: as fast as answered (autocannon,
 *    one connection per watcher, BENCH_SECONDS (10) after BENCH_WARMUP_SECONDS (2) unrecorded: throughput, and
 *    latencies that are mostly the queue, connections / throughput), then at the player's pace (each watcher one
 *    heartbeat every PROGRESS_HEARTBEAT_MS for BENCH_SECONDS: the latency 500 people watching see). A table on stdout
 *    (with statements and the server process' CPU ms per heartbeat) and bench/results/<time>-progress-<database>.json.
 *
 * The processes share the machine with autocannon (and, on PostgreSQL, with the server): compare ratios, not absolutes.
 * Issue 12's target: p95 ≤ 50 ms on PostgreSQL, at least 70% of the bare insert's throughput.
 */
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PROGRESS_HEARTBEAT_MS, ROLE } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../src/db/seed/demo.js';
import { type AccessClaims, createTokenSigner } from '../src/platform/auth/tokens.js';
import {
  databaseKind,
  drain,
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
  sleep,
  startBare,
  startKampus,
  type Target,
  writeResults,
} from './harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/** One connection per watcher: each is a learner with a player open, reporting as fast as the server answers. */
const WATCHERS = Number(process.env.BENCH_CONNECTIONS ?? 500);
/** 500 connections on a server answering a few hundred a second: answers wait seconds (PGlite), so more than 10. */
const settings = {
  connections: WATCHERS,
  seconds: SECONDS,
  warmupSeconds: WARMUP_SECONDS,
  probeRequests: 20,
  timeoutSeconds: 60,
};
const HOST = 'demo.localhost';
const LEARNER = 'learner@demo.test';

type TargetKey = 'kampus' | 'bare';

await runBench('kampus-bench-progress-', async (run) => {
  // 1. The demo data and the watchers.
  const database = await prepareDatabase(run, async (tx) => {
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
    const [company] = await rows<{ id: number }>(sql`select id from companies where slug = 'demo'`);
    if (!company) throw new Error('the demo seed has no demo company');
    const [video] = await rows<{ id: number; version_id: number; duration: number | null }>(
      sql`select c.id, c.current_version_id as version_id, coalesce(c.duration_seconds, v.duration_seconds) as duration
          from contents c join content_versions v on v.id = c.current_version_id
          where c.company_id = ${company.id} and c.type = 'video' and c.status = 1 order by c.id limit 1`,
    );
    if (!video) throw new Error('the demo seed has no active video in the demo company');
    const learners = async () =>
      (
        await rows<{ id: number }>(
          sql`select u.id from users u where u.company_id = ${company.id} and u.status = 1
              and not exists (select 1 from role_user r where r.user_id = u.id and r.role_id <> ${ROLE.user})
              order by u.id limit ${WATCHERS}`,
        )
      ).map((row) => row.id);
    const missing = WATCHERS - (await learners()).length;
    if (missing > 0) {
      // Cheap learners: no password (they never sign in, their tokens are minted), the user role only.
      await tx.execute(sql`
        with made as (
          insert into users (company_id, name, surname, email, language)
          select ${company.id}, 'Bench', 'Watcher ' || n, 'bench-watcher-' || n || '@demo.test', 'tr'
          from generate_series(1, ${missing}) n
          returning id)
        insert into role_user (company_id, user_id, role_id) select ${company.id}, id, ${ROLE.user} from made`);
    }
    const watchers = await learners();
    await tx.execute(sql`
      insert into content_enrolments (company_id, content_id, user_id)
      select ${company.id}, ${video.id}, id from users where id in ${watchers}
      on conflict (content_id, user_id) do nothing`);
    return { companyId: company.id, video, watchers };
  });
  const { video, watchers } = database.extra;
  const duration = Number(video.duration ?? 60);

  // 2. The servers: the bare copy is taken before Kampus opens (and writes to) its data directory.
  const jwtSecret = newJwtSecret();
  const bare = await startBare(run, database, 'bare server (RLS transaction)', 'rls', 'bare upsert', {
    BARE_COMPANY_SLUG: 'demo',
    BARE_ACTOR_ID: '0',
  });
  const kampus = await startKampus(run, database, jwtSecret);
  console.log('Starting Kampus (npm run start -w @kampus/api) and the bare server…');
  await Promise.all([kampus.ready(), bare.ready()]);
  const targets: Record<TargetKey, Target> = { kampus: kampus.target, bare: bare.target };
  await measureIdleRates(Object.values(targets));

  // 3. Tokens: the demo learner signs in once; every watcher gets those claims as their own, in a session of their own.
  const signIn = await send(`${targets.kampus.origin}/api/token`, {
    method: 'POST',
    headers: { host: HOST },
    body: JSON.stringify({ grant_type: 'password', username: LEARNER, password: DEMO_PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${signIn.body}`);
  const token = JSON.parse(signIn.body).access_token as string;
  const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as AccessClaims;
  const signer = createTokenSigner(jwtSecret, 3600);
  const headersOf = await Promise.all(
    watchers.map(async (id) => {
      const minted = await signer.sign({
        sub: String(id),
        hid: claims.hid,
        hco: claims.hco,
        cid: claims.cid,
        sid: randomUUID(),
        rol: claims.rol,
        prm: claims.prm,
        cos: claims.cos,
      });
      return { host: HOST, authorization: `Bearer ${minted}` };
    }),
  );

  // Each watcher opens the player once, as a learner does before the first heartbeat (it makes the progress row).
  for (let from = 0; from < watchers.length; from += 25) {
    await Promise.all(
      headersOf.slice(from, from + 25).map(async (headers) => {
        const answer = await send(`${targets.kampus.origin}/api/contents/${video.id}/player`, { headers });
        if (answer.status !== 200)
          throw new Error(`the player answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      }),
    );
  }

  // A player per watcher and target: its session, its running number, where it plays and when it last reported.
  const players = Object.fromEntries(
    (['kampus', 'bare'] as const).map((key) => [
      key,
      watchers.map(() => ({ session: randomUUID(), seq: 0, position: 0, reportedAt: performance.now() })),
    ]),
  ) as Record<TargetKey, { session: string; seq: number; position: number; reportedAt: number }[]>;

  /** What the player played since its last report: the wall time since, from where it was, the video restarting at its end. */
  function heartbeat(key: TargetKey, watcher: number) {
    const player = players[key][watcher] as (typeof players)[TargetKey][number];
    const now = performance.now();
    const played = Math.max(0.05, Math.min(PROGRESS_HEARTBEAT_MS, now - player.reportedAt) / 1000);
    // At the end (or a hair before it, where the range would round to nothing), the video starts over.
    if (player.position > duration - 0.05) player.position = 0;
    const from = player.position;
    const to = Math.min(duration, from + played);
    player.position = to;
    player.reportedAt = now;
    player.seq += 1;
    const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
    return JSON.stringify({
      kind: 'video',
      session: player.session,
      seq: player.seq,
      ranges: [[round(from), round(to)]],
      position: round(to),
    });
  }

  const endpoint: Endpoint<TargetKey> = {
    name: 'POST /api/contents/{id}/progress',
    next: (key, connection) => {
      const watcher = connection % watchers.length;
      const body = heartbeat(key, watcher);
      return key === 'kampus'
        ? {
            method: 'POST',
            path: `/api/contents/${video.id}/progress`,
            headers: headersOf[watcher] as Record<string, string>,
            body,
          }
        : { method: 'POST', path: `/progress/${video.id}/${video.version_id}/${watchers[watcher]}`, body };
    },
  };

  /**
   * The player's pace: each watcher one heartbeat every PROGRESS_HEARTBEAT_MS on a keep-alive connection of its own,
   * their first ones spread over the first interval — the load 500 people watching put on the server, where the
   * closed loop above measures how much it takes (and its latencies are the queue: connections / throughput).
   */
  async function paced(target: Target, key: TargetKey): Promise<Figures> {
    const times: number[] = [];
    let errors = 0;
    const failures: Record<string, number> = {};
    const before = await target.statements();
    const cpuBefore = await target.cpuMs();
    const started = performance.now();
    const end = started + SECONDS * 1000;
    await Promise.all(
      watchers.map(async (_, watcher) => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        for (let at = started + (watcher / watchers.length) * PROGRESS_HEARTBEAT_MS; at < end; ) {
          await sleep(at - performance.now());
          const call = endpoint.next(key, watcher);
          const sentAt = performance.now();
          const answer = await send(`${target.origin}${call.path}`, call, agent).catch(() => null);
          if (answer && answer.status >= 200 && answer.status < 300) times.push(performance.now() - sentAt);
          else {
            errors++;
            const failure = answer ? String(answer.status) : 'socket';
            failures[failure] = (failures[failure] ?? 0) + 1;
          }
          at += PROGRESS_HEARTBEAT_MS;
        }
        agent.destroy();
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const statements = (await target.statements()) - before - target.idleRate * seconds;
    times.sort((a, b) => a - b);
    const percentile = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
    return {
      requestsPerSecond: times.length / seconds,
      p50: percentile(50),
      p95: percentile(95),
      p99: percentile(99),
      max: times.at(-1) ?? 0,
      requests: times.length,
      seconds,
      errors,
      statementsPerRequest: statements / Math.max(1, times.length + errors),
      cpuMsPerRequest: ((await target.cpuMs()) - cpuBefore) / Math.max(1, times.length + errors),
      exhausted: false,
      failures,
    };
  }

  // 4. The runs: as fast as answered, then at the player's pace; Kampus then the bare upsert, each on quiet servers.
  console.log(`\nKampus heartbeat benchmark — ${databaseKind}, ${WATCHERS} watchers, ${machine()}\n`);
  const header = `${'server'.padEnd(14)}${pad('heartbeats/s', 13)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}${pad('max ms', 9)}${pad('stmts/hb', 10)}${pad('CPU ms/hb', 11)}${pad('failed', 9)}`;
  const line = (label: string, f: Figures) =>
    console.log(
      `${label.padEnd(14)}${pad(f.requestsPerSecond.toFixed(0), 13)}${pad(f.p50.toFixed(1), 9)}${pad(f.p95.toFixed(1), 9)}${pad(f.p99.toFixed(1), 9)}${pad(f.max.toFixed(0), 9)}${pad(f.statementsPerRequest.toFixed(1), 10)}${pad(f.cpuMsPerRequest.toFixed(2), 11)}${pad(f.errors, 9)}${f.errors ? `  ${JSON.stringify(f.failures)}` : ''}`,
    );
  // CPU ms/hb: the server process' CPU time per answer; failed: answers other than 2xx, timeouts and socket errors.
  const quiet = () => Promise.all(Object.values(targets).map((target) => drain(target)));
  const keys = ['kampus', 'bare'] as const;

  console.log(
    `As fast as answered: one connection per watcher, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s (autocannon)`,
  );
  console.log(header);
  console.log('-'.repeat(header.length));
  const closed = {} as Record<TargetKey, Figures>;
  for (const key of keys) {
    await quiet();
    closed[key] = await measure(targets[key], key, endpoint, settings);
    if (run.interrupted()) throw new Error('interrupted');
    line(targets[key].label, closed[key]);
  }
  const ratio = closed.kampus.requestsPerSecond / closed.bare.requestsPerSecond;
  console.log(`Kampus / bare upsert throughput: ${(ratio * 100).toFixed(0)}%   (issue 12: at least 70%)\n`);

  console.log(
    `At the player's pace: each watcher one heartbeat every ${PROGRESS_HEARTBEAT_MS / 1000} s, for ${SECONDS} s`,
  );
  console.log(header);
  console.log('-'.repeat(header.length));
  const pace = {} as Record<TargetKey, Figures>;
  for (const key of keys) {
    await quiet();
    pace[key] = await paced(targets[key], key);
    if (run.interrupted()) throw new Error('interrupted');
    line(targets[key].label, pace[key]);
  }
  console.log(
    `Kampus p95 at the player's pace: ${pace.kampus.p95.toFixed(1)} ms   (issue 12: at most 50 ms on PostgreSQL)\n`,
  );

  const file = writeResults(`progress-${databaseKind}`, {
    watchers: WATCHERS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    kampusLogLevel: process.env.BENCH_LOG_LEVEL ?? process.env.LOG_LEVEL ?? 'info',
    endpoint: endpoint.name,
    heartbeatMs: PROGRESS_HEARTBEAT_MS,
    closedLoop: closed,
    ratio,
    playerPace: pace,
  });
  console.log(`Figures written to ${path.relative(process.cwd(), file)}`);
});
