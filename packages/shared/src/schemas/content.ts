import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { ID_MAX, optionalText, paginatedSchema } from './common.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { isoDateSchema, lenient, resourceListQuerySchema } from './resource.js';

/**
 * The content library (spec §2.2 Content, issue 12): what a learner opens in the player. Every kind records the
 * learner's progress on the server from what the player reports, never from a percentage the browser claims.
 */
export const CONTENT_TYPES = ['video', 'document', 'scorm', 'link', 'page'] as const;
export const contentTypeSchema = z.enum(CONTENT_TYPES, 'validation.required');
export type ContentType = z.infer<typeof contentTypeSchema>;

/** Completion of a video: the watched share at or above this percentage, unless the content sets its own. */
export const CONTENT_COMPLETION_THRESHOLD_DEFAULT = 95;
/** How often the player reports what it played (and a document or page how long it was open). */
export const PROGRESS_HEARTBEAT_MS = 5000;
/** The video guard's speed check (spec §9). */
export const VIDEO_GUARD_SPEED_CHECK_MS = 1000;
/** The video guard's alerts disappear after this (spec §9). */
export const VIDEO_GUARD_ALERT_MS = 2000;
/** The longest video, document reading time or duration a content may state: 24 hours, in seconds. */
export const CONTENT_DURATION_MAX_S = 24 * 3600;
export const CONTENT_TITLE_MAX = 200;
export const CONTENT_DESCRIPTION_MAX = 5000;
/** A rich text page's HTML (sanitized by the server before it is stored). */
export const CONTENT_BODY_MAX = 200_000;
export const CONTENT_URL_MAX = 2000;
export const CONTENT_HASHTAGS_MAX = 20;
export const CONTENT_MARKERS_MAX = 100;

/** SCORM editions a package may declare in its manifest. */
export const SCORM_VERSIONS = ['1.2', '2004'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];

/** A learner's state in one content. */
export const PROGRESS_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export const progressStatusSchema = z.enum(PROGRESS_STATUSES);
export type ProgressStatus = z.infer<typeof progressStatusSchema>;

const secondsSchema = z.number('validation.invalid').finite().min(0).max(CONTENT_DURATION_MAX_S);
const idSchema = z.number().int().positive().max(ID_MAX);

