/**
 * npm run bench:leaderboard — how GET api/leaderboard answers for a company of 50,000 people with 5,000,000 ledger
 * rows (issue 17): each period's first page, a deep page, a group of 2,000, and a viewer in the middle of the table,
 * through the whole Kampus pipeline (app.inject), p50 and p95 of each. Target: p95 ≤ 50 ms on PostgreSQL. Figures only;
 * nothing here passes or fails.
 *
 * PostgreSQL only (BENCH_DATABASE_URL or TEST_DATABASE_URL: a new database there, dropped at the end); BENCH_ONLY=pglite
 * runs the embedded database instead (slow to fill). The rows are made set-based (generate_series), as a year of awards
 * would leave them: BENCH_USERS, BENCH_LEDGER and BENCH_RUNS change the sizes. BENCH_KEEP=1 keeps the database and
 * prints its URL; BENCH_REUSE_URL=<that URL> measures it again without seeding (minutes saved at 5 million rows).
 * Run it under `flock /tmp/kampus-bench.lock` on a shared machine.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../src/db/client.js';
import { APP_ROLE } from '../src/db/schema/rls.js';
import { asSystem, inTenant } from '../src/db/scope.js';
import { totalsFromLedger } from '../src/db/seed/points.js';
import { ensurePointRules } from '../src/modules/engagement/points/rules.js';
import type { Factories } from '../test/factories.js';
import { openBenchApp } from './database.js';

const PEOPLE = Number(process.env.BENCH_USERS ?? 50_000);
const LEDGER = Number(process.env.BENCH_LEDGER ?? 5_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const KINDS = ['sign_in', 'content_completed', 'education_completed', 'exam_passed'];

/**
 * What autovacuum does to a table after a burst of writes: fresh statistics and the visibility map (index-only scans
 * then skip the heap). Only the owner may, outside a transaction: a connection of its own (PGlite: its upkeep's way).
 */
async function vacuumAnalyze(db: Db): Promise<void> {
  await asOwner(db, 'vacuum analyze point_totals, point_total_counts, point_ledger, user_group_members');
}

/** A statement only the tables' owner may run (PGlite: its one session, for the statement back to the owner). */
async function asOwner(db: Db, statement: string): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    await db.execute(sql.raw('reset role'));
    await db.execute(sql.raw(statement)).finally(() => db.execute(sql.raw(`set role ${APP_ROLE}`)));
    return;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`))[0]?.name}`;
  const owner = new pg.Client({ connectionString: url.toString() });
  await owner.connect();
  await owner.query(statement).finally(() => owner.end());
}

/** The bench's company: 50,000 people, a year of awards in the ledger, their totals, a group and a viewer. */
async function seed(db: Db, make: Factories): Promise<Bench> {
  const company = await make.createCompany({ slug: `bench-${randomBytes(3).toString('hex')}` });
  const companyId = company.id;
  await asSystem(db, async (tx) => {
    await ensurePointRules(tx, companyId, 1);
    await tx.execute(sql`insert into users (company_id, name, surname, email)
      select ${companyId}, 'Kişi' || n, 'Soyad' || (n * 7 % 997), 'person' || n || '@bench.example'
      from generate_series(1, ${PEOPLE}::integer) as n`);
    await tx.execute(sql`insert into leaderboard_settings (company_id, season, season_started_at)
      values (${companyId}, 2, now() - interval '60 days')`);
  });
  // The ledger in chunks of a million (one statement each): a year of awards spread over the people, some far
  // keener than others, so the totals are skewed as real ones are.
  const [range] = rowsOf<{ first: number; last: number }>(
    await asSystem(db, (tx) =>
      tx.execute(sql`select min(id) as first, max(id) as last from users where company_id = ${companyId}`),
    ),
  );
  if (!range) throw new Error('no people');
  const kinds = `{${KINDS.join(',')}}`;
  for (let from = 1; from <= LEDGER; from += 1_000_000) {
    const to = Math.min(LEDGER, from + 999_999);
    await asSystem(db, (tx) =>
      tx.execute(sql`insert into point_ledger (company_id, user_id, rule_id, kind, source_key, points, season, created_at)
        select ${companyId}, u, r.id, r.kind, 'bench:' || n, r.points,
          case when at < now() - interval '60 days' then 1 else 2 end, at
        from (
          select n,
            ${range.first}::integer + (floor(power(random(), 2) * ${range.last - range.first + 1}::integer))::integer as u,
            (${kinds}::text[])[1 + n % ${KINDS.length}::integer] as kind,
            now() - make_interval(secs => random() * 365 * 86400) as at
          from generate_series(${from}::integer, ${to}::integer) as n
        ) g join point_rules r on r.company_id = ${companyId} and r.kind = g.kind`),
    );
    process.stdout.write(`ledger ${to.toLocaleString('en')} rows\r`);
  }
  // The totals in one statement, without the counting trigger (a row at a time, it took most of the seeding): the
  // counts are then made set-based, as migration 0033 made them for existing totals.
  await asOwner(db, 'alter table point_totals disable trigger point_totals_count');
  await asSystem(db, (tx) => tx.execute(totalsFromLedger(companyId)));
  await asSystem(db, (tx) =>
    tx.execute(sql`insert into point_total_counts (company_id, period, period_key, points, people)
      select company_id, period, period_key, points, count(*)::integer from point_totals
      where company_id = ${companyId} and points > 0 group by 1, 2, 3, 4`),
  );
  await asOwner(db, 'alter table point_totals enable trigger point_totals_count');
  // A group of 2,000 people, and a viewer ranked around the middle of the all-time table.
  const group = await make.createUserGroup(company);
  await asSystem(db, (tx) =>
    tx.execute(sql`insert into user_group_members (company_id, group_id, user_id)
      select ${companyId}, ${group.id}, id from users where company_id = ${companyId} order by id limit 2000`),
  );
  const viewer = await make.createUser(company);
  await inTenant(db, companyId, async (tx) => {
    await tx.execute(sql`insert into user_group_members (company_id, group_id, user_id)
      values (${companyId}, ${group.id}, ${viewer.id})`);
    await tx.execute(sql`insert into point_totals (company_id, period, period_key, user_id, points)
      select ${companyId}, period, period_key, ${viewer.id},
        (percentile_disc(0.5) within group (order by points))::integer
      from point_totals where company_id = ${companyId} group by period, period_key`);
  });
  await vacuumAnalyze(db);
  return { company, groupId: group.id, viewerEmail: viewer.email ?? '' };
}

