import { isLocale, type Locale } from '@kampus/shared';
import { and, eq, sql } from 'drizzle-orm';
import { publicOrigin } from '../../../config.js';
import { companies, giftProducts, giftRequests, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Platform } from '../../../platform/deps.js';
import type { DomainEvent } from '../../../platform/events.js';
import { translator } from '../../../platform/i18n.js';
import { EVENT_MAIL_JOB, eventMail } from '../../../platform/mail-templates.js';
import type { NotificationsService } from '../../frame/notifications/service.js';

const NS = 'gifts';
/** The admin's steps the learner hears of; their own cancellation and the request itself they know of. */
export const NOTIFIED_STEPS = ['approved', 'rejected', 'shipped', 'delivered'] as const;

/**
 * Each admin step on a gift request tells its learner twice, once it has committed: an in-app notification linking
 * to their requests on /gift, and the `gift_request_decided` mail (the company's own template when it has one) in
 * the learner's language, with the step as `decision`, the reason of a rejection or the tracking note of a shipment
 * as `reason`.
 */
export function subscribeGiftRequestMessages(platform: Platform, notifications: NotificationsService): void {
  const db = platform.database.db;

  const onStep = (event: DomainEvent) =>
    inTenant(db, event.companyId, async (tx) => {
      if (event.entityId === null) return;
      const [found] = await tx
        .select({
          request: giftRequests,
          gift: giftProducts.name,
          name: users.name,
          email: users.email,
          language: users.language,
          company: companies.name,
          slug: companies.slug,
          customDomain: companies.customDomain,
        })
        .from(giftRequests)
        .innerJoin(giftProducts, eq(giftProducts.id, giftRequests.productId))
        .innerJoin(users, eq(users.id, giftRequests.userId))
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(and(eq(giftRequests.companyId, event.companyId), eq(giftRequests.id, event.entityId)));
      if (!found) return;
      const step = event.action.slice('gift_request.'.length);
      const language: Locale = isLocale(found.language) ? found.language : 'tr';
      const t = translator(language);
      const note = step === 'rejected' ? found.request.reason : step === 'shipped' ? found.request.trackingNote : null;
      const message = t(`${NS}.notification.${step}`, { name: found.gift });
      await notifications.sendToMany(
        tx,
        {
          companyId: event.companyId,
          name: message,
          text: note,
          data: { message, ...(note ? { text: note } : {}), webUrl: { name: 'user.gift' } },
          createdBy: event.actorUserId ?? null,
        },
        sql`select ${found.request.userId}::integer`,
      );
      if (!found.email) return;
      const origin = publicOrigin(
        platform.config,
        found.customDomain ?? `${found.slug}.${platform.config.BASE_DOMAIN}`,
      );
      await platform.jobs.enqueue(
        tx,
        EVENT_MAIL_JOB,
        eventMail({
          to: found.email,
          companyId: event.companyId,
          language,
          event: 'gift_request_decided',
          variables: {
            name: found.name,
            company: found.company,
            gift_name: found.gift,
            decision: t(`${NS}.statuses.${step}`),
            reason: note,
            action_url: `${origin}/gift?tab=requests`,
          },
        }),
      );
    });
  for (const step of NOTIFIED_STEPS) platform.events.subscribe(`gift_request.${step}`, onStep);
}
