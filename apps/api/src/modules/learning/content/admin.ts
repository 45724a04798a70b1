import type {
  ContentOverview,
  ContentReport,
  ContentReportQuery,
  ContentReportRow,
  ContentType,
  Enrolment,
  EnrolmentCreate,
  ExportFormat,
  ListQuery,
  Marker,
  MarkersWrite,
  ProgressStatus,
} from '@kampus/shared';
import { and, asc, eq, inArray, not, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import {
  contentEnrolments,
  contentMarkers,
  contents,
  contentVersions,
  storedFiles,
  userGroups,
  users,
} from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { type ExportOwner, initiatorOf } from '../../../platform/exports.js';
import { invalidFields, notFound } from '../../../platform/http/errors.js';
import type { Translate } from '../../../platform/i18n.js';
import { PERSON_TEXT, personReportOrder } from '../../../platform/resource/person-report.js';
import { likePattern } from '../../../platform/resource/resource.js';
import { storedNameOf } from '../../../platform/uploads.js';
import { userIdsOfGroups } from '../../organisation/user-groups/service.js';

const ENTITY = 'content';

async function assertContent(tx: Db, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: contents.id, type: contents.type, durationSeconds: contents.durationSeconds })
    .from(contents)
    .where(and(eq(contents.companyId, companyId), eq(contents.id, id)));
  if (!row) throw notFound();
  return row;
}

function presentMarkerRow(row: typeof contentMarkers.$inferSelect): Marker {
  const body = row.body as Record<string, unknown>;
  return { ...body, id: row.id, type_id: row.typeId, second: row.second } as Marker;
}

/** The report's row order: a sortable field of CONTENT_REPORT_SORTS, else the people by name. */
const reportOrder = (sort: string | undefined) =>
  personReportOrder(sort, {
    progress: sql`coalesce(p.progress, 0)`,
    time_spent_seconds: sql`coalesce(p.time_spent_seconds, 0)`,
    started_at: sql`p.started_at`,
    completed_at: sql`p.completed_at`,
  });

interface ReportSqlRow extends Record<string, unknown> {
  user_id: number;
  name: string;
  surname: string;
  email: string | null;
  status: string | null;
  progress: number | null;
  time_spent_seconds: number | null;
  score: number | null;
  success: string | null;
  version: number | null;
  started_at: Date | string | null;
  completed_at: Date | string | null;
  markers_answered: number;
  markers_correct: number;
  total: number;
}

const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function reportRowOf(row: ReportSqlRow): ContentReportRow {
  const status: ProgressStatus =
    row.status === 'completed' ? 'completed' : row.status === 'in_progress' ? 'in_progress' : 'not_started';
  return {
    user: { id: row.user_id, name: row.name, surname: row.surname, email: row.email },
    status,
    progress: row.progress ?? 0,
    time_spent_seconds: row.time_spent_seconds ?? 0,
    score: row.score,
    success: row.success === 'passed' || row.success === 'failed' ? row.success : null,
    version: row.version ?? 1,
    started_at: isoOf(row.started_at),
    completed_at: isoOf(row.completed_at),
    markers_answered: Number(row.markers_answered),
    markers_correct: Number(row.markers_correct),
  };
}

/**
 * The people of a content's report: everyone enrolled or who opened it, each with their latest version's row (a
 * completion on an earlier version still counts as completed), and their marker answers.
 */
