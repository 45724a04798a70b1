import {
  type Content,
  type ContentCreate,
  type ContentListQuery,
  type ContentType,
  type ContentUpdate,
  contentsContract,
  OFFICE_AND_PDF_MIMES,
  type ScormPackage,
} from '@kampus/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  contentHashtags,
  contentMarkers,
  contentProgress,
  contents,
  contentVersions,
  hashtags,
} from '../../../db/schema/index.js';
import type { Platform } from '../../../platform/deps.js';
import { invalidFields } from '../../../platform/http/errors.js';
import {
  activeStatusExportColumn,
  columnValues,
  defineResource,
  presentActiveStatus,
} from '../../../platform/resource/resource.js';
import { sanitizeRichText } from '../../../platform/rich-text.js';
import { attachFile, detachFile, replaceFile, storedFileOf } from '../../system/files/service.js';
import { inspectScormPackage } from './scorm.js';

const NS = contentsContract.namespace;

/** The stored types a content of each kind may hold as its file. */
const FILE_MIMES: Partial<Record<ContentType, readonly string[]>> = {
  video: ['video/mp4', 'video/webm'],
  document: OFFICE_AND_PDF_MIMES,
  scorm: ['application/zip', 'application/x-zip-compressed'],
};

/** The body fields the contents table takes as they are (the type, file, hashtags and body are worked out first). */
const CONTENT_COLUMNS = {
  title: contents.title,
  description: contents.description,
  cover_url: contents.coverUrl,
  duration_seconds: contents.durationSeconds,
  language: contents.language,
  status: contents.status,
  guard_enabled: contents.guardEnabled,
  completion_threshold: contents.completionThreshold,
  min_reading_seconds: contents.minReadingSeconds,
  external_url: contents.externalUrl,
  body: contents.body,
};

/** What a content's fields must hold for its type: the file or address it plays, the page it shows. */
function assertTypeNeeds(
  type: ContentType,
  fields: { file_url: string | null; external_url: string | null; body: string | null },
) {
  const { file_url: file, external_url: address, body } = fields;
  if (type === 'video' && !file && !address) throw invalidFields({ file_url: 'content.file_or_url_required' });
  if ((type === 'document' || type === 'scorm') && !file) throw invalidFields({ file_url: 'content.file_required' });
  if (type === 'link' && !address) throw invalidFields({ external_url: 'validation.required' });
  if (type === 'page' && !body) throw invalidFields({ body: 'validation.required' });
}

async function assertOwnHashtags(tx: Db, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: hashtags.id })
    .from(hashtags)
    .where(and(eq(hashtags.companyId, companyId), inArray(hashtags.id, [...ids])));
  if (found.length !== new Set(ids).size) throw invalidFields({ hashtag_ids: 'content.hashtag_invalid' });
}

async function setHashtags(tx: Db, companyId: number, contentId: number, ids: readonly number[]) {
  await tx.delete(contentHashtags).where(eq(contentHashtags.contentId, contentId));
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    await tx.insert(contentHashtags).values(unique.map((hashtagId) => ({ companyId, contentId, hashtagId })));
  }
}

/** The current version of a content, as the presenters and the player read it. */
export async function currentVersionOf(tx: Db, contentId: number) {
  const [row] = await tx
    .select()
    .from(contentVersions)
    .innerJoin(contents, eq(contents.currentVersionId, contentVersions.id))
    .where(eq(contents.id, contentId));
  return row?.content_versions ?? null;
}

