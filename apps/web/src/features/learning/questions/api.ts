import {
  extractErrorMessage,
  QUESTION_IMPORT_FIELD,
  type QuestionImportResult,
  questionImportResultSchema,
  questionsContract,
} from '@kampus/shared';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';
import { i18next } from '../../../lib/i18n.js';
import type { ListConfig } from '../../../lib/list-state.js';
import { contractResource } from '../../../lib/resource.js';

/** `api/admin/questions` (issue 15): the question bank. Exam forms pick questions from the same list. */
export const questionsResource = contractResource(questionsContract);

/** The list's address state: the contract's filters plus category and hashtag, whose options are the company's. */
export function questionListConfig(categoryIds: readonly number[], hashtagIds: readonly number[]): ListConfig {
  const { listConfig } = questionsResource;
  return {
    ...listConfig,
    filters: [
      ...listConfig.filters,
      { kind: 'select', param: 'category_id', options: categoryIds.map(String) },
      { kind: 'select', param: 'hashtag_id', options: hashtagIds.map(String) },
    ],
  };
}

const IMPORT_PATH = 'api/admin/questions/import';
export const IMPORT_TEMPLATE_PATH = 'api/admin/questions/import-template';

/**
 * Sends the file to `POST api/admin/questions/import` as multipart, with the headers every call carries; a 401
 * renews the session once. A refused file's reason (under `errors.file`) becomes the error's message.
 */
export async function importQuestions(file: File, dryRun: boolean): Promise<QuestionImportResult> {
  const send = () => {
    const form = new FormData();
    form.append(QUESTION_IMPORT_FIELD, file);
    const headers = http.headers(IMPORT_PATH);
    headers.delete('Content-Type');
    return fetch(`/${IMPORT_PATH}?dry_run=${dryRun}`, { method: 'POST', headers, body: form });
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
  return questionImportResultSchema.parse(body);
}
