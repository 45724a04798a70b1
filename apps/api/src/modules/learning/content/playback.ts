import type {
  ContentProgress,
  MarkerAnswer,
  MyContent,
  PlayerContent,
  PlayerMarker,
  PlayerResponse,
  ProgressReport,
  ProgressStatus,
  ScormCommit,
  WatchedRange,
} from '@kampus/shared';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { preparedQuery } from '../../../db/prepared.js';
import {
  contentEnrolments,
  contentMarkerAnswers,
  contentMarkers,
  contentProgress,
  contents,
  contentVersions,
} from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { invalidFields, notFound } from '../../../platform/http/errors.js';
import { signedFileUrl } from '../../system/files/service.js';
import {
  acceptVideoRanges,
  furthestPoint,
  newSessionStart,
  readingSeconds,
  sessionCredit,
  watchedPercent,
} from './progress.js';
import { cmiToProgress, scormLaunchUrl } from './scorm.js';

type ContentRow = typeof contents.$inferSelect;
type VersionRow = typeof contentVersions.$inferSelect;

/** What a report reads of each row: the hot path selects these columns only (every column costs on every heartbeat). */
const REPORT_CONTENT = {
  id: contents.id,
  type: contents.type,
  guardEnabled: contents.guardEnabled,
  completionThreshold: contents.completionThreshold,
  minReadingSeconds: contents.minReadingSeconds,
  durationSeconds: contents.durationSeconds,
};
const REPORT_VERSION = {
  id: contentVersions.id,
  number: contentVersions.number,
  durationSeconds: contentVersions.durationSeconds,
  pageCount: contentVersions.pageCount,
  mime: contentVersions.mime,
  scorm: contentVersions.scorm,
};
const REPORT_PROGRESS = {
  id: contentProgress.id,
  status: contentProgress.status,
  progress: contentProgress.progress,
  watchedRanges: contentProgress.watchedRanges,
  position: contentProgress.position,
  pagesSeen: contentProgress.pagesSeen,
  timeSpentSeconds: contentProgress.timeSpentSeconds,
  score: contentProgress.score,
  success: contentProgress.success,
  session: contentProgress.session,
  seq: contentProgress.seq,
  sessionStartedAt: contentProgress.sessionStartedAt,
  sessionCredited: contentProgress.sessionCredited,
  startedAt: contentProgress.startedAt,
  completedAt: contentProgress.completedAt,
  updatedAt: contentProgress.updatedAt,
};
type Picked<T extends Record<string, { _: { data: unknown; notNull: boolean } }>> = {
  [K in keyof T]: T[K]['_']['notNull'] extends true ? T[K]['_']['data'] : T[K]['_']['data'] | null;
};
type ReportContent = Picked<typeof REPORT_CONTENT>;
type ReportVersion = Picked<typeof REPORT_VERSION>;
/** A learner's progress row as a report reads and writes it (the SCORM data is written, never read, on this path). */
type ProgressRow = Picked<typeof REPORT_PROGRESS> & { cmi?: Record<string, unknown> | null };
type MarkerRow = typeof contentMarkers.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function presentProgress(row: ProgressRow | null, version: Pick<VersionRow, 'number'>): ContentProgress | null {
  if (!row) return null;
  return {
    status: row.status as ProgressStatus,
    progress: row.progress,
    watched_ranges: row.watchedRanges,
    furthest_second: furthestPoint(row.watchedRanges),
    position: row.position,
    pages_seen: row.pagesSeen,
    time_spent_seconds: row.timeSpentSeconds,
    score: row.score,
    success: row.success === 'passed' || row.success === 'failed' ? row.success : null,
    started_at: iso(row.startedAt),
    completed_at: iso(row.completedAt),
    version: version.number,
  };
}

/** A video on another site (YouTube, Vimeo): an address and no file of ours. */
const isExternalVideo = (content: Pick<ReportContent, 'type'>, version: { mime: string | null }) =>
  content.type === 'video' && version.mime === null;

/** The options of each section of a marker (type 1: its one question), with which are right. */
function sectionsOf(marker: MarkerRow): { question: string; options: { text: string; correct: boolean }[] }[] {
  const body = marker.body as {
    question: string;
    options?: { text: string; correct: boolean }[];
    sections?: { question: string; options: { text: string; correct: boolean }[] }[];
  };
  if (marker.typeId === 1) return [{ question: body.question, options: body.options ?? [] }];
  return body.sections ?? [];
}

