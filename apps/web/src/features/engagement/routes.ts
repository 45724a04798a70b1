import { RESOURCE_SCREENS } from '../../app/resource-screens.js';
import { type AdminRoute, adminRoute, resourceRoutes } from '../frame/admin/route-kit.js';

/**
 * The gift store's, advertisements' and announcements' admin screens (spec §2.2, issue 17), in the spec's order after
 * the points: list, add and edit from the contracts. All sit in the navigation's engagement area.
 */
export const engagementAdminRoutes: AdminRoute[] = [
  // The gift store (issue 17): products (show_gift, create_gift) and the requests (read_gift).
  ...resourceRoutes(RESOURCE_SCREENS.gifts, {
    list: () => import('./gifts/GiftsListPage.js'),
    form: () => import('./gifts/GiftFormPage.js'),
    nav: { area: 'engagement', icon: 'IconGift' },
  }),
  adminRoute(() => import('./gifts/GiftRequestsPage.js'), {
    name: 'company.gift.requests',
    permission: 'read_gift',
    title: 'gifts.requests.title',
    nav: { area: 'engagement', icon: 'IconTruckDelivery' },
  }),
  ...resourceRoutes(RESOURCE_SCREENS.advertisements, {
    list: () => import('./advertisements/AdvertisementsListPage.js'),
    form: () => import('./advertisements/AdvertisementFormPage.js'),
    nav: { area: 'engagement', icon: 'IconPhoto' },
  }),
  ...resourceRoutes(RESOURCE_SCREENS.announcements, {
    list: () => import('./announcements/AnnouncementsListPage.js'),
    form: () => import('./announcements/AnnouncementFormPage.js'),
    nav: { area: 'engagement', icon: 'IconSpeakerphone' },
  }),
];
