import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { resourceListQuerySchema } from './resource.js';

/** The longest reason a rejection may give; it is mailed to the person. */
export const REGISTRATION_REJECT_REASON_MAX = 500;
/** The columns `sort` accepts on `GET api/admin/registration-requests`. */
export const REGISTRATION_REQUEST_SORTS = ['name', 'surname', 'email', 'created_at'] as const;

/** A person who registered themselves and waits for approval (a user with status 2). */
export const registrationRequestSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.enum(LOCALES),
  /** Whether they opened the verification link sent when they registered. */
  email_verified: z.boolean(),
  created_at: z.string(),
});
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

/** `GET api/admin/registration-requests`: paged, sorted and searched like every admin list. */
export const registrationRequestListQuerySchema = resourceListQuerySchema;
export type RegistrationRequestListQuery = z.infer<typeof registrationRequestListQuerySchema>;

/** `POST api/admin/registration-requests/{id}/reject`. */
export const registrationRejectSchema = z.object({
  reason: z.string('validation.required').trim().min(1).max(REGISTRATION_REJECT_REASON_MAX),
});
export type RegistrationReject = z.infer<typeof registrationRejectSchema>;
