import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { ID_MAX, optionalText, paginatedSchema } from './common.js';
import { contentTypeSchema, progressStatusSchema } from './content.js';
import { localizedInputSchema, localizedTextSchema } from './faq.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { isoDateSchema, lenient, resourceListQuerySchema } from './resource.js';

/**
 * Educations (the spec's "training", issue 13): what a learner takes, made of an ordered, typed list of parts. A part
 * is a content today; exams, surveys and classroom sessions join as part types later, so a part names its type and
 * the id of the thing it is (`ref_id`), never a content foreign key.
 */
export const PART_TYPES = ['content', 'classroom', 'exam'] as const;
export const partTypeSchema = z.enum(PART_TYPES, 'validation.required');
export type PartType = z.infer<typeof partTypeSchema>;

/**
 * Assigned only (people get it from an admin or an assignment), open in the catalogue for self-enrolment, or shown in
 * the catalogue with enrolment on approval (`request`: a learner asks, an admin approves with an assignment).
 */
export const EDUCATION_VISIBILITIES = ['assigned', 'catalogue', 'request'] as const;
/** The visibilities that show an education in the learner's catalogue. */
export const CATALOGUE_VISIBILITIES = ['catalogue', 'request'] as const satisfies readonly EducationVisibility[];
export const educationVisibilitySchema = z.enum(EDUCATION_VISIBILITIES, 'validation.required');
export type EducationVisibility = z.infer<typeof educationVisibilitySchema>;

/** How a person came to an education. */
export const ENROLMENT_SOURCES = ['self', 'admin', 'program', 'assignment'] as const;
export type EnrolmentSource = (typeof ENROLMENT_SOURCES)[number];

export const EDUCATION_TITLE_MAX = 200;
export const EDUCATION_SUB_TITLE_MAX = 300;
export const EDUCATION_DESCRIPTION_MAX = 100_000;
export const EDUCATION_PARTS_MAX = 100;
export const EDUCATION_HASHTAGS_MAX = 20;
export const EDUCATION_MINUTES_MAX = 100_000;
export const CATEGORY_NAME_MAX = 120;
/** Categories nest at most this deep (a root is depth 1). */
export const CATEGORY_DEPTH_MAX = 3;
const URL_MAX = 2000;

/** The icons a category may show (tabler icon names the web maps to components). */
export const CATEGORY_ICONS = [
  'shield-lock',
  'lock',
  'first-aid-kit',
  'helmet',
  'chart-line',
  'users',
  'briefcase',
  'bulb',
  'messages',
  'world',
  'school',
  'certificate',
  'device-laptop',
  'heart-handshake',
  'leaf',
  'scale',
] as const;
export const categoryIconSchema = z.enum(CATEGORY_ICONS, 'validation.required');
export type CategoryIcon = z.infer<typeof categoryIconSchema>;

const idSchema = z.number().int().positive().max(ID_MAX);
const orderSchema = z.coerce.number('validation.invalid').int('validation.invalid').min(0).max(100_000);
const minutesSchema = z
  .number('validation.invalid')
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(EDUCATION_MINUTES_MAX);

// --- Categories (`api/admin/education-categories`) ---

export const EDUCATION_CATEGORY_SORTS = ['order', 'status', 'created_at', 'updated_at'] as const;

export const educationCategorySchema = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  /** The name in each language written; screens show it with `pickLocalized`. */
  names: localizedTextSchema,
  icon: categoryIconSchema,
  order: z.number(),
  status: activeStatusSchema,
  /** Educations filed directly under it, whatever their status. */
  educations_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EducationCategory = z.infer<typeof educationCategorySchema>;

const categoryWriteShape = {
  parent_id: idSchema.nullable(),
  names: localizedInputSchema(CATEGORY_NAME_MAX),
  icon: categoryIconSchema,
  order: orderSchema,
  status: activeStatusSchema,
};

