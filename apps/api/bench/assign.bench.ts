/**
 * npm run bench:assign — publishing an assignment of an education (three parts) to a whole company of 10,000 people:
 * the publish request's time, the time until the publish job has written every assignment_users row, enrolment and
 * notification and queued the mail jobs, the time until every mail is sent (the outbox), and the peak RSS of the
 * server. Figures only; nothing here passes or fails. Target on PostgreSQL: ≤10 s, ≤200 MB RSS, request ≤200 ms.
 *
 * Embedded PGlite first, in this process (PGlite lives inside the server, so the RSS is this process's, under tsx);
 * then, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server, a new database there (dropped at the
 * end) served by the Kampus server as `npm start` runs it — built, `node dist/main.js`, a process of its own whose
 * RSS is sampled from /proc. BENCH_USERS changes the size; BENCH_ONLY=pglite or postgres runs one.
 * Run it under `flock /tmp/kampus-bench.lock` on a shared machine.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../src/db/client.js';
import { openDatabase } from '../src/db/client.js';
import { asSystem, inTenant } from '../src/db/scope.js';
import { syncAccessCatalog } from '../src/modules/identity/auth/catalog.js';
import { factories } from '../test/factories.js';
import { createServerDatabase } from '../test/server-database.js';
import { openBenchApp } from './database.js';
import { newJwtSecret, runBench, send, startKampus } from './harness.js';

const PEOPLE = Number(process.env.BENCH_USERS ?? 10_000);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Fresh statistics, as autovacuum would gather them (on PostgreSQL as the tables' owner: a connection of its own). */
async function analyze(db: Db, ownerUrl: string | undefined): Promise<void> {
  if (!ownerUrl) {
    await asSystem(db, (tx) => tx.execute(sql`analyze`));
    return;
  }
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  await owner.query('analyze').finally(() => owner.end());
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Samples a resident set size every 50 ms; `peak` is the largest seen. */
function rssSampler(read: () => number) {
  let peak = read();
  const timer = setInterval(() => {
    peak = Math.max(peak, read());
  }, 50);
  return { peak: () => Math.max(peak, read()), stop: () => clearInterval(timer) };
}

async function waitFor(check: () => Promise<boolean>, label: string, timeoutMs = 600_000) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Api {
  /** POST as the company's admin; answers the body's `data`. */
  post(url: string, payload: unknown, expected: number): Promise<Record<string, unknown> & { id: number }>;
  /** The server's resident set size now, in bytes. */
  rss(): number;
  db: Db;
}

/** The company of PEOPLE people (and its admin) the assignment goes to; one set-based statement for the people. */
async function seedCompany(db: Db, ownerUrl?: string) {
  const make = factories(db);
  const company = await make.createCompany({ slug: `bench-${randomBytes(3).toString('hex')}` });
  const admin = await make.createAdmin(company);
  // One in seven English, one in ten without a mail address.
  await inTenant(db, company.id, (tx) =>
    tx.execute(sql`
      insert into users (company_id, name, surname, email, language, status)
      select ${company.id}, 'Kişi', 'No ' || n, case when n % 10 = 3 then null else 'person' || n || '@bench.example' end,
        case when n % 7 = 0 then 'en' else 'tr' end, 1
      from generate_series(1, ${PEOPLE}) n`),
  );
  await analyze(db, ownerUrl);
  return { companyId: company.id, host: `${company.slug}.localhost`, adminEmail: admin.email as string };
}

/** Publishes an assignment of a three-part education to the whole company and prints the figures. */
async function publishAndMeasure(label: string, kind: string, companyId: number, api: Api) {
  const { db, post } = api;
  const parts: number[] = [];
  for (const n of [1, 2, 3]) {
    const content = await post(
      '/api/admin/contents',
      { type: 'link', title: `Bölüm ${n}`, language: 'tr', external_url: `https://example.com/${randomUUID()}` },
      201,
    );
    parts.push(content.id);
  }
  const education = await post(
    '/api/admin/educations',
    {
      title: 'Bilgi Güvenliği Farkındalığı',
      language: 'tr',
      parts: parts.map((ref_id) => ({ type: 'content', ref_id })),
    },
    201,
  );
  const today = new Date().toISOString().slice(0, 10);
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const assignment = await post(
    '/api/admin/assignments',
    {
      name: 'Bilgi Güvenliği 2026',
      start_date: today,
      end_date: end,
      mandatory: true,
      duration_minutes: 20,
      reminders: { days_before: [7, 1], on_overdue: true },
      items: [{ type: 'education', ref_id: education.id }],
      target: { kind: 'company' },
    },
    201,
  );

  const rss = rssSampler(api.rss);
  const baseline = api.rss();
  const started = performance.now();
  const published = await post(`/api/admin/assignments/${assignment.id}/publish`, {}, 202);
  const requestMs = performance.now() - started;
  const jobId = published.job_id as number;

  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: number }>(await asSystem(db, (tx) => tx.execute(query)))[0]?.n ?? 0);
  await waitFor(
    async () => (await count(sql`select count(*)::int as n from jobs where id = ${jobId} and state = 'done'`)) === 1,
    'the publish job',
  );
  const deliveredMs = performance.now() - started;
  const deliveredPeak = rss.peak();
  await waitFor(
    async () =>
      (await count(sql`select count(*)::int as n from assignment_users
        where assignment_id = ${assignment.id} and notified_at is null`)) === 0,
    'the mail jobs',
  );
  const mailedMs = performance.now() - started;
  const peak = rss.peak();
  rss.stop();
  const figures = {
    people: await count(sql`select count(*)::int as n from assignment_users where assignment_id = ${assignment.id}`),
    enrolments: await count(
      sql`select count(*)::int as n from education_enrolments where education_id = ${education.id}`,
    ),
    access: await count(sql`select count(*)::int as n from content_enrolments where company_id = ${companyId}`),
    notified: await count(sql`select count(*)::int as n from notification_recipients where company_id = ${companyId}`),
    mailJobs: await count(sql`select count(*)::int as n from jobs where name = 'assignment.notify'
      and (payload->>'assignmentId')::int = ${assignment.id}`),
    mailed: await count(sql`select count(*)::int as n from assignment_users
      where assignment_id = ${assignment.id} and notified_at is not null`),
  };

  console.log(
    `\n${label}: publishing an assignment to ${PEOPLE.toLocaleString('en')} people — ${kind}, Node ${process.version}`,
  );
  console.log(`publish request                          ${requestMs.toFixed(0).padStart(7)} ms`);
  console.log(`rows, enrolments, notifications, mail jobs queued ${(deliveredMs / 1000).toFixed(2).padStart(6)} s`);
  console.log(`every mail sent                          ${(mailedMs / 1000).toFixed(2).padStart(7)} s`);
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `peak RSS of the server                   ${mb(peak).padStart(10)} (${mb(baseline)} before publishing, ${mb(deliveredPeak)} until queued)`,
  );
  console.log(
    `written: ${figures.people} assignment users, ${figures.enrolments} education enrolments, ${figures.access} content enrolments, ${figures.notified} notification rows, ${figures.mailJobs} mail jobs, ${figures.mailed} notified`,
  );
}