/** Scored when some option of some section is right; right when each section's choice is exactly its right options. */
export function gradeMarker(marker: MarkerRow, answer: number[][]): boolean | null {
  const sections = sectionsOf(marker);
  if (!sections.some((s) => s.options.some((o) => o.correct))) return null;
  return sections.every((section, i) => {
    const chosen = new Set(answer[i] ?? []);
    const right = section.options.flatMap((o, index) => (o.correct ? [index] : []));
    return chosen.size === right.length && right.every((index) => chosen.has(index));
  });
}

function presentMarker(marker: MarkerRow, answer: number[][] | null): PlayerMarker {
  const sections = sectionsOf(marker);
  const body = marker.body as { question: string };
  return {
    id: marker.id,
    type_id: marker.typeId === 2 ? 2 : 1,
    second: marker.second,
    question: body.question,
    scored: sections.some((s) => s.options.some((o) => o.correct)),
    sections: sections.map((s) => ({ question: s.question, options: s.options.map((o) => o.text) })),
    answer,
  };
}

/** A heartbeat's read: the learner's locked row of the current version, with its content, if enrolled and active. */
const lockedReportRow = preparedQuery('content_progress_locked', (db) =>
  db
    .select({ content: REPORT_CONTENT, version: REPORT_VERSION, progress: REPORT_PROGRESS })
    .from(contentProgress)
    .innerJoin(contents, eq(contents.id, contentProgress.contentId))
    .innerJoin(
      contentVersions,
      and(eq(contentVersions.id, contents.currentVersionId), eq(contentVersions.id, contentProgress.versionId)),
    )
    .innerJoin(
      contentEnrolments,
      and(eq(contentEnrolments.contentId, contents.id), eq(contentEnrolments.userId, contentProgress.userId)),
    )
    .where(
      and(
        eq(contentProgress.userId, sql.placeholder('userId')),
        eq(contentProgress.contentId, sql.placeholder('contentId')),
        eq(contents.status, 1),
      ),
    )
    .for('update', { of: contentProgress }),
);

/** Every column a report may change, each a placeholder. */
const PROGRESS_WRITE = () => ({
  status: sql`${sql.placeholder('status')}`,
  progress: sql`${sql.placeholder('progress')}`,
  watchedRanges: sql`${sql.placeholder('watchedRanges')}::jsonb`,
  position: sql`${sql.placeholder('position')}`,
  pagesSeen: sql`${sql.placeholder('pagesSeen')}::jsonb`,
  timeSpentSeconds: sql`${sql.placeholder('timeSpentSeconds')}`,
  score: sql`${sql.placeholder('score')}`,
  success: sql`${sql.placeholder('success')}`,
  // Kept unless a SCORM commit sends new data: the heartbeat's read leaves the CMI out.
  cmi: sql`coalesce(${sql.placeholder('cmi')}::jsonb, ${contentProgress.cmi})`,
  session: sql`${sql.placeholder('session')}::uuid`,
  seq: sql`${sql.placeholder('seq')}`,
  sessionStartedAt: sql`${sql.placeholder('sessionStartedAt')}::timestamptz`,
  sessionCredited: sql`${sql.placeholder('sessionCredited')}`,
  completedAt: sql`${sql.placeholder('completedAt')}::timestamptz`,
  updatedAt: sql`${sql.placeholder('updatedAt')}::timestamptz`,
});

/** A heartbeat's write after the locked read: every column a report may change, in one prepared statement. */
const writeProgressRow = preparedQuery('content_progress_write', (db) =>
  db
    .update(contentProgress)
    .set(PROGRESS_WRITE())
    .where(eq(contentProgress.id, sql.placeholder('id'))),
);

/**
 * A heartbeat's write without a read: only when the row is as this node last wrote it (its updated_at), else no row
 * is returned and the report takes the locked path.
 */
const writeProgressRowIfUnchanged = preparedQuery('content_progress_write_if', (db) =>
  db
    .update(contentProgress)
    .set(PROGRESS_WRITE())
    .where(
      and(
        eq(contentProgress.id, sql.placeholder('id')),
        eq(contentProgress.updatedAt, sql`${sql.placeholder('expectedUpdatedAt')}::timestamptz`),
      ),
    )
    .returning({ id: contentProgress.id }),
);

