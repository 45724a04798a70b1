import { z } from 'zod';
import { LOCALES, type Locale } from '../constants.js';
import { ACTIVE_STATUS_LIST_FILTER, defineContract, readWrite } from '../resource-contract.js';
import { localizedTextSchema } from './faq.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import { type ExportFormat, exportQueryOf, lenient, resourceListQuerySchema } from './resource.js';

/*
 * Certificates (issue 16). This file holds the certificate templates: a designed portrait page whose placed fields
 * the server fills and renders as a PDF and a PNG. Certificate definitions and issued certificates come next and go
 * beside them here.
 *
 * Coordinates: PDF points on a portrait A4 page, 595 wide by 842 high, measured from the top-left corner with y
 * growing downwards (as on the screen; the PDF renderer turns it over). A field is a box: `x`, `y` its top-left corner,
 * `width` and `height` its size. Text is set on one line inside the box, aligned left, centre or right within its
 * width, its first line's top at `y`; an image keeps its aspect ratio inside the box, centred; a QR code is the
 * largest square that fits.
 */

/** The page in PDF points: portrait A4 (spec §9: "PDF export is portrait"). */
export const CERTIFICATE_PAGE = { width: 595, height: 842 } as const;
/** The image export (spec §9: "Image export is 600 by 1024"). */
export const CERTIFICATE_IMAGE = { width: 600, height: 1024 } as const;

export const CERTIFICATE_FIELD_TYPES = [
  'full_name',
  'education_name',
  'completion_date',
  'certificate_number',
  'expiry_date',
  'duration_hours',
  'score',
  'issuer_name',
  'signature_image',
  'qr_code',
  'free_text',
  'logo',
] as const;
export type CertificateFieldType = (typeof CERTIFICATE_FIELD_TYPES)[number];
/** Fields drawn as a picture (a stored image, the company logo, the verification QR code); the rest are text. */
export const CERTIFICATE_IMAGE_FIELDS = [
  'signature_image',
  'qr_code',
  'logo',
] as const satisfies CertificateFieldType[];
export const isCertificateImageField = (type: CertificateFieldType) =>
  (CERTIFICATE_IMAGE_FIELDS as readonly string[]).includes(type);

/** The fonts shipped with the server (apps/api/assets/fonts), each in regular and bold. */
export const CERTIFICATE_FONTS = ['noto-sans', 'noto-serif'] as const;
export type CertificateFont = (typeof CERTIFICATE_FONTS)[number];
export const CERTIFICATE_WEIGHTS = ['regular', 'bold'] as const;
export type CertificateWeight = (typeof CERTIFICATE_WEIGHTS)[number];
export const CERTIFICATE_ALIGNS = ['left', 'center', 'right'] as const;
export type CertificateAlign = (typeof CERTIFICATE_ALIGNS)[number];

export const CERTIFICATE_TEMPLATE_NAME_MAX = 120;
export const CERTIFICATE_FIELDS_MAX = 40;
export const CERTIFICATE_TEXT_MAX = 500;
export const CERTIFICATE_FONT_SIZE = { min: 6, max: 96 } as const;

export const hexColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'certificateTemplates.errors.color_invalid')
  .transform((v) => v.toLowerCase());

/** A stored file's address as this server hands them out (`/api/files/…`); the server checks it is the company's. */
const fileUrlSchema = z.string().trim().max(300).startsWith('/api/files/', 'certificateTemplates.errors.image_invalid');

const coordinate = (max: number) => z.number('validation.required').finite().min(0).max(max);

const localizedOptional = z
  .object(Object.fromEntries(LOCALES.map((code) => [code, z.string().trim().max(CERTIFICATE_TEXT_MAX).optional()])))
  .transform(
    (value) =>
      Object.fromEntries(
        Object.entries(value).filter(([, text]) => typeof text === 'string' && text !== ''),
      ) as Partial<Record<Locale, string>>,
  );

