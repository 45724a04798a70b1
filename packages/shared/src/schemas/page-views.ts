import { z } from 'zod';

export const PAGE_VIEW_PATH_MAX = 2000;

/** POST api/page-views: one navigation of a signed-in person (spec §1). */
export const pageViewCreateSchema = z.object({
  path: z.string().min(1).max(PAGE_VIEW_PATH_MAX).startsWith('/'),
  route_name: z.string().trim().min(1).max(200).nullish(),
});
export type PageViewCreate = z.infer<typeof pageViewCreateSchema>;
