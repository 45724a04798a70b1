import { z } from 'zod';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { optionalText } from './common.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { resourceListQuerySchema } from './resource.js';

/** The columns `sort` accepts on `GET api/admin/institutions`. */
export const INSTITUTION_SORTS = ['name', 'code', 'city', 'status', 'created_at'] as const;

/** An institution as the admin panel sees it (`api/admin/institutions`). */
export const institutionSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  city: z.string().nullable(),
  contact_email: z.string().nullable(),
  status: activeStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Institution = z.infer<typeof institutionSchema>;

const institutionWriteShape = {
  name: z.string().trim().min(1, 'validation.required').max(160),
  code: optionalText(40),
  city: optionalText(100),
  contact_email: z
    .union([z.literal(''), z.email('validation.email').trim().toLowerCase().max(254)])
    .nullish()
    .transform((v) => (v ? v : null)),
  status: activeStatusSchema,
};

/** POST api/admin/institutions. */
export const institutionCreateSchema = z.object({
  ...institutionWriteShape,
  status: institutionWriteShape.status.default(1),
});
export type InstitutionCreate = z.infer<typeof institutionCreateSchema>;

/** PUT or POST api/admin/institutions/{id}: the fields sent change, the others stay. */
export const institutionUpdateSchema = z.object(institutionWriteShape).partial();
export type InstitutionUpdate = z.infer<typeof institutionUpdateSchema>;

/** GET api/admin/institutions: the list query plus the status filter. */
export const institutionListQuerySchema = resourceListQuerySchema.extend({ status: activeStatusFilter });
export type InstitutionListQuery = z.infer<typeof institutionListQuerySchema>;

/** The training institutions of a company (issue 4): `api/admin/institutions` and its three admin screens. */
export const institutionsContract = defineContract({
  plural: 'institutions',
  namespace: 'institutions',
  // Spec §6 names no institution permission; institutions are company settings, so read_companysetting guards all.
  permissions: readWrite('read_companysetting'),
  schemas: {
    item: institutionSchema,
    create: institutionCreateSchema,
    update: institutionUpdateSchema,
    listQuery: institutionListQuerySchema,
  },
  list: { sorts: INSTITUTION_SORTS, defaultSort: 'name', filters: [ACTIVE_STATUS_LIST_FILTER] },
  screens: {
    list: { name: 'company.institution.index', path: '/admin/institutions' },
    add: { name: 'company.institution.add', path: '/admin/institutions/add' },
    edit: { name: 'company.institution.edit', path: '/admin/institutions/edit/:id' },
  },
});
