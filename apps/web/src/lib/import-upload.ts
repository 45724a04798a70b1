import { extractErrorMessage } from '@kampus/shared';
import type { z } from 'zod';
import { http } from './api.js';
import { ApiError } from './http.js';
import { i18next } from './i18n.js';

/**
 * Sends an import's file to `POST {path}?{query}` as multipart (the JSON client cannot), with the headers every call
 * carries; a 401 renews the session once, as the client does. Failures become ApiError with the server's message (a
 * refused file's reason, under `errors.file`, first); the answer is read with the import's result schema. `fields` are
 * sent beside the file.
 */
export async function uploadImportFile<Schema extends z.ZodType>(
  path: string,
  field: string,
  file: File,
  query: Record<string, string>,
  schema: Schema,
  fields: Record<string, string> = {},
): Promise<z.infer<Schema>> {
  const send = () => {
    const form = new FormData();
    // The fields go first: the server reads them before the file.
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(field, file);
    const headers = http.headers(path);
    // The browser writes the multipart boundary itself.
    headers.delete('Content-Type');
    return fetch(`/${path}?${new URLSearchParams(query)}`, { method: 'POST', headers, body: form });
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
  return schema.parse(body);
}
