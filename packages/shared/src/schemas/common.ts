import { z } from 'zod';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from '../unsafe-text.js';

/** The one error shape of every failed response. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageSchema>;

/** Ids are PostgreSQL `integer` identities: a larger number names no row and must never reach a query. */
export const ID_MAX = 2_147_483_647;

export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(ID_MAX) });

/** List query of every admin list; parsed leniently so a bookmarked URL never fails. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).catch(20).default(20),
  sort: z.string().max(64).optional(),
  search: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const pageMetaSchema = z.object({ page: z.number(), per_page: z.number(), total: z.number() });
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}

/** Bounded, trimmed text; empty strings become null so optional fields clear cleanly. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(isSafeText, UNSAFE_TEXT_MESSAGE)
    .nullish()
    .transform((v) => (v === '' || v == null ? null : v));
