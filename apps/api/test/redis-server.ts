import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { eventually } from './helpers.js';

/** Whether `redis-server` is on the PATH (CI installs it); the tests that start one are skipped without it. */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A throwaway Redis on a port of its own, without persistence, that a test starts and stops (stop kills it). */
export function redisServer(port: number) {
  let child: ChildProcess | undefined;
  return {
    async start() {
      child = spawn('redis-server', [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
      ]);
      const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => 50 });
      probe.on('error', () => undefined); // refused until the server listens
      await probe.connect().catch(() => undefined);
      await eventually(async () => (await probe.ping().catch(() => '')) === 'PONG', 'redis-server answering', {
        timeoutMs: 15_000,
      });
      probe.disconnect();
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
