import { z } from 'zod';
import { LOCALES } from '../constants.js';

/**
 * The values a mail template may print, as `{{name}}`. Each is described by `mail_templates.variables.<name>`
 * and previewed with `mail_templates.samples.<name>` (in the template's language), except `company` and
 * `action_url`, which the preview takes from the company itself.
 */
export const MAIL_VARIABLES = [
  'name',
  'company',
  'action_url',
  'minutes',
  'days',
  'reason',
  'assignment_name',
  'due_date',
  'certificate_name',
  'gift_name',
  'decision',
  'code',
  'education_name',
  'expiry_date',
  'person_name',
] as const;
export type MailVariable = (typeof MAIL_VARIABLES)[number];

interface MailEventDeclaration {
  /** The variables the mail's sender fills in; a template using any other is refused. */
  variables: readonly MailVariable[];
  /** The built-in mail ends with a button-like link to `{{action_url}}`, labelled `mail.<event>_action`. */
  action: boolean;
  /** The built-in mail says "if you did not ask for this, ignore it" (mails a person triggers about themselves). */
  ignoreNotice: boolean;
  /** Someone is waiting for it at a screen (a code, a link to set a password): it leaves before any bulk mail. */
  awaited?: true;
}

/**
 * Every mail Kampus sends, with what it can print. The built-in text of an event is `mail.<event>_subject` and
 * `mail.<event>_body` in the locales; a company may override it per language (`/api/admin/mail-templates`).
 */
export const MAIL_EVENT_CATALOGUE = {
  invitation: { awaited: true, variables: ['name', 'company', 'action_url', 'days'], action: true, ignoreNotice: true },
  password_create: {
    awaited: true,
    variables: ['name', 'company', 'action_url', 'days'],
    action: true,
    ignoreNotice: true,
  },
  password_reset: {
    awaited: true,
    variables: ['name', 'company', 'action_url', 'minutes'],
    action: true,
    ignoreNotice: true,
  },
  verification: {
    awaited: true,
    variables: ['name', 'company', 'action_url', 'days'],
    action: true,
    ignoreNotice: true,
  },
  /** Someone tried to register with an address that already has an account: the owner hears of it, nobody else. */
  registration_existing_account: {
    awaited: true,
    variables: ['name', 'company', 'action_url'],
    action: true,
    ignoreNotice: true,
  },
  /** The one-time code a sign-in needs once an account has had too many failed attempts. */
  sign_in_code: {
    awaited: true,
    variables: ['name', 'company', 'code', 'minutes'],
    action: false,
    ignoreNotice: false,
  },
  registration_approved: { variables: ['name', 'company', 'action_url'], action: true, ignoreNotice: false },
  registration_rejected: { variables: ['name', 'company', 'reason'], action: false, ignoreNotice: false },
  assignment_given: {
    variables: ['name', 'company', 'assignment_name', 'due_date', 'action_url'],
    action: true,
    ignoreNotice: false,
  },
  assignment_due_soon: {
    variables: ['name', 'company', 'assignment_name', 'due_date', 'action_url'],
    action: true,
    ignoreNotice: false,
  },
  /** The day after an assignment's end date, to those who have not completed it (once). */
  assignment_overdue: {
    variables: ['name', 'company', 'assignment_name', 'due_date', 'action_url'],
    action: true,
    ignoreNotice: false,
  },
  certificate_earned: {
    variables: ['name', 'company', 'certificate_name', 'action_url'],
    action: true,
    ignoreNotice: false,
  },
  /** 30 days before a certificate expires, to its person (once per certificate). */
  certificate_expiring: {
    variables: ['name', 'company', 'certificate_name', 'expiry_date', 'action_url'],
    action: true,
    ignoreNotice: false,
  },
  /** The day a certificate expired, to its person (once per certificate). */
  certificate_expired: {
    variables: ['name', 'company', 'certificate_name', 'expiry_date', 'action_url'],
    action: true,
    ignoreNotice: false,
  },
  /** 30 days before a certificate expires, to its person's manager (`person_name`), when the person has one. */
  certificate_expiring_manager: {
    variables: ['name', 'company', 'person_name', 'certificate_name', 'expiry_date'],
    action: false,
    ignoreNotice: false,
  },
  /** The day a certificate expired, to its person's manager, when the person has one. */
  certificate_expired_manager: {
    variables: ['name', 'company', 'person_name', 'certificate_name', 'expiry_date'],
    action: false,
    ignoreNotice: false,
  },
  gift_request_decided: {
    variables: ['name', 'company', 'gift_name', 'decision', 'reason', 'action_url'],
    action: true,
    ignoreNotice: false,
  },
  /** A learner's request for an education was approved: the assignment it became, with its last day. */
  training_request_approved: {
    variables: ['name', 'company', 'education_name', 'due_date', 'action_url'],
    action: true,
    ignoreNotice: false,
  },
  /** A learner's request for an education was rejected, with the administrator's reason. */
  training_request_rejected: {
    variables: ['name', 'company', 'education_name', 'reason', 'action_url'],
    action: true,
    ignoreNotice: false,
  },
} as const satisfies Record<string, MailEventDeclaration>;

