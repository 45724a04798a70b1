import {
  type AdminCompany,
  type AdminCompanyCreate,
  type AdminCompanyUpdate,
  activeStatusSchema,
  type Company,
  type CompanySelf,
  type CompanySettingKey,
  type CompanyUpsert,
  companiesContract,
  companySelfSchema,
  companySettingSchemas,
  isLocale,
  type ThemeSettings,
  themeSettingsSchema,
} from '@kampus/shared';
import { and, asc, count, eq, gt, ilike, inArray, isNull, notLike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { jsonbRaw } from '../../../db/schema/columns.js';
import { auditLogs, companies, companySettings, shortLinks, storedFiles, users } from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import { createNodeCache } from '../../../platform/cache.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { HttpError, invalidFields, notFound } from '../../../platform/http/errors.js';
import { type PrecompressedJson, precompressJson } from '../../../platform/http/precompressed.js';
import { activeStatusExportColumn, defineResource } from '../../../platform/resource/resource.js';
import type { HostCompany } from '../../../platform/tenancy.js';
import { assertFreeHosts, assertValidParent } from './hosts.js';
import { checkLogo } from './logo.js';

export { checkLogo };

type CompanyRow = typeof companies.$inferSelect;
type SettingEntry = { key: string; value: unknown };
/** What only a company's own tenant rows can tell about it. */
type TenantFacts = { users: number; theme: ThemeSettings; storage: { bytes: number; files: number } };

/** The columns of a company a save writes. */
type CompanyValues = Omit<typeof companies.$inferInsert, 'id' | 'createdAt' | 'updatedAt'> & {
  customDomain: string | null;
  logoLink: string | null;
  parentId: number | null;
};

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
function parseSettings(entries: SettingEntry[]): SettingEntry[] {
  const fieldErrors: Record<string, string> = {};
  const parsed = entries.map((entry, index): SettingEntry | null => {
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
  return parsed.filter((e): e is SettingEntry => e !== null);
}

/** Upserts settings of one company key by key; keys not given stay as they are. */
export async function writeSettings(tx: Db, companyId: number, entries: SettingEntry[]): Promise<void> {
  for (const entry of entries) {
    await tx
      .insert(companySettings)
      .values({ companyId, key: entry.key, value: entry.value })
      .onConflictDoUpdate({ target: [companySettings.companyId, companySettings.key], set: { value: entry.value } });
  }
}

/** A refusal about the record as a whole (422 on `id`), e.g. a company that still has people. */
/** Without Redis another node's change reaches this node's cached api/company/self within this time. */
const SELF_CACHE_TTL_MS = 30_000;
/** Made on a cache miss, inside a request: a quick Brotli level, still far smaller than gzip's. */
const SELF_BROTLI_QUALITY = 5;

const refuse = (key: string) => new HttpError(422, key, {}, { id: [key] });

const NS = companiesContract.namespace;

/** Whether a legacy upsert changes nothing but the status (audited as `company.status_changed`). */
function onlyStatusChanged(before: CompanyRow, values: CompanyValues, settings: SettingEntry[]): boolean {
  if (settings.length > 0 || values.status === before.status) return false;
  const keys = Object.keys(values).filter((key) => key !== 'status') as (keyof CompanyValues)[];
  return keys.every((key) => values[key] === before[key as keyof CompanyRow]);
}

export function createCompaniesService(platform: Platform) {
  const db = platform.database.db;
  const baseDomain = platform.config.BASE_DOMAIN;

  /**
   * api/company/self as sent (public, the same for everyone on a host, asked by every page load): serialized once,
   * with its ETag. Cleared with the host cache below, and on every node through Redis when there is one.
   */
  const selfAnswers = createNodeCache<PrecompressedJson>({
    name: 'company-self',
    ttlMs: SELF_CACHE_TTL_MS,
    redis: platform.redis,
    log: platform.log,
  });

  // The host cache holds each company's hosts, status and the columns api/company/self answers: any committed change
  // to a company or its settings drops it and the cached answers, on every node.
  for (const entity of ['company', 'company_settings']) {
    platform.events.subscribe(`${entity}.*`, () => {
      platform.hosts.invalidate();
      selfAnswers.clear();
    });
  }

  /**
   * What only the companies' own tenants can tell — their people, their theme and their files — for a page of the
   * registry in one go (the registry's system-scoped transaction; every query filters by the ids itself).
   */
  async function tenantFacts(tx: Db, ids: number[]): Promise<Map<number, TenantFacts>> {
    const [people, themes, stored] = await Promise.all([
      tx
        .select({ companyId: users.companyId, value: count() })
        .from(users)
        .where(inArray(users.companyId, ids))
        .groupBy(users.companyId),
      tx
        .select({ companyId: companySettings.companyId, value: jsonbRaw(companySettings.value) })
        .from(companySettings)
        .where(and(inArray(companySettings.companyId, ids), eq(companySettings.key, 'theme_settings'))),
      tx
        .select({
          companyId: storedFiles.companyId,
          bytes: sql<string>`sum(${storedFiles.size})`,
          files: sql<number>`count(*)::integer`,
        })
        .from(storedFiles)
        .where(inArray(storedFiles.companyId, ids))
        .groupBy(storedFiles.companyId),
    ]);
    return new Map(
      ids.map((id) => {
        const parsed = themeSettingsSchema.safeParse(themes.find((row) => row.companyId === id)?.value ?? {});
        const userCount = people.find((row) => row.companyId === id)?.value ?? 0;
        const files = stored.find((row) => row.companyId === id);
        const storage = { bytes: Number(files?.bytes ?? 0), files: Number(files?.files ?? 0) };
        return [id, { users: userCount, theme: parsed.success ? parsed.data : {}, storage }];
      }),
    );
  }

  /** Registry rows → items (the order does not matter: the framework puts them in the list's). */
  async function presentAdmin(tx: Db, ids: number[]): Promise<AdminCompany[]> {
    if (ids.length === 0) return [];
    const rows = await tx.select().from(companies).where(inArray(companies.id, ids));
    const parentIds = [...new Set(rows.flatMap((row) => (row.parentId ? [row.parentId] : [])))];
    const [parents, children, facts] = await Promise.all([
      parentIds.length > 0
        ? tx.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, parentIds))
        : Promise.resolve([]),
      tx
        .select({ parentId: companies.parentId, value: count() })
        .from(companies)
        .where(inArray(companies.parentId, ids))
        .groupBy(companies.parentId),
      tenantFacts(tx, ids),
    ]);
    return rows.map((row) => {
      const own = facts.get(row.id) ?? { users: 0, theme: {}, storage: { bytes: 0, files: 0 } };
      const quotaMb = row.uploadQuotaMb ?? platform.config.UPLOAD_QUOTA_MB;
      return {
        ...presentCompany(row),
        parent: parents.find((p) => p.id === row.parentId) ?? null,
        status: activeStatusSchema.catch(0).parse(row.status),
        theme_settings: own.theme,
        users_count: own.users,
        children_count: children.find((c) => c.parentId === row.id)?.value ?? 0,
        upload_quota_mb: row.uploadQuotaMb,
        storage: { used_bytes: own.storage.bytes, quota_bytes: quotaMb * 1024 * 1024, files: own.storage.files },
        updated_at: row.updatedAt.toISOString(),
      };
    });
  }

  async function rowOf(tx: Db, id: number): Promise<CompanyRow> {
    const [row] = await tx.select().from(companies).where(eq(companies.id, id));
    if (!row) throw notFound();
    return row;
  }

  /** A super admin may not switch off the company whose host they are working on: its hosts would lock them out. */
  function assertNotOwnHostPassive(actor: Actor, id: number, status: number) {
    if (status === 0 && (id === actor.hostCompanyId || id === actor.companyId)) {
      throw invalidFields({ status: 'companies.own_company_passive' });
    }
  }

  /**
   * The one write path of the registry (api/company and api/admin/companies), inside the caller's system-scoped
   * transaction: hosts free and valid, the group without loops, the company's own host kept active, the logo served
   * on the company's own hosts, and the settings given. The caller audits; the host cache drops on the audited event.
   */
  async function writeCompany(
    tx: Db,
    actor: Actor,
    before: CompanyRow | undefined,
    values: CompanyValues,
    settings: SettingEntry[],
  ): Promise<CompanyRow> {
    await assertFreeHosts(tx, baseDomain, { slug: values.slug, customDomain: values.customDomain }, before?.id);
    await assertValidParent(tx, before?.id, values.parentId);
    if (before && before.status !== values.status) assertNotOwnHostPassive(actor, before.id, values.status ?? 1);
    const copyLogo = await checkLogo(platform.files, {
      url: values.logoLink,
      current: before?.logoLink ?? null,
      targetCompanyId: before?.id ?? null,
      uploadCompanyId: actor.hostCompanyId,
    });
    const [saved] = before
      ? await tx.update(companies).set(values).where(eq(companies.id, before.id)).returning()
      : await tx.insert(companies).values(values).returning();
    if (!saved) throw new Error('company write returned nothing');
    await copyLogo?.(tx, saved.id);
    await writeSettings(tx, saved.id, settings);
    return saved;
  }

  /**
   * Why a company may not be deleted, or null. Deleting a company deletes everything it owns, so only a company
   * nobody has worked in yet may go: no people, no sub-companies, no audit rows but its own registry changes, and
   * never the company the super admin is working in. Runs in the registry's system scope, filtering by the id.
   */
  async function deleteRefusal(tx: Db, actor: Actor, id: number): Promise<string | null> {
    if (id === actor.hostCompanyId || id === actor.companyId || id === actor.homeCompanyId) {
      return 'companies.delete_own';
    }
    const [[people], [children], [activity]] = await Promise.all([
      tx.select({ value: count() }).from(users).where(eq(users.companyId, id)),
      tx.select({ value: count() }).from(companies).where(eq(companies.parentId, id)),
      tx
        .select({ value: count() })
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.companyId, id),
            notLike(auditLogs.action, 'company.%'),
            notLike(auditLogs.action, 'company_settings.%'),
          ),
        ),
    ]);
    if ((people?.value ?? 0) > 0) return 'companies.delete_has_users';
    if ((children?.value ?? 0) > 0) return 'companies.delete_has_children';
    if ((activity?.value ?? 0) > 0) return 'companies.delete_has_activity';
    return null;
  }

  /**
   * `/api/admin/companies`: the registry on the resource framework, in the platform scope. Only super admins reach it
   * (the contract's access) and they administer every company, so the scope's row filter is none; list, sort, search,
   * paging, the 404 of an unknown id, bulk actions, export and the audit rows are the framework's.
   */
  const resource = defineResource(db, {
    contract: companiesContract,
    entity: 'company',
    table: companies,
    scope: {
      rows: () => undefined,
      // A company's changes are recorded in its own trail; its deletion in the acting company's (its rows are gone).
      auditCompany: (item, action) => (action === 'deleted' ? undefined : item.id),
    },
    activeStatus: true,
    sortable: {
      name: companies.name,
      slug: companies.slug,
      status: companies.status,
      created_at: companies.createdAt,
    },
    defaultOrder: [asc(companies.name), asc(companies.id)],
    search: [companies.name, companies.slug, companies.customDomain],
    filters: { parent_id: (id) => eq(companies.parentId, id) },
    present: (tx, _companyId, ids) => presentAdmin(tx, ids),
    create: async (tx, actor, input) => {
      const settings = [{ key: 'theme_settings', value: input.theme_settings }];
      return (await writeCompany(tx, actor, undefined, companyValuesOf(input), settings)).id;
    },
    /** Partial: the fields sent change, the others stay; theme_settings is replaced as a whole when sent. */
    update: async (tx, actor, item, input) => {
      const before = await rowOf(tx, item.id);
      const settings = input.theme_settings ? [{ key: 'theme_settings', value: input.theme_settings }] : [];
      await writeCompany(tx, actor, before, mergeValues(before, input), settings);
    },
    auditStatusOnlyUpdate: true,
    /** All or nothing: one company that may not go refuses the whole delete. */
    beforeDelete: async (tx, actor, items) => {
      for (const item of items) {
        const refusal = await deleteRefusal(tx, actor, item.id);
        if (refusal) throw refuse(refusal);
      }
    },
    status: {
      schema: activeStatusSchema,
      async apply(tx, actor, items, status) {
        const changing = items.filter((item) => item.status !== status);
        for (const item of changing) assertNotOwnHostPassive(actor, item.id, status);
        if (changing.length === 0) return;
        await tx
          .update(companies)
          .set({ status })
          .where(
            inArray(
              companies.id,
              changing.map((item) => item.id),
            ),
          );
      },
    },
    export: {
      fileName: `${NS}.export_file`,
      columns: [
        { header: `${NS}.columns.id`, value: (c) => c.id },
        { header: `${NS}.fields.name`, value: (c) => c.name },
        { header: `${NS}.fields.slug`, value: (c) => c.slug },
        { header: `${NS}.fields.custom_domain`, value: (c) => c.custom_domain },
        { header: `${NS}.fields.parent`, value: (c) => c.parent?.name ?? null },
        { header: `${NS}.fields.users_count`, value: (c) => c.users_count },
        activeStatusExportColumn(NS),
        { header: `${NS}.columns.created_at`, value: (c) => c.created_at },
      ],
    },
  });

  const service = {
    /** api/company/self serialized, compressed and tagged, from the cache. */
    selfAnswer(host: HostCompany): Promise<PrecompressedJson> {
      return selfAnswers.get(String(host.id), async () =>
        precompressJson({ data: companySelfSchema.parse(await service.self(host)) }, SELF_BROTLI_QUALITY),
      );
    },

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
    async upsert(input: CompanyUpsert, actor: Actor): Promise<Company> {
      const settings = parseSettings(input.settings ?? []);
      const values = companyValuesOf(input);
      const row = await asSystem(db, async (tx) => {
        const before = input.id ? await rowOf(tx, input.id) : undefined;
        const saved = await writeCompany(tx, actor, before, values, settings);
        await record(tx, actor, {
          companyId: saved.id,
          action: !before
            ? 'company.created'
            : onlyStatusChanged(before, values, settings)
              ? 'company.status_changed'
              : 'company.updated',
          entity: 'company',
          id: saved.id,
          before: before ? presentCompany(before) : null,
          after: { ...presentCompany(saved), settings },
        });
        return saved;
      });
      return presentCompany(row);
    },

    /** `/api/admin/companies`: the registry (super admins only), registered by `registerResource`. */
    resource,

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
  return service;
}