/** One placed field as a body gives it. */
export const certificateFieldInputSchema = z
  .object({
    /** The editor's key of the field, kept so a field stays selected across saves. */
    key: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'validation.invalid_value'),
    type: z.enum(CERTIFICATE_FIELD_TYPES, 'certificateTemplates.errors.type_invalid'),
    x: coordinate(CERTIFICATE_PAGE.width),
    y: coordinate(CERTIFICATE_PAGE.height),
    width: z.number('validation.required').finite().min(4).max(CERTIFICATE_PAGE.width),
    height: z.number('validation.required').finite().min(4).max(CERTIFICATE_PAGE.height),
    font: z.enum(CERTIFICATE_FONTS, 'certificateTemplates.errors.font_invalid').default('noto-sans'),
    weight: z.enum(CERTIFICATE_WEIGHTS, 'validation.invalid_value').default('regular'),
    size: z.number('validation.required').finite().min(CERTIFICATE_FONT_SIZE.min).max(CERTIFICATE_FONT_SIZE.max),
    color: hexColorSchema.default('#1f2937'),
    align: z.enum(CERTIFICATE_ALIGNS, 'validation.invalid_value').default('center'),
    /** free_text: its text per language (the certificate's language, else the first one written). */
    text: localizedOptional.default({}),
    /** issuer_name: the issuer's name and title as printed. */
    issuer_name: z.string().trim().max(CERTIFICATE_TEXT_MAX).default(''),
    /** signature_image: a stored certificate image of the company. */
    image_url: fileUrlSchema.nullable().default(null),
  })
  .superRefine((field, context) => {
    if (field.x + field.width > CERTIFICATE_PAGE.width + 0.5) {
      context.addIssue({ code: 'custom', path: ['x'], message: 'certificateTemplates.errors.off_page' });
    }
    if (field.y + field.height > CERTIFICATE_PAGE.height + 0.5) {
      context.addIssue({ code: 'custom', path: ['y'], message: 'certificateTemplates.errors.off_page' });
    }
    if (field.type === 'free_text' && Object.keys(field.text).length === 0) {
      context.addIssue({ code: 'custom', path: ['text'], message: 'certificateTemplates.errors.text_required' });
    }
    if (field.type === 'issuer_name' && field.issuer_name === '') {
      context.addIssue({ code: 'custom', path: ['issuer_name'], message: 'validation.required' });
    }
    if (field.type === 'signature_image' && !field.image_url) {
      context.addIssue({ code: 'custom', path: ['image_url'], message: 'certificateTemplates.errors.image_required' });
    }
  });
export type CertificateFieldInput = z.input<typeof certificateFieldInputSchema>;
/** A placed field as stored and presented. */
export type CertificateField = z.output<typeof certificateFieldInputSchema>;

export const certificateFieldSchema = z.object({
  key: z.string(),
  type: z.enum(CERTIFICATE_FIELD_TYPES),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  font: z.enum(CERTIFICATE_FONTS),
  weight: z.enum(CERTIFICATE_WEIGHTS),
  size: z.number(),
  color: z.string(),
  align: z.enum(CERTIFICATE_ALIGNS),
  text: localizedTextSchema,
  issuer_name: z.string(),
  image_url: z.string().nullable(),
}) satisfies z.ZodType<CertificateField>;

/** What a template looks like, without its record's own data: what the renderer and the preview take. */
const designShape = {
  background_color: hexColorSchema.default('#ffffff'),
  /** A stored certificate image covering the page, drawn over the colour; null for the colour alone. */
  background_url: fileUrlSchema.nullable().default(null),
  fields: z
    .array(certificateFieldInputSchema)
    .max(CERTIFICATE_FIELDS_MAX, 'certificateTemplates.errors.too_many_fields')
    .default([])
    .superRefine((fields, context) => {
      const seen = new Set<string>();
      for (const [index, field] of fields.entries()) {
        if (seen.has(field.key)) {
          context.addIssue({ code: 'custom', path: [index, 'key'], message: 'validation.invalid_value' });
        }
        seen.add(field.key);
      }
    }),
};

export const certificateDesignSchema = z.object(designShape);
export type CertificateDesign = z.output<typeof certificateDesignSchema>;

