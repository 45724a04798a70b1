import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase } from '../../test/server-database.js';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const child = path.join(apiRoot, 'test/jobs-crash-child.ts');
const serverUrl = process.env.TEST_DATABASE_URL;

/** A queue node in its own process, on the same database as the others of the test. */
function startNode(env: Record<string, string>): { process: ChildProcess; output: Promise<string> } {
  const node = spawn(process.execPath, ['--import', 'tsx', child], {
    cwd: apiRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  node.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  node.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const output = once(node, 'exit').then(([code, signal]) => {
    if (code !== 0 && signal !== 'SIGKILL') throw new Error(`node exited with ${code}: ${stderr}`);
    return stdout;
  });
  output.catch(() => undefined);
  return { process: node, output };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a job whose process is killed mid-way', { timeout: 180_000 }, () => {
  let dir: string;
  let databaseEnv: Record<string, string>;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kampus-jobs-crash-'));
    if (!serverUrl) {
      databaseEnv = { JOBS_TEST_DATA_DIR: path.join(dir, 'db') };
      return;
    }
    const created = await createServerDatabase(serverUrl);
    databaseEnv = { JOBS_TEST_DATABASE_URL: created.url };
    dropDatabase = created.drop;
  });
  afterAll(async () => {
    await dropDatabase();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs again after a restart, once its lease has run out', async () => {
    const markers = { JOBS_TEST_MARKERS: dir, ...databaseEnv };
    const first = startNode({ ...markers, JOBS_TEST_ENQUEUE: '1', JOBS_TEST_HANG: '1' });
    await until(() => existsSync(path.join(dir, 'started-1')), 120_000);
    first.process.kill('SIGKILL');
    await first.output;

    const second = startNode(markers);
    const row = JSON.parse((await second.output).trim()) as { state: string; attempts: number; result: unknown };
    expect(existsSync(path.join(dir, 'started-2'))).toBe(true);
    expect(row).toMatchObject({ state: 'done', attempts: 2, result: { note: 'survives a crash' } });
    expect((row.result as { finishedBy: number }).finishedBy).toBe(second.process.pid);
  });
});
