import { z } from 'zod';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { lenient, resourceListQuerySchema } from './resource.js';

/** The status of a simple admin record: 0 passive, 1 active. */
export const activeStatusSchema = z.union([z.literal(0), z.literal(1)], 'validation.required');
export type ActiveStatus = z.infer<typeof activeStatusSchema>;
export const ACTIVE_STATUS_NAMES = { 0: 'passive', 1: 'active' } as const satisfies Record<ActiveStatus, string>;
/** A lenient `status` list filter. */
export const activeStatusFilter = lenient(z.enum(['0', '1']).transform((v) => activeStatusSchema.parse(Number(v))));

export const HASHTAG_NAME_MAX = 60;
/** The columns `sort` accepts on `GET api/admin/hashtags`. */
export const HASHTAG_SORTS = ['name', 'status', 'created_at', 'updated_at'] as const;

/** A hashtag as the admin panel sees it (`api/admin/hashtags`). */
export const hashtagSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: activeStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Hashtag = z.infer<typeof hashtagSchema>;

/** A leading `#` is dropped: the name is stored bare and shown with the sign. */
const hashtagWriteShape = {
  name: z
    .string()
    .trim()
    .transform((v) => v.replace(/^#+/, '').trim())
    .pipe(
      z
        .string()
        // An empty name is only "required", not also "invalid".
        .min(1, { message: 'validation.required', abort: true })
        .max(HASHTAG_NAME_MAX)
        .regex(/^[\p{L}\p{N}_]+$/u, 'hashtags.name_invalid'),
    ),
  status: activeStatusSchema,
};

/** POST api/admin/hashtags. */
export const hashtagCreateSchema = z.object({ ...hashtagWriteShape, status: hashtagWriteShape.status.default(1) });
export type HashtagCreate = z.infer<typeof hashtagCreateSchema>;

/** PUT or POST api/admin/hashtags/{id}: the fields sent change, the others stay. */
export const hashtagUpdateSchema = z.object(hashtagWriteShape).partial();
export type HashtagUpdate = z.infer<typeof hashtagUpdateSchema>;

/** GET api/admin/hashtags: the list query plus the status filter. */
export const hashtagListQuerySchema = resourceListQuerySchema.extend({ status: activeStatusFilter });
export type HashtagListQuery = z.infer<typeof hashtagListQuerySchema>;

/** The hashtags of a company (issue 4): `api/admin/hashtags` and its three admin screens. */
export const hashtagsContract = defineContract({
  plural: 'hashtags',
  namespace: 'hashtags',
  // Spec §6: show_hashtag to see hashtags, create_hashtag to change them.
  permissions: readWrite('show_hashtag', 'create_hashtag'),
  schemas: {
    item: hashtagSchema,
    create: hashtagCreateSchema,
    update: hashtagUpdateSchema,
    listQuery: hashtagListQuerySchema,
  },
  list: { sorts: HASHTAG_SORTS, defaultSort: '-created_at', filters: [ACTIVE_STATUS_LIST_FILTER] },
  screens: {
    list: { name: 'company.hashtag.index', path: '/admin/hashtags' },
    add: { name: 'company.hashtag.add', path: '/admin/hashtags/add' },
    edit: { name: 'company.hashtag.edit', path: '/admin/hashtags/:id/edit' },
  },
});
