import type ExcelJS from 'exceljs';

/**
 * ExcelJS, loaded the first time a workbook is written: it is one of the largest packages the server uses (some 25 MB
 * of code and data once loaded), and most processes never export or import a sheet.
 */
export async function loadExcel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}
