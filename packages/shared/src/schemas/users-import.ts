import { z } from 'zod';
import { EXPORT_FORMATS } from './resource.js';

/** The most data rows (below the header) one import file may hold. */
export const USER_IMPORT_MAX_ROWS = 10_000;
/** The largest import file in bytes: 10,000 rows of a wide sheet stay well under it. */
export const USER_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The multipart field that carries the file. */
export const USER_IMPORT_FIELD = 'file';
/** What the file picker offers. */
export const USER_IMPORT_ACCEPT = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'text/csv': ['.csv'],
} as const;

/**
 * The columns of the import file, in the template's order. Headers are recognised by these keys and by their labels
 * in every language (`users_import.columns.*`); `manager` is the manager's email or registration number, `roles` a
 * comma-separated list of role names. Columns named like one of the company's custom fields fill that field.
 */
export const USER_IMPORT_COLUMNS = [
  'name',
  'surname',
  'email',
  'username',
  'phone',
  'registration_number',
  'department',
  'title',
  'location',
  'hire_date',
  'manager',
  'roles',
] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];

/** `GET api/admin/users/import-template?format=xlsx|csv`. */
export const userImportTemplateQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS).catch('xlsx').default('xlsx'),
});

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional()
    .catch(undefined)
    .transform((v) => v ?? fallback);

/** `POST api/admin/users/import?dry_run=&send_invitations=` (multipart, one file in the field `file`). */
export const userImportQuerySchema = z.object({
  /** Only check the file and answer what would happen; nothing is written. */
  dry_run: flag(false),
  /** New active people with an email get the first-password mail (as when created one by one). */
  send_invitations: flag(true),
});
export type UserImportQuery = z.infer<typeof userImportQuerySchema>;

/** One problem of one row: the spreadsheet row number (the header is row 1), the column, the cell and why. */
export const userImportRowErrorSchema = z.object({
  row: z.number().int(),
  /** A key of USER_IMPORT_COLUMNS or a custom field's key; null when the problem is the row as a whole. */
  column: z.string().nullable(),
  /** The column's header as written in the file. */
  header: z.string().nullable(),
  value: z.string().nullable(),
  message: z.string(),
});
export type UserImportRowError = z.infer<typeof userImportRowErrorSchema>;

export const userImportResultSchema = z.object({
  dry_run: z.boolean(),
  summary: z.object({
    /** Data rows in the file (blank rows are not counted). */
    rows: z.number().int(),
    to_create: z.number().int(),
    to_update: z.number().int(),
    invalid: z.number().int(),
  }),
  /** What the import did; zero on a dry run. */
  created: z.number().int(),
  updated: z.number().int(),
  /** First-password mails queued for new people. */
  invitations: z.number().int(),
  /** Every problem of every skipped row. */
  errors: z.array(userImportRowErrorSchema),
  /** Headers that name no known column; their cells are not imported. */
  ignored_columns: z.array(z.string()),
});
export type UserImportResult = z.infer<typeof userImportResultSchema>;
