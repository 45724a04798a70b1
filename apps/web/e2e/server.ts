import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (`e2e/servers.ts` picks this worker's). */
    e2eServers: E2eServer[];
  }
}

export interface E2eServer {
  port: number;
  /** The server's DATA_DIR: its outbox holds the mails, its jwt-secret signs invitation links; web-dist the build. */
  dataDir: string;
}

/**
 * How many servers (and so how many test files at once): one per worker, two by default. Browser tests wait on the
 * server, the browser and timers far more than they compute, so two files at once take little more than one; each
 * worker has a server and a demo database of its own, so files running together never see each other's data.
 * E2E_SERVERS=3 may pay on a quiet 2-core machine (two files kept it only ~40% busy); on one busy with other work it
 * gained nothing and a heartbeat-timed test failed. Never more than twice the cores.
 */
// E2E_SERVERS=1 runs one file at a time (slower, for a machine busy with other work).
export const E2E_SERVERS = Math.max(1, Math.min(Number(process.env.E2E_SERVERS ?? 2), 2 * availableParallelism()));

const root = path.resolve(import.meta.dirname, '../../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A port free on 127.0.0.1 now (the bench's server takes one too). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForReady(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The server did not become ready in 120 s:\n${log()}`);
}

interface Started {
  server: E2eServer;
  stop(): Promise<void>;
}

/** The built server (npm start's `node dist/main.js`) on a free port with a fresh data dir and demo data. */
async function startServer(apiDist: string, webDist: string): Promise<Started> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kampus-e2e-'));
  const port = await freePort();
  let output = '';
  // Its own process group, so stopping it stops anything it started too.
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(apiDist, 'main.js')], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  let stopping = false;
  // A server that dies mid-run fails every later test with "connection refused"; its last words say why.
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`The e2e server exited (${code ?? signal}). Its last output:\n${output.slice(-6000)}`);
  });
  await waitForReady(port, child, () => output);
  return {
    server: { port, dataDir },
    async stop() {
      stopping = true;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Builds the web app and the API once, then starts one server per worker (`E2E_SERVERS`), each on a free port with a
 * fresh data dir whose web-dist is the shared build.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Browser tests need Chromium at ${CHROMIUM}. Install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH.`,
    );
  }
  const buildDir = mkdtempSync(path.join(tmpdir(), 'kampus-e2e-build-'));
  // Each run builds into its own folder, so two runs at once never serve each other's half-written build.
  const webDist = path.join(buildDir, 'web-dist');
  // Vitest runs with NODE_ENV=test, which would give React's development build; the browser tests drive what ships.
  execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'pipe',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // The API's production build too, into a folder of this run inside apps/api/dist (a bundle finds its packages from
  // where it lies; it reads the migrations and assets where they are in apps/api).
  const apiDist = path.join(root, 'apps/api/dist', `e2e-${path.basename(buildDir)}`);
  execFileSync(process.execPath, ['apps/api/scripts/build.mjs', '--outdir', apiDist], { cwd: root, stdio: 'pipe' });
  const started = await Promise.all(Array.from({ length: E2E_SERVERS }, () => startServer(apiDist, webDist)));
  for (const { server } of started) symlinkSync(webDist, path.join(server.dataDir, 'web-dist'));
  project.provide(
    'e2eServers',
    started.map(({ server }) => server),
  );
  return async () => {
    await Promise.all(started.map((one) => one.stop()));
    rmSync(buildDir, { recursive: true, force: true });
    rmSync(apiDist, { recursive: true, force: true });
  };
}
