import {
  type AdminIntegration,
  INTEGRATION_CATEGORIES,
  type Integration,
  type IntegrationActivate,
  type IntegrationCategory,
  type IntegrationSettings,
  type IntegrationUpdate,
  isLocale,
  type Locale,
  pickLocalized,
} from '@kampus/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { companies, companyIntegrations, integrations, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { invalidFields, notFound } from '../../../platform/http/errors.js';

type Row = Awaited<ReturnType<typeof catalogueOf>>[number];

const categoryOf = (value: string): IntegrationCategory =>
  (INTEGRATION_CATEGORIES as readonly string[]).includes(value) ? (value as IntegrationCategory) : 'content';

/** The catalogue with the company's side of each integration (RLS and the join both keep other companies out). */
async function catalogueOf(tx: Db, companyId: number, integrationId?: number) {
  return tx
    .select({
      integration: integrations,
      pivot: companyIntegrations,
      activatedByName: users.name,
      activatedBySurname: users.surname,
      defaultLanguage: companies.defaultLanguage,
    })
    .from(integrations)
    .leftJoin(
      companyIntegrations,
      and(eq(companyIntegrations.integrationId, integrations.id), eq(companyIntegrations.companyId, companyId)),
    )
    .leftJoin(users, eq(users.id, companyIntegrations.activatedBy))
    .leftJoin(companies, eq(companies.id, companyId))
    .where(integrationId === undefined ? undefined : eq(integrations.id, integrationId))
    .orderBy(asc(integrations.order), asc(integrations.id));
}

const fallbackOf = (row: Row): Locale =>
  row.defaultLanguage && isLocale(row.defaultLanguage) ? row.defaultLanguage : 'tr';

/** The spec's shape (§3): `companies[]` holds the company's pivot once the integration was ever switched on there. */
function presentForUser(row: Row, companyId: number, lang: Locale): Integration {
  return {
    id: row.integration.id,
    key_name: row.integration.keyName,
    name: row.integration.name,
    description: pickLocalized(row.integration.description, lang, fallbackOf(row)),
    category: categoryOf(row.integration.category),
    companies: row.pivot
      ? [{ id: companyId, pivot: { activated_at: row.pivot.activatedAt?.toISOString() ?? null } }]
      : [],
  };
}

/** The person who switched it on; null when they are gone or belong to another company (RLS hides them). */
function activatorOf(id: number, row: Row): AdminIntegration['activated_by'] {
  const name = `${row.activatedByName ?? ''} ${row.activatedBySurname ?? ''}`.trim();
  return name ? { id, name } : null;
}

function presentForAdmin(row: Row, lang: Locale): AdminIntegration {
  const activatedAt = row.pivot?.activatedAt ?? null;
  return {
    id: row.integration.id,
    key_name: row.integration.keyName,
    name: row.integration.name,
    description: pickLocalized(row.integration.description, lang, fallbackOf(row)),
    category: categoryOf(row.integration.category),
    active: activatedAt !== null,
    activated_at: activatedAt?.toISOString() ?? null,
    activated_by: activatedAt && row.pivot?.activatedBy ? activatorOf(row.pivot.activatedBy, row) : null,
    settings: row.pivot?.settings ?? {},
  };
}

export function createIntegrationsService(platform: Platform) {
  const db = platform.database.db;

  async function findOne(tx: Db, companyId: number, integrationId: number): Promise<Row> {
    const [row] = await catalogueOf(tx, companyId, integrationId);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Writes the company's side of an integration and audits the change: activated or deactivated when the state
   * flips, updated when only the options change; nothing when nothing changes.
   */
  async function change(
    actor: Actor,
    integrationId: number,
    change: { active?: boolean; settings?: IntegrationSettings },
    lang: Locale,
  ): Promise<AdminIntegration> {
    return inTenant(db, actor.companyId, async (tx) => {
      const before = await findOne(tx, actor.companyId, integrationId);
      const wasActive = before.pivot?.activatedAt != null;
      const activating = change.active === true && !wasActive;
      const deactivating = change.active === false && wasActive;
      const settingsChanged =
        change.settings !== undefined &&
        JSON.stringify(change.settings) !== JSON.stringify(before.pivot?.settings ?? {});
      if (!activating && !deactivating && !settingsChanged) return presentForAdmin(before, lang);

      const values = {
        ...(activating ? { activatedAt: new Date(), activatedBy: actor.userId } : {}),
        ...(deactivating ? { activatedAt: null, activatedBy: null } : {}),
        ...(settingsChanged ? { settings: change.settings } : {}),
      };
      await tx
        .insert(companyIntegrations)
        .values({ companyId: actor.companyId, integrationId, ...values })
        .onConflictDoUpdate({
          target: [companyIntegrations.companyId, companyIntegrations.integrationId],
          set: { ...values, updatedAt: new Date() },
        });
      const after = await findOne(tx, actor.companyId, integrationId);
      const action = activating ? 'activated' : deactivating ? 'deactivated' : 'updated';
      await record(tx, actor, {
        action: `integration.${action}`,
        entity: 'integration',
        id: integrationId,
        before: presentForAdmin(before, 'en'),
        after: presentForAdmin(after, 'en'),
      });
      return presentForAdmin(after, lang);
    });
  }

  async function idOfKey(keyName: string): Promise<number> {
    const [row] = await db
      .select({ id: integrations.id })
      .from(integrations)
      .where(eq(integrations.keyName, keyName))
      .limit(1);
    if (!row) throw invalidFields({ key_name: 'integrations.unknown_integration' });
    return row.id;
  }

  return {
    /** GET api/integrations?by_user=true: the catalogue as the session's acting company sees it. */
    listForUser: (companyId: number, lang: Locale) =>
      inTenant(db, companyId, async (tx) =>
        (await catalogueOf(tx, companyId)).map((row) => presentForUser(row, companyId, lang)),
      ),

    /** GET api/admin/integrations. */
    listForAdmin: (actor: Actor, lang: Locale) =>
      inTenant(db, actor.companyId, async (tx) =>
        (await catalogueOf(tx, actor.companyId)).map((row) => presentForAdmin(row, lang)),
      ),

    /** POST api/integrations {key_name, settings?}: switches it on (again) for the acting company. */
    activate: async (actor: Actor, input: IntegrationActivate, lang: Locale) =>
      change(actor, await idOfKey(input.key_name), { active: true, settings: input.settings }, lang),

    /** PUT api/integrations/{id} {active?, settings?}. */
    update: (actor: Actor, integrationId: number, input: IntegrationUpdate, lang: Locale) =>
      change(actor, integrationId, input, lang),

    /** DELETE api/integrations/{id}: switches it off; its options stay for a later activation. */
    deactivate: (actor: Actor, integrationId: number, lang: Locale) =>
      change(actor, integrationId, { active: false }, lang),
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
