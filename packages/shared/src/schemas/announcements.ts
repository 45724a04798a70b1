import { z } from 'zod';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { ID_MAX } from './common.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { isoDateSchema, lenient, resourceListQuerySchema } from './resource.js';

/**
 * Announcements and advertisements (issue 17). Both reach an audience: everyone in the company, members of some of
 * its user groups, or — for a group's main company — the people acting in some of its sub-companies (or itself).
 * Spec §6 names no permission for either; both use `read_widgetmanagement` (the home page's widgets).
 */
export const AUDIENCES = ['everyone', 'groups', 'companies'] as const;
export const audienceSchema = z.enum(AUDIENCES, 'validation.required');
export type Audience = z.infer<typeof audienceSchema>;
export const AUDIENCE_IDS_MAX = 200;

const idSchema = z.number().int().positive().max(ID_MAX);
const idsSchema = z.array(idSchema).max(AUDIENCE_IDS_MAX);

export const audienceShape = {
  audience: audienceSchema,
  /** With audience `groups`: the company's user groups whose members see it. */
  group_ids: idsSchema,
  /** With audience `companies`: the company itself and/or its sub-companies. */
  company_ids: idsSchema,
};

/** GET api/admin/audience-companies: the acting company first, then its sub-companies by name. */
export const audienceCompaniesResponseSchema = z.object({
  data: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type AudienceCompany = z.infer<typeof audienceCompaniesResponseSchema>['data'][number];

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_BODY_MAX = 100_000;
export const ANNOUNCEMENT_URL_MAX = 2000;

/** The last day is shown too: `expiry_date` is inclusive; neither may be before the other. */
/**
 * The refinement of a record running between two calendar days (announcements: publish → expiry, banners: start →
 * end): the last day is not before the first, either missing (a partial update) or open-ended passing. The server
 * checks an update again against the days it keeps (`dayRangeError` in the API).
 */
export function dayRange<From extends string, To extends string>(from: From, to: To, message: string) {
  const ordered = (value: { [K in From | To]?: string | null }) => {
    const first = value[from];
    const last = value[to];
    return !first || !last || last >= first;
  };
  return [ordered, { path: [to] as PropertyKey[], message }] as const;
}
const publishToExpiry = dayRange('publish_date', 'expiry_date', 'announcements.errors.expiry_before_publish');

// --- Announcements (`api/admin/announcements`) ---

export const ANNOUNCEMENT_SORTS = ['title', 'publish_date', 'expiry_date', 'status', 'created_at'] as const;

export const announcementSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Sanitized HTML. */
  body: z.string().nullable(),
  /** The stored address (unsigned): what the form sends back. */
  image_url: z.string().nullable(),
  /** A signed address of the (private) image, for showing it. */
  image_src: z.string().nullable(),
  ...audienceShape,
  publish_date: z.string(),
  expiry_date: z.string().nullable(),
  pinned: z.boolean(),
  must_read: z.boolean(),
  status: activeStatusSchema,
  /** People in the audience now, and how many of them have read it. */
  audience_size: z.number(),
  read_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

const announcementWriteShape = {
  title: z.string().trim().min(1, 'validation.required').max(ANNOUNCEMENT_TITLE_MAX),
  /** HTML from the rich text editor; the server sanitizes it. */
  body: z.string().max(ANNOUNCEMENT_BODY_MAX).nullable(),
  /** An address POST api/uploads?kind=private_image answered. */
  image_url: z.string().max(ANNOUNCEMENT_URL_MAX).nullable(),
  ...audienceShape,
  publish_date: isoDateSchema,
  expiry_date: isoDateSchema.nullable(),
  pinned: z.boolean(),
  must_read: z.boolean(),
  status: activeStatusSchema,
};

export const announcementCreateSchema = z
  .object({
    ...announcementWriteShape,
    body: announcementWriteShape.body.default(null),
    image_url: announcementWriteShape.image_url.default(null),
    audience: announcementWriteShape.audience.default('everyone'),
    group_ids: announcementWriteShape.group_ids.default([]),
    company_ids: announcementWriteShape.company_ids.default([]),
    expiry_date: announcementWriteShape.expiry_date.default(null),
    pinned: announcementWriteShape.pinned.default(false),
    must_read: announcementWriteShape.must_read.default(false),
    status: announcementWriteShape.status.default(1),
  })
  .refine(...publishToExpiry);
export type AnnouncementCreate = z.infer<typeof announcementCreateSchema>;
export const announcementUpdateSchema = z
  .object(announcementWriteShape)
  .partial()
  .refine(...publishToExpiry);
export type AnnouncementUpdate = z.infer<typeof announcementUpdateSchema>;

export const announcementListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  audience: lenient(audienceSchema),
});
export type AnnouncementListQuery = z.infer<typeof announcementListQuerySchema>;

export const announcementsContract = defineContract({
  plural: 'announcements',
  namespace: 'announcements',
  permissions: readWrite('read_widgetmanagement'),
  schemas: {
    item: announcementSchema,
    create: announcementCreateSchema,
    update: announcementUpdateSchema,
    listQuery: announcementListQuerySchema,
  },
  list: {
    sorts: ANNOUNCEMENT_SORTS,
    defaultSort: '-publish_date',
    filters: [ACTIVE_STATUS_LIST_FILTER, { kind: 'select', param: 'audience', options: AUDIENCES }],
  },
  screens: {
    list: { name: 'company.announcement', path: '/admin/announcement' },
    add: { name: 'company.announcement.add', path: '/admin/announcement/add' },
    edit: { name: 'company.announcement.edit', path: '/admin/announcement/:id/edit' },
  },
  without: ['bulk', 'export'],
});

// --- The learner's announcements (`api/announcements`) ---

