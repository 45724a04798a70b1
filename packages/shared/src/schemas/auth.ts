import { z } from 'zod';
import { MODULE_KEYS } from '../access.js';
import { LOCALES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import { type PasswordOwner, passwordProblem } from '../password-policy.js';
import { ID_MAX, optionalText } from './common.js';

/** A new password: its length, and not blank, repetitive or sequential (the owner's details are checked beside it). */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'validation.password_too_short')
  .max(PASSWORD_MAX_LENGTH, 'validation.password_too_long')
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Refuses, on `password`, a new password that contains the details typed beside it (name, email, phone). */
const notPersonal = (v: { password?: string } & PasswordOwner, ctx: z.RefinementCtx) => {
  if (v.password === undefined || passwordProblem(v.password) !== null) return;
  const problem = passwordProblem(v.password, v);
  if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
};

/** A new password must be typed twice; a mismatch is reported on password_confirmation. */
const passwordsMatch: [
  (v: { password?: string; password_confirmation?: string }) => boolean,
  { path: string[]; message: string },
] = [
  (v) => v.password === v.password_confirmation,
  { path: ['password_confirmation'], message: 'validation.password_confirmation' },
];
const newPasswordShape = { password: passwordSchema, password_confirmation: z.string() };

/** POST api/token: password login always sends grant type password (spec §5). */
export const tokenRequestSchema = z.object({
  grant_type: z.literal('password'),
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** Where a sign-in code went: by SMS (the company's second factor) or by mail (after repeated failed sign-ins). */
export const CODE_CHANNELS = ['sms', 'email'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];

/**
 * api/token answer when a one-time code must follow the password: the company's SMS second factor, or a code by
 * SMS or mail once an account has had too many failed sign-ins. No tokens yet. `phone_hint` is the masked phone
 * number or email address the code went to (its name is the spec's, kept for both channels).
 */
export const smsChallengeSchema = z.object({
  message: z.string(),
  requires_sms_code: z.literal(true),
  channel: z.enum(CODE_CHANNELS),
  challenge: z.string(),
  phone_hint: z.string(),
  expires_in: z.number(),
});
export type SmsChallenge = z.infer<typeof smsChallengeSchema>;

export const authValidationSchema = z.object({
  grant_type: z.literal('sms_code'),
  challenge: z.string().min(16).max(128),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'validation.sms_code'),
});

export const refreshRequestSchema = z.object({ refresh_token: z.string().min(16).max(256) });

export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
});

export const sessionRoleSchema = z.object({
  id: z.number(),
  name: z.string(),
  permissions: z.array(z.object({ name: z.string() })),
});
export type SessionRole = z.infer<typeof sessionRoleSchema>;

export const menuItemSchema = z.object({
  id: z.number(),
  type: z.string(),
  type_lang: z.string(),
  title: z.string().nullable(),
  status: z.number(),
  order: z.number(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

/** The session body of spec §3 "Session user". */
export const sessionSchema = tokenPairSchema.extend({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  photo: z.string().nullable(),
  language: z.enum(LOCALES),
  company_id: z.number(),
  company_name: z.string(),
  company: z.object({ id: z.number(), name: z.string() }),
  menu: z.array(menuItemSchema),
  modules: z.array(z.enum(MODULE_KEYS)),
  roles: z.array(sessionRoleSchema),
  scopes: z.array(z.object({ role_user_id: z.number(), company_id: z.number(), role_id: z.number() })),
  impersonator: z.object({ id: z.number(), name: z.string(), surname: z.string() }).nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

export const forgotPasswordSchema = z.object({ username: z.string().trim().min(1).max(254) });
export const resetPasswordSchema = z
  .object({ token: z.string().min(16).max(128), ...newPasswordShape })
  .refine(...passwordsMatch);
export const createPasswordSchema = resetPasswordSchema;

const personShape = {
  name: z.string().trim().min(1).max(100),
  surname: z.string().trim().min(1).max(100),
};

export const registerSchema = z
  .object({
    ...personShape,
    email: z.email('validation.email').trim().toLowerCase().max(254),
    phone: optionalText(32),
    ...newPasswordShape,
  })
  .refine(...passwordsMatch)
  .superRefine(notPersonal);
export const registerInvitationSchema = z
  .object({ ...personShape, params: z.string().min(10).max(2000), ...newPasswordShape })
  .refine(...passwordsMatch)
  .superRefine(notPersonal);
export const emailVerificationSchema = z.object({ token: z.string().min(16).max(128) });

/** PUT api/user: a new password needs the current one. */
export const updateUserSchema = z
  .object({
    email: z.email('validation.email').trim().toLowerCase().max(254).optional(),
    username: z
      .string()
      .trim()
      .regex(/^[\p{L}\p{N}._-]{3,60}$/u, 'validation.username')
      .optional(),
    bio: optionalText(1000).optional(),
    image: optionalText(1000).optional(),
    password: passwordSchema.optional(),
    password_confirmation: z.string().optional(),
    current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  })
  .refine((v) => v.password === undefined || passwordsMatch[0](v), passwordsMatch[1])
  .refine((v) => v.password === undefined || (v.current_password ?? '') !== '', {
    path: ['current_password'],
    message: 'validation.current_password_required',
  });
export type UpdateUser = z.infer<typeof updateUserSchema>;

export const profileSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  bio: z.string().nullable(),
  photo: z.string().nullable(),
  language: z.enum(LOCALES),
});

export const changeLanguageSchema = z.object({ code: z.enum(LOCALES, 'validation.language') });
export const authorizationTokenQuerySchema = z.object({ token: z.string().min(16).max(128) });
export const impersonateParamsSchema = z.object({ user_id: z.coerce.number().int().positive().max(ID_MAX) });
