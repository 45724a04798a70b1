import {
  type ExportFormat,
  extractErrorMessage,
  USER_IMPORT_FIELD,
  type UserImportResult,
  userImportResultSchema,
} from '@kampus/shared';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';
import { i18next } from '../../../lib/i18n.js';

const IMPORT_PATH = 'api/admin/users/import';

/** The address of the import template in a format; downloaded with the session's headers (lib/download). */
export const importTemplatePath = (format: ExportFormat) => `api/admin/users/import-template?format=${format}`;

export interface ImportOptions {
  dryRun: boolean;
  sendInvitations: boolean;
}

/**
 * Sends the file to `POST api/admin/users/import` as multipart (the JSON client cannot), with the headers every call
 * carries; a 401 renews the session once, as the client does. Failures become ApiError with the server's message
 * (a refused file's reason is under `errors.file`).
 */
export async function importUsers(file: File, options: ImportOptions): Promise<UserImportResult> {
  const query = new URLSearchParams({
    dry_run: String(options.dryRun),
    send_invitations: String(options.sendInvitations),
  });
  const send = () => {
    const form = new FormData();
    form.append(USER_IMPORT_FIELD, file);
    const headers = http.headers(IMPORT_PATH);
    // The browser writes the multipart boundary itself.
    headers.delete('Content-Type');
    return fetch(`/${IMPORT_PATH}?${query}`, { method: 'POST', headers, body: form });
  };
  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && (await http.refresh())) response = await send();
  } catch {
    throw new ApiError(0, null, i18next.t('general.error_occurred'));
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const fileError = (body as { errors?: { file?: string[] } } | null)?.errors?.file?.[0];
    throw new ApiError(
      response.status,
      body,
      fileError ?? extractErrorMessage(body, i18next.t('general.error_occurred')),
    );
  }
  return userImportResultSchema.parse(body);
}
