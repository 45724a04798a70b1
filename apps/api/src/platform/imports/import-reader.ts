import { Readable } from 'node:stream';
import { parse as parseCsv } from '@fast-csv/parse';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';

/**
 * Reads an uploaded import file into text rows, streaming and bounded. This module runs inside the import worker
 * (import-worker.ts), so it imports nothing of the application: no database, no i18n, no shared package.
 */

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

export interface UploadedFile {
  name: string;
  mime: string;
  data: Buffer;
}

/**
 * How much unpacked XML a sheet of `maxRows` people may need. A row of the template is well under 1 KB of sheet XML
 * (a cell is ~40 bytes plus its text); 4 KB per row leaves room for wide exports and inline strings. Anything beyond
 * is refused before a byte is inflated, so a small zip cannot unpack into gigabytes.
 */
export function unpackedLimits(maxRows: number) {
  const rows = maxRows + 1;
  const sheetBytes = rows * 4096;
  const sharedStringsBytes = rows * 2048;
  return {
    sheetBytes,
    sharedStringsBytes,
    // Styles, theme, pictures and the other parts of a real workbook fit in 16 MB many times over.
    totalBytes: sheetBytes + sharedStringsBytes + 16 * 1024 * 1024,
    entries: 1000,
  };
}

const tooMuchData = (maxRows: number) => new ImportFileRejected('users_import.too_much_data', { max: maxRows });

/** Collects the non-blank rows and stops the reading (by throwing) at the first row beyond the cap. */
class RowCollector {
  private readonly rows: { number: number; cells: string[] }[] = [];

  constructor(private readonly maxRows: number) {}

  add(number: number, cells: string[]) {
    const trimmed = Array.from(cells, (cell) => (cell ?? '').trim());
    if (trimmed.every((cell) => cell === '')) return;
    // The header row plus `maxRows` data rows; one more and the file is refused without reading the rest.
    if (this.rows.length > this.maxRows)
      throw new ImportFileRejected('users_import.too_many_rows', { max: this.maxRows });
    this.rows.push({ number, cells: trimmed });
  }

  get isEmpty() {
    return this.rows.length === 0;
  }

  sheet(): ImportSheet {
    const [header, ...rows] = this.rows;
    if (!header) throw new ImportFileRejected('users_import.empty_file');
    if (rows.length === 0) throw new ImportFileRejected('users_import.no_rows');
    return { headers: header.cells, rows };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// CSV

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

/** The text in slices: the parser then works a slice at a time and stops with the reading, not at the end. */
function* slicesOf(text: string, size = 64 * 1024) {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

/** Rows stream out of the parser one by one; cells stay text ("00123" keeps its zeros). */
async function readCsv(data: Buffer, maxRows: number): Promise<ImportSheet> {
  const text = decodeText(data);
  const collector = new RowCollector(maxRows);
  const rows = Readable.from(slicesOf(text)).pipe(parseCsv({ delimiter: delimiterOf(text), ignoreEmpty: true }));
  let number = 0;
  try {
    for await (const cells of rows as AsyncIterable<string[]>) collector.add(++number, cells);
  } catch (error) {
    if (error instanceof ImportFileRejected) throw error;
    throw new ImportFileRejected('users_import.invalid_file');
  } finally {
    rows.destroy();
  }
  return collector.sheet();
}

// ---------------------------------------------------------------------------------------------------------------
// XLSX

/** The index of a cell's column from its reference ("C7" → 2). */
function columnOf(ref: string): number {
  let column = 0;
  for (const char of ref) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column - 1;
}

/** Whether a number format shows a date: any day, month, year, hour or second outside quoted text and brackets. */
function isDateFormat(code: string): boolean {
  return /[dmyhs]/i.test(code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, ''));
}

/** The built-in number formats that are dates or times (ECMA-376 §18.8.30, and the East Asian date formats). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36]);
for (const id of [45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]) BUILT_IN_DATE_FORMATS.add(id);

/** A calendar date as the template asks for it (YYYY-MM-DD); Excel counts days from 1899-12-30 (or 1904-01-01). */
function serialToDay(serial: number, date1904: boolean): string {
  const unixDays = serial - 25569 + (date1904 ? 1462 : 0);
  return new Date(Math.round(unixDays * 86_400_000)).toISOString().slice(0, 10);
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const attribute = (tag: SaxesTagPlain, name: string) => {
  const value = tag.attributes[name];
  return typeof value === 'string' ? value : undefined;
};

/** The zip's entries by name, read from its central directory; refused when it would unpack beyond the limits. */
async function readDirectory(zip: yauzl.ZipFile, maxRows: number): Promise<Map<string, yauzl.Entry>> {
  const limits = unpackedLimits(maxRows);
  if (zip.entryCount > limits.entries) throw tooMuchData(maxRows);
  const entries = new Map<string, yauzl.Entry>();
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      total += entry.uncompressedSize;
      const isSheet = /^xl\/worksheets\/[^/]+\.xml$/.test(entry.fileName);
      const cap = isSheet
        ? limits.sheetBytes
        : /sharedStrings/i.test(entry.fileName)
          ? limits.sharedStringsBytes
          : null;
      if (total > limits.totalBytes || (cap !== null && entry.uncompressedSize > cap)) {
        reject(tooMuchData(maxRows));
        return;
      }
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', resolve);
    zip.once('error', reject);
    zip.readEntry();
  });
  return entries;
}

/**
 * Streams one entry through a SAX parser. yauzl checks the inflated bytes against the size the directory declared
 * (already within the limits) as they stream, and errors at the first byte beyond: a lying directory cannot unpack
 * more than it announced. Text is decoded as a stream, so a character split between two chunks stays whole.
 */
async function parseEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry | undefined,
  handlers: {
    open?: (name: string, tag: SaxesTagPlain) => void;
    close?: (name: string) => void;
    text?: (text: string) => void;
  },
): Promise<void> {
  if (!entry) return;
  const stream = await zip.openReadStreamPromise(entry);
  const parser = new SaxesParser();
  if (handlers.open) parser.on('opentag', (tag) => handlers.open?.(localName(tag.name), tag));
  if (handlers.close) parser.on('closetag', (tag) => handlers.close?.(localName(tag.name)));
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  stream.setEncoding('utf8');
  try {
    for await (const chunk of stream as AsyncIterable<string>) parser.write(chunk);
    parser.close();
  } finally {
    stream.destroy();
  }
}

