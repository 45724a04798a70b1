import { USER_IMPORT_MAX_ROWS } from '@kampus/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { rssGrowthDuring } from '../../../../test/memory.js';
import { hugeSheet, peopleSheet, withDeclaredSheetSize, workbookOf } from '../../../../test/xlsx-files.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1024 * 1024;

/** The reader's bounds (platform/imports) as the users import answers them over HTTP. */
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