export type MailEvent = keyof typeof MAIL_EVENT_CATALOGUE;
export const MAIL_EVENTS = Object.keys(MAIL_EVENT_CATALOGUE) as MailEvent[];
export const mailEventSchema = z.enum(MAIL_EVENTS as [MailEvent, ...MailEvent[]]);

/** Whether someone waits for this mail at a screen (`awaited` in the catalogue). */
export const isAwaitedMail = (event: MailEvent): boolean =>
  (MAIL_EVENT_CATALOGUE[event] as MailEventDeclaration).awaited === true;

export const isMailEvent = (value: unknown): value is MailEvent =>
  typeof value === 'string' && Object.hasOwn(MAIL_EVENT_CATALOGUE, value);

/** The variables one event's template may use. */
export const variablesOf = (event: MailEvent): readonly MailVariable[] => MAIL_EVENT_CATALOGUE[event].variables;

/** The longest subject template, in characters (a subject line past ~150 is cut by most mail clients anyway). */
export const MAIL_SUBJECT_MAX = 200;
/** The longest body template, in characters. */
export const MAIL_BODY_MAX = 100_000;

/** PUT, preview and test of `api/admin/mail-templates/{event}/{language}`: the subject is plain text, the body HTML. */
export const mailTemplateInputSchema = z.object({
  subject: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(MAIL_SUBJECT_MAX)
    .refine((value) => !/[\r\n]/.test(value), 'mail_templates.errors.subject_single_line'),
  body: z.string('validation.required').trim().min(1, 'validation.required').max(MAIL_BODY_MAX),
});
export type MailTemplateInput = z.infer<typeof mailTemplateInputSchema>;

/** The path of one template: an event of the catalogue and a language. */
export const mailTemplateParamsSchema = z.object({ event: z.string(), language: z.string() });

export const mailLanguageStateSchema = z.object({
  language: z.enum(LOCALES),
  customized: z.boolean(),
  updated_at: z.string().nullable(),
});

/** `GET api/admin/mail-templates`: every event with, per language, whether the company overrides it. */
export const mailTemplateSummarySchema = z.object({
  event: mailEventSchema,
  variables: z.array(z.enum(MAIL_VARIABLES)),
  languages: z.array(mailLanguageStateSchema),
});
export type MailTemplateSummary = z.infer<typeof mailTemplateSummarySchema>;
export const mailTemplateListSchema = z.object({ data: z.array(mailTemplateSummarySchema) });

export const mailVariableInfoSchema = z.object({
  name: z.enum(MAIL_VARIABLES),
  /** Localized in the request's language. */
  description: z.string(),
  /** The value the preview and the test mail use, in the template's language. */
  sample: z.string(),
});
export type MailVariableInfo = z.infer<typeof mailVariableInfoSchema>;

/** `GET api/admin/mail-templates/{event}/{language}`: the template in force (the override, else the built-in). */
export const mailTemplateSchema = z.object({
  event: mailEventSchema,
  language: z.enum(LOCALES),
  subject: z.string(),
  body: z.string(),
  customized: z.boolean(),
  updated_at: z.string().nullable(),
  updated_by: z.object({ id: z.number(), name: z.string(), surname: z.string() }).nullable(),
  variables: z.array(mailVariableInfoSchema),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;

/** `POST …/preview`: the mail as it would leave, rendered with the sample values. */
export const mailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type MailPreview = z.infer<typeof mailPreviewSchema>;