/** Where the relationships of a part point, as zip paths: `Target` is relative to `xl/` unless absolute. */
async function readRelationships(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>) {
  const targets = new Map<string, { type: string; path: string }>();
  await parseEntry(zip, entries.get('xl/_rels/workbook.xml.rels'), {
    open(name, tag) {
      const id = attribute(tag, 'Id');
      const target = attribute(tag, 'Target');
      if (name !== 'Relationship' || !id || !target) return;
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
      targets.set(id, { type: attribute(tag, 'Type') ?? '', path });
    },
  });
  return targets;
}

/** The workbook's sheets in their tab order, and whether its dates count from 1904 (old Mac Excel). */
async function readWorkbook(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>) {
  const relationships = await readRelationships(zip, entries);
  const sheets: string[] = [];
  let date1904 = false;
  await parseEntry(zip, entries.get('xl/workbook.xml'), {
    open(name, tag) {
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attribute(tag, 'date1904') ?? '');
      if (name !== 'sheet') return;
      const id = Object.entries(tag.attributes).find(([key]) => localName(key) === 'id')?.[1];
      const path = typeof id === 'string' ? relationships.get(id)?.path : undefined;
      if (path) sheets.push(path);
    },
  });
  // A workbook without a readable workbook.xml still has its sheets at the usual paths.
  if (sheets.length === 0) {
    const number = (path: string) => Number(/(\d+)\.xml$/.exec(path)?.[1] ?? 0);
    sheets.push(
      ...[...entries.keys()]
        .filter((p) => /^xl\/worksheets\/[^/]+\.xml$/.test(p))
        .sort((a, b) => number(a) - number(b)),
    );
  }
  const partOf = (type: string, fallback: string) =>
    [...relationships.values()].find((r) => r.type.endsWith(`/${type}`))?.path ?? fallback;
  return {
    sheets,
    date1904,
    sharedStrings: partOf('sharedStrings', 'xl/sharedStrings.xml'),
    styles: partOf('styles', 'xl/styles.xml'),
  };
}

