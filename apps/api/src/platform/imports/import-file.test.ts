import { performance } from 'node:perf_hooks';
import { USER_IMPORT_MAX_ROWS } from '@kampus/shared';
import { describe, expect, it } from 'vitest';
import { rssGrowthDuring } from '../../../test/memory.js';
import { inline, peopleSheet, sheetXml, workbookOf } from '../../../test/xlsx-files.js';
import { ImportFileRejected, readImportFile } from './import-file.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1024 * 1024;

async function rejectionOf(promise: Promise<unknown>): Promise<ImportFileRejected> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ImportFileRejected)) throw new Error(`expected a rejected file, got ${String(error)}`);
  return error;
}

const xlsxFile = (data: Buffer) => ({ name: 'people.xlsx', mime: XLSX, data });

describe('reading an import file', () => {
  it('reads what other writers store: shared and rich strings, inline strings, formula results and styled dates', async () => {
    const sharedStrings =
      '<si><t>Email</t></si><si><t>Name</t></si><si><t>Hire date</t></si><si><t>Active</t></si>' +
      '<si><r><rPr><b/></rPr><t>Ay</t></r><r><t xml:space="preserve">şe </t></r><r><t>&amp; Co</t></r></si>' +
      '<si><t>山田</t><rPh sb="0" eb="2"><t>ヤマダ</t></rPh></si>';
    // Style 1 is a built-in date (14), style 2 a custom date format, style 3 a custom number format.
    const styles =
      '<numFmts><numFmt numFmtId="164" formatCode="dd\\.mm\\.yyyy"/><numFmt numFmtId="165" formatCode="#,##0 &quot;TL&quot;"/></numFmts>' +
      '<cellStyleXfs><xf numFmtId="14"/></cellStyleXfs>' +
      '<cellXfs><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs>';
    const sheet = sheetXml(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>' +
        `<row r="2">${inline('A2', 'ayse@example.test')}<c r="B2" t="s"><v>4</v></c><c r="C2" s="1"><v>43845</v></c><c r="D2" t="b"><v>1</v></c></row>` +
        '<row r="3"/>' +
        `<row r="5"><c r="A5" t="str"><f>LOWER("X@EXAMPLE.TEST")</f><v>x@example.test</v></c><c r="B5" t="s"><v>5</v></c><c r="C5" s="2"><v>45352</v></c><c r="E5" s="3"><v>1234.5</v></c></row>`,
    );
    const read = await readImportFile(xlsxFile(await workbookOf(sheet, { sharedStrings, styles })), 10);
    expect(read.headers).toEqual(['Email', 'Name', 'Hire date', 'Active']);
    expect(read.rows).toEqual([
      { number: 2, cells: ['ayse@example.test', 'Ayşe & Co', '2020-01-15', 'true'] },
      { number: 5, cells: ['x@example.test', '山田', '2024-03-01', '', '1234.5'] },
    ]);
    const mac = await workbookOf(
      sheetXml(`<row r="1">${inline('A1', 'Hire date')}</row><row r="2"><c r="A2" s="1"><v>42383</v></c></row>`),
      {
        styles: '<cellXfs><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>',
        date1904: true,
      },
    );
    expect((await readImportFile(xlsxFile(mac), 10)).rows[0]?.cells).toEqual(['2020-01-15']);
  });

  it('keeps every character whole, also one split between two inflated chunks', async () => {
    const name = (i: number) => `Şükrü Öğütçü İğdır ${i} ğışçö`;
    const read = await readImportFile(xlsxFile(await workbookOf(peopleSheet(5_000, name))), USER_IMPORT_MAX_ROWS);
    expect(read.rows).toHaveLength(5_000);
    expect(read.rows.filter((row, i) => row.cells[1] !== name(i))).toEqual([]);
  });

  it('stops a csv at the row cap without reading the rest, with bounded memory', async () => {
    const lines = Buffer.alloc(9.5 * MB, 'a@example.test\n');
    const { result, growthMb } = await rssGrowthDuring(() =>
      rejectionOf(readImportFile({ name: 'people.csv', mime: 'text/csv', data: lines }, USER_IMPORT_MAX_ROWS)),
    );
    expect(result.key).toBe('users_import.too_many_rows');
    expect(growthMb).toBeLessThan(150);
  });

  it('stops an xlsx at the row cap', async () => {
    const read = readImportFile(xlsxFile(await workbookOf(peopleSheet(30))), 20);
    expect((await rejectionOf(read)).params).toEqual({ max: 20 });
  });

  it('leaves the event loop free while a big sheet is read', async () => {
    const file = xlsxFile(await workbookOf(peopleSheet(USER_IMPORT_MAX_ROWS)));
    const before = performance.eventLoopUtilization();
    const read = await readImportFile(file, USER_IMPORT_MAX_ROWS);
    const loop = performance.eventLoopUtilization(before);
    expect(read.rows).toHaveLength(USER_IMPORT_MAX_ROWS);
    // Parsing on this thread would keep the loop busy nearly all along; the worker leaves it waiting.
    expect(loop.utilization).toBeLessThan(0.5);
  });
});