export const educationCategoryCreateSchema = z.object({
  ...categoryWriteShape,
  parent_id: categoryWriteShape.parent_id.default(null),
  icon: categoryWriteShape.icon.default('school'),
  order: categoryWriteShape.order.default(0),
  status: categoryWriteShape.status.default(1),
});
export type EducationCategoryCreate = z.infer<typeof educationCategoryCreateSchema>;
export const educationCategoryUpdateSchema = z.object(categoryWriteShape).partial();
export type EducationCategoryUpdate = z.infer<typeof educationCategoryUpdateSchema>;

export const educationCategoryListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  parent_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
});
export type EducationCategoryListQuery = z.infer<typeof educationCategoryListQuerySchema>;

export const educationCategoriesContract = defineContract({
  plural: 'education-categories',
  namespace: 'educationCategories',
  permissions: readWrite('show_training', 'create_training'),
  schemas: {
    item: educationCategorySchema,
    create: educationCategoryCreateSchema,
    update: educationCategoryUpdateSchema,
    listQuery: educationCategoryListQuerySchema,
  },
  list: { sorts: EDUCATION_CATEGORY_SORTS, defaultSort: 'order', filters: [ACTIVE_STATUS_LIST_FILTER] },
  screens: {
    list: { name: 'company.education.categories', path: '/admin/education/categories' },
    add: { name: 'company.education.categories.add', path: '/admin/education/categories/add' },
    edit: { name: 'company.education.categories.edit', path: '/admin/education/categories/edit/:id' },
  },
});

// --- Parts ---

/** A part as the admin writes it; its order is its place in the list. */
export const partInputSchema = z.object({
  type: partTypeSchema,
  ref_id: idSchema,
  /** A required part must be completed for the education to be; an optional one only adds to the finished rate. */
  required: z.boolean().default(true),
});
export type PartInput = z.infer<typeof partInputSchema>;

/** A part with what it refers to, as the admin sees it. */
export const partSchema = z.object({
  id: z.number(),
  type: partTypeSchema,
  ref_id: z.number(),
  order: z.number(),
  required: z.boolean(),
  title: z.string(),
  /** The content's type (video, document…) for a content part; null for other part types. */
  content_type: contentTypeSchema.nullable(),
  duration_seconds: z.number().nullable(),
  cover_url: z.string().nullable(),
  /** Whether the referred item is active (a passive content cannot be played). */
  available: z.boolean(),
});
export type Part = z.infer<typeof partSchema>;

// --- Educations (`api/admin/educations`) ---

export const EDUCATION_SORTS = ['title', 'status', 'start_date', 'end_date', 'created_at', 'updated_at'] as const;