/** The columns of a complete company body (create, or the legacy upsert that always sends everything). */
function companyValuesOf(input: AdminCompanyCreate | CompanyUpsert): CompanyValues {
  return {
    name: input.name,
    slug: input.slug,
    customDomain: input.custom_domain ?? null,
    logoLink: input.logo_link ?? null,
    parentId: input.parent_id ?? null,
    isGroupAlias: input.is_group_alias,
    canSwitchCompany: input.can_switch_company,
    surnameViewRestrict: input.surname_view_restrict,
    status: input.status,
    defaultLanguage: input.default_language,
    // The legacy api/company body has no quota: it keeps the one set on the registry's form.
    ...('upload_quota_mb' in input ? { uploadQuotaMb: input.upload_quota_mb } : {}),
  };
}

/** A partial update over the stored row: a field left out keeps its value, null clears it. */
function mergeValues(before: CompanyRow, input: AdminCompanyUpdate): CompanyValues {
  const pick = <T>(value: T | undefined, current: T): T => (value === undefined ? current : value);
  return {
    name: pick(input.name, before.name),
    slug: pick(input.slug, before.slug),
    customDomain: pick(input.custom_domain, before.customDomain),
    logoLink: pick(input.logo_link, before.logoLink),
    parentId: input.parent_id === undefined ? before.parentId : (input.parent_id ?? null),
    isGroupAlias: pick(input.is_group_alias, before.isGroupAlias),
    canSwitchCompany: pick(input.can_switch_company, before.canSwitchCompany),
    surnameViewRestrict: pick(input.surname_view_restrict, before.surnameViewRestrict),
    status: pick(input.status, before.status),
    defaultLanguage: pick(input.default_language, before.defaultLanguage),
    uploadQuotaMb: pick(input.upload_quota_mb, before.uploadQuotaMb),
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