/** The indexes of the cell styles that show numbers as dates. */
async function readDateStyles(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined): Promise<Set<number>> {
  const customFormats = new Map<number, string>();
  const dateStyles = new Set<number>();
  let inCellXfs = false;
  let index = 0;
  await parseEntry(zip, entry, {
    open(name, tag) {
      if (name === 'numFmt') customFormats.set(Number(attribute(tag, 'numFmtId')), attribute(tag, 'formatCode') ?? '');
      if (name === 'cellXfs') inCellXfs = true;
      if (name !== 'xf' || !inCellXfs) return;
      const format = Number(attribute(tag, 'numFmtId') ?? 0);
      const custom = customFormats.get(format);
      if (custom === undefined ? BUILT_IN_DATE_FORMATS.has(format) : isDateFormat(custom)) dateStyles.add(index);
      index++;
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return dateStyles;
}

/** The shared strings table: each `<si>` as the text a person sees (rich text runs joined, phonetic hints left out). */
async function readSharedStrings(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined): Promise<string[]> {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let inPhonetic = false;
  await parseEntry(zip, entry, {
    open(name) {
      if (name === 'si') current = '';
      if (name === 'rPh') inPhonetic = true;
      if (name === 't' && !inPhonetic) inText = true;
    },
    close(name) {
      if (name === 't') inText = false;
      if (name === 'rPh') inPhonetic = false;
      if (name === 'si') strings.push(current);
    },
    text(text) {
      if (inText) current += text;
    },
  });
  return strings;
}

interface SheetContext {
  sharedStrings: string[];
  dateStyles: Set<number>;
  date1904: boolean;
}

/** The text a person sees in a cell, whatever Excel stored: a shared or inline string, a formula's result or a date. */
function cellText(cell: { type: string; style: number; value: string; inline: string }, context: SheetContext) {
  switch (cell.type) {
    case 's':
      return cell.value === '' ? '' : (context.sharedStrings[Number(cell.value)] ?? '');
    case 'inlineStr':
      return cell.inline;
    case 'str':
      return cell.value;
    case 'b':
      return cell.value === '1' ? 'true' : 'false';
    case 'e':
      return '';
    case 'd':
      return /^\d{4}-\d{2}-\d{2}/.test(cell.value) ? cell.value.slice(0, 10) : cell.value;
    default: {
      const number = Number(cell.value);
      if (cell.value === '' || !Number.isFinite(number)) return cell.value;
      return context.dateStyles.has(cell.style) ? serialToDay(number, context.date1904) : String(number);
    }
  }
}

/** Streams one worksheet's rows into the collector (which stops the reading at the row cap). */
async function readSheet(zip: yauzl.ZipFile, entry: yauzl.Entry, context: SheetContext, collector: RowCollector) {
  let row: { number: number; cells: string[] } | null = null;
  let cell: { column: number; type: string; style: number; value: string; inline: string } | null = null;
  let capture: 'value' | 'inline' | null = null;
  let inPhonetic = false;
  let lastRow = 0;
  await parseEntry(zip, entry, {
    open(name, tag) {
      if (name === 'row') {
        lastRow = Number(attribute(tag, 'r')) || lastRow + 1;
        row = { number: lastRow, cells: [] };
      } else if (name === 'c' && row) {
        const ref = attribute(tag, 'r');
        cell = {
          column: ref ? columnOf(ref) : row.cells.length,
          type: attribute(tag, 't') ?? 'n',
          style: Number(attribute(tag, 's') ?? 0),
          value: '',
          inline: '',
        };
      } else if (cell && name === 'v') capture = 'value';
      else if (cell && name === 'rPh') inPhonetic = true;
      else if (cell && name === 't' && !inPhonetic) capture = 'inline';
    },
    close(name) {
      if (name === 'v' || name === 't') capture = null;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c' && row && cell) {
        // A reference beyond column XFD (16,384) is not a spreadsheet's: ignore rather than grow a huge array.
        if (cell.column >= 0 && cell.column < 16_384) row.cells[cell.column] = cellText(cell, context);
        cell = null;
      } else if (name === 'row' && row) {
        collector.add(row.number, row.cells);
        row = null;
      }
    },
    text(text) {
      if (capture === 'value' && cell) cell.value += text;
      else if (capture === 'inline' && cell) cell.inline += text;
    },
  });
}

/** The first worksheet that has a row, read from a zip whose sizes were checked before anything is inflated. */
async function readXlsx(data: Buffer, maxRows: number): Promise<ImportSheet> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw new ImportFileRejected('users_import.invalid_file');
  }
  try {
    const entries = await readDirectory(zip, maxRows);
    const workbook = await readWorkbook(zip, entries);
    const context: SheetContext = {
      date1904: workbook.date1904,
      dateStyles: await readDateStyles(zip, entries.get(workbook.styles)),
      sharedStrings: await readSharedStrings(zip, entries.get(workbook.sharedStrings)),
    };
    const collector = new RowCollector(maxRows);
    for (const path of workbook.sheets) {
      const entry = entries.get(path);
      // A sheet the workbook keeps at an unusual path is held to the same limit as one under xl/worksheets/.
      if (entry && entry.uncompressedSize > unpackedLimits(maxRows).sheetBytes) throw tooMuchData(maxRows);
      if (entry) await readSheet(zip, entry, context, collector);
      if (!collector.isEmpty) break;
    }
    return collector.sheet();
  } catch (error) {
    if (error instanceof ImportFileRejected) throw error;
    throw new ImportFileRejected('users_import.invalid_file');
  } finally {
    zip.close();
  }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Reads an uploaded xlsx (by its zip signature) or csv (by its name or type) into text rows. */
export async function readUploadedSheet(file: UploadedFile, maxRows: number): Promise<ImportSheet> {
  if (file.data.length === 0) throw new ImportFileRejected('users_import.empty_file');
  if (file.data.subarray(0, 4).equals(ZIP_MAGIC)) return readXlsx(file.data, maxRows);
  const looksCsv = /\.csv$/i.test(file.name) || /^(text\/(csv|plain)|application\/(csv|vnd\.ms-excel))/.test(file.mime);
  if (looksCsv) return readCsv(file.data, maxRows);
  throw new ImportFileRejected('users_import.invalid_file');
}
