import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { SessionRevocations } from './auth/revocations.js';
import type { TokenSigner } from './auth/tokens.js';
import type { EventBus } from './events.js';
import type { Exports } from './exports.js';
import type { Jobs } from './jobs.js';
import type { Mailer, SmsSender } from './mail.js';
import type { Limiter } from './rate-limit.js';
import type { Realtime } from './realtime.js';
import type { RedisConnection } from './redis.js';
import type { FileUrlSigner } from './signed-urls.js';
import type { FileStorage } from './storage.js';
import type { HostResolver } from './tenancy.js';

/** The mechanisms every module's service is built from; tests build them against a fresh database. */
export interface Platform {
  config: Config;
  database: Database;
  signer: TokenSigner;
  /** Ends sessions: revokes refresh families and denylists their access tokens on every node (auth/revocations.ts). */
  sessions: SessionRevocations;
  hosts: HostResolver;
  /** Domain events: every `record` reaches the subscribers here once its transaction has committed (events.ts). */
  events: EventBus;
  jobs: Jobs;
  /** Exports as background jobs that stream their rows into a private file (exports.ts). */
  exports: Exports;
  mailer: Mailer;
  sms: SmsSender;
  /** Every stored file, keyed `<companyId>/<name>`: local disk or S3 (storage.ts, s3-storage.ts). */
  files: FileStorage;
  /** Short-lived signed addresses of private files (signed-urls.ts). */
  fileUrls: FileUrlSigner;
  limiters: {
    loginFailuresPerIp: Limiter;
    loginFailuresPerAccount: Limiter;
    codePerIp: Limiter;
    /** Password-reset mails per address and per target (normalised identifier), registrations likewise. */
    passwordResetsPerIp: Limiter;
    passwordResetsPerTarget: Limiter;
    registrationsPerIp: Limiter;
    registrationsPerTarget: Limiter;
    /** Files and kilobytes one person may upload per window (POST api/uploads). */
    uploadFilesPerUser: Limiter;
    uploadKilobytesPerUser: Limiter;
  };
  /** Socket.IO rooms: presence and per-user channels (platform/realtime.ts). */
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** The deployment's Redis (REDIS_URL), or null; it may be away at any time, so every user falls back without it. */
  redis: RedisConnection | null;
}
