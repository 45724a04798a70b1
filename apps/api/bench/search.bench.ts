/**
 * npm run bench:search — how GET api/search answers on one company of 10,000 educations and 50,000 people (plus
 * contents, programs and FAQ entries): typical queries (an exact word, a prefix, a typo, a Turkish capital I, names)
 * through the whole Kampus pipeline (app.inject), p50 and p95 of each. Figures only; nothing here passes or fails.
 *
 * Embedded PGlite first; then, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server, the same on
 * a new database there (dropped at the end). BENCH_EDUCATIONS, BENCH_USERS and BENCH_RUNS change the sizes;
 * BENCH_ONLY=pglite or postgres runs one database.
 * Run it under `flock /tmp/kampus-bench.lock` on a shared machine.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../src/db/client.js';
import {
  contentEnrolments,
  contents,
  educationEnrolments,
  educations,
  faqs,
  programEnrolments,
  programs,
  users,
} from '../src/db/schema/index.js';
import { asSystem, inTenant } from '../src/db/scope.js';
import { openBenchApp } from './database.js';

const EDUCATIONS = Number(process.env.BENCH_EDUCATIONS ?? 10_000);
const PEOPLE = Number(process.env.BENCH_USERS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const TOPICS: Record<'tr' | 'en' | 'de' | 'az', string[]> = {
  tr: [
    'Bilgi Güvenliği Farkındalık Eğitimi',
    'KVKK Kişisel Verilerin Korunması',
    'İş Sağlığı ve Güvenliği Temel Eğitimi',
    'Satış Teknikleri ve Müzakere',
    'Liderlik ve Takım Yönetimi',
    'İstanbul Ofisi Oryantasyonu',
    'Etkili İletişim Becerileri',
    'Müşteri Deneyimi Yönetimi',
    'Yangın Güvenliği ve Tahliye',
    'Zaman Yönetimi Atölyesi',
  ],
  en: [
    'Information Security Awareness',
    'Data Protection Essentials',
    'Occupational Health and Safety',
    'Sales Techniques and Negotiation',
    'Leadership Fundamentals',
    'Customer Experience Training',
    'Effective Communication Skills',
    'Anti-Bribery Policies',
  ],
  de: [
    'Informationssicherheit im Büro',
    'Datenschutz Grundlagen',
    'Arbeitsschutz und Sicherheit',
    'Führungskräfte Entwicklung',
    'Verkaufstechniken und Verhandlung',
  ],
  az: ['İnformasiya Təhlükəsizliyi', 'Şəxsi Məlumatların Qorunması', 'Liderlik Bacarıqları', 'Satış Texnikaları'],
};
const LEVELS = ['101', 'Başlangıç', 'İleri Seviye', 'Module 2', 'Refresher', 'Teil 3', 'Praxis', 'Vaka Çalışmaları'];
const NAMES = ['Ayşe', 'Mehmet', 'Zeynep', 'İsmail', 'Şule', 'Ömer', 'Leyla', 'Rəşad', 'Jonas', 'Emma', 'Can', 'Elif'];
const SURNAMES = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Əliyev', 'Müller', 'Schmidt', 'Öztürk', 'Aydın'];
const LANGUAGES = ['tr', 'tr', 'tr', 'en', 'en', 'de', 'az'] as const;

/** Runs in batches of 1,000 rows inside the company's tenant scope. */
async function insertInBatches<T>(
  count: number,
  row: (n: number) => T,
  run: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < count; start += 1000) {
    await run(Array.from({ length: Math.min(1000, count - start) }, (_, offset) => row(start + offset)));
  }
}

/**
 * Fresh statistics, as autovacuum (PostgreSQL) or the embedded upkeep would gather them: without them the planner
 * takes a company of 10,000 rows for a few. On PostgreSQL only the tables' owner may: a connection of its own.
 */
async function analyze(db: Db): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    await asSystem(db, (tx) => tx.execute(sql`analyze`));
    return;
  }
  const result = await db.execute(sql`select current_database() as name`);
  const url = new URL(serverUrl);
  url.pathname = `/${(result as unknown as { rows: { name: string }[] }).rows[0]?.name}`;
  const owner = new pg.Client({ connectionString: url.toString() });
  await owner.connect();
  await owner.query('analyze').finally(() => owner.end());
}

