import { hasMoreThanOneRole } from '@kampus/shared';
import { pathForRoute } from '../../../app/route-names.js';

/** The avatar's profile menu of spec §2.6, in order, by route name (spec §2.1). */
const PROFILE_MENU = [
  { key: 'admin_panel', route: 'company.dashboard', testId: 'admin-panel-link' },
  { key: 'profile', route: 'user.profile', testId: 'profile-menu-profile' },
  { key: 'certificates', route: 'User.my-certification', testId: 'profile-menu-certificates' },
  { key: 'order_history', route: 'User.payment-history', testId: 'profile-menu-order-history' },
  { key: 'legal_notice', route: 'User.agreement', testId: 'profile-menu-legal-notice' },
  { key: 'faq', route: 'User.faq', testId: 'profile-menu-faq' },
] as const;

export type ProfileMenuKey = (typeof PROFILE_MENU)[number]['key'];

export interface ProfileMenuItem {
  key: ProfileMenuKey;
  path: string;
  testId: string;
}

export interface ProfileMenuContext {
  /** Whether a path has a page in the route table. */
  hasPage: (path: string) => boolean;
  roles: readonly { id: number }[];
  /** Whether the card-payment integration is active (spec §6: order history shows only then). */
  paymentActive: boolean;
}

/**
 * The items to show: only those whose page exists (several arrive in later issues); the admin panel only with more
 * than one role, the order history only with the card-payment integration (spec §2.6, §6).
 */
export function profileMenuItems(context: ProfileMenuContext): ProfileMenuItem[] {
  return PROFILE_MENU.flatMap(({ key, route, testId }) => {
    const path = pathForRoute(route);
    if (!path || !context.hasPage(path)) return [];
    if (key === 'admin_panel' && !hasMoreThanOneRole(context.roles)) return [];
    if (key === 'order_history' && !context.paymentActive) return [];
    return [{ key, path, testId }];
  });
}
