import {
  QUESTION_IMPORT_FIELD,
  QUESTION_IMPORT_IMAGES_FIELD,
  type QuestionImportImage,
  type QuestionImportResult,
  questionImportResultSchema,
  questionsContract,
} from '@kampus/shared';
import { uploadImportFile } from '../../../lib/import-upload.js';
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
 * Sends the file to `POST api/admin/questions/import` with the images its rows may name (uploaded before); a dry run
 * checks it and writes nothing.
 */
export const importQuestions = (
  file: File,
  dryRun: boolean,
  images: readonly QuestionImportImage[],
): Promise<QuestionImportResult> =>
  uploadImportFile(IMPORT_PATH, QUESTION_IMPORT_FIELD, file, { dry_run: String(dryRun) }, questionImportResultSchema, {
    [QUESTION_IMPORT_IMAGES_FIELD]: JSON.stringify(images),
  });