export const educationSchema = z.object({
  id: z.number(),
  title: z.string(),
  sub_title: z.string().nullable(),
  description_title: z.string().nullable(),
  /** Sanitized HTML. */
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  /** Its names per language (screens show them with `pickLocalized`). */
  category: z.object({ id: z.number(), names: localizedTextSchema }).nullable(),
  language: z.enum(LOCALES),
  hashtags: z.array(z.object({ id: z.number(), name: z.string() })),
  /** YYYY-MM-DD. */
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  estimated_minutes: z.number().nullable(),
  status: activeStatusSchema,
  visibility: educationVisibilitySchema,
  /** Parts are taken in order: a part opens when the required parts before it are completed. */
  sequential: z.boolean(),
  /** The provider it was bought from (spec `/admin/education/catalog/purchased`); null for the company's own. */
  provider: z.string().nullable(),
  /** The evaluation survey learners fill once they complete it (issue 15), or null. */
  evaluation_survey_id: z.number().nullable(),
  /** Certificates (issue 16) wait for the evaluation survey's answers. */
  evaluation_required_for_certificate: z.boolean(),
  parts: z.array(partSchema),
  /** An exam (kind `exam`) taken before the first part; it never blocks. */
  pre_test_exam_id: z.number().nullable(),
  /** An exam (kind `exam`) taken at the end: the education completes only once it is passed. */
  post_test_exam_id: z.number().nullable(),
  enrolled_count: z.number(),
  completed_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Education = z.infer<typeof educationSchema>;

const educationWriteShape = {
  title: z.string().trim().min(1, 'validation.required').max(EDUCATION_TITLE_MAX),
  sub_title: optionalText(EDUCATION_SUB_TITLE_MAX),
  description_title: optionalText(EDUCATION_TITLE_MAX),
  /** HTML from the rich text editor; the server sanitizes it. */
  description: z.string().max(EDUCATION_DESCRIPTION_MAX).nullable(),
  /** An address POST api/uploads answered (kind cover). */
  image_url: z.string().max(URL_MAX).nullable(),
  category_id: idSchema.nullable(),
  language: z.enum(LOCALES, 'validation.required'),
  hashtag_ids: z.array(idSchema).max(EDUCATION_HASHTAGS_MAX),
  start_date: isoDateSchema.nullable(),
  end_date: isoDateSchema.nullable(),
  estimated_minutes: minutesSchema.nullable(),
  status: activeStatusSchema,
  visibility: educationVisibilitySchema,
  sequential: z.boolean(),
  parts: z.array(partInputSchema).max(EDUCATION_PARTS_MAX),
  evaluation_survey_id: idSchema.nullable(),
  evaluation_required_for_certificate: z.boolean(),
  pre_test_exam_id: idSchema.nullable(),
  post_test_exam_id: idSchema.nullable(),
};

const endAfterStart = (value: { start_date?: string | null; end_date?: string | null }) =>
  !value.start_date || !value.end_date || value.end_date >= value.start_date;

export const educationCreateSchema = z
  .object({
    ...educationWriteShape,
    sub_title: educationWriteShape.sub_title.default(null),
    description_title: educationWriteShape.description_title.default(null),
    description: educationWriteShape.description.default(null),
    image_url: educationWriteShape.image_url.default(null),
    category_id: educationWriteShape.category_id.default(null),
    hashtag_ids: educationWriteShape.hashtag_ids.default([]),
    start_date: educationWriteShape.start_date.default(null),
    end_date: educationWriteShape.end_date.default(null),
    estimated_minutes: educationWriteShape.estimated_minutes.default(null),
    status: educationWriteShape.status.default(1),
    visibility: educationWriteShape.visibility.default('assigned'),
    sequential: educationWriteShape.sequential.default(false),
    parts: educationWriteShape.parts.default([]),
    evaluation_survey_id: educationWriteShape.evaluation_survey_id.default(null),
    evaluation_required_for_certificate: educationWriteShape.evaluation_required_for_certificate.default(false),
    pre_test_exam_id: educationWriteShape.pre_test_exam_id.default(null),
    post_test_exam_id: educationWriteShape.post_test_exam_id.default(null),
  })
  .refine(endAfterStart, { path: ['end_date'], message: 'education.end_before_start' });
export type EducationCreate = z.infer<typeof educationCreateSchema>;

/** PUT or POST api/admin/educations/{id}: the fields sent change; `parts`, when sent, is the whole new list. */
export const educationUpdateSchema = z
  .object(educationWriteShape)
  .partial()
  .refine(endAfterStart, { path: ['end_date'], message: 'education.end_before_start' });
export type EducationUpdate = z.infer<typeof educationUpdateSchema>;

export const educationListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  visibility: lenient(educationVisibilitySchema),
  category_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
  language: lenient(z.enum(LOCALES)),
  /** `1`: only educations bought from a provider (the purchased list). */
  purchased: lenient(z.enum(['0', '1'])),
});
export type EducationListQuery = z.infer<typeof educationListQuerySchema>;

export const educationsContract = defineContract({
  plural: 'educations',
  namespace: 'education',
  permissions: readWrite('show_training', 'create_training'),
  schemas: {
    item: educationSchema,
    create: educationCreateSchema,
    update: educationUpdateSchema,
    listQuery: educationListQuerySchema,
  },
  list: {
    sorts: EDUCATION_SORTS,
    defaultSort: '-created_at',
    filters: [
      ACTIVE_STATUS_LIST_FILTER,
      { kind: 'select', param: 'visibility', options: EDUCATION_VISIBILITIES },
      { kind: 'select', param: 'language', options: LOCALES },
    ],
  },
  screens: {
    list: { name: 'company.content.catalog', path: '/admin/education/catalog' },
    add: { name: 'company.content.catalog.add', path: '/admin/education/catalog/add' },
    edit: { name: 'company.content.catalog.edit', path: '/admin/education/catalog/edit/:id' },
  },
});

