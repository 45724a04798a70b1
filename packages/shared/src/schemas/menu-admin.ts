import { z } from 'zod';
import { MODULE_KEYS } from '../access.js';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { ID_MAX } from './common.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { resourceListQuerySchema } from './resource.js';

/**
 * The side-menu types an administrator may add (spec §2.1, §2.7): the learner pages the spec names, plus Kampus's
 * `dashboard` and `notification`. Each is labelled by `menu.<type>` unless the company titles it.
 */
export const MENU_TYPES = [
  'dashboard',
  'notification',
  'my-assignment',
  'my-education',
  'education-category',
  'my-statistics',
  'my-collection',
  'gift',
  'wall',
  'leader-table',
  'agenda',
  'test',
  'my-certification',
  'faq',
  'search',
  'duel',
  'messages',
  'payment-history',
] as const;
export type MenuType = (typeof MENU_TYPES)[number];

/** The columns `sort` accepts on `GET api/admin/menu-modules`. */
export const MENU_ITEM_SORTS = ['order', 'type', 'status'] as const;
export const MENU_TITLE_MAX = 60;

const titleText = z
  .string()
  .trim()
  .max(MENU_TITLE_MAX)
  .nullish()
  .transform((v) => (v ? v : null));

/** A title per language; an empty one falls back to the type's own label. */
export const menuTitlesSchema = z.object({ tr: titleText, en: titleText, az: titleText, de: titleText });
export type MenuTitles = z.infer<typeof menuTitlesSchema>;

/** A side-menu item as the admin panel sees it: every language's title at once. */
export const adminMenuItemSchema = z.object({
  id: z.number(),
  type: z.string(),
  title: z.object({
    tr: z.string().nullable(),
    en: z.string().nullable(),
    az: z.string().nullable(),
    de: z.string().nullable(),
  }),
  status: activeStatusSchema,
  order: z.number().int(),
});
export type AdminMenuItem = z.infer<typeof adminMenuItemSchema>;

const menuTypeSchema = z.enum(MENU_TYPES, 'menu.type_invalid');

/** POST api/admin/menu-modules: a new item goes to the end of the menu. */
export const adminMenuItemCreateSchema = z.object({
  type: menuTypeSchema,
  title: menuTitlesSchema.default({ tr: null, en: null, az: null, de: null }),
  status: activeStatusSchema.default(1),
});
export type AdminMenuItemCreate = z.infer<typeof adminMenuItemCreateSchema>;

/** PUT or POST api/admin/menu-modules/{id}: the fields sent change, the others stay. */
export const adminMenuItemUpdateSchema = z
  .object({
    type: menuTypeSchema,
    title: menuTitlesSchema,
    status: activeStatusSchema,
  })
  .partial();
export type AdminMenuItemUpdate = z.infer<typeof adminMenuItemUpdateSchema>;

export const adminMenuItemListQuerySchema = resourceListQuerySchema.extend({ status: activeStatusFilter });
export type AdminMenuItemListQuery = z.infer<typeof adminMenuItemListQuerySchema>;

/** PUT api/admin/menu-modules/order: every item of the company, once each, in the new order. */
export const menuOrderSchema = z.object({
  ids: z
    .array(z.number().int().positive().max(ID_MAX))
    .min(1, 'validation.required')
    .max(MENU_TYPES.length * 4),
});
export type MenuOrder = z.infer<typeof menuOrderSchema>;

/** GET and PUT api/admin/modules: the module switches (company setting `modules`; absent means every one is on). */
export const moduleSwitchesSchema = z.object({
  modules: z
    .array(z.enum(MODULE_KEYS, 'menu.module_invalid'))
    .max(MODULE_KEYS.length)
    .transform((keys) => MODULE_KEYS.filter((key) => keys.includes(key))),
});
export type ModuleSwitches = z.infer<typeof moduleSwitchesSchema>;
export const moduleSwitchesResponseSchema = z.object({ data: z.object({ modules: z.array(z.enum(MODULE_KEYS)) }) });

/** `api/admin/menu-modules` (the company's side-menu items) and its admin screens. */
export const menuItemsContract = defineContract({
  plural: 'menu-modules',
  namespace: 'menu',
  // Spec §6 names one permission for widget (menu) management.
  permissions: readWrite('read_widgetmanagement'),
  schemas: {
    item: adminMenuItemSchema,
    create: adminMenuItemCreateSchema,
    update: adminMenuItemUpdateSchema,
    listQuery: adminMenuItemListQuerySchema,
  },
  list: { sorts: MENU_ITEM_SORTS, defaultSort: 'order', filters: [ACTIVE_STATUS_LIST_FILTER] },
  screens: {
    list: { name: 'company.menu-modules', path: '/admin/menu-modules' },
    add: { name: 'company.menu-modules.add', path: '/admin/menu-modules/add' },
    edit: { name: 'company.menu-modules.edit', path: '/admin/menu-modules/:id/edit' },
  },
});
