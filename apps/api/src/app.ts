import path from 'node:path';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { serializeError } from './db/errors.js';
import { syncAccessCatalog } from './modules/identity/auth/catalog.js';
import { createServices, type Services, serveModules } from './modules/manifest.js';
import { syncIntegrationCatalog } from './modules/organisation/integrations/catalog.js';
import { createSessionRevocations } from './platform/auth/revocations.js';
import { createTokenSigner } from './platform/auth/tokens.js';
import type { Platform } from './platform/deps.js';
import { createEventBus } from './platform/events.js';
import { createExports } from './platform/exports.js';
import { type RouteAccess, registerRequestContext } from './platform/http/context.js';
import { registerErrorHandling } from './platform/http/errors.js';
import { registerHealthRoutes } from './platform/http/health.js';
import { answerFrameworkError, registerInputGuard } from './platform/http/input-guard.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { registerWebApp } from './platform/http/web.js';
import { createJobs } from './platform/jobs.js';
import { createMailer, createOutboxSms } from './platform/mail.js';
import { createLimiter } from './platform/rate-limit.js';
import { createRealtime } from './platform/realtime.js';
import { connectRedis, type RedisConnection } from './platform/redis.js';
import { createS3FileStorage } from './platform/s3-storage.js';
import { createFileUrlSigner } from './platform/signed-urls.js';
import { createLocalFileStorage, type FileStorage } from './platform/storage.js';
import { createHostResolver } from './platform/tenancy.js';

export interface BuiltApp {
  app: FastifyInstance;
  /** Every /api route with its declared access rule. */
  routes: RouteAccess[];
  platform: Platform;
  services: Services;
}

const HOUR = 3600;

/** S3 (or an S3-compatible service) when S3_BUCKET is set, else local disk under DATA_DIR/files. */
export function createFileStorage(config: Omit<Config, 'JWT_SECRET'>): FileStorage {
  if (!config.S3_BUCKET) return createLocalFileStorage(config.DATA_DIR);
  return createS3FileStorage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

function createPlatform(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  redisConnection: RedisConnection | null,
): Platform {
  const redis = redisConnection?.client;
  const outboxDir = path.join(config.DATA_DIR, 'outbox');
  const window = config.LOGIN_WINDOW_SECONDS;
  const signer = createTokenSigner(config.JWT_SECRET, config.ACCESS_TOKEN_TTL);
  const hosts = createHostResolver(database.db, config.BASE_DOMAIN, { redis: redisConnection, log });
  const sessions = createSessionRevocations({ ttlSeconds: signer.ttlSeconds, secret: config.JWT_SECRET, redis, log });
  const jobs = createJobs({
    db: database.db,
    log,
    concurrency: config.JOBS_CONCURRENCY,
    pollIntervalMs: config.JOBS_POLL_INTERVAL_MS,
    leaseMs: config.JOBS_LEASE_SECONDS * 1000,
    shutdownTimeoutMs: config.JOBS_SHUTDOWN_TIMEOUT_SECONDS * 1000,
  });
  const files = createFileStorage(config);
  return {
    config,
    database,
    log,
    signer,
    sessions,
    hosts,
    events: createEventBus(database.db, log, config.EVENTS_CONCURRENCY),
    redis: redisConnection,
    realtime: createRealtime({
      db: database.db,
      signer,
      hosts,
      log,
      secret: config.JWT_SECRET,
      redisConnection: redisConnection ?? undefined,
      sessions,
    }),
    jobs,
    exports: createExports({ database, jobs, files }),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir, log }),
    sms: createOutboxSms({ outboxDir, log }),
    files,
    fileUrls: createFileUrlSigner(config.JWT_SECRET, config.FILE_URL_TTL_SECONDS),
    limiters: {
      loginFailuresPerIp: createLimiter({
        prefix: 'login-ip',
        points: config.LOGIN_MAX_FAILURES_PER_IP,
        durationSeconds: window,
        redis,
      }),
      loginFailuresPerAccount: createLimiter({
        prefix: 'login-account',
        points: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
        durationSeconds: window,
        redis,
      }),
      codePerIp: createLimiter({
        prefix: 'code-ip',
        points: config.LOGIN_MAX_FAILURES_PER_IP,
        durationSeconds: window,
        redis,
      }),
      passwordResetsPerIp: createLimiter({
        prefix: 'reset-ip',
        points: config.PASSWORD_RESETS_PER_IP,
        durationSeconds: HOUR,
        redis,
      }),
      passwordResetsPerTarget: createLimiter({
        prefix: 'reset-target',
        points: config.PASSWORD_RESETS_PER_TARGET,
        durationSeconds: HOUR,
        redis,
      }),
      registrationsPerIp: createLimiter({
        prefix: 'register-ip',
        points: config.REGISTRATIONS_PER_IP,
        durationSeconds: HOUR,
        redis,
      }),
      registrationsPerTarget: createLimiter({
        prefix: 'register-target',
        points: config.REGISTRATIONS_PER_TARGET,
        durationSeconds: HOUR,
        redis,
      }),
      uploadFilesPerUser: createLimiter({
        prefix: 'upload-files',
        points: config.UPLOAD_RATE_MAX_FILES,
        durationSeconds: config.UPLOAD_RATE_WINDOW_SECONDS,
        redis,
      }),
      uploadKilobytesPerUser: createLimiter({
        prefix: 'upload-kb',
        points: config.UPLOAD_RATE_MAX_MB * 1024,
        durationSeconds: config.UPLOAD_RATE_WINDOW_SECONDS,
        redis,
      }),
    },
  };
}