/** An address the person typed: http(s) only, so a `javascript:` link never reaches a learner's click. */
export const webAddressSchema = z
  .string()
  .trim()
  .max(CONTENT_URL_MAX)
  .url('content.url_invalid')
  .refine((value) => /^https?:\/\//i.test(value), 'content.url_invalid');

// --- The file of a content version ---

export const contentFileSchema = z.object({
  /** The stored file's address (`/api/files/{name}`); a private file is read through a signed address. */
  url: z.string(),
  name: z.string(),
  size: z.number(),
  mime: z.string(),
});
export type ContentFile = z.infer<typeof contentFileSchema>;

/** What an unpacked SCORM package declares. */
export const scormPackageSchema = z.object({
  version: z.enum(SCORM_VERSIONS),
  /** The launch page, relative to the package root. */
  launch: z.string(),
  /** The manifest's organization title. */
  title: z.string().nullable(),
});
export type ScormPackage = z.infer<typeof scormPackageSchema>;

// --- Interactive-video markers (spec §3, §4) ---

/** Type 1: one question with options; type 2: a question of several sections, each with its options. */
export const MARKER_TYPES = [1, 2] as const;
export const MARKER_OPTION_MAX = 8;
export const MARKER_SECTION_MAX = 6;

const markerOptionSchema = z.object({
  text: z.string().trim().min(1, 'validation.required').max(300),
  correct: z.boolean().default(false),
});
const markerSectionSchema = z.object({
  question: z.string().trim().min(1, 'validation.required').max(500),
  options: z.array(markerOptionSchema).min(2, 'content.marker_options_min').max(MARKER_OPTION_MAX),
});

/** A marker as the editor writes it: `id` keeps an existing marker (and its answers), no id adds one. */
export const markerInputSchema = z.discriminatedUnion('type_id', [
  z.object({
    id: idSchema.optional(),
    type_id: z.literal(1),
    second: secondsSchema,
    question: z.string().trim().min(1, 'validation.required').max(500),
    options: z.array(markerOptionSchema).min(2, 'content.marker_options_min').max(MARKER_OPTION_MAX),
  }),
  z.object({
    id: idSchema.optional(),
    type_id: z.literal(2),
    second: secondsSchema,
    question: z.string().trim().min(1, 'validation.required').max(500),
    sections: z.array(markerSectionSchema).min(1, 'content.marker_sections_min').max(MARKER_SECTION_MAX),
  }),
]);
export type MarkerInput = z.infer<typeof markerInputSchema>;

/** PUT api/admin/contents/{id}/markers: the whole list; markers left out are removed with their answers. */
export const markersWriteSchema = z.object({
  markers: z.array(markerInputSchema).max(CONTENT_MARKERS_MAX),
});
export type MarkersWrite = z.infer<typeof markersWriteSchema>;

const markerOptionOutSchema = z.object({ text: z.string(), correct: z.boolean() });
/** A marker as the admin sees it. */
export const markerSchema = z.discriminatedUnion('type_id', [
  z.object({
    id: z.number(),
    type_id: z.literal(1),
    second: z.number(),
    question: z.string(),
    options: z.array(markerOptionOutSchema),
  }),
  z.object({
    id: z.number(),
    type_id: z.literal(2),
    second: z.number(),
    question: z.string(),
    sections: z.array(z.object({ question: z.string(), options: z.array(markerOptionOutSchema) })),
  }),
]);
export type Marker = z.infer<typeof markerSchema>;

/** A marker as the player gets it: no word of which option is right. `scored` says whether an answer is graded. */
export const playerMarkerSchema = z.object({
  id: z.number(),
  type_id: z.union([z.literal(1), z.literal(2)]),
  second: z.number(),
  question: z.string(),
  scored: z.boolean(),
  /** Sections of a type 2 marker; a type 1 marker is one section with its question. */
  sections: z.array(z.object({ question: z.string(), options: z.array(z.string()) })),
  /** The learner's earlier answer (option indexes per section), or null. */
  answer: z.array(z.array(z.number())).nullable(),
});
export type PlayerMarker = z.infer<typeof playerMarkerSchema>;

/** POST api/contents/{id}/markers/{markerId}/answer: the chosen option indexes of each section. */
export const markerAnswerSchema = z.object({
  sections: z
    .array(
      z
        .array(
          z
            .number()
            .int()
            .min(0)
            .max(MARKER_OPTION_MAX - 1),
        )
        .max(MARKER_OPTION_MAX),
    )
    .min(1)
    .max(MARKER_SECTION_MAX),
});
export type MarkerAnswer = z.infer<typeof markerAnswerSchema>;
export const markerAnswerResultSchema = z.object({
  data: z.object({ correct: z.boolean().nullable() }),
});

// --- The admin resource (`api/admin/contents`) ---

export const CONTENT_SORTS = ['title', 'type', 'status', 'duration_seconds', 'created_at', 'updated_at'] as const;

export const contentSchema = z.object({
  id: z.number(),
  type: contentTypeSchema,
  title: z.string(),
  description: z.string().nullable(),
  cover_url: z.string().nullable(),
  /** Seconds: read from the video, entered for the others. */
  duration_seconds: z.number().nullable(),
  language: z.enum(LOCALES),
  hashtags: z.array(z.object({ id: z.number(), name: z.string() })),
  status: activeStatusSchema,
  /** Video: the guard (no skipping ahead, no speed-up); off lets people seek freely (reference videos). */
  guard_enabled: z.boolean(),
  /** Video: the watched percentage that completes it. */
  completion_threshold: z.number(),
  /** Document or page: seconds of reading that complete it even before the last page (null: the last page only). */
  min_reading_seconds: z.number().nullable(),
  /** A web link's address, or an external video (YouTube, Vimeo) instead of an uploaded file. */
  external_url: z.string().nullable(),
  /** A rich text page's sanitized HTML. */
  body: z.string().nullable(),
  /** The current version's file (video, document, SCORM zip); null for links, pages and external videos. */
  file: contentFileSchema.nullable(),
  /** The current version's number, from 1; a replaced file makes the next. */
  version: z.number(),
  /** Document: the number of pages the player found (null until someone opened it, or not a PDF). */
  page_count: z.number().nullable(),
  scorm: scormPackageSchema.nullable(),
  markers_count: z.number(),
  /** Learners who opened it and learners who completed it, every version. */
  started_count: z.number(),
  completed_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Content = z.infer<typeof contentSchema>;

const contentWriteShape = {
  type: contentTypeSchema,
  title: z.string().trim().min(1, 'validation.required').max(CONTENT_TITLE_MAX),
  description: optionalText(CONTENT_DESCRIPTION_MAX),
  cover_url: z.string().max(CONTENT_URL_MAX).nullable(),
  duration_seconds: secondsSchema.int('validation.invalid').nullable(),
  language: z.enum(LOCALES, 'validation.required'),
  hashtag_ids: z.array(idSchema).max(CONTENT_HASHTAGS_MAX),
  status: activeStatusSchema,
  guard_enabled: z.boolean(),
  completion_threshold: z.number('validation.invalid').int('validation.invalid').min(1).max(100),
  min_reading_seconds: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1)
    .max(CONTENT_DURATION_MAX_S)
    .nullable(),
  external_url: webAddressSchema.nullable(),
  body: z.string().max(CONTENT_BODY_MAX).nullable(),
  /** An address POST api/uploads answered (kind video, document or scorm); a new one makes a new version. */
  file_url: z.string().max(CONTENT_URL_MAX).nullable(),
};

/**
 * POST api/admin/contents. What each type needs (a file or an address, a body) is checked by the server on the
 * field, since it depends on the type.
 */
export const contentCreateSchema = z.object({
  ...contentWriteShape,
  description: contentWriteShape.description.default(null),
  cover_url: contentWriteShape.cover_url.default(null),
  duration_seconds: contentWriteShape.duration_seconds.default(null),
  hashtag_ids: contentWriteShape.hashtag_ids.default([]),
  status: contentWriteShape.status.default(1),
  guard_enabled: contentWriteShape.guard_enabled.default(true),
  completion_threshold: contentWriteShape.completion_threshold.default(CONTENT_COMPLETION_THRESHOLD_DEFAULT),
  min_reading_seconds: contentWriteShape.min_reading_seconds.default(null),
  external_url: contentWriteShape.external_url.default(null),
  body: contentWriteShape.body.default(null),
  file_url: contentWriteShape.file_url.default(null),
});
export type ContentCreate = z.infer<typeof contentCreateSchema>;

/** PUT or POST api/admin/contents/{id}: the fields sent change; the type never changes. */
export const contentUpdateSchema = z.object(contentWriteShape).omit({ type: true }).partial();
export type ContentUpdate = z.infer<typeof contentUpdateSchema>;

export const contentListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  type: lenient(contentTypeSchema),
});
export type ContentListQuery = z.infer<typeof contentListQuerySchema>;

