/**
 * npm run bench:api — throughput and latency of two Kampus routes next to a bare Fastify server running the same
 * service call (the same SQL on the same database) without Kampus' pipeline: host resolution, access tokens, route
 * guards, validation and response serialization. Figures only; nothing here passes or fails.
 *
 * Embedded PGlite by default; BENCH_DATABASE_URL=postgres://user@host/db runs it in a new database on that server.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { syncAccessCatalog } from '../src/modules/identity/auth/catalog.js';
import { factories } from '../test/factories.js';
import { openBenchDatabase } from './database.js';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Figures {
  label: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** Runs autocannon against one URL, keeping every response time so the percentiles are exact. */
async function measure(label: string, url: string, headers: Record<string, string>): Promise<Figures> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
      times.push(responseTime),
    );
  });
  times.sort((a, b) => a - b);
  const percentile = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
  return {
    label,
    requests: result.requests.average,
    p50: percentile(50),
    p95: percentile(95),
    p99: percentile(99),
    errors: result.errors + result.non2xx,
  };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'kampus-bench-'));
const config = {
  ...readConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
  JWT_SECRET: randomBytes(32).toString('hex'),
};
const database = await openBenchDatabase();
const { app, services } = await buildApp(config, database);
await syncAccessCatalog(database.db);
const make = factories(database.db);
const company = await make.createCompany({
  slug: `bench-${randomBytes(3).toString('hex')}`,
  settings: { theme_settings: { primaryColor: '#3F51B5' }, hide_online_users: false },
});
for (let i = 0; i < 25; i++) await make.createCompany({ parentId: company.id });
const superAdmin = await make.createSuperAdmin(company);
const host = `${company.slug}.localhost`;
const login = await app.inject({
  method: 'POST',
  url: '/api/token',
  headers: { host },
  payload: { grant_type: 'password', username: superAdmin.email, password: 'Correct-Horse-42' },
});
const token = login.json().access_token as string;
const kampusUrl = await app.listen({ host: '127.0.0.1', port: 0 });

const bare = Fastify({ logger: false });
bare.get('/self', () => services.companies.self(company));
bare.get('/companies', () => services.companies.list({ page: 1, per_page: 20 }));
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

console.log(
  `Kampus API benchmark — ${database.kind}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per route, Node ${process.version}\n`,
);
const rows: [Figures, Figures][] = [];
rows.push([
  await measure('GET /api/company/self', `${kampusUrl}/api/company/self`, { host }),
  await measure('bare: same service call', `${bareUrl}/self`, {}),
]);
rows.push([
  await measure('GET /api/company?per_page=20 (super admin)', `${kampusUrl}/api/company?per_page=20`, {
    host,
    authorization: `Bearer ${token}`,
  }),
  await measure('bare: same service call', `${bareUrl}/companies`, {}),
]);

const pad = (value: string | number, width: number) => String(value).padStart(width);
console.log(
  `${'route'.padEnd(44)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}${pad('errors', 8)}`,
);
for (const pair of rows) {
  for (const f of pair) {
    console.log(
      `${f.label.padEnd(44)}${pad(f.requests.toFixed(0), 9)}${pad(f.p50.toFixed(1), 9)}${pad(f.p95.toFixed(1), 9)}${pad(f.p99.toFixed(1), 9)}${pad(f.errors, 8)}`,
    );
  }
  const [kampus, baseline] = pair;
  console.log(
    `${'  → Kampus / bare throughput'.padEnd(44)}${pad((kampus.requests / baseline.requests).toFixed(2), 9)}\n`,
  );
}

await bare.close();
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