/** A learner's row as this node last wrote it, with what the report rules read of its content and version. */
interface RememberedReport {
  content: ReportContent;
  version: ReportVersion;
  row: ProgressRow;
}

/** How long a remembered row is trusted: another node's change to the content reaches this one within it. */
const REMEMBER_MS = 30_000;
/** Rows remembered at most (the oldest go first): a few megabytes. */
const REMEMBER_MAX = 20_000;
/** The content changes after which its remembered rows are read again (a new version, a status, an enrolment). */
const FORGETTING_ACTIONS = new Set([
  'content.updated',
  'content.status_changed',
  'content.deleted',
  'content.unenrolled',
]);

/**
 * The rows this node wrote last, so a learner's next heartbeat needs no read: its write is conditional on the row
 * being as this node left it, and anything else (a report through another node or tab, a change of the content made
 * here — dropped at once — or elsewhere — trusted for at most REMEMBER_MS) takes the locked read again.
 */
function createRecentReports(events: Platform['events']) {
  const rows = new Map<string, RememberedReport & { at: number }>();
  const keyOf = (actor: Actor, contentId: number) => `${actor.companyId}:${contentId}:${actor.userId}`;
  events.subscribe('content.*', (event) => {
    if (!FORGETTING_ACTIONS.has(event.action)) return;
    const prefix = `${event.companyId}:${event.entityId}:`;
    for (const key of rows.keys()) if (key.startsWith(prefix)) rows.delete(key);
  });
  return {
    recall(actor: Actor, contentId: number): RememberedReport | null {
      const key = keyOf(actor, contentId);
      const found = rows.get(key);
      if (!found) return null;
      rows.delete(key);
      return Date.now() - found.at < REMEMBER_MS ? found : null;
    },
    remember(actor: Actor, report: RememberedReport) {
      rows.set(keyOf(actor, report.content.id), { ...report, at: Date.now() });
      if (rows.size > REMEMBER_MAX) rows.delete(rows.keys().next().value as string);
    },
  };
}

