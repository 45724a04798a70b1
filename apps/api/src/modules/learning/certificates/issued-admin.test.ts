import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { call, companyCaller, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { readPdf } from '../../../../test/pdf-text.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import {
  auditLogs,
  certificates,
  certificateTemplates,
  educationEnrolments,
  educations,
  jobs,
} from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import { record } from '../../../platform/events.js';

const textField = (key: string, type: string, y: number) => ({
  key,
  type,
  x: 40,
  y,
  width: 515,
  height: 30,
  size: 18,
  font: 'noto-sans',
  weight: 'regular',
  color: '#1f2937',
  align: 'center',
  text: {},
  issuer_name: '',
  image_url: null,
});

/** A zip's entries by name, read with yauzl. */
function zipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

describe('certificates: the admin’s issued certificates — files, states, re-issue one, export, zip of the PDFs', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let first: UserRow;
  let second: UserRow;
  let adminToken: string;
  let readerToken: string;
  let otherAdminToken: string;
  let definitionId: number;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));
  const DAY = 24 * 3600 * 1000;

  /** The person finishes the education as the educations module records it: the row, then the event. */
  async function complete(userId: number, educationId: number) {
    await inTenant(test.db, company.id, async (tx) => {
      await tx.insert(educationEnrolments).values({
        companyId: company.id,
        educationId,
        userId,
        source: 'admin',
        status: 'completed',
        finishedRate: 100,
        completedAt: new Date(),
      });
      await record(
        tx,
        { companyId: company.id, userId, ip: null, requestId: null },
        { action: 'education.completed', entity: 'education', id: educationId, after: { user_id: userId } },
      );
    });
    await test.settle();
  }

  const certificateOf = async (userId: number) => {
    const [row] = await asSystem(test.db, (tx) =>
      tx.select().from(certificates).where(eq(certificates.userId, userId)),
    );
    if (!row) throw new Error('no certificate');
    return row;
  };
  const setExpiry = (id: number, expiresAt: Date | null) =>
    asSystem(test.db, (tx) => tx.update(certificates).set({ expiresAt }).where(eq(certificates.id, id)));

  /** Starts a job-backed download (export or zip) and answers the file the job wrote, downloaded by the same caller. */
  async function jobFile(token: string, url: string, query: Record<string, string>, lang = 'tr') {
    const started = await call(test.app, 'POST', url, {
      host: hostOf(company),
      token,
      query,
      headers: { 'x-content-language': lang },
    });
    expect(started.statusCode, started.body).toBe(202);
    await test.platform.jobs.idle();
    const jobId = started.json().data.job_id as number;
    const job = await as(token, 'GET', `/api/jobs/${jobId}`);
    expect(job.json().data.state, job.body).toBe('done');
    return call(test.app, 'GET', `/api/jobs/${jobId}/download`, { host: hostOf(company), token });
  }

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    first = await test.factories.createUser(company, { name: 'Gülşen', surname: 'Çağlayan', language: 'tr' });
    second = await test.factories.createUser(company, { name: 'İsmail', surname: 'Şahin', language: 'tr' });
    adminToken = (await login(test.app, company, (await test.factories.createAdmin(company)).email!)).access_token;
    readerToken = await tokenWithPermissions(test, company, ['show_certificate']);
    otherAdminToken = (await login(test.app, other, (await test.factories.createAdmin(other)).email!)).access_token;
    const education = await test.factories.row(educations, company, { title: 'Yangın Güvenliği', language: 'tr' });
    const template = await test.factories.row(certificateTemplates, company, {
      name: 'Katılım',
      fields: [textField('name', 'full_name', 300), textField('no', 'certificate_number', 700)] as never,
    });
    const created = await as(adminToken, 'POST', '/api/admin/certificates', {
      body: { name: 'Yangın Sertifikası', trigger: 'education', ref_id: education.id, template_id: template.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    definitionId = created.json().data.id;
    await complete(first.id, education.id);
    await complete(second.id, education.id);
  });
  afterAll(() => test.close());

  it('lists each certificate with its state and signed PDF and image addresses', async () => {
    const list = await as(readerToken, 'GET', '/api/admin/certificates/issued', {
      query: { definition_id: String(definitionId), sort: 'full_name' },
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data;
    expect(rows.map((row: { user: { full_name: string } }) => row.user.full_name)).toEqual([
      'Gülşen Çağlayan',
      'İsmail Şahin',
    ]);
    for (const row of rows) {
      expect(row.state).toBe('valid');
      expect(row.pdf_url).toMatch(/^\/api\/files\/.+\.pdf\?expires=/);
      expect(row.png_url).toMatch(/^\/api\/files\/.+\.png\?expires=/);
    }
    const pdf = await as(readerToken, 'GET', rows[0].pdf_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it('filters by state: valid, expiring within 30 days, expired (a lapsed date counts), revoked', async () => {
    const a = await certificateOf(first.id);
    const b = await certificateOf(second.id);
    const numbersOf = async (status: string) =>
      (
        await as(adminToken, 'GET', '/api/admin/certificates/issued', {
          query: { definition_id: String(definitionId), status },
        })
      )
        .json()
        .data.map((row: { number: string }) => row.number);
    try {
      await setExpiry(a.id, new Date(Date.now() + 10 * DAY));
      expect(await numbersOf('expiring')).toEqual([a.number]);
      expect(await numbersOf('valid')).toEqual([b.number]);
      await setExpiry(a.id, new Date(Date.now() - DAY));
      expect(await numbersOf('expired')).toEqual([a.number]);
      expect(await numbersOf('revoked')).toEqual([]);
      const listed = await as(adminToken, 'GET', '/api/admin/certificates/issued', {
        query: { definition_id: String(definitionId), search: a.number },
      });
      expect(listed.json().data[0].state).toBe('expired');
      // A state the list does not know is no filter at all.
      expect(await numbersOf('lost')).toHaveLength(2);
    } finally {
      await setExpiry(a.id, null);
    }
  });

  it('builds a zip of the PDFs in a job, named by number and person; another company’s zip holds none of them', async () => {
    const download = await jobFile(readerToken, '/api/admin/certificates/issued/zip', {
      definition_id: String(definitionId),
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toContain('sertifikalar-');
    const entries = await zipEntries(download.rawPayload);
    const a = await certificateOf(first.id);
    const b = await certificateOf(second.id);
    expect([...entries.keys()].sort()).toEqual(
      [`${a.number} Gülşen Çağlayan.pdf`, `${b.number} İsmail Şahin.pdf`].sort(),
    );
    const pdf = await readPdf(new Uint8Array(entries.get(`${a.number} Gülşen Çağlayan.pdf`)!));
    expect(pdf.pages[0]?.texts).toEqual(expect.arrayContaining(['Gülşen Çağlayan', a.number]));
    // The search narrows the zip as it narrows the list.
    const searched = await jobFile(readerToken, '/api/admin/certificates/issued/zip', {
      definition_id: String(definitionId),
      search: 'şahin',
    });
    expect([...(await zipEntries(searched.rawPayload)).keys()]).toEqual([`${b.number} İsmail Şahin.pdf`]);

    const started = await asOther(otherAdminToken, 'POST', '/api/admin/certificates/issued/zip', {
      query: { definition_id: String(definitionId) },
    });
    expect(started.statusCode).toBe(202);
    await test.platform.jobs.idle();
    const foreign = await call(test.app, 'GET', `/api/jobs/${started.json().data.job_id}/download`, {
      host: hostOf(other),
      token: otherAdminToken,
    });
    expect(foreign.statusCode).toBe(200);
    expect((await zipEntries(foreign.rawPayload)).size).toBe(0);
    // Nor may the other company download this company's zip job.
    const mine = await as(adminToken, 'POST', '/api/admin/certificates/issued/zip', {
      query: { definition_id: String(definitionId) },
    });
    await test.platform.jobs.idle();
    const stolen = await call(test.app, 'GET', `/api/jobs/${mine.json().data.job_id}/download`, {
      host: hostOf(other),
      token: otherAdminToken,
    });
    expect(stolen.statusCode).toBe(404);
  });

  it('exports the list as a workbook with localized headers and states, through the export job', async () => {
    const a = await certificateOf(first.id);
    const download = await jobFile(
      readerToken,
      '/api/admin/certificates/issued/export',
      { definition_id: String(definitionId), format: 'xlsx', sort: 'full_name' },
      'en',
    );
    expect(download.statusCode, download.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Certificate number');
    const numbers = [2, 3].map((row) => sheet.getRow(row).getCell(1).value);
    expect(numbers).toContain(a.number);
    expect(sheet.getRow(2).getCell(7).value).toBe('Valid');
    expect(sheet.rowCount).toBe(3);
    const audited = await asSystem(test.db, (tx) =>
      tx.select().from(auditLogs).where(eq(auditLogs.action, 'certificate.exported')),
    );
    expect(audited).toHaveLength(1);
  });

  it('re-issues one certificate: new files, same number; a revoked one is refused; create_certificate only', async () => {
    const before = await certificateOf(first.id);
    const url = `/api/admin/certificates/issued/${before.id}/reissue`;
    expect((await as(undefined, 'POST', url)).statusCode).toBe(401);
    expect((await as(readerToken, 'POST', url)).statusCode).toBe(403);
    expect((await asOther(otherAdminToken, 'POST', url)).statusCode).toBe(404);
    const bad = await as(adminToken, 'POST', '/api/admin/certificates/issued/abc/reissue', { lang: 'en' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.id).toBeDefined();

    const reissued = await as(adminToken, 'POST', url);
    expect(reissued.statusCode, reissued.body).toBe(200);
    expect(reissued.json()).toEqual({ data: { queued: 1 } });
    await test.settle();
    const after = await certificateOf(first.id);
    expect(after.number).toBe(before.number);
    expect(after.issuedAt).toEqual(before.issuedAt);
    expect(after.pdfFileId).not.toBe(before.pdfFileId);

    const revoke = await as(adminToken, 'POST', `/api/admin/certificates/issued/${after.id}/revoke`, {
      body: { reason: 'Yanlış kişiye verildi' },
    });
    expect(revoke.statusCode).toBe(204);
    const refused = await as(adminToken, 'POST', url, { lang: 'de' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Ein widerrufenes Zertifikat kann nicht neu ausgestellt werden.');
    const revoked = await as(adminToken, 'GET', '/api/admin/certificates/issued', {
      query: { definition_id: String(definitionId), status: 'revoked' },
    });
    expect(revoked.json().data).toEqual([
      expect.objectContaining({ number: before.number, state: 'revoked', revoked_reason: 'Yanlış kişiye verildi' }),
    ]);
  });

  it('refuses the export and the zip without a session or show_certificate, and bad input with a localized 422', async () => {
    const learnerToken = (await login(test.app, company, first.email!)).access_token;
    const countJobs = async () => (await asSystem(test.db, (tx) => tx.select({ id: jobs.id }).from(jobs))).length;
    const before = await countJobs();
    for (const path of ['/api/admin/certificates/issued/export', '/api/admin/certificates/issued/zip']) {
      expect((await as(undefined, 'POST', path)).statusCode).toBe(401);
      expect((await as(learnerToken, 'POST', path)).statusCode).toBe(403);
      const bad = await as(adminToken, 'POST', path, { query: { search: 'a\u0000b' }, lang: 'en' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.search[0]).toContain('cannot be used');
    }
    expect(await countJobs()).toBe(before);
  });
});
