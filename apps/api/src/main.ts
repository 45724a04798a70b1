import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { type Config, publicOrigin, readConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './db/seed/demo.js';
import { isBuilt } from './paths.js';
import { defaultWebDist } from './platform/http/web.js';

/**
 * Milliseconds of each start-up step, from the process' start (performance.now()'s origin): loading the code, opening
 * the database (migrations included), building the app, seeding an empty database and listening.
 */
function startupClock() {
  const steps: Record<string, number> = {};
  let last = 0;
  return {
    steps,
    lap(step: string) {
      const now = performance.now();
      steps[step] = Math.round(now - last);
      last = now;
    },
    total: () => Math.round(performance.now()),
  };
}

/** Without JWT_SECRET a random one is kept in DATA_DIR, so sessions survive restarts of a single node. */
function resolveSecret(env: ReturnType<typeof readConfig>): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (env.NODE_ENV === 'production') throw new Error('JWT_SECRET must be set in production (at least 32 characters).');
  const file = path.join(env.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function printBanner(config: Config, seeded: boolean, startup: string): void {
  const url = (slug?: string) => publicOrigin(config, slug ? `${slug}.${config.BASE_DOMAIN}` : config.BASE_DOMAIN);
  const lines = [
    '',
    `Kampus is running — database: ${config.DATABASE_URL ? 'PostgreSQL' : `embedded (${path.resolve(config.DATA_DIR, 'db')})`}`,
    `  ${startup[0]!.toUpperCase()}${startup.slice(1)}`,
    `  Marketing site   ${url()}`,
    `  Demo Holding     ${url('demo')}   (sub-companies: ${url('demo-retail')}, ${url('demo-tech')})`,
    `  Acme Corp        ${url('acme')}`,
    `  API docs         ${url()}/api/docs`,
  ];
  if (seeded || !config.DATABASE_URL) {
    lines.push(`  Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email.padEnd(22)} ${account.label}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  const clock = startupClock();
  clock.lap('code');
  const env = readConfig();
  const config: Config = { ...env, JWT_SECRET: resolveSecret(env) };
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'db'),
    poolMax: config.DATABASE_POOL_MAX,
  });
  clock.lap('database');
  const { app, platform, services } = await buildApp(config, database, {
    webDist: config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist(),
  });
  clock.lap('app');
  let seeded = false;
  if (config.SEED_DEMO && !config.DATABASE_URL && (await isDatabaseEmpty(database.db))) {
    await seedDemo(database.db, platform.files, { services, platform });
    seeded = true;
  }
  clock.lap('seed');
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.PORT, host: config.HOST });
  clock.lap('listen');
  const startedMs = clock.total();
  const steps = Object.entries(clock.steps).map(([step, ms]) => `${step} ${ms}`);
  // The same figure in the log (for log collectors) and in the banner (for a person at the terminal).
  const startup = `started in ${startedMs} ms from ${isBuilt ? 'the build' : 'TypeScript source'}: ${steps.join(', ')} ms`;
  app.log.info({ startupMs: startedMs, steps: clock.steps, built: isBuilt, seeded }, startup);
  printBanner({ ...config, PORT: (app.server.address() as { port: number }).port }, seeded, startup);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
