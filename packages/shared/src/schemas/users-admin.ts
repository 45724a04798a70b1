import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { defineContract, readWrite } from '../resource-contract.js';
import { USER_STATUS_NAMES, userStatusSchema } from './admin-dashboard.js';
import { ID_MAX, optionalText } from './common.js';
import { isoDateSchema, lenient, resourceListQuerySchema } from './resource.js';

/** How many custom fields a company may define, and the longest key and value. */
export const USER_CUSTOM_FIELDS_MAX = 30;
export const USER_CUSTOM_FIELD_KEY_MAX = 64;
export const USER_CUSTOM_FIELD_VALUE_MAX = 200;
/** The columns `sort` accepts on `GET api/admin/users`. */
export const ADMIN_USER_SORTS = ['name', 'surname', 'email', 'created_at', 'last_login_at', 'status'] as const;

/** A user as the admin panel sees it (`api/admin/users`). */
export const adminUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  phone: z.string().nullable(),
  registration_number: z.string().nullable(),
  national_id: z.string().nullable(),
  language: z.enum(LOCALES),
  status: userStatusSchema,
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  department: z.string().nullable(),
  title: z.string().nullable(),
  manager: z.object({ id: z.number(), name: z.string(), surname: z.string() }).nullable(),
  location: z.string().nullable(),
  /** YYYY-MM-DD */
  hire_date: z.string().nullable(),
  custom_fields: z.record(z.string(), z.string()),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const customFieldsSchema = z
  .record(z.string().trim().min(1).max(USER_CUSTOM_FIELD_KEY_MAX), z.string().trim().max(USER_CUSTOM_FIELD_VALUE_MAX))
  .refine((v) => Object.keys(v).length <= USER_CUSTOM_FIELDS_MAX, 'users.custom_fields_too_many');

/** Every writable field; create requires some and defaults others, update takes any subset. */
const userWriteShape = {
  name: z.string().trim().min(1).max(100),
  surname: z.string().trim().min(1).max(100),
  email: z
    .union([z.literal(''), z.email('validation.email').trim().toLowerCase().max(254)])
    .nullish()
    .transform((v) => (v ? v : null)),
  username: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^[\p{L}\p{N}._-]{3,60}$/u, 'validation.username'),
    ])
    .nullish()
    .transform((v) => (v ? v : null)),
  phone: optionalText(32),
  registration_number: optionalText(64),
  national_id: optionalText(32),
  language: z.enum(LOCALES, 'validation.language'),
  status: userStatusSchema,
  role_ids: z.array(z.number().int().positive().max(ID_MAX)).min(1).max(20),
  department: optionalText(120),
  title: optionalText(120),
  manager_id: z
    .number()
    .int()
    .positive()
    .max(ID_MAX)
    .nullish()
    .transform((v) => v ?? null),
  location: optionalText(120),
  hire_date: z
    .union([z.literal(''), isoDateSchema])
    .nullish()
    .transform((v) => (v ? v : null)),
  custom_fields: customFieldsSchema,
};

/** A person must be reachable by at least one identifier to sign in. */
const hasIdentifier = (v: { email?: string | null; username?: string | null; registration_number?: string | null }) =>
  Boolean(v.email || v.username || v.registration_number);
const identifierRequired = { path: ['email'], message: 'users.identifier_required' };

/** POST api/admin/users. */
export const adminUserCreateSchema = z
  .object({
    ...userWriteShape,
    language: userWriteShape.language.default('tr'),
    status: userWriteShape.status.default(1),
    role_ids: userWriteShape.role_ids.default([3]),
    custom_fields: customFieldsSchema.default({}),
  })
  .refine(hasIdentifier, identifierRequired);
export type AdminUserCreate = z.infer<typeof adminUserCreateSchema>;

/** PUT or POST api/admin/users/{id}: the fields sent change, the others stay. */
export const adminUserUpdateSchema = z.object(userWriteShape).partial();
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

/** GET api/admin/users: the list query plus the user filters; a bad filter value is ignored. */
export const adminUserListQuerySchema = resourceListQuerySchema.extend({
  status: lenient(z.enum(['0', '1', '2']).transform((v) => userStatusSchema.parse(Number(v)))),
  role_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
  created_from: lenient(isoDateSchema),
  created_to: lenient(isoDateSchema),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/**
 * `api/admin/users` and its admin screens. The role filter's options (the company's roles) are known only at run
 * time; the web list adds it.
 */
export const usersContract = defineContract({
  plural: 'users',
  namespace: 'users',
  permissions: readWrite('show_user'),
  schemas: {
    item: adminUserSchema,
    create: adminUserCreateSchema,
    update: adminUserUpdateSchema,
    listQuery: adminUserListQuerySchema,
  },
  list: {
    sorts: ADMIN_USER_SORTS,
    defaultSort: '-created_at',
    filters: [
      { kind: 'select', param: 'status', options: Object.keys(USER_STATUS_NAMES) },
      { kind: 'date-range', from: 'created_from', to: 'created_to' },
    ],
  },
  screens: {
    list: { name: 'company.user.list', path: '/admin/user/list' },
    add: { name: 'company.user.add', path: '/admin/user/add' },
    edit: { name: 'company.user.edit', path: '/admin/user/edit/:id' },
  },
});
