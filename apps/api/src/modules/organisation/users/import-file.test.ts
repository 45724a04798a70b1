import { performance } from 'node:perf_hooks';
import { USER_IMPORT_MAX_ROWS } from '@kampus/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import {
  hugeSheet,
  inline,
  peopleSheet,
  sheetXml,
  withDeclaredSheetSize,
  workbookOf,
} from '../../../../test/xlsx-files.js';
import { ImportFileRejected, readImportFile } from './import-file.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1024 * 1024;

/**
 * The most the process's memory grew while `work` ran. The event loop stays free during a read, so the sampler keeps
 * running; a last sample after the work catches memory that is never given back.
 */
async function rssGrowthDuring<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const sampler = setInterval(sample, 5);
  try {
    const result = await work();
    sample();
    return { result, growthMb: (peak - before) / MB };
  } finally {
    clearInterval(sampler);
  }
}

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

describe('user import bounds', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;
  let otherToken: string;
  let bomb: Buffer;

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    const otherAdmin = await test.factories.createAdmin(other);
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    otherToken = (await login(test.app, other, otherAdmin.email!)).access_token;
    // 400 MB of sheet XML that deflates to about 1.5 MB, like the file of the finding.
    bomb = await workbookOf(hugeSheet(400 * MB));
  }, 120_000);
  afterAll(() => test.close());

  const upload = (body: Buffer, contentType: string) =>
    call(test.app, 'POST', '/api/admin/users/import', {
      host: hostOf(company),
      token: adminToken,
      body,
      query: { dry_run: 'true' },
      headers: { 'content-type': contentType, 'x-content-language': 'en' },
    });
  const uploadFile = (data: Buffer, name = 'people.xlsx', type = XLSX) => {
    const boundary = 'kampus-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return upload(body, `multipart/form-data; boundary=${boundary}`);
  };

  it('refuses a zip bomb by its declared sizes, before inflating it, with bounded memory', async () => {
    expect(bomb.length).toBeLessThan(3 * MB);
    const { result, growthMb } = await rssGrowthDuring(() => uploadFile(bomb));
    expect(result.statusCode).toBe(422);
    expect(result.json().errors.file[0]).toContain('far more data than a list of 10000 people needs');
    expect(growthMb).toBeLessThan(150);
  });

  it('stops inflating at the size a lying central directory declared', async () => {
    const lying = withDeclaredSheetSize(bomb, 256 * 1024);
    const { result, growthMb } = await rssGrowthDuring(() => uploadFile(lying));
    expect(result.statusCode).toBe(422);
    expect(result.json().errors.file[0]).toContain('could not be read');
    expect(growthMb).toBeLessThan(150);
  });

  it('answers another company while a big import is being read', async () => {
    const file = await workbookOf(peopleSheet(USER_IMPORT_MAX_ROWS));
    const finished: string[] = [];
    const importing = uploadFile(file).then((response) => {
      finished.push('import');
      return response;
    });
    for (let i = 0; i < 3; i++) {
      const response = await call(test.app, 'GET', '/api/admin/users', {
        host: hostOf(other),
        token: otherToken,
        query: { per_page: '1' },
      });
      expect(response.statusCode).toBe(200);
      finished.push('other');
    }
    expect((await importing).statusCode).toBe(200);
    expect(finished).toEqual(['other', 'other', 'other', 'import']);
  });

  it('answers a malformed multipart body with 400, never a server error', async () => {
    const part =
      'Content-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nemail\r\n';
    const bodies: [string, string, string][] = [
      ['no boundary', 'multipart/form-data', `--x\r\n${part}--x--\r\n`],
      ['unclosed part', 'multipart/form-data; boundary=x', `--x\r\n${part}a@example.test`],
      ['huge boundary', `multipart/form-data; boundary=${'b'.repeat(5000)}`, `--${'b'.repeat(5000)}\r\n${part}`],
      ['garbage', 'multipart/form-data; boundary=x', '\u0000\u0001 not multipart at all'],
    ];
    for (const [label, contentType, body] of bodies) {
      const response = await upload(Buffer.from(body), contentType);
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(Object.keys(response.json()), label).toContain('message');
    }
  });
});
