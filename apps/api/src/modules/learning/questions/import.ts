import { randomBytes } from 'node:crypto';
import {
  LOCALES,
  type Locale,
  QUESTION_DIFFICULTIES,
  QUESTION_IMPORT_COLUMNS,
  QUESTION_IMPORT_MAX_ROWS,
  QUESTION_TYPES,
  type QuestionCreate,
  type QuestionImportColumn,
  type QuestionImportImage,
  type QuestionImportQuery,
  type QuestionImportResult,
  type QuestionImportRowError,
  type QuestionType,
  questionCreateSchema,
} from '@kampus/shared';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { educationCategories, hashtags, storedFiles } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { loadExcel } from '../../../platform/excel.js';
import { HttpError } from '../../../platform/http/errors.js';
import { languageOf, type Translate, translator } from '../../../platform/i18n.js';
import { normaliseHeader, readImportFile } from '../../../platform/imports/import-file.js';
import { EXPORT_CONTENT_TYPES, type ExportFile } from '../../../platform/resource/export.js';
import { foldCase } from '../../../platform/resource/resource.js';
import { fileUrlOf, storedNameOf } from '../../../platform/uploads.js';
import { insertQuestion, plainText } from './bank.js';

const NS = 'questionImport';
const PREVIEW_MAX = 20;

/** A random option key: the order of keys says nothing about the order of options. */
export const optionKey = () => `k${randomBytes(4).toString('hex')}`;

const TRUE_WORDS_RAW = [
  'true',
  'doğru',
  'dogru',
  'evet',
  'yes',
  'y',
  '1',
  'd',
  'düz',
  'duz',
  'bəli',
  'wahr',
  'richtig',
  'ja',
];
const FALSE_WORDS_RAW = [
  'false',
  'yanlış',
  'yanlis',
  'hayır',
  'hayir',
  'no',
  'n',
  '0',
  'səhv',
  'xeyr',
  'falsch',
  'nein',
];

const TRUE_WORDS = TRUE_WORDS_RAW.map(foldCase);
const FALSE_WORDS = FALSE_WORDS_RAW.map(foldCase);

/** Every spelling of a value across the four languages, folded: a key and its labels. */
function aliases<T extends string>(values: readonly T[], labelKey: (value: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const value of values) {
    map.set(normaliseHeader(value), value);
    for (const locale of LOCALES) map.set(normaliseHeader(translator(locale)(labelKey(value))), value);
  }
  return map;
}

let lookups:
  | { columns: Map<string, QuestionImportColumn>; types: Map<string, QuestionType>; difficulties: Map<string, string> }
  | undefined;
function getLookups() {
  lookups ??= {
    columns: aliases(QUESTION_IMPORT_COLUMNS, (c) => `${NS}.columns.${c}`),
    types: aliases(QUESTION_TYPES, (type) => `questions.types.${type}`),
    difficulties: aliases(QUESTION_DIFFICULTIES, (d) => `questions.difficulties.${d}`),
  };
  return lookups;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A cell's plain text as rich text: a paragraph per line. */
const paragraphs = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');

/** An image's text alternative from its file name: "yangin-cikisi_2.png" reads "yangin cikisi 2". */
const altOf = (name: string) =>
  name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_.]+/g, ' ')
    .trim();

/** A cell holding a list: a line each, or `|`-separated on one line. */
const listOf = (cell: string) =>
  (cell.includes('\n') ? cell.split(/\r?\n/) : cell.split('|')).map((item) => item.trim()).filter((item) => item);

const numberOf = (cell: string) => {
  const value = Number(cell.replace(/\s/g, '').replace(',', '.'));
  return cell.trim() === '' || !Number.isFinite(value) ? null : value;
};

/** Where a problem of the written question shows in the sheet. */
function columnOfIssue(path: PropertyKey[]): QuestionImportColumn | null {
  const [first, second] = path.map(String);
  if (first === 'body') {
    if (second === 'text') return 'text';
    if (second === 'explanation') return 'explanation';
    if (second === 'tolerance') return 'tolerance';
    if (second === 'accepted' || second === 'value' || second === 'guidance') return 'answer';
    return 'options';
  }
  if (first === 'points' || first === 'difficulty' || first === 'language') return first;
  if (first === 'category_id') return 'category';
  if (first === 'hashtag_ids') return 'hashtags';
  return null;
}

