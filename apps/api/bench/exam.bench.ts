/**
 * npm run bench:exam — BENCH_LEARNERS (2,000) learners take a BENCH_QUESTIONS-question (40) exam at once against one
 * Kampus server: each starts (or resumes) an attempt, saves an answer every BENCH_INTERVAL_MS (3,000 ms, ± half, so
 * they do not march in step) until every question is answered, then submits. Figures only; nothing passes or fails.
 *
 * 1. The demo database of `npm start` (PGlite, or a new database on BENCH_DATABASE_URL, dropped at the end), plus a
 *    bank of single-choice questions, a real exam listing them (time limit 2 h) and the learners (inserted without
 *    passwords: their tokens are minted with the server's secret, as bench:progress does), given the exam through one
 *    published assignment.
 * 2. Kampus, started as `npm start` starts it.
 * 3. Every learner starts in waves of 100 at once, then all save concurrently, then submit.
 * 4. Prints start/save/submit p50/p95/p99 and errors, and verifies that every acknowledged answer (its key) is what
 *    the server holds after the run (the result of a submitted attempt, the attempt itself when its submit failed):
 *    lost answers must be 0. Issue 15's target: save p95 ≤ 100 ms.
 * 5. Prints what the saves and submits cost per request, which a busy shared machine blurs far less than latency:
 *    the server's statements and the CPU of the server, of the PostgreSQL backends serving it and of this client.
 *    The measured phases start once the demo data's background jobs (certificate renders) are done.
 * 6. Prints the save phase as a time series (BENCH_SERIES_SECONDS, 5 s windows): calls a second and the save latency
 *    this client measured; the server's own time for its PUTs (from its 'request' event to the response's 'finish',
 *    read from the query probe), its event-loop delay, GC pauses and the longest waits for a pooled connection (of a
 *    transaction, of a single statement); and this client's own event-loop delay. The client shares the machine's
 *    cores: a lagging client would inflate the latencies it measures (by at most its loop delay), so compare its
 *    figures with the server's. Measured at 600 × 10 and 2,000 × 40 (session 29, docs/architecture.md, "Bench"): the
 *    client's loop delay stayed mostly under ~150 ms while the tail it measured was seconds long and matched the
 *    server's own PUT times, which were nearly all waiting for a pooled connection — so the latency is measured here,
 *    not invented by the client; a client loop delay above the tail would say otherwise.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { ROLE } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DEMO_PASSWORD } from '../src/db/seed/demo.js';
import { type AccessClaims, createTokenSigner } from '../src/platform/auth/tokens.js';
import {
  databaseKind,
  machine,
  newJwtSecret,
  type ProbeInterval,
  pad,
  prepareDatabase,
  runBench,
  send,
  sleep,
  startKampus,
  writeResults,
} from './harness.js';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 2000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 40);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 3000);
const WAVE = 100;
const HOST = 'demo.localhost';
const LEARNER = 'learner@demo.test';

const SERIES_SECONDS = Number(process.env.BENCH_SERIES_SECONDS ?? 5);
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

/**
 * Waits (up to two minutes) until the jobs due at the start are done: the demo data leaves work for the server's
 * queue (certificates to render, mail to send) that would otherwise share the measured phases' CPU. PostgreSQL only
 * (an embedded database has one connection, the server's).
 */
async function backgroundSettled(databaseUrl: string | undefined) {
  if (!databaseUrl) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const until = performance.now() + 120_000;
    for (;;) {
      const { rows } = await client.query<{ due: number }>(
        "select count(*)::int as due from jobs where state = 'running' or (state = 'queued' and run_at <= now())",
      );
      const due = rows[0]?.due ?? 0;
      if (due === 0) return;
      if (performance.now() > until) {
        console.log(`${due} background jobs still due; measuring anyway`);
        return;
      }
      await sleep(1000);
    }
  } finally {
    await client.end();
  }
}

/** CPU ms (user + system) a process has used, from /proc; null where it cannot be read. */
function processCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * The counters a phase's cost is read from: the server's statements and CPU (its query probe), the CPU of the
 * PostgreSQL backends serving the bench database (when PostgreSQL runs on this machine) and this process' CPU.
 */
