import {
  ACTIVE_STATUS_NAMES,
  type AdminMenuItem,
  type AdminMenuItemCreate,
  type AdminMenuItemListQuery,
  type AdminMenuItemUpdate,
  activeStatusSchema,
  LOCALES,
  type MENU_ITEM_SORTS,
  type MenuTitles,
  type ModuleSwitches,
  menuItemsContract,
  menuTypeLabelKey,
} from '@kampus/shared';
import { and, asc, eq, inArray, max, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { companySettings, menuItems } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { invalidFields } from '../../../platform/http/errors.js';
import { activeStatusAction, defineResource } from '../../../platform/resource/resource.js';
import { findEnabledModules } from '../widgets/service.js';

/** Orders go in steps of ten, as the demo seed does, so an item can be slotted in by hand later. */
const ORDER_STEP = 10;

type MenuRow = typeof menuItems.$inferSelect;

function presentTitles(stored: MenuRow['title']): AdminMenuItem['title'] {
  return { tr: stored.tr ?? null, en: stored.en ?? null, az: stored.az ?? null, de: stored.de ?? null };
}

/** Only the languages given a title are stored, as the widgets service reads `title[language] ?? null`. */
function storedTitles(titles: MenuTitles): Partial<Record<string, string>> {
  return Object.fromEntries(LOCALES.flatMap((locale) => (titles[locale] ? [[locale, titles[locale]]] : [])));
}

async function presentMenuItems(tx: Db, companyId: number, ids: number[]): Promise<AdminMenuItem[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.companyId, companyId), inArray(menuItems.id, ids)));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    title: presentTitles(row.title),
    status: activeStatusSchema.catch(0).parse(row.status),
    order: row.order,
  }));
}

/** One item per type: a side menu with two "Wall" entries only confuses the people using it. */
async function assertTypeFree(tx: Db, companyId: number, type: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(
      and(
        eq(menuItems.companyId, companyId),
        eq(menuItems.type, type),
        exceptId ? ne(menuItems.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw invalidFields({ type: 'menu.type_taken' });
}

const MODULES_SETTING = 'modules';

export function createMenuService(platform: Platform) {
  const db = platform.database.db;

  const resource = defineResource<AdminMenuItem, AdminMenuItemCreate, AdminMenuItemUpdate, AdminMenuItemListQuery>(db, {
    contract: menuItemsContract,
    entity: 'menu_item',
    table: menuItems,
    sortable: {
      order: menuItems.order,
      type: menuItems.type,
      status: menuItems.status,
    } satisfies Record<(typeof MENU_ITEM_SORTS)[number], unknown>,
    defaultOrder: [asc(menuItems.order), asc(menuItems.id)],
    search: [menuItems.type],
    filters: { status: (v: number) => eq(menuItems.status, v) },
    present: presentMenuItems,

    async create(tx, actor, input) {
      await assertTypeFree(tx, actor.companyId, input.type);
      const [last] = await tx
        .select({ value: max(menuItems.order) })
        .from(menuItems)
        .where(eq(menuItems.companyId, actor.companyId));
      const [row] = await tx
        .insert(menuItems)
        .values({
          companyId: actor.companyId,
          type: input.type,
          title: storedTitles(input.title),
          status: input.status,
          order: (last?.value ?? 0) + ORDER_STEP,
        })
        .returning({ id: menuItems.id });
      if (!row) throw new Error('menu item insert returned nothing');
      return row.id;
    },

    async update(tx, actor, before, input) {
      if (input.type !== undefined) await assertTypeFree(tx, actor.companyId, input.type, before.id);
      const columns: Partial<typeof menuItems.$inferInsert> = {};
      if (input.type !== undefined) columns.type = input.type;
      if (input.title !== undefined) columns.title = storedTitles(input.title);
      if (input.status !== undefined) columns.status = input.status;
      if (Object.keys(columns).length === 0) return;
      await tx
        .update(menuItems)
        .set(columns)
        .where(and(eq(menuItems.companyId, actor.companyId), eq(menuItems.id, before.id)));
    },

    status: activeStatusAction(menuItems),

    export: {
      fileName: 'menu.export_file',
      columns: [
        { header: 'menu.columns.order', value: (item) => item.order },
        { header: 'menu.columns.type', value: (item, t) => t(menuTypeLabelKey(item.type)) },
        ...LOCALES.map((locale) => ({
          header: `menu.columns.title_${locale}`,
          value: (item: AdminMenuItem) => item.title[locale],
        })),
        {
          header: 'menu.columns.status',
          value: (item, t) => t(`menu.status.${ACTIVE_STATUS_NAMES[item.status]}`),
        },
      ],
    },
  });

  /** Every item of the company, once each, in the new order; anything else changes nothing (422). */
  const reorder = (actor: Actor, ids: number[]) =>
    inTenant(db, actor.companyId, async (tx) => {
      const rows = await tx
        .select({ id: menuItems.id })
        .from(menuItems)
        .where(eq(menuItems.companyId, actor.companyId))
        .orderBy(asc(menuItems.order), asc(menuItems.id));
      const current = rows.map((row) => row.id);
      const complete = new Set(ids).size === ids.length && ids.length === current.length;
      if (!complete || !ids.every((id) => current.includes(id))) {
        throw invalidFields({ ids: 'menu.order_incomplete' });
      }
      for (const [index, id] of ids.entries()) {
        await tx
          .update(menuItems)
          .set({ order: (index + 1) * ORDER_STEP })
          .where(and(eq(menuItems.companyId, actor.companyId), eq(menuItems.id, id)));
      }
      await record(tx, actor, { action: 'menu_item.reordered', entity: 'menu_item', before: current, after: ids });
      return presentMenuItems(tx, actor.companyId, ids).then((items) =>
        ids.flatMap((id) => items.find((item) => item.id === id) ?? []),
      );
    });

  const readModules = (actor: Actor): Promise<ModuleSwitches> =>
    inTenant(db, actor.companyId, async (tx) => ({ modules: await findEnabledModules(tx, actor.companyId) }));

  /** Stores the switches as the company setting `modules`, which the side menu and the session read. */
  const saveModules = (actor: Actor, input: ModuleSwitches): Promise<ModuleSwitches> =>
    inTenant(db, actor.companyId, async (tx) => {
      const before = await findEnabledModules(tx, actor.companyId);
      await tx
        .insert(companySettings)
        .values({ companyId: actor.companyId, key: MODULES_SETTING, value: input.modules })
        .onConflictDoUpdate({
          target: [companySettings.companyId, companySettings.key],
          set: { value: input.modules, updatedAt: new Date() },
        });
      await record(tx, actor, {
        action: 'company_settings.updated',
        entity: 'company_settings',
        before: { modules: before },
        after: { modules: input.modules },
      });
      return { modules: input.modules };
    });

  return { resource, reorder, readModules, saveModules };
}

export type MenuService = ReturnType<typeof createMenuService>;
