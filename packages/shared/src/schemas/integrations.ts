import { z } from 'zod';

export const INTEGRATION_CATEGORIES = ['payment', 'content', 'meeting', 'identity'] as const;
export type IntegrationCategory = (typeof INTEGRATION_CATEGORIES)[number];

/** One company's side of an integration (spec §3: `companies[].pivot.activated_at`). */
export const integrationPivotSchema = z.object({
  activated_at: z.string().nullable(),
});

export const integrationCompanySchema = z.object({ id: z.number(), pivot: integrationPivotSchema });
export type IntegrationCompany = z.infer<typeof integrationCompanySchema>;

/**
 * An integration of the platform catalogue as `GET api/integrations?by_user=true` answers it: `companies` holds only
 * the acting company's entry, and only when it has ever been activated there.
 */
export const integrationSchema = z.object({
  id: z.number(),
  key_name: z.string(),
  name: z.string(),
  /** In the request's language. */
  description: z.string(),
  category: z.enum(INTEGRATION_CATEGORIES),
  companies: z.array(integrationCompanySchema),
});
export type Integration = z.infer<typeof integrationSchema>;
export const integrationListResponseSchema = z.object({ data: z.array(integrationSchema) });

/** GET api/integrations: `by_user=true` is what the web client sends; every answer is the acting company's view. */
export const integrationListQuerySchema = z.object({
  by_user: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .catch(undefined)
    .transform((v) => v === 'true' || v === '1'),
});

/** Non-secret options of a company's integration (secrets never travel through this API). */
export const integrationSettingsSchema = z.record(
  z.string().trim().min(1).max(64),
  z.union([z.string().max(500), z.number(), z.boolean(), z.null()]),
  'validation.invalid',
);
export type IntegrationSettings = z.infer<typeof integrationSettingsSchema>;

/** The admin panel's view (`GET api/admin/integrations`): the catalogue with the acting company's state. */
export const adminIntegrationSchema = integrationSchema.omit({ companies: true }).extend({
  active: z.boolean(),
  activated_at: z.string().nullable(),
  activated_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  settings: integrationSettingsSchema,
});
export type AdminIntegration = z.infer<typeof adminIntegrationSchema>;
export const adminIntegrationListResponseSchema = z.object({ data: z.array(adminIntegrationSchema) });

/** POST api/integrations: activates an integration of the catalogue for the acting company. */
export const integrationActivateSchema = z.object({
  key_name: z.string('validation.required').trim().min(1, 'validation.required').max(64),
  settings: integrationSettingsSchema.optional(),
});
export type IntegrationActivate = z.infer<typeof integrationActivateSchema>;

/** PUT api/integrations/{id}: switches it on or off and/or replaces its options. */
export const integrationUpdateSchema = z.object({
  active: z.boolean().optional(),
  settings: integrationSettingsSchema.optional(),
});
export type IntegrationUpdate = z.infer<typeof integrationUpdateSchema>;

export const adminIntegrationResponseSchema = z.object({ data: adminIntegrationSchema });
