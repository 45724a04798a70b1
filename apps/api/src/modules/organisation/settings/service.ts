import {
  type CompanySettingsForm,
  type CompanySettingsUpdate,
  DEFAULT_LOGIN_OPTIONS,
  isLocale,
  isTruthySetting,
  legalTextSettingSchema,
  loginOptionsSchema,
  SETTINGS_SCREEN_KEYS,
  themeSettingsSchema,
  userCustomFieldsSchema,
} from '@kampus/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { jsonbRaw } from '../../../db/schema/columns.js';
import { companies, companySettings } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { notFound } from '../../../platform/http/errors.js';
import { checkLogo, writeSettings } from '../companies/service.js';

const hostListSchema = z.array(z.string());

/** A stored value that no longer fits its schema (an older shape) reads as the default instead of failing. */
function parsedOr<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

/** The screen's settings of one company, over the defaults of spec §3 and §9. */
function presentSettings(company: typeof companies.$inferSelect, stored: Map<string, unknown>): CompanySettingsForm {
  const emptyLegal = { default: {}, hosts: {} };
  return {
    default_language: isLocale(company.defaultLanguage) ? company.defaultLanguage : 'tr',
    surname_view_restrict: company.surnameViewRestrict === 1 ? 1 : 0,
    logo_link: company.logoLink,
    chat_is_disabled: isTruthySetting(stored.get('chat_is_disabled')),
    hide_online_users: stored.get('hide_online_users') === true,
    hide_copyright_notice: stored.get('hide_copyright_notice') === true,
    theme_settings: parsedOr(themeSettingsSchema, stored.get('theme_settings') ?? {}, {}),
    login_options: parsedOr(loginOptionsSchema, stored.get('login_options') ?? {}, DEFAULT_LOGIN_OPTIONS),
    personal_data_notice: parsedOr(legalTextSettingSchema, stored.get('personal_data_notice') ?? {}, emptyLegal),
    clarification_text: parsedOr(legalTextSettingSchema, stored.get('clarification_text') ?? {}, emptyLegal),
    hide_social_links_hosts: parsedOr(hostListSchema, stored.get('hide_social_links_hosts') ?? [], []),
    user_custom_fields: parsedOr(userCustomFieldsSchema, stored.get('user_custom_fields') ?? [], []),
  };
}

/**
 * `/api/admin/settings`: what a company admin may change about the company they act in — its settings (all but the
 * module switches) and its language, surname rule and branding. Slug, domain, group and status stay the super
 * admin's (api/admin/companies).
 */
export function createSettingsService(platform: Platform) {
  const db = platform.database.db;

  async function readIn(tx: Db, companyId: number): Promise<CompanySettingsForm> {
    const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
    if (!company) throw notFound();
    const rows = await tx
      .select({ key: companySettings.key, value: jsonbRaw(companySettings.value) })
      .from(companySettings)
      .where(and(eq(companySettings.companyId, companyId), inArray(companySettings.key, [...SETTINGS_SCREEN_KEYS])));
    return presentSettings(company, new Map(rows.map((row) => [row.key, row.value])));
  }

  return {
    read: (actor: Actor) => inTenant(db, actor.companyId, (tx) => readIn(tx, actor.companyId)),

    /** Partial: each setting sent is replaced as a whole, the rest stay; audited with before and after. */
    async update(actor: Actor, input: CompanySettingsUpdate): Promise<CompanySettingsForm> {
      const companyId = actor.companyId;
      const current = await inTenant(db, companyId, (tx) => readIn(tx, companyId));
      const copyLogo =
        input.logo_link === undefined
          ? null
          : await checkLogo(platform.files, {
              url: input.logo_link,
              current: current.logo_link,
              targetCompanyId: companyId,
              uploadCompanyId: actor.hostCompanyId,
            });
      const after = await inTenant(db, companyId, async (tx) => {
        const before = await readIn(tx, companyId);
        const columns = {
          ...(input.default_language !== undefined ? { defaultLanguage: input.default_language } : {}),
          ...(input.surname_view_restrict !== undefined ? { surnameViewRestrict: input.surname_view_restrict } : {}),
          ...(input.logo_link !== undefined ? { logoLink: input.logo_link } : {}),
        };
        if (Object.keys(columns).length > 0) {
          await tx.update(companies).set(columns).where(eq(companies.id, companyId));
        }
        await copyLogo?.(tx, companyId);
        const entries = SETTINGS_SCREEN_KEYS.flatMap((key) =>
          input[key] === undefined ? [] : [{ key, value: input[key] as unknown }],
        );
        await writeSettings(tx, companyId, entries);
        const saved = await readIn(tx, companyId);
        await record(tx, actor, {
          companyId,
          action: 'company_settings.updated',
          entity: 'company_settings',
          id: companyId,
          before,
          after: saved,
        });
        return saved;
      });
      return after;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
