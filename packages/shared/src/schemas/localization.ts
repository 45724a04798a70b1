import { z } from 'zod';

export const localizationSchema = z.object({
  languages: z.array(z.object({ code: z.string() })),
  translations: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type Localization = z.infer<typeof localizationSchema>;
