import { MODULE_KEYS, type ModuleKey } from './access.js';

/**
 * Module gating of the side menu (spec §6): an item whose type is a module key (wall, leader-table, gift,
 * education-category, my-collection) needs that module; every other type is always allowed.
 */
export function isMenuTypeEnabled(type: string, modules: readonly string[]): boolean {
  const module = MODULE_KEYS.find((key): key is ModuleKey => key === type);
  return module === undefined || modules.includes(module);
}

/** The locale key of a menu type's default label (the item's `type_lang`). */
export function menuTypeLabelKey(type: string): string {
  return `menu.${type}`;
}
