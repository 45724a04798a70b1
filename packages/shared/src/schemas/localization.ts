import { z } from 'zod';
import { LOCALES } from '../constants.js';

export const localizationSchema = z.object({
  languages: z.array(z.object({ code: z.string() })),
  translations: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type Localization = z.infer<typeof localizationSchema>;

/** `?language=xx`: only that language's translations; without it, every language's. */
export const localizationQuerySchema = z.object({ language: z.enum(LOCALES).optional() });
