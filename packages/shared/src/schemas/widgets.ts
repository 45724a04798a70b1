import { z } from 'zod';
import { menuItemSchema } from './auth.js';
import { ID_MAX } from './common.js';

/** GET {widgets host}/api/widgets: the side menu of a company (spec §2.7, §7). */
export const widgetsQuerySchema = z.object({
  company_id: z.string('validation.required').pipe(z.coerce.number<string>().int().positive().max(ID_MAX)),
  /** true leaves out the items of modules the company has switched off. */
  by_user: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(false),
});
export type WidgetsQuery = z.infer<typeof widgetsQuerySchema>;

export const widgetsResponseSchema = z.object({ data: z.array(menuItemSchema) });
export type WidgetsResponse = z.infer<typeof widgetsResponseSchema>;