async function costsOf(target: Awaited<ReturnType<typeof startKampus>>['target'], databaseUrl: string | undefined) {
  // The pool opens and closes connections as it goes (idle ones close after 10 s): the backends are looked at every
  // second, and each one counts with the CPU it used while seen (all of it for one opened during the phase).
  const monitor = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  await monitor?.connect();
  // A backend ended from outside (the database dropped at the end, a server restart) must not end the bench.
  monitor?.on('error', () => {
    readable = false;
  });
  const backends = new Map<number, { first: number; last: number }>();
  let readable = monitor !== null;
  let started = false;
  const lookAtBackends = async () => {
    if (!monitor || !readable) return;
    const { rows } = await monitor.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      const cpu = processCpuMs(pid);
      if (cpu === null) {
        readable = false;
        return;
      }
      const seen = backends.get(pid);
      if (seen) seen.last = cpu;
      else backends.set(pid, { first: started ? 0 : cpu, last: cpu });
    }
  };
  await lookAtBackends();
  started = true;
  const watching = setInterval(() => void lookAtBackends().catch(() => undefined), 1000);
  const backendsCpuMs = () =>
    readable ? [...backends.values()].reduce((sum, { first, last }) => sum + last - first, 0) : null;
  const clientCpuMs = () => {
    const cpu = process.cpuUsage();
    return (cpu.user + cpu.system) / 1000;
  };
  const [statements, serverCpu, clientCpu] = [await target.statements(), await target.cpuMs(), clientCpuMs()];
  return {
    per: async (requests: number) => {
      clearInterval(watching);
      await lookAtBackends();
      await monitor?.end();
      const n = Math.max(1, requests);
      const databaseCpu = backendsCpuMs();
      return {
        statements: ((await target.statements()) - statements) / n,
        serverCpuMs: ((await target.cpuMs()) - serverCpu) / n,
        databaseCpuMs: databaseCpu === null ? null : databaseCpu / n,
        clientCpuMs: (clientCpuMs() - clientCpu) / n,
      };
    },
  };
}

interface Window {
  from: number;
  saves: number;
  submits: number;
  save: { p50: number; p95: number; max: number };
  submitP50: number;
  serverPut: { p95: number; max: number };
  serverLoopMaxMs: number;
  gcMs: number;
  gcMaxMs: number;
  majorGcs: number;
  poolWaitMaxMs: number;
  statementPoolWaitMaxMs: number;
  clientLoopMaxMs: number;
}

/** The save phase in windows of SERIES_SECONDS: what the client measured, and what the server and client saw. */
function seriesOf(
  ends: { kind: string; at: number; ms: number }[],
  samples: { at: number; clientLoopMaxMs: number; probe: ProbeInterval }[],
  seconds: number,
): Window[] {
  const windows: Window[] = [];
  const width = SERIES_SECONDS * 1000;
  for (let from = 0; from < seconds * 1000; from += width) {
    const inWindow = ({ at }: { at: number }) => at >= from && at < from + width;
    const saves = ends.filter((end) => end.kind === 'save' && inWindow(end)).map((end) => end.ms);
    const submits = ends.filter((end) => end.kind === 'submit' && inWindow(end)).map((end) => end.ms);
    saves.sort((a, b) => a - b);
    submits.sort((a, b) => a - b);
    const probes = samples.filter(inWindow);
    const maxOf = (values: number[]) => values.reduce((max, value) => Math.max(max, value), 0);
    const puts = probes.map((sample) => sample.probe.requests.PUT).filter((put) => put !== undefined);
    windows.push({
      from: from / 1000,
      saves: saves.length / SERIES_SECONDS,
      submits: submits.length / SERIES_SECONDS,
      save: { p50: percentile(saves, 50), p95: percentile(saves, 95), max: percentile(saves, 100) },
      submitP50: percentile(submits, 50),
      // The worst second's p95 within the window (the probe answers per second).
      serverPut: { p95: maxOf(puts.map((put) => put.p95)), max: maxOf(puts.map((put) => put.max)) },
      serverLoopMaxMs: maxOf(probes.map((sample) => sample.probe.loop.maxMs)),
      gcMs: probes.reduce((sum, sample) => sum + sample.probe.gc.ms, 0),
      gcMaxMs: maxOf(probes.map((sample) => sample.probe.gc.maxMs)),
      majorGcs: probes.reduce((sum, sample) => sum + sample.probe.gc.major, 0),
      poolWaitMaxMs: maxOf(probes.map((sample) => sample.probe.pool.transactionMaxMs)),
      statementPoolWaitMaxMs: maxOf(probes.map((sample) => sample.probe.pool.statementMaxMs)),
      clientLoopMaxMs: maxOf(probes.map((sample) => sample.clientLoopMaxMs)),
    });
  }
  return windows;
}