export function createContentLibrary(platform: Platform) {
  const db = platform.database.db;

  /**
   * Makes a new version holding the file at `url` (or none): the file is attached (it must be the company's own
   * upload of a type the content plays), a SCORM zip is inspected, and the content points at the version.
   */
  async function addVersion(
    tx: Db,
    companyId: number,
    content: { id: number; type: ContentType },
    url: string | null,
    durationSeconds: number | null,
  ) {
    let file: Awaited<ReturnType<typeof storedFileOf>> = null;
    let scorm: ScormPackage | null = null;
    if (url !== null) {
      file = await storedFileOf(tx, companyId, url);
      if (!file || !FILE_MIMES[content.type]?.includes(file.mime)) {
        throw invalidFields({ file_url: 'content.file_invalid' });
      }
      // A package is read before it becomes a version: a bad one is a 422 on file_url, and nothing is saved.
      if (content.type === 'scorm') scorm = await inspectScormPackage(platform.files, companyId, file.name);
      await attachFile(tx, companyId, url);
    }
    const [last] = await tx
      .select({ number: contentVersions.number })
      .from(contentVersions)
      .where(eq(contentVersions.contentId, content.id))
      .orderBy(desc(contentVersions.number))
      .limit(1);
    const [version] = await tx
      .insert(contentVersions)
      .values({
        companyId,
        contentId: content.id,
        number: (last?.number ?? 0) + 1,
        fileUrl: url,
        fileName: file?.originalName ?? null,
        fileSize: file?.size ?? null,
        mime: file?.mime ?? null,
        durationSeconds,
        scorm,
      })
      .returning({ id: contentVersions.id });
    if (!version) throw new Error('content version insert returned nothing');
    await tx.update(contents).set({ currentVersionId: version.id }).where(eq(contents.id, content.id));
  }

  async function present(tx: Db, companyId: number, ids: number[]): Promise<Content[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ content: contents, version: contentVersions })
      .from(contents)
      .leftJoin(contentVersions, eq(contentVersions.id, contents.currentVersionId))
      .where(and(eq(contents.companyId, companyId), inArray(contents.id, ids)));
    const tags = await tx
      .select({ contentId: contentHashtags.contentId, id: hashtags.id, name: hashtags.name })
      .from(contentHashtags)
      .innerJoin(hashtags, eq(hashtags.id, contentHashtags.hashtagId))
      .where(inArray(contentHashtags.contentId, ids))
      .orderBy(asc(hashtags.name));
    const markers = await tx
      .select({ contentId: contentMarkers.contentId, count: sql<number>`count(*)::integer` })
      .from(contentMarkers)
      .where(inArray(contentMarkers.contentId, ids))
      .groupBy(contentMarkers.contentId);
    const usage = await tx
      .select({
        contentId: contentProgress.contentId,
        started: sql<number>`count(distinct ${contentProgress.userId})::integer`,
        completed: sql<number>`count(distinct ${contentProgress.userId}) filter (where ${contentProgress.status} = 'completed')::integer`,
      })
      .from(contentProgress)
      .where(inArray(contentProgress.contentId, ids))
      .groupBy(contentProgress.contentId);
    const markersOf = new Map(markers.map((m) => [m.contentId, m.count]));
    const usageOf = new Map(usage.map((u) => [u.contentId, u]));
    return rows.map(({ content, version }) => ({
      id: content.id,
      type: content.type,
      title: content.title,
      description: content.description,
      cover_url: content.coverUrl,
      duration_seconds: content.durationSeconds ?? version?.durationSeconds ?? null,
      language: content.language as Content['language'],
      hashtags: tags.filter((t) => t.contentId === content.id).map((t) => ({ id: t.id, name: t.name })),
      status: presentActiveStatus(content.status),
      guard_enabled: content.guardEnabled,
      completion_threshold: content.completionThreshold,
      min_reading_seconds: content.minReadingSeconds,
      external_url: content.externalUrl,
      body: content.body,
      file:
        version?.fileUrl && version.fileName && version.mime
          ? { url: version.fileUrl, name: version.fileName, size: version.fileSize ?? 0, mime: version.mime }
          : null,
      version: version?.number ?? 1,
      page_count: version?.pageCount ?? null,
      scorm: version?.scorm ?? null,
      markers_count: markersOf.get(content.id) ?? 0,
      started_count: usageOf.get(content.id)?.started ?? 0,
      completed_count: usageOf.get(content.id)?.completed ?? 0,
      created_at: content.createdAt.toISOString(),
      updated_at: content.updatedAt.toISOString(),
    }));
  }

  const resource = defineResource<Content, ContentCreate, ContentUpdate, ContentListQuery>(db, {
    contract: contentsContract,
    entity: 'content',
    table: contents,
    sortable: {
      title: contents.title,
      type: contents.type,
      status: contents.status,
      duration_seconds: contents.durationSeconds,
      created_at: contents.createdAt,
      updated_at: contents.updatedAt,
    },
    defaultOrder: [desc(contents.createdAt)],
    search: [contents.title],
    filters: {
      status: (v: number) => eq(contents.status, v),
      type: (v: ContentType) => eq(contents.type, v),
    },
    present,

    async create(tx, actor, input) {
      const body = input.body === null ? null : sanitizeRichText(input.body) || null;
      assertTypeNeeds(input.type, { ...input, body });
      await assertOwnHashtags(tx, actor.companyId, input.hashtag_ids);
      if (input.cover_url && !(await attachFile(tx, actor.companyId, input.cover_url))) {
        throw invalidFields({ cover_url: 'content.file_invalid' });
      }
      const [row] = await tx
        .insert(contents)
        .values({
          ...(columnValues(CONTENT_COLUMNS, contents, { ...input, body }) as typeof contents.$inferInsert),
          companyId: actor.companyId,
          type: input.type,
          createdBy: actor.userId,
        })
        .returning({ id: contents.id });
      if (!row) throw new Error('content insert returned nothing');
      await addVersion(tx, actor.companyId, { id: row.id, type: input.type }, input.file_url, input.duration_seconds);
      await setHashtags(tx, actor.companyId, row.id, input.hashtag_ids);
      return row.id;
    },

    async update(tx, actor, before, input) {
      const body = input.body === undefined ? before.body : input.body && (sanitizeRichText(input.body) || null);
      const fileUrl = input.file_url === undefined ? (before.file?.url ?? null) : input.file_url;
      const address = input.external_url === undefined ? before.external_url : input.external_url;
      assertTypeNeeds(before.type, { file_url: fileUrl, external_url: address, body });
      if (input.hashtag_ids) await assertOwnHashtags(tx, actor.companyId, input.hashtag_ids);
      if (
        input.cover_url !== undefined &&
        !(await replaceFile(tx, actor.companyId, before.cover_url, input.cover_url))
      ) {
        throw invalidFields({ cover_url: 'content.file_invalid' });
      }
      await tx
        .update(contents)
        .set({
          ...columnValues(CONTENT_COLUMNS, contents, { ...input, body: input.body === undefined ? undefined : body }),
          updatedAt: new Date(),
        })
        .where(and(eq(contents.companyId, actor.companyId), eq(contents.id, before.id)));
      // A different file is a new version; the old version's file stays attached while progress refers to it.
      if (fileUrl !== (before.file?.url ?? null)) {
        await addVersion(tx, actor.companyId, before, fileUrl, input.duration_seconds ?? null);
      }
      if (input.hashtag_ids) await setHashtags(tx, actor.companyId, before.id, input.hashtag_ids);
    },

    async beforeDelete(tx, actor, items) {
      // The files go with the content: nothing points at them any more, so the clean-up removes them.
      const ids = items.map((item) => item.id);
      const files = await tx
        .select({ url: contentVersions.fileUrl })
        .from(contentVersions)
        .where(inArray(contentVersions.contentId, ids));
      for (const file of files) await detachFile(tx, actor.companyId, file.url);
      for (const item of items) await detachFile(tx, actor.companyId, item.cover_url);
    },

    status: {
      schema: contentsContract.schemas.item.shape.status,
      async apply(tx, actor, items, status) {
        await tx
          .update(contents)
          .set({ status, updatedAt: new Date() })
          .where(
            and(
              eq(contents.companyId, actor.companyId),
              inArray(
                contents.id,
                items.map((item) => item.id),
              ),
            ),
          );
      },
    },

    export: {
      fileName: `${NS}.export_file`,
      columns: [
        { header: `${NS}.columns.id`, value: (c) => c.id },
        { header: `${NS}.columns.title`, value: (c) => c.title },
        { header: `${NS}.columns.type`, value: (c, t) => t(`${NS}.types.${c.type}`) },
        { header: `${NS}.columns.language`, value: (c) => c.language },
        { header: `${NS}.columns.duration_seconds`, value: (c) => c.duration_seconds },
        { header: `${NS}.columns.version`, value: (c) => c.version },
        { header: `${NS}.columns.hashtags`, value: (c) => c.hashtags.map((h) => `#${h.name}`).join(' ') },
        { header: `${NS}.columns.started_count`, value: (c) => c.started_count },
        { header: `${NS}.columns.completed_count`, value: (c) => c.completed_count },
        activeStatusExportColumn(NS),
        { header: `${NS}.columns.created_at`, value: (c) => c.created_at },
      ],
    },
  });

  return { resource, present };
}

export type ContentLibrary = ReturnType<typeof createContentLibrary>;
