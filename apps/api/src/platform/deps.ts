import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { TokenSigner } from './auth/tokens.js';
import type { Jobs } from './jobs.js';
import type { Mailer, SmsSender } from './mail.js';
import type { Limiter } from './rate-limit.js';
import type { Realtime } from './realtime.js';
import type { FileStorage } from './storage.js';
import type { HostResolver } from './tenancy.js';

/** The mechanisms every module's service is built from; tests build them against a fresh database. */
export interface Platform {
  config: Config;
  database: Database;
  signer: TokenSigner;
  hosts: HostResolver;
  jobs: Jobs;
  mailer: Mailer;
  sms: SmsSender;
  /** Uploaded files, one folder per company. */
  files: FileStorage;
  limiters: { loginFailuresPerIp: Limiter; loginFailuresPerAccount: Limiter; codePerIp: Limiter };
  /** Socket.IO rooms: presence and per-user channels (platform/realtime.ts). */
  realtime: Realtime;
  log: FastifyBaseLogger;
}