function printSeries(series: Window[]) {
  console.log(
    `\nthe save phase every ${SERIES_SECONDS} s — client: calls/s and save latency; server (its probe): PUT time from ` +
      "'request' to 'finish' (worst second), event-loop delay, GC pauses (total, longest, major ones), longest pool " +
      'wait of a transaction and of a single statement (a save); client: its own event-loop delay (it inflates the client latencies by up to as much)',
  );
  const head = [
    ['s', 5],
    ['saves/s', 8],
    ['subm/s', 7],
    ['p50', 7],
    ['p95', 7],
    ['max', 7],
    ['srv p95', 8],
    ['srv max', 8],
    ['loop', 6],
    ['gc ms', 7],
    ['gc max', 7],
    ['major', 6],
    ['pool tx', 8],
    ['pool st', 8],
    ['c.loop', 7],
  ] as const;
  console.log(head.map(([label, width]) => pad(label, width)).join(''));
  for (const w of series) {
    const cells = [
      w.from,
      w.saves.toFixed(0),
      w.submits.toFixed(0),
      w.save.p50.toFixed(0),
      w.save.p95.toFixed(0),
      w.save.max.toFixed(0),
      w.serverPut.p95.toFixed(0),
      w.serverPut.max.toFixed(0),
      w.serverLoopMaxMs.toFixed(0),
      w.gcMs.toFixed(0),
      w.gcMaxMs.toFixed(0),
      w.majorGcs,
      w.poolWaitMaxMs.toFixed(0),
      w.statementPoolWaitMaxMs.toFixed(0),
      w.clientLoopMaxMs.toFixed(0),
    ];
    console.log(cells.map((cell, i) => pad(cell, head[i]?.[1] ?? 7)).join(''));
  }
}

