import {
  type Advertisement,
  type AdvertisementCreate,
  type AdvertisementEvents,
  type AdvertisementListQuery,
  type AdvertisementUpdate,
  advertisementsContract,
  type LearnerAdvertisement,
} from '@kampus/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { advertisements } from '../../../db/schema/index.js';
import { inTenant, withSystemScope } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { invalidFields } from '../../../platform/http/errors.js';
import { columnValues, defineResource, presentActiveStatus } from '../../../platform/resource/resource.js';
import { attachFile, detachFile, replaceFile } from '../../system/files/service.js';
import {
  audienceIncludes,
  checkDayRange,
  checkedAudience,
  readerOf,
  stableSignedUrl,
  updatedAudience,
} from '../announcements/service.js';

const NS = advertisementsContract.namespace;

const COLUMNS = {
  title: advertisements.title,
  image_url: advertisements.imageUrl,
  link_url: advertisements.linkUrl,
  audience: advertisements.audience,
  group_ids: advertisements.groupIds,
  company_ids: advertisements.companyIds,
  order: advertisements.order,
  start_date: advertisements.startDate,
  end_date: advertisements.endDate,
  status: advertisements.status,
  views: advertisements.views,
  clicks: advertisements.clicks,
};

/** Running today: active, started, not yet ended (the end day still shows). */
const runningToday = and(
  eq(advertisements.status, 1),
  sql`${advertisements.startDate} <= current_date`,
  sql`(${advertisements.endDate} is null or ${advertisements.endDate} >= current_date)`,
) as SQL;

type Reader = Pick<Actor, 'companyId' | 'userId'>;

/**
 * Advertisements (issue 17): `api/admin/advertisements` (read_widgetmanagement), the learner home page's slider
 * (`GET api/advertisements`) and its counters (`POST api/advertisements/events`).
 */
export function createAdvertisementsService(platform: Platform) {
  const db = platform.database.db;
  const sign = (companyId: number, url: string | null, readerCompanyId?: number) =>
    stableSignedUrl(platform, companyId, url, readerCompanyId);

  async function present(tx: Db, companyId: number, ids: number[]): Promise<Advertisement[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select()
      .from(advertisements)
      .where(and(eq(advertisements.companyId, companyId), inArray(advertisements.id, ids)));
    return rows.map((a) => ({
      id: a.id,
      title: a.title,
      image_url: a.imageUrl,
      image_src: sign(companyId, a.imageUrl),
      link_url: a.linkUrl,
      audience: a.audience as Advertisement['audience'],
      group_ids: a.groupIds,
      company_ids: a.companyIds,
      order: a.order,
      start_date: a.startDate,
      end_date: a.endDate,
      status: presentActiveStatus(a.status),
      views: a.views,
      clicks: a.clicks,
      created_at: a.createdAt.toISOString(),
      updated_at: a.updatedAt.toISOString(),
    }));
  }

  const resource = defineResource<Advertisement, AdvertisementCreate, AdvertisementUpdate, AdvertisementListQuery>(db, {
    contract: advertisementsContract,
    activeStatus: true,
    entity: 'advertisement',
    table: advertisements,
    columns: COLUMNS,
    sortable: { created_at: advertisements.createdAt },
    defaultOrder: [asc(advertisements.order), desc(advertisements.id)],
    search: [advertisements.title, advertisements.linkUrl],
    filters: { audience: (v: string) => eq(advertisements.audience, v) },
    present,

    async create(tx, actor, input) {
      const audience = await checkedAudience(tx, actor.companyId, input, NS);
      if (!(await attachFile(tx, actor.companyId, input.image_url))) {
        throw invalidFields({ image_url: `${NS}.errors.image_invalid` });
      }
      const [row] = await tx
        .insert(advertisements)
        .values({
          ...(columnValues(COLUMNS, advertisements, input) as typeof advertisements.$inferInsert),
          ...audience,
          companyId: actor.companyId,
          createdBy: actor.userId,
        })
        .returning({ id: advertisements.id });
      if (!row) throw new Error('advertisement insert returned nothing');
      return row.id;
    },

    async update(tx, actor, before, input) {
      const audience = await updatedAudience(tx, actor.companyId, input, before, NS);
      checkDayRange(input, before, ['start_date', 'end_date'], `${NS}.errors.end_before_start`);
      if (
        input.image_url !== undefined &&
        !(await replaceFile(tx, actor.companyId, before.image_url, input.image_url))
      ) {
        throw invalidFields({ image_url: `${NS}.errors.image_invalid` });
      }
      await tx
        .update(advertisements)
        .set({ ...columnValues(COLUMNS, advertisements, input), ...audience, updatedAt: new Date() })
        .where(and(eq(advertisements.companyId, actor.companyId), eq(advertisements.id, before.id)));
    },

    async beforeDelete(tx, actor, items) {
      for (const item of items) await detachFile(tx, actor.companyId, item.image_url);
    },
  });

  return {
    resource,

    /** GET api/advertisements: the banners running today whose audience holds the reader, in their order. */
    slider: (who: Reader): Promise<LearnerAdvertisement[]> =>
      inTenant(db, who.companyId, async (tx) => {
        const reader = await readerOf(tx, who);
        const rows = await withSystemScope(tx, () =>
          tx
            .select({
              id: advertisements.id,
              companyId: advertisements.companyId,
              title: advertisements.title,
              imageUrl: advertisements.imageUrl,
              linkUrl: advertisements.linkUrl,
            })
            .from(advertisements)
            .where(and(audienceIncludes(advertisements, reader), runningToday))
            .orderBy(asc(advertisements.order), desc(advertisements.id))
            .limit(50),
        );
        return rows.flatMap((a) => {
          const src = sign(a.companyId, a.imageUrl, reader.companyId);
          return src ? [{ id: a.id, title: a.title, image_src: src, link_url: a.linkUrl }] : [];
        });
      }),

    /**
     * POST api/advertisements/events: adds the views and clicks the slider counted to the banners' counters, one
     * update per kind. Only banners the reader may see now count; others are ignored (nothing to reveal).
     */
    count: (who: Reader, events: AdvertisementEvents) =>
      inTenant(db, who.companyId, async (tx) => {
        const reader = await readerOf(tx, who);
        const bump = async (ids: number[], column: 'views' | 'clicks') => {
          const unique = [...new Set(ids)];
          if (unique.length === 0) return;
          const target = advertisements[column];
          await withSystemScope(tx, () =>
            tx
              .update(advertisements)
              .set({ [column]: sql`${target} + 1` })
              .where(and(inArray(advertisements.id, unique), audienceIncludes(advertisements, reader), runningToday)),
          );
        };
        await bump(events.views, 'views');
        await bump(events.clicks, 'clicks');
      }),
  };
}

export type AdvertisementsService = ReturnType<typeof createAdvertisementsService>;