// --- One education's learners (`/admin/education/detail?id=`, permission read_training) ---

export const EDUCATION_REPORT_SORTS = [
  'name',
  'finished_rate',
  'enrolled_at',
  'last_activity_at',
  'completed_at',
] as const;

export const educationReportQuerySchema = resourceListQuerySchema.extend({
  status: lenient(progressStatusSchema),
});
export type EducationReportQuery = z.infer<typeof educationReportQuerySchema>;

export const educationReportRowSchema = z.object({
  user: z.object({ id: z.number(), name: z.string(), surname: z.string(), email: z.string().nullable() }),
  source: z.enum(ENROLMENT_SOURCES),
  status: progressStatusSchema,
  finished_rate: z.number(),
  completed_parts: z.number(),
  parts_count: z.number(),
  enrolled_at: z.string(),
  started_at: z.string().nullable(),
  last_activity_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  due_at: z.string().nullable(),
});
export type EducationReportRow = z.infer<typeof educationReportRowSchema>;

export const educationReportSchema = paginatedSchema(educationReportRowSchema).extend({
  /** The education above its report: a holder of read_training alone may not read the catalogue item itself. */
  education: z.object({
    id: z.number(),
    title: z.string(),
    visibility: z.enum(EDUCATION_VISIBILITIES),
    parts_count: z.number(),
  }),
  summary: z.object({
    enrolled: z.number(),
    started: z.number(),
    completed: z.number(),
    average_rate: z.number(),
  }),
});
export type EducationReport = z.infer<typeof educationReportSchema>;

/** GET api/admin/educations/report-options?search=: the educations a report may be chosen from (read_training). */
export const educationReportOptionsQuerySchema = z.object({ search: z.string().trim().max(100).optional() });
export const educationReportOptionsSchema = z.object({
  data: z.array(z.object({ id: z.number(), title: z.string() })),
});
export type EducationReportOption = z.infer<typeof educationReportOptionsSchema>['data'][number];

/** POST api/admin/educations/{id}/enrolments: the admin enrols people directly (assignments come in issue 14). */
export const educationEnrolSchema = z.object({
  user_ids: z.array(idSchema).min(1, 'validation.required').max(1000),
  due_at: isoDateSchema.nullable().default(null),
});
export type EducationEnrol = z.infer<typeof educationEnrolSchema>;
export const educationEnrolResultSchema = z.object({
  data: z.object({ added: z.number(), already: z.number() }),
  message: z.string(),
});

// --- The learner's side ---