interface Context {
  categories: Map<string, number>;
  hashtags: Map<string, number>;
  /** The images sent with the file by their folded name: our stored image's address, or null for a foreign one. */
  images: Map<string, string | null>;
  language: Locale;
  t: Translate;
}

type RowOutcome = { ok: true; input: QuestionCreate } | { ok: false; errors: Omit<QuestionImportRowError, 'row'>[] };

/** One row of the sheet as the question it writes, or what is wrong with it. */
export function readRow(cells: Partial<Record<QuestionImportColumn, string>>, ctx: Context): RowOutcome {
  const { t } = ctx;
  const errors: Omit<QuestionImportRowError, 'row'>[] = [];
  const fail = (column: QuestionImportColumn | null, key: string, params: Record<string, unknown> = {}) => {
    errors.push({ column, value: column ? (cells[column] ?? null) : null, message: t(key, params) });
  };
  const cell = (column: QuestionImportColumn) => (cells[column] ?? '').trim();
  const { types, difficulties } = getLookups();

  const type = types.get(normaliseHeader(cell('type')));
  if (!type) {
    fail('type', `${NS}.errors.type_unknown`);
    return { ok: false, errors };
  }
  let text = paragraphs(cell('text'));
  const imageName = cell('image');
  if (imageName !== '') {
    const url = ctx.images.get(foldCase(imageName));
    if (url === undefined) fail('image', `${NS}.errors.image_missing`, { name: imageName });
    else if (url === null) fail('image', `${NS}.errors.image_foreign`, { name: imageName });
    else text += `<p><img src="${escapeHtml(url)}" alt="${escapeHtml(altOf(imageName))}"></p>`;
  }
  const explanationText = cell('explanation');
  const base = { text, explanation: explanationText ? paragraphs(explanationText) : null };
  const lines = listOf(cell('options'));
  const marked = lines.map((line) => ({ correct: line.startsWith('*'), text: line.replace(/^\*\s*/, '') }));
  let body: unknown;
  switch (type) {
    case 'single':
    case 'multiple': {
      const options = marked.map((option) => ({ key: optionKey(), text: option.text }));
      const correct = options.filter((_, i) => marked[i]?.correct).map((option) => option.key);
      if (type === 'single' && correct.length > 1) fail('options', `${NS}.errors.one_correct`);
      body = { ...base, type, options, correct: type === 'single' ? (correct[0] ?? '') : correct };
      break;
    }
    case 'true_false': {
      const word = foldCase(cell('answer'));
      const value = TRUE_WORDS.includes(word) ? true : FALSE_WORDS.includes(word) ? false : null;
      if (value === null) fail('answer', `${NS}.errors.true_false`);
      body = { ...base, type, correct: value ?? false };
      break;
    }
    case 'short_text':
      body = { ...base, type, accepted: listOf(cell('answer')) };
      break;
    case 'ordering':
      body = { ...base, type, items: lines.map((line) => ({ key: optionKey(), text: line })) };
      break;
    case 'matching': {
      const pairs = lines.map((line) => {
        const at = line.indexOf('=');
        return at < 0
          ? null
          : {
              key: optionKey(),
              left: line.slice(0, at).trim(),
              right_key: optionKey(),
              right: line.slice(at + 1).trim(),
            };
      });
      if (pairs.some((pair) => pair === null)) fail('options', `${NS}.errors.pair_format`);
      body = { ...base, type, pairs: pairs.filter((pair) => pair !== null) };
      break;
    }
    case 'numeric': {
      const value = numberOf(cell('answer'));
      if (value === null) fail('answer', `${NS}.errors.number`);
      const tolerance = cell('tolerance') === '' ? 0 : numberOf(cell('tolerance'));
      if (tolerance === null || tolerance < 0) fail('tolerance', `${NS}.errors.number`);
      body = { ...base, type, value: value ?? 0, tolerance: tolerance ?? 0 };
      break;
    }
    case 'open':
      body = { ...base, type, guidance: cell('answer') ? paragraphs(cell('answer')) : null };
      break;
  }

  const points = cell('points') === '' ? 1 : numberOf(cell('points'));
  const difficultyCell = cell('difficulty');
  const difficulty = difficultyCell === '' ? 'medium' : difficulties.get(normaliseHeader(difficultyCell));
  if (!difficulty) fail('difficulty', `${NS}.errors.difficulty_unknown`);
  const languageCell = cell('language').toLowerCase();
  const language = languageCell === '' ? ctx.language : LOCALES.find((l) => l === languageCell);
  if (!language) fail('language', `${NS}.errors.language_unknown`);
  let categoryId: number | null = null;
  if (cell('category') !== '') {
    categoryId = ctx.categories.get(foldCase(cell('category'))) ?? null;
    if (categoryId === null) fail('category', `${NS}.errors.category_unknown`);
  }
  const hashtagIds: number[] = [];
  for (const name of cell('hashtags')
    .split(/[,;\s]+/)
    .map((n) => n.replace(/^#/, ''))
    .filter((n) => n)) {
    const id = ctx.hashtags.get(foldCase(name));
    if (id === undefined) fail('hashtags', `${NS}.errors.hashtag_unknown`, { name });
    else hashtagIds.push(id);
  }

  const parsed = questionCreateSchema.safeParse({
    body,
    points: points ?? Number.NaN,
    difficulty: difficulty ?? 'medium',
    language: language ?? ctx.language,
    category_id: categoryId,
    hashtag_ids: hashtagIds,
    status: 1,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOfIssue(issue.path);
      // A problem already named on its column (an unknown word) is not repeated as the schema's.
      if (errors.some((e) => e.column === column)) continue;
      fail(column, /^[a-z_]+\.[a-z_.]+$/.test(issue.message) ? issue.message : 'validation.invalid');
    }
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}

async function lookupsOf(tx: Db, companyId: number) {
  const [categoryRows, hashtagRows] = await Promise.all([
    tx
      .select({ id: educationCategories.id, names: educationCategories.names })
      .from(educationCategories)
      .where(eq(educationCategories.companyId, companyId)),
    tx.select({ id: hashtags.id, name: hashtags.name }).from(hashtags).where(eq(hashtags.companyId, companyId)),
  ]);
  const categories = new Map<string, number>();
  for (const row of categoryRows) {
    for (const name of Object.values(row.names)) if (name) categories.set(foldCase(name.trim()), row.id);
  }
  return { categories, hashtags: new Map(hashtagRows.map((h) => [foldCase(h.name), h.id])) };
}

/**
 * The images sent with the file, each ours (an image the company stored, by its address) or foreign (an address of
 * another company's file, of no stored file, or of something not an image).
 */
async function imagesOf(tx: Db, companyId: number, images: readonly QuestionImportImage[]) {
  const names = images.map((image) => storedNameOf(image.url)).filter((name): name is string => name !== null);
  const own =
    names.length === 0
      ? []
      : await tx
          .select({ name: storedFiles.name })
          .from(storedFiles)
          .where(
            and(
              eq(storedFiles.companyId, companyId),
              inArray(storedFiles.name, names),
              like(storedFiles.mime, 'image/%'),
            ),
          );
  const ours = new Set(own.map((row) => row.name));
  const map = new Map<string, string | null>();
  for (const image of images) {
    const stored = storedNameOf(image.url);
    map.set(foldCase(image.name.trim()), stored && ours.has(stored) ? fileUrlOf(stored) : null);
  }
  return map;
}

/** The template's example row of each type, in the request's language. */
function exampleRows(t: Translate): string[][] {
  const example = (type: QuestionType) => {
    const key = (column: QuestionImportColumn) => {
      const path = `${NS}.examples.${type}.${column}`;
      const value = t(path);
      return value === path ? '' : value;
    };
    return QUESTION_IMPORT_COLUMNS.map((column) => (column === 'type' ? t(`questions.types.${type}`) : key(column)));
  };
  return QUESTION_TYPES.map(example);
}

/**
 * The question bank's xlsx import (issue 15): a template with the columns explained (a note on each header) and an
 * example of every type, a dry run answering every row's problems, and the import writing the valid rows.
 */
export function createQuestionImport(platform: Platform) {
  const db = platform.database.db;
  return {
    /** GET api/admin/questions/import-template: the columns in the request's language, with notes and examples. */
    async template(t: Translate): Promise<ExportFile> {
      const workbook = new (await loadExcel()).Workbook();
      const name = t(`${NS}.template_file`);
      const sheet = workbook.addWorksheet(name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31));
      sheet.columns = QUESTION_IMPORT_COLUMNS.map((column) => ({
        width: column === 'text' || column === 'options' || column === 'explanation' ? 48 : 18,
        style: { numFmt: '@', alignment: { wrapText: true, vertical: 'top' } },
      }));
      const header = sheet.addRow(QUESTION_IMPORT_COLUMNS.map((column) => t(`${NS}.columns.${column}`)));
      header.font = { bold: true };
      QUESTION_IMPORT_COLUMNS.forEach((column, index) => {
        header.getCell(index + 1).note = t(`${NS}.notes.${column}`);
      });
      for (const row of exampleRows(t)) sheet.addRow(row);
      sheet.views = [{ state: 'frozen', ySplit: 1 }];
      return {
        fileName: `${name}.xlsx`,
        contentType: EXPORT_CONTENT_TYPES.xlsx,
        body: Buffer.from(await workbook.xlsx.writeBuffer()),
      };
    },

    /**
     * POST api/admin/questions/import: checks every row; unless a dry run, writes the valid ones in one transaction.
     * A row naming an image that was not sent, or is not the company's, is one bad row among the others.
     */
    async run(
      actor: Actor,
      file: { name: string; mime: string; data: Buffer },
      options: QuestionImportQuery,
      t: Translate,
      images: readonly QuestionImportImage[],
    ): Promise<QuestionImportResult> {
      const sheet = await readImportFile(file, QUESTION_IMPORT_MAX_ROWS);
      const { columns: columnAliases } = getLookups();
      const seen = new Set<QuestionImportColumn>();
      const ignored: string[] = [];
      const mapped = sheet.headers.map((header) => {
        const column = columnAliases.get(normaliseHeader(header));
        if (!column || seen.has(column)) {
          if (header !== '') ignored.push(header);
          return null;
        }
        seen.add(column);
        return column;
      });
      if (!seen.has('type') || !seen.has('text')) {
        throw new HttpError(422, 'errors.validation_failed', {}, { file: [`${NS}.errors.columns_missing`] });
      }
      return inTenant(db, actor.companyId, async (tx) => {
        const ctx: Context = {
          ...(await lookupsOf(tx, actor.companyId)),
          images: await imagesOf(tx, actor.companyId, images),
          language: languageOf(t),
          t,
        };
        const valid: { row: number; input: QuestionCreate }[] = [];
        const errors: QuestionImportRowError[] = [];
        for (const row of sheet.rows) {
          const cells: Partial<Record<QuestionImportColumn, string>> = {};
          mapped.forEach((column, index) => {
            if (column) cells[column] = row.cells[index] ?? '';
          });
          const outcome = readRow(cells, ctx);
          if (outcome.ok) valid.push({ row: row.number, input: outcome.input });
          else errors.push(...outcome.errors.map((error) => ({ row: row.number, ...error })));
        }
        let created = 0;
        if (!options.dry_run && valid.length > 0) {
          for (const { input } of valid) await insertQuestion(tx, actor, input);
          created = valid.length;
          await record(tx, actor, { action: 'question.imported', entity: 'question', after: { created } });
        }
        const invalidRows = new Set(errors.map((e) => e.row)).size;
        return {
          dry_run: options.dry_run,
          summary: { rows: sheet.rows.length, valid: valid.length, invalid: invalidRows },
          created,
          preview: valid.slice(0, PREVIEW_MAX).map(({ row, input }) => ({
            row,
            type: input.body.type,
            title: plainText(input.body.text),
          })),
          errors,
          ignored_columns: ignored,
        };
      });
    },
  };
}
