import type { ContentType, Marker, ScormPackage, WatchedRange } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { userGroups } from './groups.js';
import { users } from './identity.js';
import { hashtags } from './lookups.js';
import { tenantPolicy } from './rls.js';

/**
 * A piece of the company's content library (issue 12). What a learner plays is its current version; the type never
 * changes once created. status: 0 passive (hidden from learners), 1 active.
 */
export const contents = pgTable(
  'contents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    type: text().$type<ContentType>().notNull(),
    title: text().notNull(),
    description: text(),
    coverUrl: text(),
    durationSeconds: integer(),
    language: text().notNull(),
    status: smallint().notNull().default(1),
    guardEnabled: boolean().notNull().default(true),
    completionThreshold: smallint().notNull().default(95),
    minReadingSeconds: integer(),
    externalUrl: text(),
    /** A page's HTML, sanitized before it is stored. */
    body: text(),
    /** The version learners get; null only between the insert of a content and of its first version. */
    currentVersionId: integer(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contents_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('contents_company_title_idx').on(t.companyId, t.title, t.id),
    index('contents_company_type_idx').on(t.companyId, t.type, t.id),
    index('contents_company_status_idx').on(t.companyId, t.status, t.id),
    check('contents_type_check', sql`${t.type} in ('video', 'document', 'scorm', 'link', 'page')`),
    check('contents_threshold_check', sql`${t.completionThreshold} between 1 and 100`),
    tenantPolicy(t.companyId),
  ],
);

/**
 * The files a content had: a new file makes a new version, and learners' progress stays with the version they
 * watched, so a replaced video never makes an old record unreadable.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    contentId: integer()
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    /** The stored file's address (`/api/files/{name}`); null for links, pages and external videos. */
    fileUrl: text(),
    fileName: text(),
    fileSize: bigint({ mode: 'number' }),
    mime: text(),
    durationSeconds: integer(),
    /** A PDF's page count, as the player found it. */
    pageCount: integer(),
    /** A SCORM package's manifest, once unpacked. */
    scorm: jsonb().$type<ScormPackage>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('content_versions_content_number_key').on(t.contentId, t.number),
    index('content_versions_company_idx').on(t.companyId, t.contentId),
    tenantPolicy(t.companyId),
  ],
);

export const contentHashtags = pgTable(
  'content_hashtags',
  {
    companyId: companyRef(),
    contentId: integer()
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    hashtagId: integer()
      .notNull()
      .references(() => hashtags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.hashtagId] }),
    index('content_hashtags_hashtag_idx').on(t.companyId, t.hashtagId),
    tenantPolicy(t.companyId),
  ],
);

/** Interactive-video markers (spec §3): a question at a second of the video. */
export const contentMarkers = pgTable(
  'content_markers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    contentId: integer()
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    typeId: smallint().notNull(),
    second: doublePrecision().notNull(),
    /** The question and its options (type 1) or sections (type 2), as the editor wrote them. */
    body: jsonb().$type<Omit<Marker, 'id' | 'second' | 'type_id'>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('content_markers_content_idx').on(t.companyId, t.contentId, t.second),
    check('content_markers_type_check', sql`${t.typeId} in (1, 2)`),
    tenantPolicy(t.companyId),
  ],
);

/**
 * Who may play a content outside an education: a direct enrolment from `/admin/content/{id}/assignment`. The
 * assignments capability adopts these rows: `assignment_id` then names the assignment that enrolled the person and
 * `source` says `assignment`. One row per person and content; a group enrolment expands to its members at the time.
 */
export const contentEnrolments = pgTable(
  'content_enrolments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    contentId: integer()
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text().notNull().default('direct'),
    /** The group whose enrolment brought the person in, if any. */
    groupId: integer().references(() => userGroups.id, { onDelete: 'set null' }),
    assignmentId: integer(),
    dueAt: timestamp({ withTimezone: true }),
    enrolledBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('content_enrolments_content_user_key').on(t.contentId, t.userId),
    index('content_enrolments_user_idx').on(t.companyId, t.userId, t.createdAt),
    index('content_enrolments_content_idx').on(t.companyId, t.contentId, t.id),
    check('content_enrolments_source_check', sql`${t.source} in ('direct', 'assignment', 'education')`),
    tenantPolicy(t.companyId),
  ],
);

/**
 * One learner in one content: what the server accepted of the player's reports. A video's progress is the share of
 * its duration covered by `watched_ranges`; the heartbeat session and number make a replayed report a no-op.
 */
export const contentProgress = pgTable(
  'content_progress',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    contentId: integer()
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The version the learner is on; a new version starts a new row, the old one stays readable. */
    versionId: integer()
      .notNull()
      .references(() => contentVersions.id, { onDelete: 'cascade' }),
    status: text().notNull().default('in_progress'),
    progress: smallint().notNull().default(0),
    watchedRanges: jsonb().$type<WatchedRange[]>().notNull().default([]),
    position: doublePrecision().notNull().default(0),
    pagesSeen: jsonb().$type<number[]>().notNull().default([]),
    timeSpentSeconds: integer().notNull().default(0),
    score: doublePrecision(),
    success: text(),
    /** SCORM's CMI data, as the runtime committed it. */
    cmi: jsonb().$type<Record<string, unknown>>(),
    /** The player session of the last accepted report, its number, and when that session began (server time). */
    session: uuid(),
    seq: integer().notNull().default(-1),
    sessionStartedAt: timestamp({ withTimezone: true }),
    /** Seconds of new coverage accepted in that session: with the session's age, what bounds the next report. */
    sessionCredited: doublePrecision().notNull().default(0),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('content_progress_user_version_key').on(t.userId, t.versionId),
    index('content_progress_content_idx').on(t.companyId, t.contentId, t.userId),
    index('content_progress_user_idx').on(t.companyId, t.userId, t.contentId),
    check('content_progress_status_check', sql`${t.status} in ('in_progress', 'completed')`),
    tenantPolicy(t.companyId),
  ],
);

/** A learner's answer to a marker; answering again replaces it. */
export const contentMarkerAnswers = pgTable(
  'content_marker_answers',
  {
    companyId: companyRef(),
    markerId: integer()
      .notNull()
      .references(() => contentMarkers.id, { onDelete: 'cascade' }),
    contentId: integer()
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: jsonb().$type<number[][]>().notNull(),
    /** Null for a marker with no right answer. */
    correct: boolean(),
    answeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.markerId, t.userId] }),
    index('content_marker_answers_content_idx').on(t.companyId, t.contentId, t.userId),
    tenantPolicy(t.companyId),
  ],
);