/** One learner in one education. */
export const educationEnrolmentSchema = z.object({
  status: progressStatusSchema,
  /** 0–100: completed parts (optional ones included) over all parts, kept by the server from the part events. */
  finished_rate: z.number(),
  completed_parts: z.number(),
  due_at: z.string().nullable(),
  enrolled_at: z.string(),
  last_activity_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type EducationEnrolment = z.infer<typeof educationEnrolmentSchema>;

/** An education as a card: catalogue, my educations, the home page, search. */
export const educationCardSchema = z.object({
  id: z.number(),
  title: z.string(),
  sub_title: z.string().nullable(),
  image_url: z.string().nullable(),
  category: z.object({ id: z.number(), name: z.string(), icon: categoryIconSchema }).nullable(),
  language: z.enum(LOCALES),
  estimated_minutes: z.number().nullable(),
  parts_count: z.number(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** The learner's enrolment, or null when they are not enrolled. */
  enrolment: educationEnrolmentSchema.nullable(),
  /** The learner may enrol themselves now (in the catalogue, active, not ended, not enrolled). */
  can_enrol: z.boolean(),
  /** The learner may ask for it (enrolment on approval, active, not ended, not enrolled). */
  can_request: z.boolean(),
  created_at: z.string(),
});
export type EducationCard = z.infer<typeof educationCardSchema>;

/** A part as the learner sees it: with their progress in it, and whether it is open yet. */
export const learnerPartSchema = z.object({
  id: z.number(),
  type: partTypeSchema,
  ref_id: z.number(),
  order: z.number(),
  required: z.boolean(),
  title: z.string(),
  content_type: contentTypeSchema.nullable(),
  duration_seconds: z.number().nullable(),
  status: progressStatusSchema,
  progress: z.number(),
  /** A sequential education's part whose earlier required parts are not completed yet. */
  locked: z.boolean(),
});
export type LearnerPart = z.infer<typeof learnerPartSchema>;

/** GET api/educations/{id}: the education detail page (spec §2.1, §3). */
export const educationDetailSchema = z.object({
  id: z.number(),
  title: z.string(),
  sub_title: z.string().nullable(),
  description_title: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  category: z.object({ id: z.number(), name: z.string(), icon: categoryIconSchema }).nullable(),
  language: z.enum(LOCALES),
  hashtags: z.array(z.string()),
  /** YYYY-MM-DD; the page writes them in the reader's language (dd.mm.yyyy in Turkish). */
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  estimated_minutes: z.number().nullable(),
  sequential: z.boolean(),
  finished_rate: z.number(),
  person_completed_education: z.number(),
  /** Experience shares on the wall about it (0 until the wall exists). */
  experience_shares_count: z.number(),
  enrolment: educationEnrolmentSchema.nullable(),
  can_enrol: z.boolean(),
  /** Enrolment on approval: the page offers "Request" (GET api/educations/{id}/training-request has the state). */
  can_request: z.boolean(),
  parts: z.array(learnerPartSchema),
  /** The part the start / continue button opens: the first unfinished open part (null: none to play). */
  next_part_id: z.number().nullable(),
});
export type EducationDetail = z.infer<typeof educationDetailSchema>;
export const educationDetailResponseSchema = z.object({ data: educationDetailSchema });

/** GET api/my/educations?state=: the learner's educations. */
export const MY_LEARNING_STATES = ['in_progress', 'not_started', 'completed'] as const;
export const myEducationsQuerySchema = z.object({
  state: lenient(z.enum(MY_LEARNING_STATES)),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(48).catch(12).default(12),
});
export type MyEducationsQuery = z.infer<typeof myEducationsQuerySchema>;
export const educationCardListSchema = paginatedSchema(educationCardSchema).extend({
  /** How many of the learner's educations are in each state (the tabs' counts). */
  counts: z.object({ in_progress: z.number(), not_started: z.number(), completed: z.number() }),
});
export type EducationCardList = z.infer<typeof educationCardListSchema>;

/** GET api/education-categories: the category tree with the open educations under each (self-enrolment). */
export const learnerCategorySchema = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  name: z.string(),
  icon: categoryIconSchema,
  /** Active catalogue educations in it and its subcategories. */
  educations_count: z.number(),
});
export type LearnerCategory = z.infer<typeof learnerCategorySchema>;
export const learnerCategoryListSchema = z.object({ data: z.array(learnerCategorySchema) });

/** GET api/catalogue?category_id=&search=: the educations open for self-enrolment. */
export const catalogueQuerySchema = z.object({
  category_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .catch(undefined)
    .transform((v) => (v === '' ? undefined : v)),
  sort: lenient(z.enum(['newest', 'title'])),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(48).catch(12).default(12),
});
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;
export const catalogueListSchema = paginatedSchema(educationCardSchema);

/** GET api/educations/{id}/player: the education around the player; the part's content comes from its own call. */
export const educationPlayerSchema = z.object({
  data: z.object({
    id: z.number(),
    title: z.string(),
    sequential: z.boolean(),
    finished_rate: z.number(),
    parts: z.array(learnerPartSchema),
    next_part_id: z.number().nullable(),
  }),
});
export type EducationPlayer = z.infer<typeof educationPlayerSchema>['data'];
