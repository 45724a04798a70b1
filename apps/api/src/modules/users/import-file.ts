import { Readable } from 'node:stream';
import { LOCALES, USER_IMPORT_COLUMNS, type UserCustomField, type UserImportColumn } from '@kampus/shared';
import ExcelJS from 'exceljs';
import { translator } from '../../platform/i18n.js';
import { foldCase } from '../../platform/resource/resource.js';

/** A file that cannot be read as an import: the locale key of the reason (answered 422 under `file`). */
export class ImportFileRejected extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

/** The sheet as text: the header row and the data rows with their spreadsheet row numbers (the header is row 1). */
export interface ImportSheet {
  headers: string[];
  rows: { number: number; cells: string[] }[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A calendar date as the template asks for it (YYYY-MM-DD); Excel keeps dates as UTC midnights. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The text a person sees in a cell, whatever Excel stored: rich text, a link, a formula's result or a date. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDay(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

function sheetRows(sheet: ExcelJS.Worksheet, maxRows: number): ImportSheet {
  // The header row plus the data rows; a sheet that is longer is refused before any row is checked.
  if (sheet.actualRowCount > maxRows + 1) throw new ImportFileRejected('users_import.too_many_rows', { max: maxRows });
  const all: { number: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values = row.values as ExcelJS.CellValue[];
    // ExcelJS rows are 1-based: index 0 is always empty.
    const cells = values.slice(1).map((v) => cellText(v).trim());
    if (cells.some((cell) => cell !== '')) all.push({ number, cells });
  });
  const [header, ...rows] = all;
  if (!header) throw new ImportFileRejected('users_import.empty_file');
  if (rows.length === 0) throw new ImportFileRejected('users_import.no_rows');
  return { headers: header.cells, rows };
}

/**
 * CSV from Excel is UTF-8 (often with a BOM) or, saved by a Turkish Windows Excel, Windows-1254; a file that is not
 * valid UTF-8 is read as the latter.
 */
function decodeText(data: Buffer): string {
  if (data.includes(0)) throw new ImportFileRejected('users_import.invalid_file');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = new TextDecoder('windows-1254').decode(data);
  }
  return text.replace(/^\uFEFF/, '');
}

/** The separator of the header line: Excel writes `;` where the decimal comma is used (tr, az, de), else `,`. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

async function readCsv(data: Buffer, maxRows: number): Promise<ImportSheet> {
  const text = decodeText(data);
  const workbook = new ExcelJS.Workbook();
  // Cells stay text: ExcelJS would otherwise turn "00123" into 123 and guess dates.
  const sheet = await workbook.csv.read(Readable.from([text]), {
    parserOptions: { delimiter: delimiterOf(text), ignoreEmpty: true },
    map: (value: string) => value,
  } as never);
  return sheetRows(sheet, maxRows);
}

async function readXlsx(data: Buffer, maxRows: number): Promise<ImportSheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new ImportFileRejected('users_import.invalid_file');
  }
  const sheet = workbook.worksheets.find((s) => s.actualRowCount > 0) ?? workbook.worksheets[0];
  if (!sheet) throw new ImportFileRejected('users_import.empty_file');
  return sheetRows(sheet, maxRows);
}

/** Reads an uploaded xlsx (by its zip signature) or csv (by its name or type) into text rows. */
export async function readImportFile(
  file: { name: string; mime: string; data: Buffer },
  maxRows: number,
): Promise<ImportSheet> {
  if (file.data.length === 0) throw new ImportFileRejected('users_import.empty_file');
  if (file.data.subarray(0, 4).equals(ZIP_MAGIC)) return readXlsx(file.data, maxRows);
  const looksCsv = /\.csv$/i.test(file.name) || /^(text\/(csv|plain)|application\/(csv|vnd\.ms-excel))/.test(file.mime);
  if (looksCsv) return readCsv(file.data, maxRows);
  throw new ImportFileRejected('users_import.invalid_file');
}

/** Letters and digits only, case folded, hints in parentheses dropped: "E-posta *" and "eposta" are the same. */
export function normaliseHeader(header: string): string {
  return foldCase(header.replace(/\([^)]*\)/g, '')).replace(/[^\p{L}\p{N}]/gu, '');
}

/** Every accepted spelling of each column: its key, and its import and export labels in every language. */
function buildHeaderAliases(): Map<string, UserImportColumn> {
  const aliases = new Map<string, UserImportColumn>();
  for (const column of USER_IMPORT_COLUMNS) {
    const spellings: string[] = [column];
    for (const locale of LOCALES) {
      const t = translator(locale);
      spellings.push(t(`users_import.columns.${column}`));
      const exported = `users_admin.columns.${column}`;
      if (t(exported) !== exported) spellings.push(t(exported));
    }
    for (const spelling of spellings) {
      const key = normaliseHeader(spelling);
      const taken = aliases.get(key);
      if (taken && taken !== column) throw new Error(`Import header "${spelling}" names both ${taken} and ${column}`);
      aliases.set(key, column);
    }
  }
  return aliases;
}

let headerAliases: Map<string, UserImportColumn> | undefined;

/** Every spelling of the company's fields: the key and each label, as headers are compared. */
function customFieldAliases(fields: readonly UserCustomField[]): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const field of fields) {
    for (const spelling of [field.key, ...Object.values(field.label)]) {
      const key = spelling ? normaliseHeader(spelling) : '';
      // The first field keeps a spelling two of them share, as the order decides everywhere else.
      if (key !== '' && !aliases.has(key)) aliases.set(key, field.key);
    }
  }
  return aliases;
}

/**
 * What each header of the file names: a standard column, one of the company's defined fields (by key or by a label
 * in any language), or nothing.
 */
export function mapHeaders(headers: string[], customFields: readonly UserCustomField[]) {
  headerAliases ??= buildHeaderAliases();
  const custom = customFieldAliases(customFields);
  const columns: ({ kind: 'column'; column: UserImportColumn } | { kind: 'custom'; key: string } | null)[] = [];
  const seen = new Set<string>();
  const ignored: string[] = [];
  for (const header of headers) {
    const normalised = normaliseHeader(header);
    const column = headerAliases.get(normalised);
    const customKey = custom.get(normalised);
    const target = column ? `c:${column}` : customKey ? `f:${customKey}` : null;
    // A column repeated is read once, from its first occurrence.
    if (!target || seen.has(target)) {
      if (header !== '') ignored.push(header);
      columns.push(null);
      continue;
    }
    seen.add(target);
    columns.push(column ? { kind: 'column', column } : { kind: 'custom', key: customKey as string });
  }
  return { columns, ignored };
}
