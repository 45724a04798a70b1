import {
  type Announcement,
  type AnnouncementCreate,
  type AnnouncementListQuery,
  type AnnouncementUpdate,
  announcementsContract,
  type LearnerAnnouncement,
  type LearnerAnnouncementsQuery,
  type MandatoryCompletions,
} from '@kampus/shared';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { announcementReads, announcements, companies } from '../../../db/schema/index.js';
import { inTenant, withSystemScope } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { invalidFields, notFound } from '../../../platform/http/errors.js';
import { columnValues, defineResource, presentActiveStatus } from '../../../platform/resource/resource.js';
import { sanitizeRichText } from '../../../platform/rich-text.js';
import type { NotificationsService } from '../../frame/notifications/service.js';
import { attachFile, detachFile, replaceFile } from '../../system/files/service.js';
import {
  type AudienceReader,
  audienceIncludes,
  audienceSizeSql,
  checkDayRange,
  checkedAudience,
  readerOf,
  stableSignedUrl,
  updatedAudience,
} from './audience.js';

export {
  type AudienceReader,
  audienceIncludes,
  audienceSizeSql,
  checkDayRange,
  checkedAudience,
  readerOf,
  stableSignedUrl,
  updatedAudience,
} from './audience.js';

const NS = announcementsContract.namespace;

const COLUMNS = {
  title: announcements.title,
  body: announcements.body,
  image_url: announcements.imageUrl,
  audience: announcements.audience,
  group_ids: announcements.groupIds,
  company_ids: announcements.companyIds,
  publish_date: announcements.publishDate,
  expiry_date: announcements.expiryDate,
  pinned: announcements.pinned,
  must_read: announcements.mustRead,
  status: announcements.status,
};

const sanitize = (html: string | null) => (html === null ? null : sanitizeRichText(html) || null);

/** Running today: active, published, not yet expired (the expiry day still shows). */
const runningToday = and(
  eq(announcements.status, 1),
  sql`${announcements.publishDate} <= current_date`,
  sql`(${announcements.expiryDate} is null or ${announcements.expiryDate} >= current_date)`,
) as SQL;

type Reader = Pick<Actor, 'companyId' | 'userId'>;

/**
 * Announcements (issue 17): `api/admin/announcements` (read_widgetmanagement) and the learner's `api/announcements`.
 * Must-read announcements the person has not read join the notices of the mandatory-missions modal.
 */