await runBench('kampus-bench-exam-', async (run) => {
  // 1. The data.
  const database = await prepareDatabase(run, async (tx) => {
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
    const [company] = await rows<{ id: number }>(sql`select id from companies where slug = 'demo'`);
    if (!company) throw new Error('the demo seed has no demo company');
    const questionIds: number[] = [];
    for (let n = 1; n <= QUESTIONS; n++) {
      const body = {
        type: 'single',
        text: `<p>Bench question ${n}?</p>`,
        explanation: null,
        options: [
          { key: `b${n}a`, text: 'A' },
          { key: `b${n}b`, text: 'B' },
          { key: `b${n}c`, text: 'C' },
          { key: `b${n}d`, text: 'D' },
        ],
        correct: `b${n}a`,
      };
      const [question] = await rows<{ id: number }>(sql`insert into questions (company_id, type, title, language)
        values (${company.id}, 'single', ${`Bench question ${n}?`}, 'en') returning id`);
      const [version] = await rows<{ id: number }>(sql`insert into question_versions
        (company_id, question_id, version, body, points) values (${company.id}, ${question?.id}, 1,
        ${JSON.stringify(body)}::jsonb, 1) returning id`);
      await tx.execute(sql`update questions set current_version_id = ${version?.id} where id = ${question?.id}`);
      questionIds.push(question?.id as number);
    }
    const [exam] = await rows<{ id: number }>(sql`insert into exams (company_id, title, language, time_limit_minutes,
        attempts_allowed, shuffle_options) values (${company.id}, 'Bench exam', 'en', 120, 1, true) returning id`);
    await tx.execute(sql`insert into exam_questions (company_id, exam_id, question_id, position)
      select ${company.id}, ${exam?.id}, q, row_number() over () from unnest(${`{${questionIds.join(',')}}`}::int[]) q`);
    await tx.execute(sql`
      with made as (
        insert into users (company_id, name, surname, email, language)
        select ${company.id}, 'Bench', 'Learner ' || n, 'bench-exam-' || n || '@demo.test', 'en'
        from generate_series(1, ${LEARNERS}) n
        returning id)
      insert into role_user (company_id, user_id, role_id) select ${company.id}, id, ${ROLE.user} from made`);
    const learners = (
      await rows<{ id: number }>(sql`select id from users where email like 'bench-exam-%' order by id`)
    ).map((row) => row.id);
    const [assignment] = await rows<{ id: number }>(sql`insert into assignments (company_id, name, start_date,
        end_date, target_kind, published_at) values (${company.id}, 'Bench exam', current_date, current_date + 30,
        'users', now()) returning id`);
    await tx.execute(sql`insert into assignment_items (company_id, assignment_id, type, ref_id, position)
      values (${company.id}, ${assignment?.id}, 'exam', ${exam?.id}, 1)`);
    await tx.execute(sql`insert into assignment_users (company_id, assignment_id, user_id)
      select ${company.id}, ${assignment?.id}, u from unnest(${`{${learners.join(',')}}`}::int[]) u`);
    return { examId: exam?.id as number, learners };
  });
  const { examId, learners } = database.extra;

  // 2. The server.
  const jwtSecret = newJwtSecret();
  const kampus = await startKampus(run, database, jwtSecret);
  console.log('Starting Kampus (npm run start -w @kampus/api)…');
  await kampus.ready();
  const origin = kampus.target.origin;
  await backgroundSettled(database.databaseUrl);

  // Tokens: the demo learner's claims, each learner in a session of their own.
  const signIn = await send(`${origin}/api/token`, {
    method: 'POST',
    headers: { host: HOST },
    body: JSON.stringify({ grant_type: 'password', username: LEARNER, password: DEMO_PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${signIn.body}`);
  const claims = JSON.parse(
    Buffer.from((JSON.parse(signIn.body).access_token as string).split('.')[1] as string, 'base64url').toString(),
  ) as AccessClaims;
  const signer = createTokenSigner(jwtSecret, 7200);
  const headersOf = await Promise.all(
    learners.map(async (id) => ({
      host: HOST,
      authorization: `Bearer ${await signer.sign({ ...claims, sub: String(id), sid: randomUUID() })}`,
    })),
  );

  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const timings = { start: [] as number[], save: [] as number[], submit: [] as number[] };
  const errors = { start: 0, save: 0, submit: 0 };
  const errorSamples: string[] = [];
  const acked = new Map<string, { seq: number; key: string }>();
  // The time series of the save phase: every answered call's end (ms since the phase began) and latency.
  let seriesOrigin: number | null = null;
  const ends: { kind: keyof typeof timings; at: number; ms: number }[] = [];
  const timed = async (kind: keyof typeof timings, url: string, call: Parameters<typeof send>[1]) => {
    const began = performance.now();
    const answer = await send(url, call, agent).catch((error: Error) => ({ status: 0, body: error.message }));
    const ended = performance.now();
    timings[kind].push(ended - began);
    if (seriesOrigin !== null) ends.push({ kind, at: ended - seriesOrigin, ms: ended - began });
    if (answer.status >= 300 || answer.status === 0) {
      errors[kind]++;
      if (errorSamples.length < 5) errorSamples.push(`${kind} ${answer.status} ${answer.body.slice(0, 200)}`);
      return null;
    }
    return JSON.parse(answer.body) as { data: unknown };
  };

  // 3. Everyone starts, in waves.
  console.log(`${LEARNERS} learners start a ${QUESTIONS}-question exam…`);
  const attempts: { attemptId: number; holder: string; keys: string[][]; headers: Record<string, string> }[] = [];
  const began = performance.now();
  for (let from = 0; from < learners.length; from += WAVE) {
    const wave = await Promise.all(
      headersOf.slice(from, from + WAVE).map(async (headers) => {
        const holder = `bench-${randomUUID().slice(0, 8)}`;
        const started = (await timed('start', `${origin}/api/my/exams/${examId}/attempts`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ holder }),
        })) as { data: { id: number; questions: { question: { options: { key: string }[] } }[] } } | null;
        return started
          ? {
              attemptId: started.data.id,
              holder,
              headers,
              keys: started.data.questions.map((q) => q.question.options.map((o) => o.key)),
            }
          : null;
      }),
    );
    for (const attempt of wave) if (attempt) attempts.push(attempt);
  }
  const startSeconds = (performance.now() - began) / 1000;

  console.log(`Saving an answer every ~${INTERVAL_MS} ms each…`);
  // What the saves and submits cost, however busy the machine is: CPU of the server, of its database connections
  // (PostgreSQL on this machine) and of this client, and the server's statements, per request.
  const costs = await costsOf(kampus.target, database.databaseUrl);
  // Every second: the server's probe (event-loop delay, GC pauses, pool waits, its own request times) and this
  // client's event-loop delay, which inflates the latencies it measures by up to as much.
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  const samples: { at: number; clientLoopMaxMs: number; probe: ProbeInterval }[] = [];
  await kampus.interval();
  clientLoop.enable();
  const savesBegan = performance.now();
  seriesOrigin = savesBegan;
  const sampling = setInterval(() => {
    const clientLoopMaxMs = clientLoop.max / 1e6;
    clientLoop.reset();
    void kampus
      .interval()
      .then((probe) => samples.push({ at: performance.now() - savesBegan, clientLoopMaxMs, probe }))
      .catch(() => undefined);
  }, 1000);
  await Promise.all(
    attempts.map(async (attempt) => {
      const { headers } = attempt;
      await sleep(Math.random() * INTERVAL_MS);
      for (let position = 1; position <= attempt.keys.length; position++) {
        const options = attempt.keys[position - 1] as string[];
        // A learner changes their mind now and then: the same question saved again with a higher seq.
        const tries = Math.random() < 0.1 ? 2 : 1;
        for (let seq = 1; seq <= tries; seq++) {
          const key = options[Math.floor(Math.random() * options.length)] as string;
          const saved = await timed('save', `${origin}/api/my/attempts/${attempt.attemptId}/answers/${position}`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ answer: { type: 'single', key }, seq, holder: attempt.holder }),
          });
          if (saved) acked.set(`${attempt.attemptId}:${position}`, { seq, key });
          await sleep(INTERVAL_MS * (0.5 + Math.random()));
        }
      }
      await timed('submit', `${origin}/api/my/attempts/${attempt.attemptId}/submit`, { method: 'POST', headers });
    }),
  );
  const saveSeconds = (performance.now() - savesBegan) / 1000;
  clearInterval(sampling);
  clientLoop.disable();
  const series = seriesOf(ends, samples, saveSeconds);
  const perRequest = await costs.per(timings.save.length + timings.submit.length);
  agent.destroy();

  // 4. Every acknowledged answer must be what the server holds: each attempt's result lists its stored answers.
  console.log('Checking every acknowledged answer against the stored attempts…');
  let lost = 0;
  const checkAgent = new Agent({ keepAlive: true, maxSockets: 50 });
  for (let from = 0; from < attempts.length; from += WAVE) {
    await Promise.all(
      attempts.slice(from, from + WAVE).map(async (attempt) => {
        const { headers } = attempt;
        // A submitted attempt answers its result; one whose submit failed (a 503 under load) is still running, and
        // its stored answers are read from the attempt itself.
        let answer = await send(`${origin}/api/my/attempts/${attempt.attemptId}/result`, { headers }, checkAgent);
        if (answer.status === 409)
          answer = await send(`${origin}/api/my/attempts/${attempt.attemptId}`, { headers }, checkAgent);
        const stored = new Map<number, string | undefined>();
        if (answer.status === 200) {
          const result = JSON.parse(answer.body) as {
            data: { questions: { position: number; answer: { key?: string } | null }[] };
          };
          for (const q of result.data.questions) stored.set(q.position, q.answer?.key);
        }
        for (let position = 1; position <= attempt.keys.length; position++) {
          const given = acked.get(`${attempt.attemptId}:${position}`);
          if (given && stored.get(position) !== given.key) lost++;
        }
      }),
    );
  }
  checkAgent.destroy();

  const figures = Object.fromEntries(
    (Object.keys(timings) as (keyof typeof timings)[]).map((kind) => {
      const sorted = [...timings[kind]].sort((a, b) => a - b);
      return [
        kind,
        {
          count: sorted.length,
          errors: errors[kind],
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
        },
      ];
    }),
  );
  console.log(
    `\n${machine()}, ${databaseKind}: ${LEARNERS} learners, ${QUESTIONS} questions, ~${INTERVAL_MS} ms apart`,
  );
  console.log(`starts took ${startSeconds.toFixed(1)} s; saves and submits ${saveSeconds.toFixed(1)} s`);
  console.log(
    `${'call'.padEnd(8)}${pad('count', 8)}${pad('errors', 8)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}`,
  );
  for (const [kind, f] of Object.entries(figures)) {
    console.log(
      `${kind.padEnd(8)}${pad(f.count, 8)}${pad(f.errors, 8)}${pad(f.p50.toFixed(1), 9)}${pad(f.p95.toFixed(1), 9)}${pad(f.p99.toFixed(1), 9)}`,
    );
  }
  console.log(
    `saves and submits: ${((timings.save.length + timings.submit.length) / saveSeconds).toFixed(0)}/s; per request: ` +
      `${perRequest.statements.toFixed(2)} statements, CPU ms: server ${perRequest.serverCpuMs.toFixed(2)}, ` +
      `database ${perRequest.databaseCpuMs === null ? 'n/a' : perRequest.databaseCpuMs.toFixed(2)}, ` +
      `bench client ${perRequest.clientCpuMs.toFixed(2)}`,
  );
  console.log(`acknowledged answers: ${acked.size}, lost: ${lost}`);
  printSeries(series);
  if (errorSamples.length > 0) console.log(`first errors:\n  ${errorSamples.join('\n  ')}`);
  console.log(
    `results: ${writeResults(`exam-${databaseKind}`, {
      learners: LEARNERS,
      questions: QUESTIONS,
      figures,
      lost,
      perRequest,
      series,
    })}`,
  );
});
