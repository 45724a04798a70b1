import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { type ExportPlan, writeExport } from './exports.js';

async function* batches(count: number, size = 250) {
  for (let start = 0; start < count; start += size) {
    yield Array.from({ length: Math.min(size, count - start) }, (_, i) => [start + i + 1, `Kişi ${start + i + 1}`]);
  }
}

async function written(plan: ExportPlan, progress = vi.fn(async () => undefined)) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const rows = await writeExport(plan, out, { progress });
  return { rows, body: Buffer.concat(chunks), progress };
}

describe('writeExport', () => {
  it('streams CSV with a BOM, guards formulas, and reports progress up to the last row', async () => {
    const plan: ExportPlan = {
      fileName: 'kişiler',
      format: 'csv',
      sheets: [
        {
          name: 'Kişiler',
          headers: ['ID', 'Ad'],
          total: 1201,
          rows: (async function* () {
            yield* batches(1200);
            yield [[1201, '=HYPERLINK("http://x")']];
          })(),
        },
      ],
    };
    const { rows, body, progress } = await written(plan);
    expect(rows).toEqual([1201]);
    const lines = body.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFFID,Ad');
    expect(lines[1]).toBe('1,Kişi 1');
    expect(lines[1201]).toBe(`1201,"'=HYPERLINK(""http://x"")"`);
    await vi.waitFor(() => expect(progress).toHaveBeenLastCalledWith(1201, 1201));
    expect(progress.mock.calls[0]).toEqual([500, 1201]);
  });

  it('writes one xlsx sheet per plan sheet under safe unique names, and reports nothing without a total', async () => {
    const plan: ExportPlan = {
      fileName: 'veriler',
      format: 'xlsx',
      sheets: [
        { name: 'Kullanıcılar [tümü]', headers: ['ID', 'Ad'], rows: batches(3) },
        { name: 'Kullanıcılar [tümü]', headers: ['ID'], rows: batches(0) },
      ],
    };
    const { rows, body, progress } = await written(plan);
    expect(rows).toEqual([3, 0]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Kullanıcılar  tümü ', 'Kullanıcılar  tümü  2']);
    expect(workbook.worksheets[0]?.getRow(4).values).toEqual([undefined, 3, 'Kişi 3']);
    expect(progress).not.toHaveBeenCalled();
  });
});
