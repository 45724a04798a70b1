import { type ExportFormat, USER_IMPORT_FIELD, type UserImportResult, userImportResultSchema } from '@kampus/shared';
import { uploadImportFile } from '../../../lib/import-upload.js';

const IMPORT_PATH = 'api/admin/users/import';

/** The address of the import template in a format; downloaded with the session's headers (lib/download). */
export const importTemplatePath = (format: ExportFormat) => `api/admin/users/import-template?format=${format}`;

export interface ImportOptions {
  dryRun: boolean;
  sendInvitations: boolean;
}

/** Sends the file to `POST api/admin/users/import` (a dry run checks it and writes nothing). */
export const importUsers = (file: File, options: ImportOptions): Promise<UserImportResult> =>
  uploadImportFile(
    IMPORT_PATH,
    USER_IMPORT_FIELD,
    file,
    { dry_run: String(options.dryRun), send_invitations: String(options.sendInvitations) },
    userImportResultSchema,
  );