/** A certificate template as the admin panel sees it (`api/admin/certificate-templates`). */
export const certificateTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: activeStatusSchema,
  background_color: z.string(),
  background_url: z.string().nullable(),
  fields: z.array(certificateFieldSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CertificateTemplate = z.infer<typeof certificateTemplateSchema>;

const templateWriteShape = {
  name: z.string('validation.required').trim().min(1, 'validation.required').max(CERTIFICATE_TEMPLATE_NAME_MAX),
  status: activeStatusSchema,
  ...designShape,
};

/** POST api/admin/certificate-templates. */
export const certificateTemplateCreateSchema = z.object({
  ...templateWriteShape,
  status: templateWriteShape.status.default(1),
});
export type CertificateTemplateCreate = z.output<typeof certificateTemplateCreateSchema>;

/** PUT or POST api/admin/certificate-templates/{id}: the fields sent change, the others stay. */
export const certificateTemplateUpdateSchema = z.object({
  name: templateWriteShape.name.optional(),
  status: templateWriteShape.status.optional(),
  background_color: hexColorSchema.optional(),
  background_url: fileUrlSchema.nullable().optional(),
  fields: designShape.fields.removeDefault().optional(),
});
export type CertificateTemplateUpdate = z.output<typeof certificateTemplateUpdateSchema>;

export const CERTIFICATE_TEMPLATE_SORTS = ['name', 'status', 'created_at', 'updated_at'] as const;

/** GET api/admin/certificate-templates: the list query plus the status filter. */
export const certificateTemplateListQuerySchema = resourceListQuerySchema.extend({ status: activeStatusFilter });
export type CertificateTemplateListQuery = z.infer<typeof certificateTemplateListQuerySchema>;

/** The certificate templates of a company (issue 16): `api/admin/certificate-templates` and its admin screens. */
export const certificateTemplatesContract = defineContract({
  plural: 'certificate-templates',
  namespace: 'certificateTemplates',
  // Spec §6: show_certificatetemplate to see templates, create_certificatetemplate to change them.
  permissions: readWrite('show_certificatetemplate', 'create_certificatetemplate'),
  schemas: {
    item: certificateTemplateSchema,
    create: certificateTemplateCreateSchema,
    update: certificateTemplateUpdateSchema,
    listQuery: certificateTemplateListQuerySchema,
  },
  list: { sorts: CERTIFICATE_TEMPLATE_SORTS, defaultSort: '-updated_at', filters: [ACTIVE_STATUS_LIST_FILTER] },
  screens: {
    list: { name: 'company.certificate_template.index', path: '/admin/certificate-templates' },
    add: { name: 'company.certificate_template.add', path: '/admin/certificate-template/add' },
    edit: { name: 'company.certificate_template.edit', path: '/admin/certificate-template/:id/edit' },
  },
  without: ['export'],
});

export const CERTIFICATE_PREVIEW_FORMATS = ['pdf', 'png'] as const;
export type CertificatePreviewFormat = (typeof CERTIFICATE_PREVIEW_FORMATS)[number];

/** POST api/admin/certificate-templates/preview?format=pdf|png: an unsaved design, rendered with sample data. */
export const certificatePreviewQuerySchema = z.object({
  format: z.enum(CERTIFICATE_PREVIEW_FORMATS).catch('pdf').default('pdf'),
  language: z.enum(LOCALES).optional().catch(undefined),
});
export const certificatePreviewBodySchema = certificateDesignSchema;
export type CertificatePreviewBody = z.output<typeof certificatePreviewBodySchema>;

/** GET api/admin/certificate-templates/{id}/preview.{pdf|png}: the language of the sample values. */
export const certificateStoredPreviewQuerySchema = certificatePreviewQuerySchema.pick({ language: true });

/**
 * What one certificate prints: the learner, what they completed, when, and how to verify it. Dates are calendar days
 * (`YYYY-MM-DD`), printed in the certificate's language. Issuer names given here replace the template's issuer fields
 * in order; a free text given here replaces the template's free texts.
 */
export interface CertificateValues {
  language: Locale;
  full_name: string;
  education_name: string;
  completion_date: string;
  certificate_number: string;
  expiry_date: string | null;
  duration_hours: number | null;
  score: number | null;
  verification_url: string;
  issuer_names?: string[];
  free_text?: string;
}

/** The sample a template is previewed with (the editor's canvas and the server's preview alike), per language. */
export function sampleCertificateValues(language: Locale): CertificateValues {
  const education: Record<Locale, string> = {
    tr: 'İş Sağlığı ve Güvenliği Temel Eğitimi',
    en: 'Occupational Health and Safety Basics',
    az: 'Əməyin Mühafizəsi üzrə Əsas Təlim',
    de: 'Grundlagen des Arbeitsschutzes',
  };
  const name: Record<Locale, string> = {
    tr: 'Gülşen Yıldırım',
    en: 'Alex Morgan',
    az: 'Gülşən Əliyeva',
    de: 'Jörg Weißmüller',
  };
  return {
    language,
    full_name: name[language],
    education_name: education[language],
    completion_date: '2026-03-14',
    certificate_number: 'KMP-2026-7Q4X9',
    expiry_date: '2028-03-14',
    duration_hours: 12,
    score: 92,
    verification_url: 'https://demo.kampus.example/verify/KMP-2026-7Q4X9',
  };
}

/** A translator of the `certificateTemplates.render.*` texts (the server's or the web app's). */
export type CertificateLabel = (key: 'duration_hours' | 'score', params: Record<string, unknown>) => string;

const INTL_LOCALE: Record<Locale, string> = { tr: 'tr-TR', en: 'en-GB', az: 'az-Latn-AZ', de: 'de-DE' };

/** A calendar day in the certificate's language, e.g. "14 Mart 2026", "14 mart 2026", "14. März 2026". */
export function formatCertificateDate(day: string, language: Locale): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat(INTL_LOCALE[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}

/**
 * The text a text field prints for these values (empty when the value is absent, e.g. no expiry). The PDF, the PNG
 * and the editor's canvas all print this.
 */
export function certificateFieldText(
  field: Pick<CertificateField, 'type' | 'text' | 'issuer_name'>,
  values: CertificateValues,
  label: CertificateLabel,
  issuerIndex = 0,
): string {
  switch (field.type) {
    case 'full_name':
      return values.full_name;
    case 'education_name':
      return values.education_name;
    case 'completion_date':
      return formatCertificateDate(values.completion_date, values.language);
    case 'expiry_date':
      return values.expiry_date ? formatCertificateDate(values.expiry_date, values.language) : '';
    case 'certificate_number':
      return values.certificate_number;
    case 'duration_hours':
      return values.duration_hours === null ? '' : label('duration_hours', { hours: values.duration_hours });
    case 'score':
      return values.score === null ? '' : label('score', { score: values.score });
    case 'issuer_name':
      return values.issuer_names?.[issuerIndex] ?? field.issuer_name;
    case 'free_text': {
      if (values.free_text !== undefined) return values.free_text;
      const texts = field.text as Partial<Record<Locale, string>>;
      return texts[values.language] ?? Object.values(texts).find((text) => text) ?? '';
    }
    default:
      return '';
  }
}

// --- Certificate definitions (`api/admin/certificates`) ---
//
// A definition says when a certificate is issued (completing an education, a program or an assignment, passing an
// exam with at least a score), which template prints it, how long it is valid (months, or for good), whether the
// education's evaluation survey must be answered first, and whether the education is assigned again on expiry.

export const CERTIFICATE_TRIGGERS = ['education', 'program', 'exam', 'assignment'] as const;
export const certificateTriggerSchema = z.enum(CERTIFICATE_TRIGGERS, 'certificates.errors.trigger_invalid');
export type CertificateTrigger = z.infer<typeof certificateTriggerSchema>;

export const CERTIFICATE_DEFINITION_NAME_MAX = 200;
/** Validity in whole months: up to ten years. */
export const CERTIFICATE_VALIDITY_MONTHS_MAX = 120;

export const CERTIFICATE_STATUSES = ['valid', 'revoked', 'expired'] as const;
export const certificateStatusSchema = z.enum(CERTIFICATE_STATUSES);
export type CertificateStatus = z.infer<typeof certificateStatusSchema>;

/** A certificate definition as the admin panel sees it. */
export const certificateDefinitionSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: activeStatusSchema,
  trigger: certificateTriggerSchema,
  /** The education, program, exam or assignment (by trigger). */
  ref_id: z.number(),
  ref_title: z.string().nullable(),
  /** exam only: the least score (percent) that earns the certificate; null: any pass. */
  min_score: z.number().nullable(),
  /** Null when its template was deleted: the definition issues nothing until another is chosen. */
  template_id: z.number().nullable(),
  template_name: z.string().nullable(),
  /** Null: valid for good. */
  validity_months: z.number().nullable(),
  /** The education's evaluation survey must be answered before the certificate is issued. */
  evaluation_required: z.boolean(),
  /** On expiry the education is assigned to the person again (education trigger only). */
  recertify: z.boolean(),
  /** Certificates issued under it (every status). */
  issued: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CertificateDefinition = z.infer<typeof certificateDefinitionSchema>;

const definitionIdSchema = z.number('validation.required').int('validation.invalid').positive('validation.invalid');

const definitionWriteShape = {
  name: z.string('validation.required').trim().min(1, 'validation.required').max(CERTIFICATE_DEFINITION_NAME_MAX),
  status: activeStatusSchema,
  trigger: certificateTriggerSchema,
  ref_id: definitionIdSchema,
  min_score: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(0, 'validation.invalid')
    .max(100, 'validation.invalid')
    .nullable(),
  template_id: definitionIdSchema,
  validity_months: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'certificates.errors.validity_invalid')
    .max(CERTIFICATE_VALIDITY_MONTHS_MAX, 'certificates.errors.validity_invalid')
    .nullable(),
  evaluation_required: z.boolean('validation.invalid'),
  recertify: z.boolean('validation.invalid'),
};

/** POST api/admin/certificates. */
export const certificateDefinitionCreateSchema = z.object({
  ...definitionWriteShape,
  status: definitionWriteShape.status.default(1),
  min_score: definitionWriteShape.min_score.default(null),
  validity_months: definitionWriteShape.validity_months.default(null),
  evaluation_required: definitionWriteShape.evaluation_required.default(false),
  recertify: definitionWriteShape.recertify.default(false),
});
export type CertificateDefinitionCreate = z.output<typeof certificateDefinitionCreateSchema>;
export type CertificateDefinitionCreateInput = z.input<typeof certificateDefinitionCreateSchema>;

/** PUT or POST api/admin/certificates/{id}: the fields sent change, the others stay. */
export const certificateDefinitionUpdateSchema = z.object(definitionWriteShape).partial();
export type CertificateDefinitionUpdate = z.output<typeof certificateDefinitionUpdateSchema>;

export const CERTIFICATE_DEFINITION_SORTS = ['name', 'trigger', 'status', 'created_at', 'updated_at'] as const;

/** GET api/admin/certificates: the list query plus the status and trigger filters. */
export const certificateDefinitionListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  trigger: lenient(certificateTriggerSchema),
});
export type CertificateDefinitionListQuery = z.infer<typeof certificateDefinitionListQuerySchema>;