/**
 * One log line a request, written when it is answered: what was asked, how it was answered and how long it took.
 * Fastify writes a second one on arrival, which doubled the cost of request logging.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Registers the platform mechanisms, then every module. Tests call it with a fresh database. */
export interface BuildOptions {
  /** The built web app to serve beside the API; null serves the API alone (tests). */
  webDist?: string | null;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
}

export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Failed queries are logged with their statement and SQLSTATE, never their parameters.
      serializers: { err: serializeError },
      // Asynchronous to stdout in writes of 4 kB or more, and at least once a second: a request's line never waits
      // for a write, and a busy server makes one write for many lines (a write each cost about a tenth of a user
      // detail's CPU); what is buffered is flushed when the process exits.
      stream: options.logStream ?? pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 }),
    },
    logController: new OneLineRequestLog(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const isHttps = config.PUBLIC_SCHEME === 'https';
  // First of all hooks: an answer refused early (an unknown host, a missing token) carries them too.
  registerSecurityHeaders(app, {
    // Plain-http hosts (demo.localhost) must not be told to upgrade requests or to pin HTTPS.
    strictTransportSecurity: isHttps,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: isHttps ? [] : null,
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        // Videos of the content library on YouTube or Vimeo play in their own players (the player page's frame).
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        // The content form reads a chosen video's length from a blob: address before uploading it.
        mediaSrc: ["'self'", 'blob:'],
      },
    },
  });

  database.setLogger(app.log);
  // Connects in the background: a Redis that is down at start (or later) never stops the API (platform/redis.ts).
  const redisConnection = config.REDIS_URL ? await connectRedis(config.REDIS_URL, app.log) : null;
  const platform = createPlatform(config, database, app.log, redisConnection);
  app.decorate('exportJobs', platform.exports);
  // Next, so every route and plugin after it shares the language, host and access pipeline and the error shape.
  const routes = registerRequestContext(app, {
    hosts: platform.hosts,
    signer: platform.signer,
    sessions: platform.sessions,
  });
  registerErrorHandling(app);
  // After the access pipeline's hook: text PostgreSQL cannot store (NUL, lone surrogates) is a 422 on every route.
  registerInputGuard(app);
  // Socket.IO answers on the same port once the server listens; its sockets close before the HTTP server does.
  app.addHook('onListen', async () => platform.realtime.attach(app.server));
  app.addHook('preClose', () => platform.realtime.close());
  app.addHook('onClose', async () => {
    // Running jobs finish (or go back to the queue after the timeout); queued ones wait in the table.
    await platform.jobs.stop();
    await platform.sessions.close();
    await redisConnection?.close();
    await platform.files.close();
  });

  await syncAccessCatalog(database.db);
  // A restarted node still refuses the access tokens of sessions revoked shortly before it stopped.
  await platform.sessions.loadRecent(database.db).catch((error: unknown) => {
    app.log.warn({ err: error }, 'session revocations: recent revocations not loaded');
  });
  await syncIntegrationCatalog(database.db);

  await app.register(cors, {
    // Only pages served from a company's or the marketing host may call the API from a browser.
    origin: (origin, callback) => {
      if (!origin) return callback(null, true);
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        return callback(null, false);
      }
      platform.hosts.resolve(host).then(
        (target) => callback(null, target.kind !== 'unknown'),
        () => callback(null, false),
      );
    },
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'X-Content-Language',
      'X-Company-Id',
      'Company',
      'X-Kampus-Client',
    ],
    exposedHeaders: ['X-Request-Id', 'Retry-After', 'Content-Disposition'],
  });
  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: 'Kampus API', version: '1.0.1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerHealthRoutes(app, database, redisConnection);
  const services = createServices(platform);
  await serveModules(app, platform, services);
  await registerWebApp(app, options.webDist ?? null, (host) => services.companies.selfAnswer(host));
  // Every module has registered its jobs and schedules: the worker may claim them.
  await platform.jobs.start();

  return { app, routes, platform, services };
}