export function createAnnouncementsService(platform: Platform, needs: { notifications: NotificationsService }) {
  const db = platform.database.db;
  const sign = (companyId: number, url: string | null, readerCompanyId?: number) =>
    stableSignedUrl(platform, companyId, url, readerCompanyId);

  async function present(tx: Db, companyId: number, ids: number[]): Promise<Announcement[]> {
    if (ids.length === 0) return [];
    // The audience may name sub-companies, whose people live under their own tenant: counted in the system scope,
    // every statement filtered by this company's ids.
    const rows = await withSystemScope(tx, () =>
      tx
        .select({
          row: announcements,
          size: audienceSizeSql('announcements'),
          reads: sql<number>`(select count(*)::integer from announcement_reads r where r.announcement_id = "announcements"."id")`,
        })
        .from(announcements)
        .where(and(eq(announcements.companyId, companyId), inArray(announcements.id, ids))),
    );
    return rows.map(({ row: a, size, reads }) => ({
      id: a.id,
      title: a.title,
      body: a.body,
      image_url: a.imageUrl,
      image_src: sign(companyId, a.imageUrl),
      audience: a.audience as Announcement['audience'],
      group_ids: a.groupIds,
      company_ids: a.companyIds,
      publish_date: a.publishDate,
      expiry_date: a.expiryDate,
      pinned: a.pinned,
      must_read: a.mustRead,
      status: presentActiveStatus(a.status),
      audience_size: size,
      read_count: reads,
      created_at: a.createdAt.toISOString(),
      updated_at: a.updatedAt.toISOString(),
    }));
  }

  const resource = defineResource<Announcement, AnnouncementCreate, AnnouncementUpdate, AnnouncementListQuery>(db, {
    contract: announcementsContract,
    activeStatus: true,
    entity: 'announcement',
    table: announcements,
    columns: COLUMNS,
    sortable: { created_at: announcements.createdAt },
    defaultOrder: [desc(announcements.publishDate), desc(announcements.id)],
    search: [announcements.title],
    filters: { audience: (v: string) => eq(announcements.audience, v) },
    present,

    async create(tx, actor, input) {
      const audience = await checkedAudience(tx, actor.companyId, input, NS);
      if (input.image_url && !(await attachFile(tx, actor.companyId, input.image_url))) {
        throw invalidFields({ image_url: `${NS}.errors.image_invalid` });
      }
      const [row] = await tx
        .insert(announcements)
        .values({
          ...(columnValues(COLUMNS, announcements, {
            ...input,
            body: sanitize(input.body),
          }) as typeof announcements.$inferInsert),
          ...audience,
          companyId: actor.companyId,
          createdBy: actor.userId,
        })
        .returning({ id: announcements.id });
      if (!row) throw new Error('announcement insert returned nothing');
      return row.id;
    },

    async update(tx, actor, before, input) {
      const audience = await updatedAudience(tx, actor.companyId, input, before, NS);
      checkDayRange(input, before, ['publish_date', 'expiry_date'], `${NS}.errors.expiry_before_publish`);
      if (
        input.image_url !== undefined &&
        !(await replaceFile(tx, actor.companyId, before.image_url, input.image_url))
      ) {
        throw invalidFields({ image_url: `${NS}.errors.image_invalid` });
      }
      await tx
        .update(announcements)
        .set({
          ...columnValues(COLUMNS, announcements, {
            ...input,
            body: input.body === undefined ? undefined : sanitize(input.body),
          }),
          ...audience,
          updatedAt: new Date(),
        })
        .where(and(eq(announcements.companyId, actor.companyId), eq(announcements.id, before.id)));
    },

    async beforeDelete(tx, actor, items) {
      for (const item of items) await detachFile(tx, actor.companyId, item.image_url);
    },
  });

  type Row = typeof announcements.$inferSelect & { readAt: Date | null };
  const presentForReader = (reader: AudienceReader, row: Row): LearnerAnnouncement => ({
    id: row.id,
    title: row.title,
    body: row.body,
    image_src: sign(row.companyId, row.imageUrl, reader.companyId),
    publish_date: row.publishDate,
    expiry_date: row.expiryDate,
    pinned: row.pinned,
    must_read: row.mustRead,
    is_read: row.readAt !== null,
  });

  /**
   * The announcements a reader sees today, as one statement in the system scope (the main company's rows naming the
   * reader's sub-company are included): the filter names the companies itself.
   */
  const readByReader = (reader: AudienceReader) =>
    and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, reader.userId));

  function visible(tx: Db, reader: AudienceReader, extra?: SQL, page?: { limit: number; offset: number }) {
    return withSystemScope(tx, () => {
      const query = tx
        .select({ row: announcements, readAt: announcementReads.readAt })
        .from(announcements)
        .leftJoin(announcementReads, readByReader(reader))
        .where(and(audienceIncludes(announcements, reader), runningToday, extra))
        .orderBy(desc(announcements.pinned), desc(announcements.publishDate), desc(announcements.id));
      return page ? query.limit(page.limit).offset(page.offset) : query;
    });
  }

  async function mandatoryNotices(tx: Db, who: Reader): Promise<MandatoryCompletions['notices']> {
    const reader = await readerOf(tx, who);
    const rows = await visible(tx, reader, and(eq(announcements.mustRead, true), isNull(announcementReads.id)));
    return rows
      .sort((a, b) => a.row.publishDate.localeCompare(b.row.publishDate) || a.row.id - b.row.id)
      .map(({ row }) => ({
        id: row.id,
        name: row.title,
        text: row.body,
        pivot: { is_read: 0 as const },
        announcement_id: row.id,
      }));
  }
  needs.notifications.provideMandatoryNotices(mandatoryNotices);

  return {
    resource,

    /** GET api/admin/audience-companies: the acting company and its sub-companies, what an audience may name. */
    audienceCompanies: (actor: Actor) =>
      inTenant(db, actor.companyId, (tx) =>
        tx
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(or(eq(companies.id, actor.companyId), eq(companies.parentId, actor.companyId)))
          .orderBy(sql`${companies.id} <> ${actor.companyId}`, asc(companies.name)),
      ),

    /** GET api/announcements: pinned first, then the newest; with the reader's unread count. */
    list: (who: Reader, query: LearnerAnnouncementsQuery) =>
      inTenant(db, who.companyId, async (tx) => {
        const reader = await readerOf(tx, who);
        const rows = await visible(tx, reader, query.unread ? isNull(announcementReads.id) : undefined, {
          limit: query.per_page,
          offset: (query.page - 1) * query.per_page,
        });
        const [counts] = await withSystemScope(tx, () =>
          tx
            .select({
              total: count(),
              unread: sql<number>`count(*) filter (where ${announcementReads.id} is null)::integer`,
            })
            .from(announcements)
            .leftJoin(announcementReads, readByReader(reader))
            .where(and(audienceIncludes(announcements, reader), runningToday)),
        );
        const unread = counts?.unread ?? 0;
        return {
          data: rows.map(({ row, readAt }) => presentForReader(reader, { ...row, readAt })),
          meta: {
            page: query.page,
            per_page: query.per_page,
            total: query.unread ? unread : (counts?.total ?? 0),
            unread,
          },
        };
      }),

    /** GET api/announcements/{id}: one the reader is in the audience of, running today; else 404. */
    read: (who: Reader, id: number) =>
      inTenant(db, who.companyId, async (tx) => {
        const reader = await readerOf(tx, who);
        const [found] = await visible(tx, reader, eq(announcements.id, id));
        if (!found) throw notFound();
        return presentForReader(reader, { ...found.row, readAt: found.readAt });
      }),

    /** POST api/announcements/{id}/read: the reader has read it (once; again changes nothing). */
    markRead: (who: Reader, id: number) =>
      inTenant(db, who.companyId, async (tx) => {
        const reader = await readerOf(tx, who);
        const [found] = await visible(tx, reader, eq(announcements.id, id));
        if (!found) throw notFound();
        await withSystemScope(tx, () =>
          tx
            .insert(announcementReads)
            .values({ companyId: found.row.companyId, announcementId: found.row.id, userId: reader.userId })
            .onConflictDoNothing(),
        );
      }),
  };
}

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
