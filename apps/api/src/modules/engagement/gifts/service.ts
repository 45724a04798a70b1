import type { Platform } from '../../../platform/deps.js';
import type { NotificationsService } from '../../frame/notifications/service.js';
import type { PointsService } from '../points/service.js';
import { subscribeGiftRequestMessages } from './messages.js';
import { createGiftProducts } from './products.js';
import { createGiftRequests } from './requests.js';

/**
 * The gift store (issue 17): the products (`api/admin/gifts`), the learner's store and requests (`api/gifts`) and
 * the admin's work on the requests (`api/admin/gift-requests`). Points move only through the points service.
 */
export function createGiftsService(
  platform: Platform,
  needs: { points: PointsService; notifications: NotificationsService },
) {
  subscribeGiftRequestMessages(platform, needs.notifications);
  return { products: createGiftProducts(platform), requests: createGiftRequests(platform, needs.points) };
}

export type GiftsService = ReturnType<typeof createGiftsService>;
