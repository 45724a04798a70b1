import { z } from 'zod';
import { defineContract, readWrite } from '../resource-contract.js';
import { ID_MAX } from './common.js';
import { isoDateSchema, lenient, resourceListQuerySchema } from './resource.js';

/** Spec §1: the personal-data notice promises an answer within 30 days. */
export const DATA_REQUEST_DAYS = 30;
/** An open request due within this many days is "due soon". */
export const DATA_REQUEST_DUE_SOON_DAYS = 7;
export const DATA_REQUEST_KINDS = ['access', 'erasure'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
export const DATA_REQUEST_STATUSES = ['open', 'completed', 'rejected'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];
export const DATA_REQUEST_DUE_FILTERS = ['overdue', 'due_soon'] as const;
export const DATA_REQUEST_NOTE_MAX = 2000;

/** The columns `sort` accepts on `GET api/admin/data-requests`. */
export const DATA_REQUEST_SORTS = ['due_at', 'received_at', 'status', 'kind', 'created_at'] as const;

const personSchema = z.object({ id: z.number(), name: z.string(), surname: z.string() });

/** A personal-data request as the admin panel sees it (`api/admin/data-requests`). */
export const dataRequestSchema = z.object({
  id: z.number(),
  kind: z.enum(DATA_REQUEST_KINDS),
  status: z.enum(DATA_REQUEST_STATUSES),
  /** The person, until erased; then null and only `subject_label` remains. */
  subject: personSchema.extend({ email: z.string().nullable() }).nullable(),
  subject_label: z.string(),
  /** Calendar days (YYYY-MM-DD, UTC). */
  received_at: z.string(),
  due_at: z.string(),
  /** Days until the answer is due (negative: overdue); null once handled. */
  days_left: z.number().int().nullable(),
  overdue: z.boolean(),
  due_soon: z.boolean(),
  handled_by: personSchema.nullable(),
  handled_at: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

const dayString = isoDateSchema;
const noteSchema = z
  .string()
  .trim()
  .max(DATA_REQUEST_NOTE_MAX)
  .nullish()
  .transform((v) => (v ? v : null));

/** POST api/admin/data-requests: who asked, for what, and when it arrived (default today; never in the future). */
export const dataRequestCreateSchema = z.object({
  kind: z.enum(DATA_REQUEST_KINDS, 'data.kind_invalid'),
  subject_user_id: z.number('validation.required').int().positive('validation.required').max(ID_MAX),
  received_at: dayString.optional(),
  note: noteSchema,
});
export type DataRequestCreate = z.infer<typeof dataRequestCreateSchema>;

/** PUT or POST api/admin/data-requests/{id}: status, note and the day received; the person and kind stay. */
export const dataRequestUpdateSchema = z
  .object({
    status: z.enum(DATA_REQUEST_STATUSES, 'data.status_invalid'),
    received_at: dayString,
    note: noteSchema,
  })
  .partial();
export type DataRequestUpdate = z.infer<typeof dataRequestUpdateSchema>;

export const dataRequestListQuerySchema = resourceListQuerySchema.extend({
  status: lenient(z.enum(DATA_REQUEST_STATUSES)),
  kind: lenient(z.enum(DATA_REQUEST_KINDS)),
  due: lenient(z.enum(DATA_REQUEST_DUE_FILTERS)),
});
export type DataRequestListQuery = z.infer<typeof dataRequestListQuerySchema>;

/** GET api/admin/data-requests/people: the company's people a request can be recorded for. */
export const dataSubjectQuerySchema = z.object({ search: z.string().trim().max(200).optional().catch(undefined) });
export const dataSubjectSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
});
export type DataSubject = z.infer<typeof dataSubjectSchema>;
export const dataSubjectsResponseSchema = z.object({ data: z.array(dataSubjectSchema) });

/** `api/admin/data-requests` (personal-data requests) and its screens on the data page. */
export const dataRequestsContract = defineContract({
  plural: 'data-requests',
  namespace: 'data',
  // Spec §6 names no privacy permission; /admin/data is a company setting, so read_companysetting guards all.
  permissions: readWrite('read_companysetting'),
  schemas: {
    item: dataRequestSchema,
    create: dataRequestCreateSchema,
    update: dataRequestUpdateSchema,
    listQuery: dataRequestListQuerySchema,
  },
  list: {
    sorts: DATA_REQUEST_SORTS,
    filters: [
      { kind: 'select', param: 'status', options: DATA_REQUEST_STATUSES },
      { kind: 'select', param: 'kind', options: DATA_REQUEST_KINDS },
      { kind: 'select', param: 'due', options: DATA_REQUEST_DUE_FILTERS },
    ],
  },
  screens: {
    list: { name: 'company.data', path: '/admin/data' },
    add: { name: 'company.data.request.add', path: '/admin/data/requests/add' },
    edit: { name: 'company.data.request.edit', path: '/admin/data/requests/:id/edit' },
  },
});
