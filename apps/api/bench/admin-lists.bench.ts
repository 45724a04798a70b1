/**
 * npm run bench:admin-lists — how the admin users list answers on a company of 10,000 people: paging, each sort,
 * search, a filter, the last page and the full export, through the whole Kampus pipeline (app.inject). Figures only;
 * nothing here passes or fails.
 *
 * Embedded PGlite by default; BENCH_DATABASE_URL=postgres://user@host/db runs it in a new database on that server.
 * BENCH_USERS changes the company's size.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { users } from '../src/db/schema/index.js';
import { inTenant } from '../src/db/scope.js';
import { openBenchApp } from './database.js';

const PEOPLE = Number(process.env.BENCH_USERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const NAMES = ['Ayşe', 'Mehmet', 'Zeynep', 'İsmail', 'Şule', 'Ömer', 'Leyla', 'Rəşad', 'Jonas', 'Emma', 'Can', 'Elif'];
const SURNAMES = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Əliyev', 'Müller', 'Schmidt', 'Öztürk', 'Aydın'];
const DEPARTMENTS = ['Sales', 'Finance', 'IT', 'Operations', 'HR', 'Marketing'];

const { app, database, make, close } = await openBenchApp();
const company = await make.createCompany({ slug: `bench-${randomBytes(3).toString('hex')}` });
const admin = await make.createAdmin(company);

const seeded = performance.now();
await inTenant(database.db, company.id, async (tx) => {
  for (let start = 0; start < PEOPLE; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, PEOPLE - start) }, (_, offset) => {
      const n = start + offset;
      return {
        companyId: company.id,
        name: NAMES[n % NAMES.length] as string,
        surname: SURNAMES[(n * 7) % SURNAMES.length] as string,
        email: `person${n}@bench.example`,
        registrationNumber: `R${String(n).padStart(6, '0')}`,
        department: DEPARTMENTS[n % DEPARTMENTS.length] as string,
        status: n % 10 === 0 ? 0 : 1,
        lastLoginAt: n % 3 === 0 ? null : new Date(Date.now() - n * 60_000),
        createdAt: new Date(Date.now() - n * 3_600_000),
      };
    });
    await tx.insert(users).values(batch);
  }
});
const seedSeconds = (performance.now() - seeded) / 1000;

const host = `${company.slug}.localhost`;
const login = await app.inject({
  method: 'POST',
  url: '/api/token',
  headers: { host },
  payload: { grant_type: 'password', username: admin.email, password: 'Correct-Horse-42' },
});
const headers = { host, authorization: `Bearer ${login.json().access_token as string}` };

/** An export as the web runs it: started (202 with its job), followed until written, then downloaded. */
async function exportFile(url: string) {
  const started = await app.inject({ method: 'POST', url, headers });
  if (started.statusCode !== 202) return started;
  const jobId = started.json().data.job_id as number;
  for (;;) {
    const job = (await app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers })).json().data;
    if (job.state === 'failed') throw new Error(`export ${url} failed`);
    if (job.state === 'done') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return app.inject({ method: 'GET', url: `/api/jobs/${jobId}/download`, headers });
}

/** Runs one request RUNS times (after one warm-up) and keeps every duration. */
async function time(url: string): Promise<{ median: number; max: number; bytes: number }> {
  const durations: number[] = [];
  let bytes = 0;
  for (let run = 0; run <= RUNS; run++) {
    const started = performance.now();
    const response = url.includes('/export?')
      ? await exportFile(url)
      : await app.inject({ method: 'GET', url, headers });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    bytes = response.rawPayload.length;
    if (run > 0) durations.push(elapsed);
  }
  durations.sort((a, b) => a - b);
  return { median: durations[Math.floor(durations.length / 2)] ?? 0, max: durations.at(-1) ?? 0, bytes };
}

const lastPage = Math.ceil((PEOPLE + 1) / 20);
const cases: [string, string][] = [
  ['first page (default order)', '/api/admin/users'],
  ['sort by name', '/api/admin/users?sort=name'],
  ['sort by surname, descending', '/api/admin/users?sort=-surname'],
  ['sort by last sign-in', '/api/admin/users?sort=-last_login_at'],
  ['search "şahin"', `/api/admin/users?search=${encodeURIComponent('şahin')}`],
  ['search "person12"', '/api/admin/users?search=person12'],
  ['filter passive', '/api/admin/users?status=0'],
  [`last page (${lastPage})`, `/api/admin/users?page=${lastPage}`],
  ['100 per page', '/api/admin/users?per_page=100'],
  ['export xlsx (everyone, as a job)', '/api/admin/users/export?format=xlsx'],
  ['export csv (everyone, as a job)', '/api/admin/users/export?format=csv'],
];

console.log(
  `Admin users list on ${PEOPLE.toLocaleString('en')} people — ${database.kind}, ${RUNS} runs each after a warm-up, Node ${process.version}`,
);
console.log(`seeding took ${seedSeconds.toFixed(1)} s\n`);
const pad = (value: string | number, width: number) => String(value).padStart(width);
console.log(`${'request'.padEnd(34)}${pad('median ms', 11)}${pad('max ms', 9)}${pad('KB', 9)}`);
for (const [label, url] of cases) {
  const figures = await time(url);
  console.log(
    `${label.padEnd(34)}${pad(figures.median.toFixed(1), 11)}${pad(figures.max.toFixed(1), 9)}${pad((figures.bytes / 1024).toFixed(0), 9)}`,
  );
}

await close();
