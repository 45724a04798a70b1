import type { ExportFormat } from '@kampus/shared';

export type Cell = string | number | null;

/**
 * Spreadsheet programs run a cell that starts with = + - @ (or a tab or carriage return before one) as a formula.
 * Such text is prefixed with an apostrophe so it shows as typed (OWASP "CSV injection"); numbers stay numbers.
 */
export function neutralise(value: Cell): Cell {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(value: Cell): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One RFC 4180 CSV line, guarded against formulas, with its CRLF. */
export const csvLine = (row: Cell[]): string => `${row.map((v) => csvField(neutralise(v))).join(',')}\r\n`;

/** RFC 4180 CSV with a BOM, so Excel opens UTF-8 (Turkish, Azerbaijani, German letters) correctly. */
export function toCsv(headers: string[], rows: Cell[][]): Buffer {
  return Buffer.from(`\uFEFF${[headers, ...rows].map(csvLine).join('')}`, 'utf8');
}

/** A small file answered in the response itself (the import template); lists and workbooks go through export jobs. */
export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** `attachment` with an ASCII fallback name and the real (localized) one in RFC 5987 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .replace(/ə/g, 'e')
    .replace(/[^\w.-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