/** The certificate definitions of a company (issue 16): `api/admin/certificates` and its admin screens (spec §2.2). */
export const certificateDefinitionsContract = defineContract({
  plural: 'certificates',
  namespace: 'certificates',
  // Spec §6: show_certificate to see certificates, create_certificate to change them.
  permissions: readWrite('show_certificate', 'create_certificate'),
  schemas: {
    item: certificateDefinitionSchema,
    create: certificateDefinitionCreateSchema,
    update: certificateDefinitionUpdateSchema,
    listQuery: certificateDefinitionListQuerySchema,
  },
  list: {
    sorts: CERTIFICATE_DEFINITION_SORTS,
    defaultSort: '-updated_at',
    filters: [ACTIVE_STATUS_LIST_FILTER, { kind: 'select', param: 'trigger', options: CERTIFICATE_TRIGGERS }],
  },
  screens: {
    list: { name: 'company.certificate.index', path: '/admin/certificates' },
    add: { name: 'company.certificate.add', path: '/admin/certificate/add' },
    edit: { name: 'company.certificate.edit', path: '/admin/certificate/:id/edit' },
  },
  without: ['export'],
});

// --- Issued certificates ---

/** A certificate within this many days of its expiry shows as expiring (spec: the learner's cards, the warning). */
export const CERTIFICATE_EXPIRING_DAYS = 30;
export const CERTIFICATE_REVOKE_REASON_MAX = 500;
/** A certificate number as issued (`KMP-2026-7F3K-9QXD`); anything else is "not valid" without a lookup. */
export const CERTIFICATE_NUMBER_PATTERN = /^KMP-\d{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/**
 * An issued certificate as the admin sees it: revoked, or as the person sees it (a valid one close to its expiry is
 * `expiring`; a lapsed one is `expired` before the nightly job marks it).
 */
export const ISSUED_CERTIFICATE_STATES = ['valid', 'expiring', 'expired', 'revoked'] as const;
export type IssuedCertificateState = (typeof ISSUED_CERTIFICATE_STATES)[number];

/** An issued certificate as the admin's list of a definition shows it (`api/admin/certificates/issued`). */
export const issuedCertificateSchema = z.object({
  id: z.number(),
  number: z.string(),
  definition: z.object({ id: z.number(), name: z.string() }),
  user: z.object({ id: z.number(), full_name: z.string(), email: z.string().nullable() }),
  cycle: z.number(),
  issued_at: z.string(),
  expires_at: z.string().nullable(),
  status: certificateStatusSchema,
  revoked_reason: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** Whether its files are rendered yet (the job runs right after issuing). */
  rendered: z.boolean(),
});
export type IssuedCertificate = z.infer<typeof issuedCertificateSchema>;

export const ISSUED_CERTIFICATE_SORTS = ['issued_at', 'expires_at', 'number', 'full_name'] as const;

/** GET api/admin/certificates/issued: one definition's (or every) certificate, searched by person or number. */
export const issuedCertificateListQuerySchema = resourceListQuerySchema.extend({
  definition_id: lenient(z.coerce.number().int().positive().max(2_147_483_647)),
  /** What the admin filters by: the stored status, with `expiring` (valid, within CERTIFICATE_EXPIRING_DAYS of expiry). */
  status: lenient(z.enum(ISSUED_CERTIFICATE_STATES)),
});
export type IssuedCertificateListQuery = z.infer<typeof issuedCertificateListQuerySchema>;

/** POST api/admin/certificates/issued/{id}/revoke. */
export const certificateRevokeSchema = z.object({
  reason: z.string('validation.required').trim().min(1, 'validation.required').max(CERTIFICATE_REVOKE_REASON_MAX),
});
export type CertificateRevoke = z.infer<typeof certificateRevokeSchema>;

/** POST api/admin/certificates/{id}/reissue: how many certificates were queued to be rendered again. */
export const certificateReissueResultSchema = z.object({ data: z.object({ queued: z.number() }) });

/** The learner's view of a certificate: a valid one within CERTIFICATE_EXPIRING_DAYS of its expiry is `expiring`. */
export const MY_CERTIFICATE_STATES = ['valid', 'expiring', 'expired'] as const;
export type MyCertificateState = (typeof MY_CERTIFICATE_STATES)[number];

/** One of the person's certificates (`api/certificates/me`); revoked ones are not listed. */
export const myCertificateSchema = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  /** What it certifies: the education, program, exam or assignment. */
  title: z.string(),
  issued_at: z.string(),
  expires_at: z.string().nullable(),
  state: z.enum(MY_CERTIFICATE_STATES),
  /** Short-lived signed addresses of the files; null until they are rendered. */
  pdf_url: z.string().nullable(),
  png_url: z.string().nullable(),
  /** The public verification page of the certificate. */
  verify_url: z.string(),
  /** LinkedIn's "add to profile" address for the certificate. */
  linkedin_url: z.string(),
});
export type MyCertificate = z.infer<typeof myCertificateSchema>;
export const myCertificateListSchema = z.object({ data: z.array(myCertificateSchema) });
export const myCertificateDetailSchema = z.object({ data: myCertificateSchema });