/** PGlite lives inside the server's process: the app runs here (under tsx), its RSS is this process's. */
async function benchEmbedded() {
  const { app, database, close } = await openBenchApp();
  try {
    const { companyId, host, adminEmail } = await seedCompany(database.db);
    const login = await app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { host },
      payload: { grant_type: 'password', username: adminEmail, password: 'Correct-Horse-42' },
    });
    const headers = { host, authorization: `Bearer ${login.json().access_token}` };
    await publishAndMeasure('PGlite', 'embedded, in this process under tsx', companyId, {
      db: database.db,
      rss: () => process.memoryUsage().rss,
      post: async (url, payload, expected) => {
        const response = await app.inject({ method: 'POST', url, headers, payload: payload as object });
        if (response.statusCode !== expected)
          throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
        return response.json().data;
      },
    });
  } finally {
    await close();
  }
}

/** The resident set size of the Kampus node process in a child's process group (npm → node dist/main.js). */
function serverRss(groupId: number): () => number {
  let pid: number | undefined;
  const find = () =>
    readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number)
      .find((candidate) => {
        try {
          const stat = readFileSync(`/proc/${candidate}/stat`, 'utf8');
          const group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
          // node itself, not the shell npm runs it with (`sh -c "… && node … dist/main.js"`).
          const argv = readFileSync(`/proc/${candidate}/cmdline`, 'utf8').split('\0');
          return group === groupId && /(^|\/)node$/.test(argv[0] ?? '') && argv.includes('dist/main.js');
        } catch {
          return false;
        }
      });
  return () => {
    pid ??= find();
    if (pid === undefined) throw new Error('the Kampus server process was not found');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  };
}

/** On PostgreSQL the server runs as `npm start` runs it (built, `node dist/main.js`) and its own RSS is measured. */
async function benchServer(serverUrl: string) {
  await runBench('kampus-bench-assign-', async (run) => {
    const created = await createServerDatabase(serverUrl, 'kampus_bench');
    run.onCleanUp(() => created.drop());
    const database = await openDatabase({ url: created.url, poolMax: 4 });
    try {
      await syncAccessCatalog(database.db);
      const { companyId, host, adminEmail } = await seedCompany(database.db, created.url);
      const kampusDataDir = path.join(run.work, 'kampus');
      console.log('\nBuilding and starting the server…');
      const kampus = await startKampus(run, { databaseUrl: created.url, kampusDataDir }, newJwtSecret());
      await kampus.ready();
      const origin = kampus.target.origin;
      const call = async (url: string, payload: unknown, token?: string) =>
        send(`${origin}${url}`, {
          method: 'POST',
          headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(payload),
        });
      const login = await call('/api/token', {
        grant_type: 'password',
        username: adminEmail,
        password: 'Correct-Horse-42',
      });
      const token = JSON.parse(login.body).access_token as string;
      await publishAndMeasure('PostgreSQL', 'the server as npm start runs it', companyId, {
        db: database.db,
        rss: serverRss(kampus.child.pid),
        post: async (url, payload, expected) => {
          const response = await call(url, payload, token);
          if (response.status !== expected) throw new Error(`${url} answered ${response.status}: ${response.body}`);
          return JSON.parse(response.body).data;
        },
      });
    } finally {
      await database.close();
    }
  });
}

// The embedded database first (BENCH_DATABASE_URL unset for it), then the server when one is named; BENCH_ONLY=pglite
// or postgres runs one of them.
const serverUrl = SERVER_URL;
const only = process.env.BENCH_ONLY;
delete process.env.BENCH_DATABASE_URL;
if (only !== 'postgres') await benchEmbedded();
if (serverUrl && only !== 'pglite') await benchServer(serverUrl);
else {
  console.log('\n(no BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL not measured)');
}
