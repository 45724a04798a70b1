import { isMenuTypeEnabled, type MenuItem } from '@kampus/shared';
import { pathForRoute } from '../../../app/route-names.js';

/** A menu type is a route-name segment: lower-case words joined by hyphens, nothing that could climb a path. */
const MENU_TYPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The route of a menu item (spec §2.1): dashboard and notification are named routes, every other type user.{type}. */
export function menuItemPath(type: string): string | null {
  if (!MENU_TYPE.test(type)) return null;
  if (type === 'dashboard') return pathForRoute('dashboard');
  if (type === 'notification') return pathForRoute('dashboard.notification');
  return pathForRoute(`user.${type}`);
}

export interface SideMenuEntry {
  id: number;
  type: string;
  path: string;
  /** The company's own title in the user's language; null: the type's default label (`type_lang`). */
  title: string | null;
  labelKey: string;
}

/** The side-menu type of the order history, shown only with the card payment integration (spec §6). */
const PAYMENT_HISTORY_TYPE = 'payment-history';

/**
 * What the side menu shows (spec §2.7, §6): status 1 only, by numeric order, modules the session has, the payment
 * history only with the card payment integration, and only items whose page exists — many arrive in later issues.
 */
export function sideMenuEntries(
  items: readonly MenuItem[],
  context: { modules: readonly string[]; hasPage: (path: string) => boolean; paymentActive?: boolean },
): SideMenuEntry[] {
  return items
    .filter((item) => Number(item.status) === 1 && isMenuTypeEnabled(item.type, context.modules))
    .filter((item) => item.type !== PAYMENT_HISTORY_TYPE || context.paymentActive === true)
    .sort((a, b) => Number(a.order) - Number(b.order) || a.id - b.id)
    .flatMap((item) => {
      const path = menuItemPath(item.type);
      if (!path || !context.hasPage(path)) return [];
      return [{ id: item.id, type: item.type, path, title: item.title || null, labelKey: item.type_lang }];
    });
}
