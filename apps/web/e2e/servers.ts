import { inject } from 'vitest';
import type { E2eServer } from './server.js';

/**
 * This worker's server (e2e/server.ts starts one per worker): files that run at the same time each drive their own
 * server and demo data. VITEST_POOL_ID numbers the workers from 1.
 */
export function e2eServer(): E2eServer {
  const servers = inject('e2eServers');
  const pool = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(Math.max(1, pool) - 1) % servers.length];
  if (!server) throw new Error('no e2e server was started');
  return server;
}

export const e2ePort = (): number => e2eServer().port;
/** The server's DATA_DIR: the outbox (mails), the jwt-secret, and web-dist (a link to the run's build). */
export const e2eDataDir = (): string => e2eServer().dataDir;
