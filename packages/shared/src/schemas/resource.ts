import { z } from 'zod';
import { ID_MAX, listQuerySchema, messageSchema, paginatedSchema } from './common.js';

/**
 * The list query of every admin resource (`GET api/admin/{plural}`): the shared list query, with sort and search
 * made lenient too, so a bookmarked or hand-edited URL never fails. Resources extend it with their typed filters,
 * each wrapped in `lenient(...)`.
 */
export const resourceListQuerySchema = listQuerySchema.extend({
  sort: z.string().trim().max(64).optional().catch(undefined),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .catch(undefined)
    .transform((v) => (v === '' ? undefined : v)),
});
export type ResourceListQuery = z.infer<typeof resourceListQuerySchema>;

/** A query filter that falls back to "no filter" on a bad value instead of answering 422. */
export const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** A calendar date `YYYY-MM-DD`. Year 0000 fits the ISO pattern, but PostgreSQL has no year zero. */
export const isoDateSchema = z.iso.date('resource.date_invalid').refine((day) => !day.startsWith('0000'), {
  message: 'resource.date_invalid',
});

/** `sort` is `field` or `-field` (descending). */
export function parseSort(sort: string | undefined): { field: string; descending: boolean } | null {
  if (!sort) return null;
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  return field ? { field, descending } : null;
}

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The most rows one export writes. */
export const EXPORT_MAX_ROWS = 50_000;
/** The most ids one bulk action takes. */
export const BULK_MAX_IDS = 1000;

/** `GET api/admin/{plural}/export`: the list query without paging, plus the file format. */
export function exportQueryOf<T extends z.ZodObject>(listQuery: T) {
  return listQuery.omit({ page: true, per_page: true }).extend({
    format: z.enum(EXPORT_FORMATS).catch('xlsx').default('xlsx'),
  });
}

/** `POST api/admin/{plural}/bulk`: delete or set the status of many records of the company at once. */
export const bulkActionSchema = z
  .object({
    action: z.enum(['delete', 'status']),
    ids: z
      .array(z.number().int().positive().max(ID_MAX))
      .min(1)
      .max(BULK_MAX_IDS)
      .transform((ids) => [...new Set(ids)]),
    status: z.number().int().optional(),
  })
  .refine((v) => v.action !== 'status' || v.status !== undefined, {
    path: ['status'],
    message: 'validation.required',
  });
export type BulkAction = z.infer<typeof bulkActionSchema>;
export const bulkResultSchema = messageSchema.extend({ affected: z.number().int().nonnegative() });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** `{data: Item}`: the answer of detail, create and update. */
export const itemResponseSchema = <T extends z.ZodType>(item: T) => z.object({ data: item });
/** `{data: Item[], meta: {page, per_page, total}}`: the answer of every admin list. */
export const listResponseSchema = <T extends z.ZodType>(item: T) => paginatedSchema(item);