/** GET api/verify/{number}: what a valid certificate states; every other number answers only `valid: false`. */
export const certificateVerificationSchema = z.object({
  data: z.discriminatedUnion('valid', [
    z.object({
      valid: z.literal(true),
      number: z.string(),
      full_name: z.string(),
      name: z.string(),
      title: z.string(),
      company: z.string(),
      issued_at: z.string(),
      expires_at: z.string().nullable(),
    }),
    z.object({ valid: z.literal(false) }),
  ]),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>['data'];
export const certificateNumberParamSchema = z.object({ number: z.string().max(64) });

// --- The admin's issued certificates: files, one re-issue, export and bulk download (issue 16, admin screens) ---

/** An issued certificate with the short-lived signed addresses of its files (null until they are rendered). */
export const adminIssuedCertificateSchema = issuedCertificateSchema.extend({
  state: z.enum(ISSUED_CERTIFICATE_STATES),
  pdf_url: z.string().nullable(),
  png_url: z.string().nullable(),
});
export type AdminIssuedCertificate = z.infer<typeof adminIssuedCertificateSchema>;

/**
 * POST api/admin/certificates/issued/export and …/issued/zip: which certificates (the list's filters, without paging).
 * The export adds its format; the zip holds the rendered PDFs of at most CERTIFICATE_ZIP_MAX of them.
 */
export const issuedCertificateExportQuerySchema = exportQueryOf(issuedCertificateListQuerySchema);
export type IssuedCertificateExportQuery = Omit<IssuedCertificateListQuery, 'page' | 'per_page'> & {
  format: ExportFormat;
};
export const issuedCertificateZipQuerySchema = issuedCertificateListQuerySchema.omit({
  page: true,
  per_page: true,
  sort: true,
});
export type IssuedCertificateZipQuery = z.infer<typeof issuedCertificateZipQuerySchema>;
/** The most certificates one zip holds (a definition's whole cohort; more is asked for by filtering). */
export const CERTIFICATE_ZIP_MAX = 5000;

/** POST api/admin/certificates/issued/{id}/reissue: the one certificate queued to be rendered again. */
export const issuedCertificateReissueResultSchema = z.object({ data: z.object({ queued: z.literal(1) }) });