export const learnerAnnouncementSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string().nullable(),
  image_src: z.string().nullable(),
  publish_date: z.string(),
  expiry_date: z.string().nullable(),
  pinned: z.boolean(),
  must_read: z.boolean(),
  is_read: z.boolean(),
});
export type LearnerAnnouncement = z.infer<typeof learnerAnnouncementSchema>;

export const learnerAnnouncementsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  per_page: z.coerce.number().int().min(1).max(50).catch(10),
  unread: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional()
    .catch(undefined),
});
export type LearnerAnnouncementsQuery = z.infer<typeof learnerAnnouncementsQuerySchema>;
export const learnerAnnouncementsResponseSchema = z.object({
  data: z.array(learnerAnnouncementSchema),
  meta: z.object({ page: z.number(), per_page: z.number(), total: z.number(), unread: z.number() }),
});
export const learnerAnnouncementResponseSchema = z.object({ data: learnerAnnouncementSchema });

// --- Advertisements (`api/admin/advertisements`) ---

export const ADVERTISEMENT_TITLE_MAX = 200;
export const ADVERTISEMENT_LINK_MAX = 2000;
export const ADVERTISEMENT_ORDER_MAX = 10_000;

/** A link is an internal route (`/…`, not `//…`) or an http(s) address; empty means the banner links nowhere. */
export const isAdvertisementLink = (value: string) =>
  (/^\/(?!\/)[^\s\\]*$/.test(value) || /^https?:\/\/[^\s/]+\S*$/i.test(value)) && !/[<>"']/.test(value);

const linkSchema = z
  .string()
  .trim()
  .max(ADVERTISEMENT_LINK_MAX)
  .refine(isAdvertisementLink, 'advertisements.errors.link_invalid')
  .nullable()
  .or(z.literal('').transform(() => null));

export const ADVERTISEMENT_SORTS = ['title', 'order', 'start_date', 'views', 'clicks', 'status', 'created_at'] as const;

export const advertisementSchema = z.object({
  id: z.number(),
  /** What the banner says, for people who cannot see it (its alternative text). */
  title: z.string(),
  image_url: z.string(),
  image_src: z.string().nullable(),
  link_url: z.string().nullable(),
  ...audienceShape,
  order: z.number(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  status: activeStatusSchema,
  views: z.number(),
  clicks: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Advertisement = z.infer<typeof advertisementSchema>;

const startToEnd = dayRange('start_date', 'end_date', 'advertisements.errors.end_before_start');

const advertisementWriteShape = {
  title: z.string().trim().min(1, 'validation.required').max(ADVERTISEMENT_TITLE_MAX),
  /** An address POST api/uploads?kind=private_image answered. */
  image_url: z.string().trim().min(1, 'advertisements.errors.image_required').max(ANNOUNCEMENT_URL_MAX),
  link_url: linkSchema,
  ...audienceShape,
  order: z.number().int().min(0).max(ADVERTISEMENT_ORDER_MAX),
  start_date: isoDateSchema,
  end_date: isoDateSchema.nullable(),
  status: activeStatusSchema,
};

export const advertisementCreateSchema = z
  .object({
    ...advertisementWriteShape,
    link_url: advertisementWriteShape.link_url.default(null),
    audience: advertisementWriteShape.audience.default('everyone'),
    group_ids: advertisementWriteShape.group_ids.default([]),
    company_ids: advertisementWriteShape.company_ids.default([]),
    order: advertisementWriteShape.order.default(0),
    end_date: advertisementWriteShape.end_date.default(null),
    status: advertisementWriteShape.status.default(1),
  })
  .refine(...startToEnd);
export type AdvertisementCreate = z.infer<typeof advertisementCreateSchema>;
export const advertisementUpdateSchema = z
  .object(advertisementWriteShape)
  .partial()
  .refine(...startToEnd);
export type AdvertisementUpdate = z.infer<typeof advertisementUpdateSchema>;

export const advertisementListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  audience: lenient(audienceSchema),
});
export type AdvertisementListQuery = z.infer<typeof advertisementListQuerySchema>;

export const advertisementsContract = defineContract({
  plural: 'advertisements',
  namespace: 'advertisements',
  permissions: readWrite('read_widgetmanagement'),
  schemas: {
    item: advertisementSchema,
    create: advertisementCreateSchema,
    update: advertisementUpdateSchema,
    listQuery: advertisementListQuerySchema,
  },
  list: {
    sorts: ADVERTISEMENT_SORTS,
    defaultSort: 'order',
    filters: [ACTIVE_STATUS_LIST_FILTER, { kind: 'select', param: 'audience', options: AUDIENCES }],
  },
  screens: {
    list: { name: 'company.advertisement', path: '/admin/advertisement' },
    add: { name: 'company.advertisement.add', path: '/admin/advertisement/add' },
    edit: { name: 'company.advertisement.edit', path: '/admin/advertisement/:id/edit' },
  },
  without: ['bulk', 'export'],
});

/** The learner's slider (`GET api/advertisements`): the banners running today for this person, in order. */
export const learnerAdvertisementSchema = z.object({
  id: z.number(),
  title: z.string(),
  image_src: z.string(),
  link_url: z.string().nullable(),
});
export type LearnerAdvertisement = z.infer<typeof learnerAdvertisementSchema>;
export const learnerAdvertisementsResponseSchema = z.object({ data: z.array(learnerAdvertisementSchema) });
/** POST api/advertisements/events: views and clicks the slider counted, sent in one batch. */
export const advertisementEventsSchema = z.object({
  views: z.array(idSchema).max(50).default([]),
  clicks: z.array(idSchema).max(50).default([]),
});
export type AdvertisementEvents = z.infer<typeof advertisementEventsSchema>;