export function createContentPlayback(platform: Platform) {
  const db = platform.database.db;
  const recentReports = createRecentReports(platform.events);

  /** The content and its current version; for a learner only when active and they are enrolled. */
  async function playable(tx: Db, actor: Actor, contentId: number, asLearner: boolean) {
    const [row] = await tx
      .select({ content: contents, version: contentVersions })
      .from(contents)
      .innerJoin(contentVersions, eq(contentVersions.id, contents.currentVersionId))
      .where(and(eq(contents.companyId, actor.companyId), eq(contents.id, contentId)));
    if (!row) throw notFound();
    if (asLearner) {
      if (row.content.status !== 1) throw notFound();
      const [enrolment] = await tx
        .select({ id: contentEnrolments.id })
        .from(contentEnrolments)
        .where(and(eq(contentEnrolments.contentId, contentId), eq(contentEnrolments.userId, actor.userId)));
      if (!enrolment) throw notFound();
    }
    return row;
  }

  function playerContent(
    actor: Actor,
    content: ContentRow,
    version: VersionRow,
    markers: PlayerMarker[],
    viewer: number,
  ): PlayerContent {
    const launch = version.scorm
      ? scormLaunchUrl(platform, {
          companyId: actor.companyId,
          versionId: version.id,
          userId: viewer,
          launch: version.scorm.launch,
        })
      : null;
    return {
      id: content.id,
      type: content.type,
      title: content.title,
      description: content.description,
      cover_url: content.coverUrl,
      duration_seconds: content.durationSeconds ?? version.durationSeconds,
      guard_enabled: content.guardEnabled,
      completion_threshold: content.completionThreshold,
      min_reading_seconds: content.minReadingSeconds,
      external_url: content.externalUrl,
      body: content.body,
      file_url: version.fileUrl ? signedFileUrl(platform, actor.companyId, version.fileUrl) : null,
      file_name: version.fileName,
      mime: version.mime,
      page_count: version.pageCount,
      scorm: version.scorm && launch ? { version: version.scorm.version, launch_url: launch } : null,
      markers,
    };
  }

  async function markersFor(tx: Db, contentId: number, userId: number | null): Promise<PlayerMarker[]> {
    const markers = await tx
      .select()
      .from(contentMarkers)
      .where(eq(contentMarkers.contentId, contentId))
      .orderBy(asc(contentMarkers.second), asc(contentMarkers.id));
    const answers =
      userId === null || markers.length === 0
        ? []
        : await tx
            .select({ markerId: contentMarkerAnswers.markerId, answer: contentMarkerAnswers.answer })
            .from(contentMarkerAnswers)
            .where(and(eq(contentMarkerAnswers.contentId, contentId), eq(contentMarkerAnswers.userId, userId)));
    const answerOf = new Map(answers.map((a) => [a.markerId, a.answer]));
    return markers.map((m) => presentMarker(m, answerOf.get(m.id) ?? null));
  }

  /** The learner's row for the current version, made (and `content.started` recorded) on first opening. */
  async function openProgress(tx: Db, actor: Actor, content: ContentRow, version: VersionRow): Promise<ProgressRow> {
    const [existing] = await tx
      .select()
      .from(contentProgress)
      .where(and(eq(contentProgress.userId, actor.userId), eq(contentProgress.versionId, version.id)));
    if (existing) return existing;
    const [earlier] = await tx
      .select({ id: contentProgress.id })
      .from(contentProgress)
      .where(and(eq(contentProgress.userId, actor.userId), eq(contentProgress.contentId, content.id)))
      .limit(1);
    const [created] = await tx
      .insert(contentProgress)
      .values({ companyId: actor.companyId, contentId: content.id, userId: actor.userId, versionId: version.id })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      // Opened in two tabs at once: the other request made the row.
      const [raced] = await tx
        .select()
        .from(contentProgress)
        .where(and(eq(contentProgress.userId, actor.userId), eq(contentProgress.versionId, version.id)));
      if (!raced) throw new Error('content progress row vanished');
      return raced;
    }
    if (!earlier) {
      await record(tx, actor, {
        action: 'content.started',
        entity: 'content',
        id: content.id,
        after: { user_id: actor.userId, version: version.number },
      });
    }
    return created;
  }

  /** GET api/contents/{id}/player: what the learner plays, where they stand, and the saved SCORM data. */
  function forLearner(actor: Actor, contentId: number): Promise<PlayerResponse['data']> {
    return inTenant(db, actor.companyId, async (tx) => {
      const { content, version } = await playable(tx, actor, contentId, true);
      const progress = await openProgress(tx, actor, content, version);
      const markers = await markersFor(tx, content.id, actor.userId);
      return {
        content: playerContent(actor, content, version, markers, actor.userId),
        progress: presentProgress(progress, version),
        cmi: progress.cmi ?? null,
        preview: false,
      };
    });
  }

  /** GET api/admin/contents/{id}/preview: the same, for an admin, with nothing recorded. */
  function preview(actor: Actor, contentId: number): Promise<PlayerResponse['data']> {
    return inTenant(db, actor.companyId, async (tx) => {
      const { content, version } = await playable(tx, actor, contentId, false);
      const markers = await markersFor(tx, content.id, null);
      return {
        content: playerContent(actor, content, version, markers, actor.userId),
        progress: null,
        cmi: null,
        preview: true,
      };
    });
  }

  /**
   * The learner's row of the content's current version, locked for the report's update, with the content and the
   * version, in one statement (the path of every heartbeat). When it finds nothing (never opened, a new version, not
   * enrolled, passive) the player's checks run and make the row: then the same statement again.
   */
  async function lockedForReport(tx: Db, actor: Actor, contentId: number) {
    const values = { userId: actor.userId, contentId };
    const [found] = await lockedReportRow(tx, values);
    if (found) return found;
    const { content, version } = await playable(tx, actor, contentId, true);
    await openProgress(tx, actor, content, version);
    const [opened] = await lockedReportRow(tx, values);
    if (!opened) throw notFound();
    return opened;
  }

  /** What a report of a new (session, seq) changes, or null for one already applied (a replay). */
  function applyReport(
    row: ProgressRow,
    content: ReportContent,
    version: ReportVersion,
    report: ProgressReport,
    now: Date,
  ): Partial<ProgressRow> | null {
    const sameSession = row.session === report.session;
    if (sameSession && report.seq <= row.seq) return null;
    const session = sameSession
      ? { startedAt: row.sessionStartedAt ?? row.updatedAt, credited: row.sessionCredited }
      : { startedAt: newSessionStart(row.updatedAt, now), credited: 0 };
    const reading = readingSeconds(row.updatedAt, now);
    const base = { session: report.session, seq: report.seq, sessionStartedAt: session.startedAt, updatedAt: now };

    if (report.kind === 'video') {
      const duration = content.durationSeconds ?? version.durationSeconds ?? report.duration ?? null;
      const outcome = acceptVideoRanges(
        {
          ranges: row.watchedRanges,
          guardEnabled: content.guardEnabled,
          duration,
          credit: sessionCredit(session, now),
        },
        report.ranges as WatchedRange[],
      );
      const percent = watchedPercent(outcome.ranges, duration);
      const furthest = furthestPoint(outcome.ranges);
      const played = report.ranges.reduce((sum, [from, to]) => sum + (to - from), 0);
      return {
        ...base,
        sessionCredited: session.credited + outcome.added,
        watchedRanges: outcome.ranges,
        progress: percent,
        // Resume where they left off, but never past what the guard lets them reach.
        position: content.guardEnabled ? Math.min(report.position, furthest) : report.position,
        timeSpentSeconds: row.timeSpentSeconds + Math.round(Math.min(played, reading + 1)),
        completed: percent >= content.completionThreshold,
      } as Partial<ProgressRow> & { completed: boolean };
    }

    const spent = row.timeSpentSeconds + Math.round(reading);
    if (isExternalVideo(content, version)) {
      // Another site's player tells us nothing of what was played: the time the page was open stands for watching,
      // the video's length times the completion threshold (no length: opening it).
      const needed = content.durationSeconds ? (content.durationSeconds * content.completionThreshold) / 100 : 0;
      const done = spent >= needed;
      return {
        ...base,
        timeSpentSeconds: spent,
        progress: done ? 100 : Math.min(99, Math.floor((spent / needed) * 100)),
        completed: done,
      } as Partial<ProgressRow> & { completed: boolean };
    }
    const readLongEnough = content.minReadingSeconds !== null && spent >= content.minReadingSeconds;
    if (report.kind === 'document') {
      const pageCount = version.pageCount ?? report.page_count ?? null;
      const pages = [...new Set([...row.pagesSeen, ...report.pages])].filter((p) => !pageCount || p <= pageCount);
      pages.sort((a, b) => a - b);
      const lastShown = pageCount !== null && pages.includes(pageCount);
      // An Office file has no pages the player can show: opening it is reading it, unless a reading time is set.
      const isPdf = version.mime === 'application/pdf';
      const done = isPdf ? lastShown || readLongEnough : content.minReadingSeconds === null || readLongEnough;
      const percent = isPdf && pageCount ? Math.floor((pages.length / pageCount) * 100) : 0;
      return {
        ...base,
        pagesSeen: pages,
        position: report.position,
        timeSpentSeconds: spent,
        progress: done ? 100 : percent,
        completed: done,
      } as Partial<ProgressRow> & { completed: boolean };
    }
    // A link is done once opened; a page once read to its end (and for its minimum time, if one is set).
    const done =
      report.kind === 'link' ||
      readLongEnough ||
      (report.finished && (content.minReadingSeconds === null || readLongEnough));
    return {
      ...base,
      timeSpentSeconds: spent,
      progress: done ? 100 : row.progress,
      completed: done,
    } as Partial<ProgressRow> & { completed: boolean };
  }

  /** Writes a report's changes, completing the row (and recording `content.completed`) when it got there. */
  async function writeProgress(
    tx: Db,
    actor: Actor,
    content: ReportContent,
    version: ReportVersion,
    row: ProgressRow,
    changes: Partial<ProgressRow> & { completed?: boolean },
    /** Write only if the row is still as this node left it; null when it is not. */
    unchangedSince?: Date,
  ): Promise<ProgressRow | null> {
    const { completed, ...columns } = changes;
    const completesNow = completed === true && row.status !== 'completed';
    // A completion is a record: watching again after it moves the resume point and the ranges, never the 100%.
    const done = completesNow || row.status === 'completed';
    const next: ProgressRow = {
      ...row,
      ...columns,
      ...(done
        ? { status: 'completed', completedAt: row.completedAt ?? columns.updatedAt ?? new Date(), progress: 100 }
        : {}),
    };
    const values = {
      id: row.id,
      status: next.status,
      progress: next.progress,
      watchedRanges: JSON.stringify(next.watchedRanges),
      position: next.position,
      pagesSeen: JSON.stringify(next.pagesSeen),
      timeSpentSeconds: next.timeSpentSeconds,
      score: next.score,
      success: next.success,
      cmi: next.cmi ? JSON.stringify(next.cmi) : null,
      session: next.session,
      seq: next.seq,
      sessionStartedAt: next.sessionStartedAt?.toISOString() ?? null,
      sessionCredited: next.sessionCredited,
      completedAt: next.completedAt?.toISOString() ?? null,
      updatedAt: next.updatedAt.toISOString(),
    };
    if (unchangedSince) {
      const [written] = await writeProgressRowIfUnchanged(tx, {
        ...values,
        expectedUpdatedAt: unchangedSince.toISOString(),
      });
      if (!written) return null;
    } else {
      await writeProgressRow(tx, values);
    }
    if (completesNow) {
      await record(tx, actor, {
        action: 'content.completed',
        entity: 'content',
        id: content.id,
        after: { user_id: actor.userId, version: version.number, score: next.score },
      });
    }
    return next;
  }

  /** The kinds of report a content takes. */
  function assertReportKind(content: ReportContent, version: ReportVersion, kind: ProgressReport['kind']) {
    const expected = isExternalVideo(content, version)
      ? ['page']
      : content.type === 'video' || content.type === 'document'
        ? [content.type]
        : ['link', 'page'];
    if (!expected.includes(kind)) throw invalidFields({ kind: 'content.report_kind_invalid' });
  }

  /** A report on the row as this node last wrote it: one conditional write; null when the row has moved on. */
  async function reportOnRemembered(
    tx: Db,
    actor: Actor,
    remembered: RememberedReport,
    body: ProgressReport,
  ): Promise<ContentProgress | null> {
    const { content, version, row } = remembered;
    assertReportKind(content, version, body.kind);
    const changes = applyReport(row, content, version, body, new Date());
    if (!changes) {
      recentReports.remember(actor, remembered);
      return presentProgress(row, version);
    }
    const written = await writeProgress(tx, actor, content, version, row, changes, row.updatedAt);
    if (!written) return null;
    recentReports.remember(actor, { content, version, row: written });
    return presentProgress(written, version);
  }

  /** POST api/contents/{id}/progress. */
  function report(actor: Actor, contentId: number, body: ProgressReport): Promise<ContentProgress> {
    return inTenant(db, actor.companyId, async (tx) => {
      const remembered = recentReports.recall(actor, contentId);
      if (remembered) {
        const answered = await reportOnRemembered(tx, actor, remembered, body);
        if (answered) return answered;
      }
      const { content, version, progress: row } = await lockedForReport(tx, actor, contentId);
      assertReportKind(content, version, body.kind);
      const now = new Date();
      const changes = applyReport(row, content, version, body, now);
      if (!changes) return presentProgress(row, version) as ContentProgress;
      // The video's length and a PDF's page count, when the player is the first to know them.
      let learned = false;
      if (body.kind === 'video' && body.duration && !content.durationSeconds && !version.durationSeconds) {
        await tx
          .update(contentVersions)
          .set({ durationSeconds: Math.round(body.duration) })
          .where(eq(contentVersions.id, version.id));
        learned = true;
      }
      if (
        body.kind === 'document' &&
        body.page_count &&
        version.pageCount === null &&
        version.mime === 'application/pdf'
      ) {
        await tx.update(contentVersions).set({ pageCount: body.page_count }).where(eq(contentVersions.id, version.id));
        learned = true;
      }
      const written = (await writeProgress(tx, actor, content, version, row, changes)) as ProgressRow;
      // A version that just learned its length is read afresh next time.
      if (!learned) recentReports.remember(actor, { content, version, row: written });
      return presentProgress(written, version) as ContentProgress;
    });
  }

  /** PUT api/contents/{id}/scorm: the runtime's CMI data; completion, score and success follow from it. */
  function commitScorm(actor: Actor, contentId: number, body: ScormCommit): Promise<ContentProgress> {
    return inTenant(db, actor.companyId, async (tx) => {
      const { content, version, progress: row } = await lockedForReport(tx, actor, contentId);
      if (content.type !== 'scorm' || !version.scorm) throw invalidFields({ kind: 'content.report_kind_invalid' });
      if (row.session === body.session && body.seq <= row.seq) return presentProgress(row, version) as ContentProgress;
      const now = new Date();
      const outcome = cmiToProgress(version.scorm.version, body.cmi);
      const written = (await writeProgress(tx, actor, content, version, row, {
        session: body.session,
        seq: body.seq,
        sessionStartedAt: row.session === body.session ? row.sessionStartedAt : now,
        updatedAt: now,
        cmi: body.cmi,
        score: outcome.score ?? row.score,
        success: outcome.success ?? row.success,
        timeSpentSeconds: row.timeSpentSeconds + Math.round(readingSeconds(row.updatedAt, now)),
        // Without a progress measure an unfinished package stands at half: opened and worked on, not done.
        progress: outcome.completed ? 100 : Math.round(outcome.progress ?? Math.max(row.progress, 50)),
        completed: outcome.completed,
      })) as ProgressRow;
      return presentProgress(written, version) as ContentProgress;
    });
  }

  /** POST api/contents/{id}/markers/{markerId}/answer: stored (a new answer replaces the old), graded when scored. */
  function answerMarker(
    actor: Actor,
    contentId: number,
    markerId: number,
    body: MarkerAnswer,
  ): Promise<{ correct: boolean | null }> {
    return inTenant(db, actor.companyId, async (tx) => {
      await playable(tx, actor, contentId, true);
      const [marker] = await tx
        .select()
        .from(contentMarkers)
        .where(and(eq(contentMarkers.contentId, contentId), eq(contentMarkers.id, markerId)));
      if (!marker) throw notFound();
      const sections = sectionsOf(marker);
      if (body.sections.length !== sections.length) throw invalidFields({ sections: 'content.answer_invalid' });
      body.sections.forEach((chosen, i) => {
        if (chosen.some((index) => index >= (sections[i]?.options.length ?? 0))) {
          throw invalidFields({ [`sections.${i}`]: 'content.answer_invalid' });
        }
      });
      const correct = gradeMarker(marker, body.sections);
      await tx
        .insert(contentMarkerAnswers)
        .values({
          companyId: actor.companyId,
          markerId,
          contentId,
          userId: actor.userId,
          answer: body.sections,
          correct,
        })
        .onConflictDoUpdate({
          target: [contentMarkerAnswers.markerId, contentMarkerAnswers.userId],
          set: { answer: body.sections, correct, answeredAt: new Date() },
        });
      return { correct };
    });
  }

  /** GET api/my/contents: what the learner is enrolled in, newest first, with where they stand. */
  function mine(actor: Actor): Promise<MyContent[]> {
    return inTenant(db, actor.companyId, async (tx) => {
      const rows = await tx
        .select({ content: contents, dueAt: contentEnrolments.dueAt, version: contentVersions })
        .from(contentEnrolments)
        .innerJoin(contents, eq(contents.id, contentEnrolments.contentId))
        .leftJoin(contentVersions, eq(contentVersions.id, contents.currentVersionId))
        .where(
          and(
            eq(contentEnrolments.userId, actor.userId),
            eq(contents.status, 1),
            // The parts of the learner's educations are on their education cards, not listed on their own.
            ne(contentEnrolments.source, 'education'),
          ),
        )
        .orderBy(desc(contentEnrolments.createdAt), desc(contentEnrolments.id));
      const ids = rows.map((r) => r.content.id);
      const progress =
        ids.length === 0
          ? []
          : await tx
              .select({
                contentId: contentProgress.contentId,
                versionId: contentProgress.versionId,
                status: contentProgress.status,
                progress: contentProgress.progress,
              })
              .from(contentProgress)
              .where(and(eq(contentProgress.userId, actor.userId), inArray(contentProgress.contentId, ids)));
      return rows.map(({ content, dueAt, version }) => {
        const mineOf = progress.filter((p) => p.contentId === content.id);
        const current = mineOf.find((p) => p.versionId === version?.id);
        // Completing an earlier version stays completed: the record of having done it is not taken back.
        const completedBefore = mineOf.some((p) => p.status === 'completed');
        const status: ProgressStatus = completedBefore ? 'completed' : current ? 'in_progress' : 'not_started';
        return {
          id: content.id,
          type: content.type,
          title: content.title,
          description: content.description,
          cover_url: content.coverUrl,
          duration_seconds: content.durationSeconds ?? version?.durationSeconds ?? null,
          due_at: dueAt ? dueAt.toISOString().slice(0, 10) : null,
          status,
          progress: status === 'completed' ? 100 : (current?.progress ?? 0),
        };
      });
    });
  }

  return { forLearner, preview, report, commitScorm, answerMarker, mine };
}

export type ContentPlayback = ReturnType<typeof createContentPlayback>;
