import {
  type Company,
  type CompanySelf,
  type CompanySettingKey,
  type CompanyUpsert,
  companySettingSchemas,
  isLocale,
} from '@kampus/shared';
import { and, asc, count, eq, gt, ilike, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jsonbRaw } from '../../db/schema/columns.js';
import { companies, companySettings, shortLinks } from '../../db/schema/index.js';
import { inTenant } from '../../db/scope.js';
import { writeAudit } from '../../platform/audit.js';
import type { Platform } from '../../platform/deps.js';
import { HttpError, invalidFields, notFound } from '../../platform/http/errors.js';
import type { HostCompany } from '../../platform/tenancy.js';

type CompanyRow = typeof companies.$inferSelect;

function presentCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    custom_domain: row.customDomain,
    logo_link: row.logoLink,
    parent_id: row.parentId,
    is_group_alias: row.isGroupAlias,
    can_switch_company: row.canSwitchCompany,
    surname_view_restrict: row.surnameViewRestrict,
    status: row.status,
    default_language: isLocale(row.defaultLanguage) ? row.defaultLanguage : 'tr',
    created_at: row.createdAt.toISOString(),
  };
}

/** Settings arrive as a key/value list; each known key is checked against its own schema. */
function parseSettings(entries: { key: string; value: unknown }[]): { key: string; value: unknown }[] {
  const fieldErrors: Record<string, string> = {};
  const parsed = entries.map((entry, index): { key: string; value: unknown } | null => {
    const schema = companySettingSchemas[entry.key as CompanySettingKey];
    if (!schema) {
      fieldErrors[`settings.${index}.key`] = 'validation.invalid_value';
      return null;
    }
    const result = schema.safeParse(entry.value);
    if (!result.success) fieldErrors[`settings.${index}.value`] = 'validation.invalid';
    return { key: entry.key, value: result.success ? result.data : null };
  });
  if (Object.keys(fieldErrors).length > 0) throw invalidFields(fieldErrors);
  return parsed.filter((e): e is { key: string; value: unknown } => e !== null);
}

