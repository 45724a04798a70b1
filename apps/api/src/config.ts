import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .or(z.boolean());
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** Every environment variable Kampus reads, with its default. The README's configuration table mirrors this. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  BASE_DOMAIN: z.string().toLowerCase().default('localhost'),
  PUBLIC_SCHEME: z.enum(['http', 'https']).default('http'),
  PUBLIC_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  DATA_DIR: z.string().default('./data'),
  WEB_DIST: z.preprocess(emptyAsUndefined, z.string().optional()),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().optional()),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.preprocess(emptyAsUndefined, z.string().optional()),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(3600)
    .default(30 * 24 * 3600),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().optional()),
  MAIL_FROM: z.string().default('Kampus <no-reply@kampus.local>'),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  PASSWORD_RESETS_PER_IP: z.coerce.number().int().min(1).default(20),
  PASSWORD_RESETS_PER_TARGET: z.coerce.number().int().min(1).default(3),
  REGISTRATIONS_PER_IP: z.coerce.number().int().min(1).default(10),
  REGISTRATIONS_PER_TARGET: z.coerce.number().int().min(1).default(3),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).default(20480),
  UPLOAD_RATE_MAX_FILES: z.coerce.number().int().min(1).default(30),
  UPLOAD_RATE_MAX_MB: z.coerce.number().int().min(1).default(8192),
  UPLOAD_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  UPLOAD_CLEANUP_AFTER_HOURS: z.coerce.number().min(1).default(24),
  /** How long a signed address of a private file (`?expires=…&signature=…`) stays valid. */
  FILE_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600),
  /** Set S3_BUCKET to keep files in S3 or an S3-compatible service instead of DATA_DIR/files. */
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: bool.default(false),
  UPLOAD_CLEANUP_CRON: z.string().trim().default('17 * * * *'),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  EVENTS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(1).default(60),
  JOBS_SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).default(10),
  TRUST_PROXY: bool.default(false),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema> & { JWT_SECRET: string };
export type ConfigInput = z.input<typeof configSchema>;

export function readConfig(env: Record<string, string | undefined> = process.env): z.infer<typeof configSchema> {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The origin a person's browser uses for a company host, for links in mail. */
export function publicOrigin(config: Pick<Config, 'PUBLIC_SCHEME' | 'PUBLIC_PORT' | 'PORT'>, host: string): string {
  const port = config.PUBLIC_PORT ?? config.PORT;
  const isDefaultPort =
    (config.PUBLIC_SCHEME === 'http' && port === 80) || (config.PUBLIC_SCHEME === 'https' && port === 443);
  return `${config.PUBLIC_SCHEME}://${host}${isDefaultPort ? '' : `:${port}`}`;
}
