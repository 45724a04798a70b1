import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { type Cell, neutralise } from '../../platform/resource/export.js';

/** A sheet holds at most 1,048,576 rows; one is the header. */
export const SHEET_MAX_ROWS = 1_048_575;

export interface WorkbookSheet {
  name: string;
  headers: string[];
  rows: AsyncIterable<Cell[][]>;
}

/** Sheet names are at most 31 characters, without []:*?/\ and unique within the workbook. */
function sheetName(name: string, taken: Set<string>): string {
  const base = name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base.slice(0, 28)} ${n}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Writes the sheets one after the other with ExcelJS's streaming writer: each row is serialised and dropped as soon
 * as it is added, so memory holds the compressed file, not the workbook model. Text cells get the same
 * formula-injection guard as every list export. Returns the file and the rows written per sheet.
 */
export async function writeWorkbook(sheets: WorkbookSheet[]): Promise<{ body: Buffer; rows: number[] }> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const taken = new Set<string>();
  const counts: number[] = [];
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheetName(sheet.name, taken), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    const header = worksheet.addRow(sheet.headers.map(neutralise));
    header.font = { bold: true };
    header.commit();
    let written = 0;
    for await (const batch of sheet.rows) {
      for (const row of batch) {
        if (written >= SHEET_MAX_ROWS) break;
        worksheet.addRow(row.map(neutralise)).commit();
        written++;
      }
    }
    worksheet.commit();
    counts.push(written);
  }
  await workbook.commit();
  await finished;
  return { body: Buffer.concat(chunks), rows: counts };
}
