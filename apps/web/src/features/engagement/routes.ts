import { RESOURCE_SCREENS } from '../../app/resource-screens.js';
import { type AdminRoute, resourceRoutes } from '../frame/admin/route-kit.js';

/** The announcements' and advertisements' admin screens (spec §2.2, issue 17): list, add and edit from the contracts. */
export const engagementAdminRoutes: AdminRoute[] = [
  ...resourceRoutes(RESOURCE_SCREENS.announcements, {
    list: () => import('./announcements/AnnouncementsListPage.js'),
    form: () => import('./announcements/AnnouncementFormPage.js'),
    nav: { area: 'content', icon: 'IconSpeakerphone' },
  }),
  ...resourceRoutes(RESOURCE_SCREENS.advertisements, {
    list: () => import('./advertisements/AdvertisementsListPage.js'),
    form: () => import('./advertisements/AdvertisementFormPage.js'),
    nav: { area: 'content', icon: 'IconPhoto' },
  }),
];