export function createCompaniesService(platform: Platform) {
  const db = platform.database.db;

  async function assertFreeHost(input: CompanyUpsert): Promise<void> {
    const clashes = await db
      .select({ slug: companies.slug, customDomain: companies.customDomain })
      .from(companies)
      .where(
        and(
          or(
            eq(companies.slug, input.slug),
            input.custom_domain ? eq(companies.customDomain, input.custom_domain) : undefined,
          ),
          input.id ? ne(companies.id, input.id) : undefined,
        ),
      );
    if (clashes.some((c) => c.slug === input.slug)) throw invalidFields({ slug: 'errors.slug_taken' });
    if (clashes.length > 0) throw invalidFields({ custom_domain: 'errors.domain_taken' });
  }

  /** A company cannot sit under itself or under one of its own descendants. */
  async function assertValidParent(id: number | undefined, parentId: number | null | undefined): Promise<void> {
    if (!parentId) return;
    let cursor: number | null = parentId;
    for (let depth = 0; cursor !== null && depth < 32; depth++) {
      if (cursor === id) throw invalidFields({ parent_id: 'errors.parent_invalid' });
      const [row] = await db.select({ parentId: companies.parentId }).from(companies).where(eq(companies.id, cursor));
      if (!row) throw invalidFields({ parent_id: 'errors.parent_invalid' });
      cursor = row.parentId;
    }
  }

  async function writeSettings(tx: Db, companyId: number, entries: { key: string; value: unknown }[]) {
    for (const entry of entries) {
      await tx
        .insert(companySettings)
        .values({ companyId, key: entry.key, value: entry.value })
        .onConflictDoUpdate({ target: [companySettings.companyId, companySettings.key], set: { value: entry.value } });
    }
  }

  return {
    /** GET api/company/self: the host company with its settings, its group parent and its children. */
    async self(host: HostCompany): Promise<CompanySelf> {
      const [settings, parent, children] = await inTenant(db, host.id, (tx) =>
        Promise.all([
          tx
            .select({ key: companySettings.key, value: jsonbRaw(companySettings.value) })
            .from(companySettings)
            .where(eq(companySettings.companyId, host.id))
            .orderBy(asc(companySettings.key)),
          host.parentId
            ? tx
                .select({ id: companies.id, name: companies.name })
                .from(companies)
                .where(eq(companies.id, host.parentId))
            : Promise.resolve([]),
          tx
            .select({ id: companies.id, name: companies.name })
            .from(companies)
            .where(and(eq(companies.parentId, host.id), eq(companies.status, 1)))
            .orderBy(asc(companies.name)),
        ]),
      );
      return {
        id: host.id,
        name: host.name,
        company_name: host.name,
        slug: host.slug,
        logo_link: host.logoLink,
        default_language: isLocale(host.defaultLanguage) ? host.defaultLanguage : 'tr',
        settings,
        surname_view_restrict: host.surnameViewRestrict,
        is_group_alias: host.isGroupAlias,
        can_switch_company: host.canSwitchCompany,
        parent: parent[0] ?? null,
        children,
      };
    },

    /** GET api/company: the super admin's list of companies, paged and filtered. */
    async list(query: { page: number; per_page: number; search?: string; status?: number; parent_id?: number }) {
      const filters: (SQL | undefined)[] = [
        query.search
          ? or(ilike(companies.name, `%${query.search}%`), ilike(companies.slug, `%${query.search}%`))
          : undefined,
        query.status !== undefined ? eq(companies.status, query.status) : undefined,
        query.parent_id !== undefined ? eq(companies.parentId, query.parent_id) : undefined,
      ];
      const where = and(...filters);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(companies)
          .where(where)
          .orderBy(asc(companies.name), asc(companies.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ value: count() }).from(companies).where(where),
      ]);
      return {
        data: rows.map(presentCompany),
        meta: { page: query.page, per_page: query.per_page, total: total?.value ?? 0 },
      };
    },

    /** POST api/company: creates, or updates when an id is given; settings are upserted key by key. */
    async upsert(input: CompanyUpsert, actor: { userId: number; ip: string; requestId: string }): Promise<Company> {
      const settings = parseSettings(input.settings ?? []);
      await assertFreeHost(input);
      await assertValidParent(input.id, input.parent_id);
      const values = {
        name: input.name,
        slug: input.slug,
        customDomain: input.custom_domain ?? null,
        logoLink: input.logo_link,
        parentId: input.parent_id ?? null,
        isGroupAlias: input.is_group_alias,
        canSwitchCompany: input.can_switch_company,
        surnameViewRestrict: input.surname_view_restrict,
        status: input.status,
        defaultLanguage: input.default_language,
      };
      const before = input.id ? (await db.select().from(companies).where(eq(companies.id, input.id)))[0] : undefined;
      if (input.id && !before) throw notFound();
      const [row] = before
        ? await db.update(companies).set(values).where(eq(companies.id, before.id)).returning()
        : await db.insert(companies).values(values).returning();
      if (!row) throw new HttpError(500, 'errors.internal');
      await inTenant(db, row.id, async (tx) => {
        await writeSettings(tx, row.id, settings);
        await writeAudit(tx, {
          companyId: row.id,
          actorUserId: actor.userId,
          action: before ? 'company.updated' : 'company.created',
          entityType: 'company',
          entityId: row.id,
          before: before ? presentCompany(before) : null,
          after: { ...presentCompany(row), settings },
          ip: actor.ip,
          requestId: actor.requestId,
        });
      });
      platform.hosts.invalidate();
      return presentCompany(row);
    },

    /** GET api/s/{id}: the address behind a company's short link. */
    async resolveShortLink(host: HostCompany, code: string): Promise<string> {
      const [link] = await inTenant(db, host.id, (tx) =>
        tx
          .select({ target: shortLinks.target })
          .from(shortLinks)
          .where(and(eq(shortLinks.code, code), or(isNull(shortLinks.expiresAt), gt(shortLinks.expiresAt, new Date()))))
          .limit(1),
      );
      if (!link) throw notFound();
      return link.target;
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
