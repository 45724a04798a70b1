/**
 * npm run bench:import — what hostile user imports cost the process and the other tenants: two at once of each kind
 * (a zip bomb of 450 MB of sheet XML, the same with a lying central directory, a 10 MB csv of one-line rows, and a
 * legal sheet of 10,000 people), while another company's admin lists users one request after the other. Prints the
 * peak RSS and the other tenant's p50/p99 against a quiet baseline. Figures only; nothing here passes or fails.
 *
 * Embedded PGlite by default; BENCH_DATABASE_URL=postgres://user@host/db runs it in a new database on that server.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { USER_IMPORT_MAX_ROWS } from '@kampus/shared';
import { TEST_PASSWORD } from '../test/factories.js';
import { hugeSheet, peopleSheet, withDeclaredSheetSize, workbookOf } from '../test/xlsx-files.js';
import { openBenchApp } from './database.js';

const MB = 1024 * 1024;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const { app, make, close } = await openBenchApp();

async function adminHeaders() {
  const company = await make.createCompany({ slug: `bench-${randomBytes(3).toString('hex')}` });
  const admin = await make.createAdmin(company);
  const host = `${company.slug}.localhost`;
  const login = await app.inject({
    method: 'POST',
    url: '/api/token',
    headers: { host },
    payload: { grant_type: 'password', username: admin.email, password: TEST_PASSWORD },
  });
  return { host, authorization: `Bearer ${login.json().access_token as string}` };
}
const importer = await adminHeaders();
const bystander = await adminHeaders();

function importRequest(data: Buffer, name: string, type: string) {
  const boundary = `bench${randomBytes(6).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  return app.inject({
    method: 'POST',
    url: '/api/admin/users/import?dry_run=true',
    headers: { ...importer, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

/** The other tenant lists users one request after the other until `until` settles; every duration is kept. */
async function bystanderDurations(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const durations: number[] = [];
  while (!done || durations.length < 20) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: '/api/admin/users?per_page=1', headers: bystander });
    if (response.statusCode !== 200) throw new Error(`the other tenant got ${response.statusCode}`);
    durations.push(performance.now() - started);
  }
  return durations;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function measure(label: string, run: () => Promise<unknown>) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  const work = run();
  const durations = await bystanderDurations(work);
  const outcome = await work;
  clearInterval(sampler);
  console.log(
    `${label.padEnd(34)} ${String(outcome).padEnd(10)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s` +
      `  peak RSS ${(peak / MB).toFixed(0).padStart(5)} MB (+${((peak - before) / MB).toFixed(0)})` +
      `  other tenant p50 ${percentile(durations, 50).toFixed(0)} ms, p99 ${percentile(durations, 99).toFixed(0)} ms (${durations.length} requests)`,
  );
}

const statuses = async (requests: Promise<{ statusCode: number }>[]) =>
  (await Promise.all(requests)).map((r) => r.statusCode).join('+');

console.log('building the files…');
const bomb = await workbookOf(hugeSheet(450 * MB));
const lying = withDeclaredSheetSize(bomb, 10 * MB);
const csv = Buffer.alloc(9.5 * MB, 'a@example.test\n');
const legal = await workbookOf(peopleSheet(USER_IMPORT_MAX_ROWS));
console.log(
  `bomb ${(bomb.length / MB).toFixed(1)} MB zipped (450 MB of sheet XML), legal ${(legal.length / MB).toFixed(1)} MB\n`,
);

await measure('quiet (no import)', () => new Promise((resolve) => setTimeout(() => resolve('-'), 2000)));
await measure('2 × zip bomb', () =>
  statuses([importRequest(bomb, 'a.xlsx', XLSX), importRequest(bomb, 'b.xlsx', XLSX)]),
);
await measure('2 × lying directory', () =>
  statuses([importRequest(lying, 'a.xlsx', XLSX), importRequest(lying, 'b.xlsx', XLSX)]),
);
await measure('2 × 10 MB csv of one-line rows', () =>
  statuses([importRequest(csv, 'a.csv', 'text/csv'), importRequest(csv, 'b.csv', 'text/csv')]),
);
await measure('1 × legal 10,000 rows (dry run)', () => statuses([importRequest(legal, 'people.xlsx', XLSX)]));

await close();