async function benchOn(label: string) {
  const { app, database, make, close } = await openBenchApp();
  try {
    const company = await make.createCompany({ slug: `bench-${randomBytes(3).toString('hex')}` });
    const admin = await make.createAdmin(company);
    const learner = await make.createUser(company);
    const db = database.db;
    const companyId = company.id;

    const seeded = performance.now();
    await inTenant(db, companyId, async (tx) => {
      await insertInBatches(
        EDUCATIONS,
        (n) => {
          const language = LANGUAGES[n % LANGUAGES.length] as keyof typeof TOPICS;
          const topics = TOPICS[language];
          return {
            companyId,
            title: `${topics[n % topics.length]} ${LEVELS[n % LEVELS.length]} ${n}`,
            subTitle: n % 2 === 0 ? 'Kurumsal eğitim programının bir parçası' : null,
            description: `<p>${topics[(n + 3) % topics.length]} — ${LEVELS[(n + 1) % LEVELS.length]}.</p>`,
            language,
            visibility: n % 10 < 7 ? ('catalogue' as const) : ('assigned' as const),
            status: n % 20 === 0 ? 0 : 1,
          };
        },
        (batch) => tx.insert(educations).values(batch),
      );
      await insertInBatches(
        PEOPLE,
        (n) => ({
          companyId,
          name: NAMES[n % NAMES.length] as string,
          surname: SURNAMES[(n * 7) % SURNAMES.length] as string,
          email: `person${n}@bench.example`,
          title: n % 3 === 0 ? 'Satış Uzmanı' : 'Analyst',
          status: n % 10 === 7 ? 0 : 1,
        }),
        (batch) => tx.insert(users).values(batch),
      );
      await insertInBatches(
        1000,
        (n) => {
          const language = LANGUAGES[n % LANGUAGES.length] as keyof typeof TOPICS;
          const topics = TOPICS[language];
          return { companyId, type: 'page' as const, title: `${topics[n % topics.length]} — ${n}`, language };
        },
        (batch) => tx.insert(contents).values(batch),
      );
      await insertInBatches(
        200,
        (n) => ({
          companyId,
          title: `${TOPICS.tr[n % TOPICS.tr.length]} Programı ${n}`,
        }),
        (batch) => tx.insert(programs).values(batch),
      );
      await insertInBatches(
        100,
        (n) => ({
          companyId,
          question: { tr: `${TOPICS.tr[n % TOPICS.tr.length]} hakkında soru ${n}?`, en: `Question ${n}?` },
          answer: { tr: '<p>Yanıt: eğitim sayfasından kayıt olabilirsiniz.</p>', en: '<p>Answer.</p>' },
        }),
        (batch) => tx.insert(faqs).values(batch),
      );
      // The learner is in some of everything: the enrolment joins run on real rows.
      const someEducations = await tx.select({ id: educations.id }).from(educations).limit(300);
      await tx
        .insert(educationEnrolments)
        .values(someEducations.map((e) => ({ companyId, educationId: e.id, userId: learner.id })));
      const someContents = await tx.select({ id: contents.id }).from(contents).limit(100);
      await tx
        .insert(contentEnrolments)
        .values(someContents.map((c) => ({ companyId, contentId: c.id, userId: learner.id })));
      const somePrograms = await tx.select({ id: programs.id }).from(programs).limit(20);
      await tx
        .insert(programEnrolments)
        .values(somePrograms.map((p) => ({ companyId, programId: p.id, userId: learner.id })));
    });
    await analyze(db);
    const seedSeconds = (performance.now() - seeded) / 1000;

    const host = `${company.slug}.localhost`;
    const tokenOf = async (email: string | null) => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/token',
        headers: { host },
        payload: { grant_type: 'password', username: email, password: 'Correct-Horse-42' },
      });
      return login.json().access_token as string;
    };
    const readers = { learner: await tokenOf(learner.email), admin: await tokenOf(admin.email) };

    /** One request RUNS times after a warm-up; its p50, p95 and the hits it found. */
    async function time(reader: keyof typeof readers, query: Record<string, string>) {
      const url = `/api/search?${new URLSearchParams(query)}`;
      const headers = { host, authorization: `Bearer ${readers[reader]}` };
      const durations: number[] = [];
      let found = '';
      for (let run = 0; run <= RUNS; run++) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
        if (run === 0) {
          const groups = response.json().data.groups as { kind: string; total: number }[];
          found = groups.map((g) => `${g.kind} ${g.total}`).join(', ');
        } else durations.push(elapsed);
      }
      durations.sort((a, b) => a - b);
      const at = (share: number) => durations[Math.min(durations.length - 1, Math.ceil(durations.length * share) - 1)];
      return { p50: at(0.5) ?? 0, p95: at(0.95) ?? 0, found };
    }

    const cases: [string, keyof typeof readers, Record<string, string>][] = [
      ['exact word "güvenliği"', 'learner', { q: 'güvenliği' }],
      ['prefix "müzak"', 'learner', { q: 'müzak' }],
      ['typo "bilgi güvenlği"', 'learner', { q: 'bilgi güvenlği' }],
      ['Turkish i "ISTANBUL"', 'learner', { q: 'ISTANBUL' }],
      ['no Turkish letters "is sagligi"', 'learner', { q: 'is sagligi' }],
      ['stemmed "policies" (en)', 'learner', { q: 'policies' }],
      ['nothing found "qqzzxx"', 'learner', { q: 'qqzzxx' }],
      ['educations page 3 "eğitimi"', 'learner', { q: 'eğitimi', kind: 'education', page: '3', per_page: '20' }],
      ['admin, people "ayşe yılmaz"', 'admin', { q: 'ayşe yılmaz' }],
      ['admin, people typo "mehmt"', 'admin', { q: 'mehmt' }],
      ['admin, people page "elif"', 'admin', { q: 'elif', kind: 'person', per_page: '20' }],
    ];

    console.log(
      `\n${label}: GET api/search on ${EDUCATIONS.toLocaleString('en')} educations and ${PEOPLE.toLocaleString('en')} people — ${database.kind}, ${RUNS} runs each after a warm-up, Node ${process.version}`,
    );
    console.log(`seeding took ${seedSeconds.toFixed(1)} s\n`);
    const pad = (value: string | number, width: number) => String(value).padStart(width);
    console.log(`${'query'.padEnd(34)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}   found`);
    for (const [name, reader, query] of cases) {
      const figures = await time(reader, query);
      console.log(
        `${name.padEnd(34)}${pad(figures.p50.toFixed(1), 9)}${pad(figures.p95.toFixed(1), 9)}   ${figures.found}`,
      );
    }
  } finally {
    await close();
  }
}

// The embedded database first (BENCH_DATABASE_URL unset for it), then the server when one is named; BENCH_ONLY=pglite
// or postgres runs one of them.
const serverUrl = SERVER_URL;
const only = process.env.BENCH_ONLY;
delete process.env.BENCH_DATABASE_URL;
if (only !== 'postgres') await benchOn('PGlite');
if (serverUrl && only !== 'pglite') {
  process.env.BENCH_DATABASE_URL = serverUrl;
  await benchOn('PostgreSQL');
} else {
  console.log('\n(no BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL not measured)');
}
