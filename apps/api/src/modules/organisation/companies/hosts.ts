import { and, eq, ne, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { companies } from '../../../db/schema/index.js';
import { invalidFields } from '../../../platform/http/errors.js';
import { parseHost } from '../../../platform/tenancy.js';

/** The hosts a company answers on: `{slug}.{BASE_DOMAIN}` and, optionally, a domain of its own. */
export interface CompanyHosts {
  slug: string;
  customDomain: string | null;
}

/** How deep a group may nest before the walk gives up (and calls the parent invalid). */
const MAX_GROUP_DEPTH = 32;

/**
 * A slug or a domain must name this company only, and a custom domain must be one that host resolution reads as a
 * domain: the marketing hosts and one-label names under the base domain are read as slugs, so they never reach it.
 */
export async function assertFreeHosts(
  db: Db,
  baseDomain: string,
  hosts: CompanyHosts,
  exceptId: number | undefined,
): Promise<void> {
  if (parseHost(`${hosts.slug}.${baseDomain}`, baseDomain) === 'marketing') {
    throw invalidFields({ slug: 'companies.slug_reserved' });
  }
  const domain = hosts.customDomain;
  if (domain) {
    const parsed = parseHost(domain, baseDomain);
    if (parsed === null || parsed === 'marketing' || 'slug' in parsed) {
      throw invalidFields({ custom_domain: 'companies.domain_reserved' });
    }
  }
  const clashes = await db
    .select({ slug: companies.slug, customDomain: companies.customDomain })
    .from(companies)
    .where(
      and(
        or(eq(companies.slug, hosts.slug), domain ? eq(companies.customDomain, domain) : undefined),
        exceptId ? ne(companies.id, exceptId) : undefined,
      ),
    );
  if (clashes.some((c) => c.slug === hosts.slug)) throw invalidFields({ slug: 'errors.slug_taken' });
  if (clashes.length > 0) throw invalidFields({ custom_domain: 'errors.domain_taken' });
}

/** A company cannot sit under itself, under one of its own descendants, or under a company that does not exist. */
export async function assertValidParent(db: Db, id: number | undefined, parentId: number | null): Promise<void> {
  if (!parentId) return;
  let cursor: number | null = parentId;
  for (let depth = 0; cursor !== null; depth++) {
    if (cursor === id || depth >= MAX_GROUP_DEPTH) throw invalidFields({ parent_id: 'errors.parent_invalid' });
    const [row] = await db.select({ parentId: companies.parentId }).from(companies).where(eq(companies.id, cursor));
    if (!row) throw invalidFields({ parent_id: 'errors.parent_invalid' });
    cursor = row.parentId;
  }
}