/** The company a kept bench database holds (BENCH_REUSE_URL): its group and the viewer made beside the people. */
async function found(db: Db): Promise<Bench> {
  const [row] = rowsOf<{ id: number; slug: string; group_id: number; email: string }>(
    await asSystem(db, (tx) =>
      tx.execute(sql`select c.id, c.slug, g.id as group_id, u.email from companies c
        join user_groups g on g.company_id = c.id
        join users u on u.company_id = c.id and u.email not like '%@bench.example'
        where c.slug like 'bench-%' order by c.id desc limit 1`),
    ),
  );
  if (!row) throw new Error('BENCH_REUSE_URL holds no bench company');
  return { company: { id: row.id, slug: row.slug }, groupId: row.group_id, viewerEmail: row.email };
}

interface Bench {
  company: { id: number; slug: string };
  groupId: number;
  viewerEmail: string;
}

async function benchOn(label: string) {
  const { app, database, make, close } = await openBenchApp();
  try {
    const db = database.db;
    const seeded = performance.now();
    const reused = Boolean(process.env.BENCH_REUSE_URL);
    const { company, groupId, viewerEmail } = reused ? await found(db) : await seed(db, make);
    const companyId = company.id;
    const [counts] = rowsOf<{ ledger: number; totals: number }>(
      await asSystem(db, (tx) =>
        tx.execute(sql`select (select count(*) from point_ledger where company_id = ${companyId})::integer as ledger,
          (select count(*) from point_totals where company_id = ${companyId})::integer as totals`),
      ),
    );
    const seedSeconds = (performance.now() - seeded) / 1000;

    const host = `${company.slug}.localhost`;
    const login = await app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { host },
      payload: { grant_type: 'password', username: viewerEmail, password: 'Correct-Horse-42' },
    });
    const token = login.json().access_token as string;

    async function time(query: Record<string, string>) {
      const url = `/api/leaderboard?${new URLSearchParams(query)}`;
      const headers = { host, authorization: `Bearer ${token}` };
      const durations: number[] = [];
      let found = '';
      for (let run = 0; run <= RUNS; run++) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
        if (run === 0) {
          const body = response.json();
          found = `${body.meta.total} ranked, me #${body.data.me?.rank ?? '–'}`;
        } else durations.push(elapsed);
      }
      durations.sort((a, b) => a - b);
      const at = (share: number) => durations[Math.min(durations.length - 1, Math.ceil(durations.length * share) - 1)];
      return { p50: at(0.5) ?? 0, p95: at(0.95) ?? 0, found };
    }

    const cases: [string, Record<string, string>][] = [
      ['this week, page 1', { period: 'week' }],
      ['this month, page 1', { period: 'month' }],
      ['this season, page 1', { period: 'season' }],
      ['all time, page 1', { period: 'all' }],
      ['all time, page 1000', { period: 'all', page: '1000' }],
      ['all time, 100 a page', { period: 'all', per_page: '100' }],
      ['group of 2,000, all time', { period: 'all', scope: 'group', group_id: String(groupId) }],
    ];
    console.log(
      `\n${label}: GET api/leaderboard on ${PEOPLE.toLocaleString('en')} people, ${counts?.ledger.toLocaleString('en')} ledger rows (${counts?.totals.toLocaleString('en')} running totals) — ${database.kind}, ${RUNS} runs each after a warm-up, Node ${process.version}`,
    );
    console.log(reused ? 'reused a kept bench database\n' : `seeding took ${seedSeconds.toFixed(1)} s\n`);
    const pad = (value: string | number, width: number) => String(value).padStart(width);
    console.log(`${'query'.padEnd(30)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}   found`);
    for (const [name, query] of cases) {
      const figures = await time(query);
      console.log(
        `${name.padEnd(30)}${pad(figures.p50.toFixed(1), 9)}${pad(figures.p95.toFixed(1), 9)}   ${figures.found}`,
      );
    }
  } finally {
    await close();
  }
}

const only = process.env.BENCH_ONLY;
delete process.env.BENCH_DATABASE_URL;
if (only === 'pglite') await benchOn('PGlite');
else if (SERVER_URL) {
  process.env.BENCH_DATABASE_URL = SERVER_URL;
  await benchOn('PostgreSQL');
} else {
  console.log(
    'bench:leaderboard measures PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL), or BENCH_ONLY=pglite',
  );
}