function reportSql(companyId: number, contentId: number, query: Omit<ContentReportQuery, 'page' | 'per_page'>) {
  const search = query.search ? likePattern(query.search) : null;
  const statusFilter =
    query.status === undefined
      ? sql`true`
      : query.status === 'not_started'
        ? sql`p.user_id is null`
        : sql`p.status = ${query.status}`;
  return sql`
    with people as (
      select user_id from content_enrolments where company_id = ${companyId} and content_id = ${contentId}
      union
      select user_id from content_progress where company_id = ${companyId} and content_id = ${contentId}
    ),
    latest as (
      select distinct on (cp.user_id) cp.user_id, cp.progress, cp.time_spent_seconds, cp.score, cp.success,
        cp.started_at, cp.completed_at, cp.status, v.number as version,
        bool_or(cp.status = 'completed') over (partition by cp.user_id) as ever_completed,
        min(cp.completed_at) over (partition by cp.user_id) as first_completed_at,
        sum(cp.time_spent_seconds) over (partition by cp.user_id) as total_time
      from content_progress cp join content_versions v on v.id = cp.version_id
      where cp.company_id = ${companyId} and cp.content_id = ${contentId}
      order by cp.user_id, v.number desc
    ),
    p as (
      select user_id, version, score, success, started_at,
        case when ever_completed then 'completed' else status end as status,
        case when ever_completed then 100 else progress end as progress,
        total_time::integer as time_spent_seconds,
        first_completed_at as completed_at
      from latest
    ),
    answers as (
      select user_id, count(*)::integer as answered, (count(*) filter (where correct))::integer as correct
      from content_marker_answers where company_id = ${companyId} and content_id = ${contentId}
      group by user_id
    )
    select u.id as user_id, u.name, u.surname, u.email, p.status, p.progress, p.time_spent_seconds, p.score,
      p.success, p.version, p.started_at, p.completed_at,
      coalesce(a.answered, 0) as markers_answered, coalesce(a.correct, 0) as markers_correct,
      count(*) over ()::integer as total
    from people
    join users u on u.id = people.user_id
    left join p on p.user_id = people.user_id
    left join answers a on a.user_id = people.user_id
    where ${statusFilter}
      ${search ? sql`and ${PERSON_TEXT} like ${search}` : sql``}
    order by ${reportOrder(query.sort)}`;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const reportExportParams = z.object({
  contentId: z.number().int(),
  query: z.object({ search: z.string().optional(), status: z.string().optional(), sort: z.string().optional() }),
  format: z.enum(['xlsx', 'csv']),
});

/** The people chosen on a content's page, given to the assignments module (which turns them into an assignment). */
export interface ContentEnrolmentRequest {
  contentId: number;
  title: string;
  /** Every person chosen: the listed people and the groups' members now. */
  userIds: number[];
  /** The groups, when only groups were chosen (the assignment then follows their membership); else empty. */
  groupIds: number[];
  dueDate: string | null;
}
export type ContentEnrolmentHandler = (tx: Db, actor: Actor, request: ContentEnrolmentRequest) => Promise<void>;

/**
 * The enrolments of a content page given as an assignment: the handler creates, publishes and delivers it in this
 * transaction; the answer keeps its contract ({added, already}: people new to the content and people who had it).
 */
async function adoptAsAssignment(
  tx: Db,
  actor: Actor,
  contentId: number,
  input: EnrolmentCreate,
  targets: Map<number, number | null>,
  handler: ContentEnrolmentHandler,
  t: Translate,
) {
  const userIds = [...targets.keys()];
  const had = rowsOf<{ user_id: number }>(
    await tx.execute(sql`select user_id from content_enrolments
      where content_id = ${contentId} and user_id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  ).length;
  if (had === userIds.length) {
    // Everyone chosen has the content already: no assignment of nobody new.
    return { data: { added: 0, already: had }, message: t('content.enrolment_result', { added: 0, already: had }) };
  }
  const [content] = await tx.select({ title: contents.title }).from(contents).where(eq(contents.id, contentId));
  await handler(tx, actor, {
    contentId,
    title: content?.title ?? '',
    userIds,
    groupIds: input.user_ids.length === 0 ? input.group_ids : [],
    dueDate: input.due_at,
  });
  // The group a person came through, as the page's list shows it.
  for (const [groupId, ids] of groupBy(targets)) {
    await tx.execute(sql`update content_enrolments set group_id = ${groupId}
      where content_id = ${contentId} and group_id is null and source = 'assignment' and user_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  }
  await record(tx, actor, {
    action: 'content.enrolled',
    entity: ENTITY,
    id: contentId,
    after: { user_ids: userIds, group_ids: input.group_ids, due_at: input.due_at },
  });
  const added = userIds.length - had;
  return {
    data: { added, already: had },
    message: t('content.enrolment_result', { added, already: had }),
  };
}

function groupBy(targets: Map<number, number | null>) {
  const groups = new Map<number, number[]>();
  for (const [userId, groupId] of targets) {
    if (groupId !== null) groups.set(groupId, [...(groups.get(groupId) ?? []), userId]);
  }
  return groups;
}

export function createContentAdmin(platform: Platform) {
  const db = platform.database.db;
  /** What else uses a content (an education's parts…), told by the modules that do: the overview's "unused". */
  const usages: ((contentId: PgColumn) => SQL)[] = [];
  let enrolmentHandler: ContentEnrolmentHandler | null = null;

  async function summaryOf(tx: Db, companyId: number, contentId: number): Promise<ContentReport['summary']> {
    const [totals] = rowsOf<{
      enrolled: number;
      started: number;
      completed: number;
      average_progress: number;
      total_time: number;
    }>(
      await tx.execute(sql`
        with p as (
          select user_id, bool_or(status = 'completed') as completed, max(progress) as progress,
            sum(time_spent_seconds) as time
          from content_progress where company_id = ${companyId} and content_id = ${contentId} group by user_id
        ),
        people as (
          select user_id from content_enrolments where company_id = ${companyId} and content_id = ${contentId}
          union select user_id from p
        )
        select (select count(*) from content_enrolments where company_id = ${companyId}
                  and content_id = ${contentId})::integer as enrolled,
          (select count(*) from p)::integer as started,
          (select count(*) from p where completed)::integer as completed,
          coalesce((select round(avg(case when p.completed then 100 else coalesce(p.progress, 0) end))
            from people left join p using (user_id)), 0)::integer as average_progress,
          coalesce((select sum(time) from p), 0)::integer as total_time`),
    );
    const markers = rowsOf<{
      id: number;
      second: number;
      question: string;
      scored: boolean;
      answers: number;
      correct: number;
    }>(
      await tx.execute(sql`
        select m.id, m.second, m.body->>'question' as question,
          jsonb_path_exists(m.body, '$.** ? (@.correct == true)') as scored,
          count(a.user_id)::integer as answers, (count(a.user_id) filter (where a.correct))::integer as correct
        from content_markers m left join content_marker_answers a on a.marker_id = m.id
        where m.company_id = ${companyId} and m.content_id = ${contentId}
        group by m.id order by m.second, m.id`),
    );
    return {
      enrolled: totals?.enrolled ?? 0,
      started: totals?.started ?? 0,
      completed: totals?.completed ?? 0,
      average_progress: totals?.average_progress ?? 0,
      total_time_spent_seconds: totals?.total_time ?? 0,
      markers,
    };
  }

  /** GET api/admin/contents/{id}/report. */
  function report(actor: Actor, contentId: number, query: ContentReportQuery): Promise<ContentReport> {
    return inTenant(db, actor.companyId, async (tx) => {
      await assertContent(tx, actor.companyId, contentId);
      const offset = (query.page - 1) * query.per_page;
      const rows = rowsOf<ReportSqlRow>(
        await tx.execute(sql`${reportSql(actor.companyId, contentId, query)} limit ${query.per_page} offset ${offset}`),
      );
      return {
        data: rows.map(reportRowOf),
        meta: { page: query.page, per_page: query.per_page, total: rows[0]?.total ?? 0 },
        summary: await summaryOf(tx, actor.companyId, contentId),
      };
    });
  }

  platform.exports.define({
    name: 'content-report',
    schema: reportExportParams,
    async plan(tx, owner: ExportOwner, params, t: Translate) {
      const [content] = await tx
        .select({ title: contents.title })
        .from(contents)
        .where(and(eq(contents.companyId, owner.companyId), eq(contents.id, params.contentId)));
      if (!content) throw notFound();
      const query = params.query as Omit<ContentReportQuery, 'page' | 'per_page'>;
      const statusText = (status: ProgressStatus) => t(`content.progress_status.${status}`);
      async function* rows() {
        const all = rowsOf<ReportSqlRow>(await tx.execute(reportSql(owner.companyId, params.contentId, query)));
        yield all
          .map(reportRowOf)
          .map((r) => [
            `${r.user.name} ${r.user.surname}`,
            r.user.email,
            statusText(r.status),
            r.progress,
            r.time_spent_seconds,
            r.score,
            r.version,
            r.started_at,
            r.completed_at,
            r.markers_answered,
            r.markers_correct,
          ]);
      }
      const headers = [
        'name',
        'email',
        'status',
        'progress',
        'time_spent_seconds',
        'score',
        'version',
        'started_at',
        'completed_at',
        'markers_answered',
        'markers_correct',
      ].map((key) => t(`content.report_columns.${key}`));
      const name = `${t('content.report_file')}-${params.contentId}`;
      return {
        fileName: name,
        format: params.format as ExportFormat,
        sheets: [{ name: content.title.slice(0, 31) || name, headers, rows: rows() }],
        written: () =>
          record(tx, initiatorOf(owner), { action: 'content.report_exported', entity: ENTITY, id: params.contentId }),
      };
    },
  });

  return {
    report,

    /** Another module's use of contents: a condition true for a content it uses. */
    addUsage(usedBy: (contentId: PgColumn) => SQL) {
      usages.push(usedBy);
    },

    /** POST api/admin/contents/{id}/report/export: a job writing the whole filtered report. */
    async exportReport(actor: Actor, contentId: number, query: ContentReportQuery, format: ExportFormat) {
      await inTenant(db, actor.companyId, (tx) => assertContent(tx, actor.companyId, contentId));
      const { search, status, sort } = query;
      return platform.exports.start(actor, 'content-report', { contentId, query: { search, status, sort }, format });
    },

    /** GET api/admin/contents/{id}/markers, in the order of the video. */
    markers: (actor: Actor, contentId: number): Promise<Marker[]> =>
      inTenant(db, actor.companyId, async (tx) => {
        await assertContent(tx, actor.companyId, contentId);
        const rows = await tx
          .select()
          .from(contentMarkers)
          .where(eq(contentMarkers.contentId, contentId))
          .orderBy(asc(contentMarkers.second), asc(contentMarkers.id));
        return rows.map(presentMarkerRow);
      }),

    /**
     * PUT api/admin/contents/{id}/markers: the editor's whole list. A marker with an id keeps it (and its answers);
     * one without is added; one left out is removed with its answers. Only a video has markers, and none may sit
     * past its end.
     */
    replaceMarkers: (actor: Actor, contentId: number, input: MarkersWrite): Promise<Marker[]> =>
      inTenant(db, actor.companyId, async (tx) => {
        const content = await assertContent(tx, actor.companyId, contentId);
        if (content.type !== 'video') throw invalidFields({ markers: 'content.markers_video_only' });
        const [version] = await tx
          .select({ duration: contentVersions.durationSeconds })
          .from(contentVersions)
          .innerJoin(contents, eq(contents.currentVersionId, contentVersions.id))
          .where(eq(contents.id, contentId));
        const duration = content.durationSeconds ?? version?.duration ?? null;
        const existing = await tx.select().from(contentMarkers).where(eq(contentMarkers.contentId, contentId));
        const existingIds = new Set(existing.map((m) => m.id));
        const errors: Record<string, string> = {};
        input.markers.forEach((marker, i) => {
          if (marker.id !== undefined && !existingIds.has(marker.id))
            errors[`markers.${i}.id`] = 'content.marker_unknown';
          if (duration !== null && marker.second > duration) errors[`markers.${i}.second`] = 'content.marker_past_end';
        });
        if (Object.keys(errors).length > 0) throw invalidFields(errors);
        const kept = input.markers.flatMap((m) => (m.id === undefined ? [] : [m.id]));
        await tx
          .delete(contentMarkers)
          .where(
            and(
              eq(contentMarkers.contentId, contentId),
              kept.length > 0 ? notInArray(contentMarkers.id, kept) : undefined,
            ),
          );
        for (const marker of input.markers) {
          const { id, type_id: typeId, second, ...body } = marker;
          if (id === undefined) {
            await tx.insert(contentMarkers).values({ companyId: actor.companyId, contentId, typeId, second, body });
          } else {
            await tx
              .update(contentMarkers)
              .set({ typeId, second, body, updatedAt: new Date() })
              .where(and(eq(contentMarkers.contentId, contentId), eq(contentMarkers.id, id)));
          }
        }
        const after = await tx
          .select()
          .from(contentMarkers)
          .where(eq(contentMarkers.contentId, contentId))
          .orderBy(asc(contentMarkers.second), asc(contentMarkers.id));
        const markers = after.map(presentMarkerRow);
        await record(tx, actor, {
          action: 'content.markers_changed',
          entity: ENTITY,
          id: contentId,
          before: existing.map(presentMarkerRow),
          after: markers,
        });
        return markers;
      }),

    /**
     * The assignments module registers here (it is wired after this one): from then on the enrolments below are given
     * as a published assignment of the content (docs/features/learning.md, "Content enrolments are assignments").
     */
    handleEnrolmentsWith(handler: ContentEnrolmentHandler) {
      enrolmentHandler = handler;
    },

    /**
     * POST api/admin/contents/{id}/enrolments: the people (active users of the company) and the active members of the
     * groups, each enrolled once — through an assignment when the assignments module is there.
     */
    enrol: (actor: Actor, contentId: number, input: EnrolmentCreate, t: Translate) =>
      inTenant(db, actor.companyId, async (tx) => {
        await assertContent(tx, actor.companyId, contentId);
        const people =
          input.user_ids.length === 0
            ? []
            : await tx
                .select({ id: users.id })
                .from(users)
                .where(
                  and(eq(users.companyId, actor.companyId), inArray(users.id, input.user_ids), eq(users.status, 1)),
                );
        if (people.length !== new Set(input.user_ids).size)
          throw invalidFields({ user_ids: 'content.enrolment_user_invalid' });
        const groups =
          input.group_ids.length === 0
            ? []
            : await tx
                .select({ id: userGroups.id })
                .from(userGroups)
                .where(and(eq(userGroups.companyId, actor.companyId), inArray(userGroups.id, input.group_ids)));
        if (groups.length !== new Set(input.group_ids).size)
          throw invalidFields({ group_ids: 'content.enrolment_group_invalid' });
        const byGroup = new Map<number, number>();
        for (const group of groups) {
          for (const id of await userIdsOfGroups(tx, actor.companyId, [group.id])) {
            if (!byGroup.has(id)) byGroup.set(id, group.id);
          }
        }
        const targets = new Map<number, number | null>(byGroup);
        for (const person of people) targets.set(person.id, null);
        if (enrolmentHandler && targets.size > 0) {
          return adoptAsAssignment(tx, actor, contentId, input, targets, enrolmentHandler, t);
        }
        const dueAt = input.due_at ? new Date(`${input.due_at}T23:59:59Z`) : null;
        const values = [...targets].map(([userId, groupId]) => ({
          companyId: actor.companyId,
          contentId,
          userId,
          groupId,
          dueAt,
          enrolledBy: actor.userId,
        }));
        const added =
          values.length === 0
            ? []
            : await tx
                .insert(contentEnrolments)
                .values(values)
                .onConflictDoNothing()
                .returning({ userId: contentEnrolments.userId });
        if (added.length > 0) {
          await record(tx, actor, {
            action: 'content.enrolled',
            entity: ENTITY,
            id: contentId,
            after: { user_ids: added.map((a) => a.userId), group_ids: input.group_ids, due_at: input.due_at },
          });
        }
        const already = values.length - added.length;
        return {
          data: { added: added.length, already },
          message: t('content.enrolment_result', { added: added.length, already }),
        };
      }),

    /** GET api/admin/contents/{id}/enrolments. */
    enrolments: (actor: Actor, contentId: number, query: ListQuery) =>
      inTenant(db, actor.companyId, async (tx) => {
        await assertContent(tx, actor.companyId, contentId);
        const search = query.search ? likePattern(query.search) : null;
        const rows = rowsOf<{
          id: number;
          user_id: number;
          name: string;
          surname: string;
          email: string | null;
          group_id: number | null;
          group_name: string | null;
          due_at: Date | string | null;
          created_at: Date | string;
          total: number;
        }>(
          await tx.execute(sql`
            select e.id, u.id as user_id, u.name, u.surname, u.email, g.id as group_id, g.name as group_name,
              e.due_at, e.created_at, count(*) over ()::integer as total
            from content_enrolments e
            join users u on u.id = e.user_id
            left join user_groups g on g.id = e.group_id
            where e.company_id = ${actor.companyId} and e.content_id = ${contentId}
              ${search ? sql`and ${PERSON_TEXT} like ${search}` : sql``}
            order by e.created_at desc, e.id desc
            limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`),
        );
        const data: Enrolment[] = rows.map((r) => ({
          id: r.id,
          user: { id: r.user_id, name: r.name, surname: r.surname, email: r.email },
          group: r.group_id !== null && r.group_name !== null ? { id: r.group_id, name: r.group_name } : null,
          due_at: r.due_at ? new Date(r.due_at).toISOString().slice(0, 10) : null,
          created_at: new Date(r.created_at).toISOString(),
        }));
        return { data, meta: { page: query.page, per_page: query.per_page, total: rows[0]?.total ?? 0 } };
      }),

    /** DELETE api/admin/contents/{id}/enrolments/{enrolmentId}: the person keeps their progress, loses access. */
    removeEnrolment: (actor: Actor, contentId: number, enrolmentId: number) =>
      inTenant(db, actor.companyId, async (tx) => {
        const [removed] = await tx
          .delete(contentEnrolments)
          .where(and(eq(contentEnrolments.contentId, contentId), eq(contentEnrolments.id, enrolmentId)))
          .returning({ userId: contentEnrolments.userId });
        if (!removed) throw notFound();
        await record(tx, actor, {
          action: 'content.unenrolled',
          entity: ENTITY,
          id: contentId,
          before: { user_id: removed.userId },
        });
      }),

    /** GET api/admin/content-overview: storage per type, unused contents, contents whose file is gone. */
    overview: (actor: Actor): Promise<ContentOverview> =>
      inTenant(db, actor.companyId, async (tx) => {
        const storage = rowsOf<{ type: ContentType; contents: number; bytes: string | number }>(
          await tx.execute(sql`
            select c.type, count(distinct c.id)::integer as contents, coalesce(sum(v.file_size), 0) as bytes
            from contents c left join content_versions v on v.content_id = c.id
            where c.company_id = ${actor.companyId}
            group by c.type order by c.type`),
        );
        const unused = await tx
          .select({ id: contents.id, type: contents.type, title: contents.title, status: contents.status })
          .from(contents)
          .where(
            and(
              eq(contents.companyId, actor.companyId),
              sql`not exists (select 1 from content_enrolments e where e.content_id = ${contents.id})`,
              ...usages.map((usedBy) => not(usedBy(contents.id))),
            ),
          )
          .orderBy(asc(contents.title))
          .limit(200);
        const files = await tx
          .select({
            id: contents.id,
            type: contents.type,
            title: contents.title,
            externalUrl: contents.externalUrl,
            fileUrl: contentVersions.fileUrl,
            stored: storedFiles.name,
          })
          .from(contents)
          .leftJoin(contentVersions, eq(contentVersions.id, contents.currentVersionId))
          .leftJoin(
            storedFiles,
            and(
              eq(storedFiles.companyId, contents.companyId),
              sql`${storedFiles.name} = substring(${contentVersions.fileUrl} from '[^/]+$')`,
            ),
          )
          .where(and(eq(contents.companyId, actor.companyId), inArray(contents.type, ['video', 'document', 'scorm'])));
        // Storage is asked about every file at once (on S3 a request each), not one after another.
        const problems = await Promise.all(
          files.map(async (file): Promise<'no_file' | 'missing_file' | null> => {
            if (!file.fileUrl) return file.type === 'video' && file.externalUrl ? null : 'no_file';
            const name = storedNameOf(file.fileUrl);
            const present =
              file.stored !== null && name !== null && (await platform.files.exists(actor.companyId, name));
            return present ? null : 'missing_file';
          }),
        );
        const broken: ContentOverview['broken'] = files.flatMap((file, i) => {
          const problem = problems[i];
          return problem ? [{ ...pick(file), problem }] : [];
        });
        return {
          storage: storage.map((s) => ({ type: s.type, contents: s.contents, bytes: Number(s.bytes) })),
          unused: unused.map((u) => ({ ...u, status: u.status === 1 ? 1 : 0 })),
          broken,
        };
      }),
  };
}

const pick = (file: { id: number; type: ContentType; title: string }) => ({
  id: file.id,
  type: file.type,
  title: file.title,
});

export type ContentAdmin = ReturnType<typeof createContentAdmin>;