export const contentsContract = defineContract({
  plural: 'contents',
  namespace: 'content',
  permissions: readWrite('read_content', 'create_content'),
  schemas: {
    item: contentSchema,
    create: contentCreateSchema,
    update: contentUpdateSchema,
    listQuery: contentListQuerySchema,
  },
  list: {
    sorts: CONTENT_SORTS,
    defaultSort: '-created_at',
    filters: [ACTIVE_STATUS_LIST_FILTER, { kind: 'select', param: 'type', options: CONTENT_TYPES }],
  },
  screens: {
    list: { name: 'company.content.index', path: '/admin/content' },
    add: { name: 'company.content.add', path: '/admin/content/add' },
    edit: { name: 'company.content.edit', path: '/admin/content/edit/:id' },
  },
});

// --- Progress ---

/** A watched interval of seconds, [from, to], from < to. */
export const rangeSchema = z
  .tuple([secondsSchema, secondsSchema])
  .refine(([from, to]) => from < to, 'content.range_invalid');
export type WatchedRange = [number, number];

/** What the server knows of one learner in one content. */
export const contentProgressSchema = z.object({
  status: progressStatusSchema,
  /** 0–100, worked out by the server. */
  progress: z.number(),
  /** Video: merged watched intervals of the current version. */
  watched_ranges: z.array(z.tuple([z.number(), z.number()])),
  /** Video: where playing may go up to (the end of the watched part that starts at 0). */
  furthest_second: z.number(),
  /** Where the learner left off: a video's second, a document's page, a SCORM location is in its CMI. */
  position: z.number(),
  /** Document: the pages shown. */
  pages_seen: z.array(z.number()),
  time_spent_seconds: z.number(),
  /** SCORM: score (0–100 scaled) and success, when the package reports them. */
  score: z.number().nullable(),
  success: z.enum(['passed', 'failed']).nullable(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  version: z.number(),
});
export type ContentProgress = z.infer<typeof contentProgressSchema>;

/** One heartbeat's identity: a player session (a random id per page load) and its running number. */
const heartbeatShape = {
  session: z.string().uuid(),
  seq: z.number().int().min(0).max(1_000_000),
};

/**
 * POST api/contents/{id}/progress: what the player saw since its last report. Sent again after a lost connection
 * with the same session and number, it changes nothing twice.
 */
export const progressReportSchema = z.discriminatedUnion('kind', [
  z.object({
    ...heartbeatShape,
    kind: z.literal('video'),
    /** Intervals played since the last report. */
    ranges: z.array(rangeSchema).max(50),
    position: secondsSchema,
    /** The duration the browser read from the media, taken when the content has none yet. */
    duration: secondsSchema.optional(),
  }),
  z.object({
    ...heartbeatShape,
    kind: z.literal('document'),
    pages: z.array(z.number().int().min(1).max(100_000)).max(500),
    page_count: z.number().int().min(1).max(100_000).optional(),
    position: z.number().int().min(1).max(100_000),
  }),
  /** A link opened or a page read: time on it; `finished` when a page was scrolled to its end. */
  z.object({
    ...heartbeatShape,
    kind: z.enum(['link', 'page']),
    finished: z.boolean().default(false),
  }),
]);
export type ProgressReport = z.infer<typeof progressReportSchema>;
export const progressResponseSchema = z.object({ data: contentProgressSchema });

/** PUT api/contents/{id}/scorm: the runtime's CMI data on commit or autosave. */
export const scormCommitSchema = z.object({
  ...heartbeatShape,
  cmi: z.record(z.string(), z.unknown()),
});
export type ScormCommit = z.infer<typeof scormCommitSchema>;

// --- The player ---

/** What the player shows of a content: the admin's fields it plays by, and the file as this learner may read it. */
export const playerContentSchema = contentSchema
  .pick({
    id: true,
    type: true,
    title: true,
    description: true,
    cover_url: true,
    duration_seconds: true,
    guard_enabled: true,
    completion_threshold: true,
    min_reading_seconds: true,
    external_url: true,
    body: true,
    page_count: true,
  })
  .extend({
    /** A short-lived signed address of the file (video, document), or null. */
    file_url: z.string().nullable(),
    file_name: z.string().nullable(),
    mime: z.string().nullable(),
    /** SCORM: the launch page's address (same origin, signed for this learner) and the edition. */
    scorm: z.object({ version: z.enum(SCORM_VERSIONS), launch_url: z.string() }).nullable(),
    markers: z.array(playerMarkerSchema),
  });
export type PlayerContent = z.infer<typeof playerContentSchema>;

/** GET api/contents/{id}/player (a learner) and GET api/admin/contents/{id}/preview (progress null: not recorded). */
export const playerResponseSchema = z.object({
  data: z.object({
    content: playerContentSchema,
    progress: contentProgressSchema.nullable(),
    /** SCORM: the CMI data saved so far, to resume. */
    cmi: z.record(z.string(), z.unknown()).nullable(),
    preview: z.boolean(),
  }),
});
export type PlayerResponse = z.infer<typeof playerResponseSchema>;

// --- Direct enrolments (`/admin/content/{id}/assignment`) ---

export const enrolmentCreateSchema = z
  .object({
    user_ids: z.array(idSchema).max(1000).default([]),
    group_ids: z.array(idSchema).max(100).default([]),
    due_at: isoDateSchema.nullable().default(null),
  })
  .refine((v) => v.user_ids.length + v.group_ids.length > 0, {
    message: 'content.enrolment_nobody',
    path: ['user_ids'],
  });
export type EnrolmentCreate = z.infer<typeof enrolmentCreateSchema>;
export const enrolmentResultSchema = z.object({
  data: z.object({ added: z.number(), already: z.number() }),
  message: z.string(),
});

export const enrolmentSchema = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), name: z.string(), surname: z.string(), email: z.string().nullable() }),
  group: z.object({ id: z.number(), name: z.string() }).nullable(),
  due_at: z.string().nullable(),
  created_at: z.string(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;
export const enrolmentListSchema = paginatedSchema(enrolmentSchema);

// --- The learner's own content ---

export const myContentSchema = z.object({
  id: z.number(),
  type: contentTypeSchema,
  title: z.string(),
  description: z.string().nullable(),
  cover_url: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  due_at: z.string().nullable(),
  status: progressStatusSchema,
  progress: z.number(),
});
export type MyContent = z.infer<typeof myContentSchema>;
export const myContentListSchema = z.object({ data: z.array(myContentSchema) });

// --- The content's usage (`/admin/content/detail/{id}`, permission read_contentdetailreport) ---

export const CONTENT_REPORT_SORTS = ['name', 'progress', 'time_spent_seconds', 'started_at', 'completed_at'] as const;

export const contentReportQuerySchema = resourceListQuerySchema.extend({
  status: lenient(progressStatusSchema),
});
export type ContentReportQuery = z.infer<typeof contentReportQuerySchema>;

export const contentReportRowSchema = z.object({
  user: z.object({ id: z.number(), name: z.string(), surname: z.string(), email: z.string().nullable() }),
  status: progressStatusSchema,
  progress: z.number(),
  time_spent_seconds: z.number(),
  score: z.number().nullable(),
  success: z.enum(['passed', 'failed']).nullable(),
  version: z.number(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** Markers answered and, of the scored ones, answered right. */
  markers_answered: z.number(),
  markers_correct: z.number(),
});
export type ContentReportRow = z.infer<typeof contentReportRowSchema>;

export const contentReportSummarySchema = z.object({
  enrolled: z.number(),
  started: z.number(),
  completed: z.number(),
  average_progress: z.number(),
  total_time_spent_seconds: z.number(),
  /** Per marker: answers and right answers (scored markers). */
  markers: z.array(
    z.object({
      id: z.number(),
      second: z.number(),
      question: z.string(),
      /** Whether the marker has a right answer; an unscored one (an opinion) counts answers only. */
      scored: z.boolean(),
      answers: z.number(),
      correct: z.number(),
    }),
  ),
});
export const contentReportSchema = paginatedSchema(contentReportRowSchema).extend({
  summary: contentReportSummarySchema,
});
export type ContentReport = z.infer<typeof contentReportSchema>;

// --- The company's content overview (`/admin/content-management`) ---

export const contentOverviewSchema = z.object({
  data: z.object({
    storage: z.array(z.object({ type: contentTypeSchema, contents: z.number(), bytes: z.number() })),
    /** Contents nobody is enrolled in and no education uses. */
    unused: z.array(
      z.object({ id: z.number(), type: contentTypeSchema, title: z.string(), status: activeStatusSchema }),
    ),
    /** Contents whose file is missing from storage or was never given. */
    broken: z.array(
      z.object({
        id: z.number(),
        type: contentTypeSchema,
        title: z.string(),
        problem: z.enum(['missing_file', 'no_file']),
      }),
    ),
  }),
});
export type ContentOverview = z.infer<typeof contentOverviewSchema>['data'];
