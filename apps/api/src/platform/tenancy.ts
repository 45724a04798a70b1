import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { companies } from '../db/schema/index.js';
import { readWithRetry } from '../db/scope.js';
import { createNodeCache } from './cache.js';
import type { RedisConnection } from './redis.js';

/** What a request's Host header names: the marketing site, a company, or nothing Kampus knows. */
export type HostTarget = { kind: 'marketing' } | { kind: 'company'; company: HostCompany } | { kind: 'unknown' };

export type HostCompany = typeof companies.$inferSelect;

export interface HostResolver {
  resolve(host: string | undefined): Promise<HostTarget>;
  /** Drop cached lookups after a company changes, on every node (through Redis when there is one). */
  invalidate(): void;
  /** Whether a company with this id exists (uncached: asked only when a session acts in another company). */
  companyExists(id: number): Promise<boolean>;
}

/** Parses `{slug}.{BASE_DOMAIN}`, the marketing hosts, or a custom domain, ignoring the port. */
export function parseHost(
  host: string | undefined,
  baseDomain: string,
): { slug: string } | { domain: string } | 'marketing' | null {
  if (!host) return null;
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (name === baseDomain || name === `www.${baseDomain}`) return 'marketing';
  if (name.endsWith(`.${baseDomain}`)) {
    const slug = name.slice(0, -(baseDomain.length + 1));
    // One label is a company slug; a deeper name under the base domain can still be a company's own domain.
    if (/^[a-z0-9-]+$/.test(slug)) return { slug };
  }
  return /^[a-z0-9.-]+$/.test(name) ? { domain: name } : null;
}

/**
 * Resolves hosts to companies through a short-lived node cache (platform/cache.ts), so a tenant-scoped request does
 * not pay a database round trip for it. `invalidate` clears it here and, through Redis when there is one, on every
 * node; without Redis a changed host takes at most ttlMs to be seen everywhere.
 */
export function createHostResolver(
  db: Db,
  baseDomain: string,
  options: { ttlMs?: number; redis?: RedisConnection | null; log: Pick<FastifyBaseLogger, 'warn'> },
): HostResolver {
  const cache = createNodeCache<HostTarget>({
    name: 'hosts',
    ttlMs: options.ttlMs ?? 30_000,
    redis: options.redis,
    log: options.log,
  });

  async function lookup(host: string | undefined): Promise<HostTarget> {
    const parsed = parseHost(host, baseDomain);
    if (parsed === null) return { kind: 'unknown' };
    if (parsed === 'marketing') return { kind: 'marketing' };
    const condition = 'slug' in parsed ? eq(companies.slug, parsed.slug) : eq(companies.customDomain, parsed.domain);
    const [company] = await readWithRetry(() => db.select().from(companies).where(condition).limit(1));
    return company ? { kind: 'company', company } : { kind: 'unknown' };
  }

  return {
    resolve: (host) => cache.get(host ?? '', () => lookup(host)),
    invalidate: () => cache.clear(),
    async companyExists(id) {
      const rows = await readWithRetry(() =>
        db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1),
      );
      return rows.length > 0;
    },
  };
}
