import { z } from 'zod';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { optionalText } from './common.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { resourceListQuerySchema } from './resource.js';

/** The columns `sort` accepts on `GET api/admin/solution-partners`. */
export const SOLUTION_PARTNER_SORTS = ['name', 'order', 'status', 'created_at'] as const;

/** A training provider or consultancy the company works with (`api/admin/solution-partners`). */
export const solutionPartnerSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** An address this server issued (`/api/files/…`), or null. */
  logo: z.string().nullable(),
  website: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  phone: z.string().nullable(),
  description: z.string().nullable(),
  order: z.number(),
  status: activeStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type SolutionPartner = z.infer<typeof solutionPartnerSchema>;

const emptyToNull = (v: string | null | undefined) => (v ? v : null);

const solutionPartnerWriteShape = {
  name: z.string('validation.required').trim().min(1, 'validation.required').max(160),
  logo: optionalText(300),
  website: z
    .union([
      z.literal(''),
      z
        .url({ protocol: /^https?$/, error: 'validation.url' })
        .trim()
        .max(300),
    ])
    .nullish()
    .transform(emptyToNull),
  contact_name: optionalText(160),
  contact_email: z
    .union([z.literal(''), z.email('validation.email').trim().toLowerCase().max(254)])
    .nullish()
    .transform(emptyToNull),
  phone: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\+?[0-9 ()-]{7,20}$/, 'solution_partners.phone_invalid'),
    ])
    .nullish()
    .transform(emptyToNull),
  description: optionalText(2000),
  order: z.coerce.number('validation.invalid').int('validation.invalid').min(0).max(100_000),
  status: activeStatusSchema,
};

/** POST api/admin/solution-partners. */
export const solutionPartnerCreateSchema = z.object({
  ...solutionPartnerWriteShape,
  order: solutionPartnerWriteShape.order.default(0),
  status: solutionPartnerWriteShape.status.default(1),
});
export type SolutionPartnerCreate = z.infer<typeof solutionPartnerCreateSchema>;

/** PUT or POST api/admin/solution-partners/{id}: the fields sent change, the others stay. */
export const solutionPartnerUpdateSchema = z.object(solutionPartnerWriteShape).partial();
export type SolutionPartnerUpdate = z.infer<typeof solutionPartnerUpdateSchema>;

export const solutionPartnerListQuerySchema = resourceListQuerySchema.extend({ status: activeStatusFilter });
export type SolutionPartnerListQuery = z.infer<typeof solutionPartnerListQuerySchema>;

/** `api/admin/solution-partners` and its three admin screens. */
export const solutionPartnersContract = defineContract({
  plural: 'solution-partners',
  namespace: 'solution_partners',
  // Spec §6 names no permission for solution partners; they sit beside the integrations (the outside services a
  // company works with), so read_integration guards every action.
  permissions: readWrite('read_integration'),
  schemas: {
    item: solutionPartnerSchema,
    create: solutionPartnerCreateSchema,
    update: solutionPartnerUpdateSchema,
    listQuery: solutionPartnerListQuerySchema,
  },
  list: { sorts: SOLUTION_PARTNER_SORTS, defaultSort: 'order', filters: [ACTIVE_STATUS_LIST_FILTER] },
  screens: {
    list: { name: 'company.solution_partner.index', path: '/admin/solution-partners' },
    add: { name: 'company.solution_partner.add', path: '/admin/solution-partners/add' },
    edit: { name: 'company.solution_partner.edit', path: '/admin/solution-partners/:id/edit' },
  },
});
