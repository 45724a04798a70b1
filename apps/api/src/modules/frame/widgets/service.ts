import {
  isMenuTypeEnabled,
  type Locale,
  type MenuItem,
  MODULE_KEYS,
  type ModuleKey,
  menuTypeLabelKey,
} from '@kampus/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { jsonbRaw } from '../../../db/schema/columns.js';
import { companies, companySettings, menuItems } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { notFound } from '../../../platform/http/errors.js';

/** The modules a company has switched on; without a `modules` setting every module is on. */
export async function findEnabledModules(tx: Db, companyId: number): Promise<ModuleKey[]> {
  const [row] = await tx
    .select({ value: jsonbRaw(companySettings.value) })
    .from(companySettings)
    .where(and(eq(companySettings.companyId, companyId), eq(companySettings.key, 'modules')))
    .limit(1);
  const value = row?.value;
  if (!Array.isArray(value)) return [...MODULE_KEYS];
  return MODULE_KEYS.filter((key) => value.includes(key));
}

type MenuRow = typeof menuItems.$inferSelect;

function presentMenuItem(row: MenuRow, language: Locale): MenuItem {
  return {
    id: row.id,
    type: row.type,
    type_lang: menuTypeLabelKey(row.type),
    title: row.title[language] ?? null,
    status: row.status,
    order: row.order,
  };
}

export interface MenuOptions {
  /** Titles are given in this language, or null when the item has none in it. */
  language: Locale;
  /** Leave out the items of modules the company has switched off. */
  byUser: boolean;
  /** Only items with status 1 (the session's copy of the menu). */
  activeOnly?: boolean;
  /** The company's enabled modules, when the caller has read them already (findEnabledModules). */
  enabledModules?: ModuleKey[];
}

/**
 * A company's side-menu items in their order (spec §2.7, §3 Menu item). Also used by the auth module for the
 * session's `menu`, inside its own transaction, so both always agree.
 */
export async function findCompanyMenu(tx: Db, companyId: number, options: MenuOptions): Promise<MenuItem[]> {
  const [rows, modules] = await Promise.all([
    tx
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.companyId, companyId), options.activeOnly ? eq(menuItems.status, 1) : undefined))
      .orderBy(asc(menuItems.order), asc(menuItems.id)),
    options.byUser ? (options.enabledModules ?? findEnabledModules(tx, companyId)) : null,
  ]);
  return rows
    .filter((row) => modules === null || isMenuTypeEnabled(row.type, modules))
    .map((row) => presentMenuItem(row, options.language));
}

/** A session may read the menu of the companies it may act in: its own, and those of its token's `cos`. */
function mayActIn(actor: Actor, companyId: number): boolean {
  if (companyId === actor.companyId || companyId === actor.sessionCompanyId) return true;
  return actor.switchableCompanyIds === null || actor.switchableCompanyIds.includes(companyId);
}

export function createWidgetsService(platform: Platform) {
  const db = platform.database.db;

  return {
    /** GET api/widgets: another company's menu is simply not found, so its existence does not leak. */
    menu: (auth: Actor, query: { company_id: number; by_user: boolean }, language: Locale) => {
      if (!mayActIn(auth, query.company_id)) throw notFound();
      return inTenant(db, query.company_id, async (tx) => {
        const [company] = await tx
          .select({ id: companies.id })
          .from(companies)
          .where(eq(companies.id, query.company_id))
          .limit(1);
        if (!company) throw notFound();
        return findCompanyMenu(tx, company.id, { language, byUser: query.by_user });
      });
    },
  };
}

export type WidgetsService = ReturnType<typeof createWidgetsService>;
