import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { readPdf } from '../../../../test/pdf-text.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import {
  auditLogs,
  certificates,
  certificateTemplates,
  educationEnrolments,
  educations,
  notificationRecipients,
  storedFiles,
} from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import { record } from '../../../platform/events.js';
import { addMonths, newCertificateNumber } from './issue.js';
import { linkedInUrl, stateOf } from './records.js';

const nameField = {
  key: 'name',
  type: 'full_name',
  x: 40,
  y: 300,
  width: 515,
  height: 44,
  size: 28,
};
const numberField = { key: 'no', type: 'certificate_number', x: 40, y: 700, width: 300, height: 20, size: 10 };

describe('certificates: issuing on completion, the person’s certificates, verification, revoking', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let learner: UserRow;
  let adminToken: string;
  let learnerToken: string;
  let otherAdminToken: string;
  let educationId: number;
  let templateId: number;
  let definitionId: number;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));

  /** The person finishes an education as the educations module records it: the row, then the event. */
  async function complete(userId: number, id: number) {
    await inTenant(test.db, company.id, async (tx) => {
      await tx
        .insert(educationEnrolments)
        .values({
          companyId: company.id,
          educationId: id,
          userId,
          source: 'admin',
          status: 'completed',
          finishedRate: 100,
          completedAt: new Date(),
        })
        .onConflictDoUpdate({
          target: [educationEnrolments.educationId, educationEnrolments.userId],
          set: { status: 'completed', finishedRate: 100, completedAt: new Date() },
        });
      await record(
        tx,
        { companyId: company.id, userId, ip: null, requestId: null },
        { action: 'education.completed', entity: 'education', id, after: { user_id: userId } },
      );
    });
    await test.settle();
  }

  const certificatesOf = (userId: number) =>
    asSystem(test.db, (tx) => tx.select().from(certificates).where(eq(certificates.userId, userId)));

  async function fileBytes(fileId: number): Promise<Uint8Array> {
    const [file] = await asSystem(test.db, (tx) => tx.select().from(storedFiles).where(eq(storedFiles.id, fileId)));
    if (!file) throw new Error('no stored file');
    expect(file).toMatchObject({ visibility: 'private', attachments: 1 });
    const opened = await test.platform.files.open(company.id, file.name);
    if (!opened) throw new Error('file not in storage');
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(chunk as Buffer);
    return new Uint8Array(Buffer.concat(chunks));
  }

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    learner = await test.factories.createUser(company, { name: 'Gülşen', surname: 'Çağlayan Öztürk', language: 'tr' });
    adminToken = (await login(test.app, company, (await test.factories.createAdmin(company)).email!)).access_token;
    learnerToken = (await login(test.app, company, learner.email!)).access_token;
    otherAdminToken = (await login(test.app, other, (await test.factories.createAdmin(other)).email!)).access_token;
    const education = await test.factories.row(educations, company, {
      title: 'İş Sağlığı ve Güvenliği Temel Eğitimi',
      language: 'tr',
      estimatedMinutes: 480,
    });
    educationId = education.id;
    const template = await test.factories.row(certificateTemplates, company, {
      name: 'Katılım Sertifikası',
      fields: [
        {
          ...nameField,
          font: 'noto-serif',
          weight: 'bold',
          color: '#1f2937',
          align: 'center',
          text: {},
          issuer_name: '',
          image_url: null,
        },
        {
          ...numberField,
          font: 'noto-sans',
          weight: 'regular',
          color: '#1f2937',
          align: 'left',
          text: {},
          issuer_name: '',
          image_url: null,
        },
      ] as never,
    });
    templateId = template.id;
    const created = await as(adminToken, 'POST', '/api/admin/certificates', {
      body: {
        name: 'İSG Katılım Sertifikası',
        trigger: 'education',
        ref_id: educationId,
        template_id: templateId,
        validity_months: 12,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    definitionId = created.json().data.id;
  });
  afterAll(() => test.close());

  it('issues exactly one certificate on completion, renders it with the learner’s name, tells the person', async () => {
    await complete(learner.id, educationId);
    const issued = await certificatesOf(learner.id);
    expect(issued).toHaveLength(1);
    const [certificate] = issued;
    if (!certificate) throw new Error('none');
    expect(certificate).toMatchObject({ definitionId, cycle: 1, status: 'valid', templateId });
    expect(certificate.number).toMatch(/^KMP-\d{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(certificate.expiresAt?.toISOString().slice(0, 10)).toBe(
      addMonths(certificate.issuedAt, 12).toISOString().slice(0, 10),
    );
    if (!certificate.pdfFileId || !certificate.pngFileId) throw new Error('not rendered');
    const pdf = await readPdf(await fileBytes(certificate.pdfFileId));
    expect(pdf.pages[0]?.texts).toContain('Gülşen Çağlayan Öztürk');
    expect(pdf.pages[0]?.texts).toContain(certificate.number);
    const png = await fileBytes(certificate.pngFileId);
    expect(Buffer.from(png).toString('latin1', 1, 4)).toBe('PNG');

    // The notification, the certificate_earned mail with the deep link, the certificate.issued event.
    const notified = await asSystem(test.db, (tx) =>
      tx.select().from(notificationRecipients).where(eq(notificationRecipients.userId, learner.id)),
    );
    expect(notified).toHaveLength(1);
    const outbox = path.join(test.config.DATA_DIR, 'outbox');
    const mails = await Promise.all(
      (await readdir(outbox)).filter((f) => f.endsWith('.eml')).map((f) => readFile(path.join(outbox, f), 'utf8')),
    );
    const mail = mails.find((m) => m.includes(learner.email!));
    expect(mail).toBeDefined();
    expect(mail).toMatch(/type=3Dmy-certification|type=my-certification/);
    const events = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'certificate.issued'), eq(auditLogs.companyId, company.id))),
    );
    expect(events).toHaveLength(1);
  });

  it('issues nothing new on a repeated completion event', async () => {
    await complete(learner.id, educationId);
    expect(await certificatesOf(learner.id)).toHaveLength(1);
  });

  it('lists the person’s certificates with signed files, the verify link and the LinkedIn link; nobody else’s', async () => {
    const mine = await as(learnerToken, 'GET', '/api/certificates/me');
    expect(mine.statusCode, mine.body).toBe(200);
    const [item] = mine.json().data;
    expect(item).toMatchObject({ name: 'İSG Katılım Sertifikası', title: 'İş Sağlığı ve Güvenliği Temel Eğitimi' });
    expect(item.state).toBe('valid');
    expect(item.pdf_url).toMatch(/^\/api\/files\/.+\.pdf\?expires=/);
    expect(item.verify_url).toMatch(new RegExp(`/verify/${item.number}$`));
    expect(item.linkedin_url).toContain('https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME');
    const pdf = await as(learnerToken, 'GET', item.pdf_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    expect((await as(learnerToken, 'GET', `/api/certificates/me/${item.id}`)).statusCode).toBe(200);
    expect((await as(undefined, 'GET', '/api/certificates/me')).statusCode).toBe(401);
    const colleague = await test.factories.createUser(company);
    const colleagueToken = (await login(test.app, company, colleague.email!)).access_token;
    expect((await as(colleagueToken, 'GET', '/api/certificates/me')).json().data).toEqual([]);
    expect((await as(colleagueToken, 'GET', `/api/certificates/me/${item.id}`)).statusCode).toBe(404);
  });

  it('verifies a valid number without signing in; unknown, malformed and another company’s answer the same', async () => {
    const [certificate] = await certificatesOf(learner.id);
    const valid = await as(undefined, 'GET', `/api/verify/${certificate!.number}`);
    expect(valid.statusCode).toBe(200);
    expect(valid.json().data).toMatchObject({
      valid: true,
      full_name: 'Gülşen Çağlayan Öztürk',
      title: 'İş Sağlığı ve Güvenliği Temel Eğitimi',
      number: certificate!.number,
    });
    const notValid = { data: { valid: false } };
    expect((await as(undefined, 'GET', '/api/verify/KMP-2026-AAAA-BBBB')).json()).toEqual(notValid);
    expect((await as(undefined, 'GET', '/api/verify/not-a-number')).json()).toEqual(notValid);
    expect((await asOther(undefined, 'GET', `/api/verify/${certificate!.number}`)).json()).toEqual(notValid);
  });

  it('revokes with a reason (create_certificate only): verification and the person’s list drop it', async () => {
    const [certificate] = await certificatesOf(learner.id);
    const id = certificate!.id;
    const url = `/api/admin/certificates/issued/${id}/revoke`;
    const reader = await tokenWithPermissions(test, company, ['show_certificate']);
    expect((await as(reader, 'POST', url, { body: { reason: 'Hatalı' } })).statusCode).toBe(403);
    expect((await as(learnerToken, 'POST', url, { body: { reason: 'Hatalı' } })).statusCode).toBe(403);
    expect((await asOther(otherAdminToken, 'POST', url, { body: { reason: 'Hatalı' } })).statusCode).toBe(404);
    const empty = await as(adminToken, 'POST', url, { body: { reason: ' ' }, lang: 'en' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.reason).toBeDefined();
    expect((await certificatesOf(learner.id))[0]?.status).toBe('valid');

    const listed = await as(
      reader,
      'GET',
      `/api/admin/certificates/issued?definition_id=${definitionId}&search=Çağlayan`,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toHaveLength(1);
    expect(listed.json().data[0]).toMatchObject({ number: certificate!.number, status: 'valid', rendered: true });
    expect((await asOther(otherAdminToken, 'GET', '/api/admin/certificates/issued')).json().data).toEqual([]);

    expect((await as(adminToken, 'POST', url, { body: { reason: 'Sınav kuralları ihlal edildi' } })).statusCode).toBe(
      204,
    );
    const [revoked] = await certificatesOf(learner.id);
    expect(revoked).toMatchObject({ status: 'revoked', revokedReason: 'Sınav kuralları ihlal edildi' });
    expect((await as(undefined, 'GET', `/api/verify/${revoked!.number}`)).json()).toEqual({ data: { valid: false } });
    expect((await as(learnerToken, 'GET', '/api/certificates/me')).json().data).toEqual([]);
    // A revoked certificate is not issued again by another completion.
    await complete(learner.id, educationId);
    expect(await certificatesOf(learner.id)).toHaveLength(1);
  });

  it('re-renders a definition’s valid certificates after a template change, keeping the number, telling nobody', async () => {
    const person = await test.factories.createUser(company, { name: 'Ömer', surname: 'Şahin' });
    await complete(person.id, educationId);
    const [before] = await certificatesOf(person.id);
    const reader = await tokenWithPermissions(test, company, ['show_certificate']);
    expect((await as(reader, 'POST', `/api/admin/certificates/${definitionId}/reissue`)).statusCode).toBe(403);
    expect((await asOther(otherAdminToken, 'POST', `/api/admin/certificates/${definitionId}/reissue`)).statusCode).toBe(
      404,
    );
    const reissued = await as(adminToken, 'POST', `/api/admin/certificates/${definitionId}/reissue`);
    expect(reissued.statusCode, reissued.body).toBe(200);
    expect(reissued.json().data.queued).toBe(1);
    await test.settle();
    const [after] = await certificatesOf(person.id);
    expect(after!.number).toBe(before!.number);
    expect(after!.pdfFileId).not.toBe(before!.pdfFileId);
    const [old] = await asSystem(test.db, (tx) =>
      tx.select().from(storedFiles).where(eq(storedFiles.id, before!.pdfFileId!)),
    );
    expect(old?.attachments).toBe(0);
    const notified = await asSystem(test.db, (tx) =>
      tx.select().from(notificationRecipients).where(eq(notificationRecipients.userId, person.id)),
    );
    expect(notified).toHaveLength(1);
  });

  it('the expiry run warns once within 30 days, then marks the lapsed certificate expired; the next completion renews it', async () => {
    const person = await test.factories.createUser(company, { name: 'Şükrü', surname: 'Ağaoğlu', language: 'tr' });
    await complete(person.id, educationId);
    const [issued] = await certificatesOf(person.id);
    const service = test.services.certificates.expiry;
    const expiresAt = issued!.expiresAt!;
    const notices = async () =>
      (
        await asSystem(test.db, (tx) =>
          tx.select().from(notificationRecipients).where(eq(notificationRecipients.userId, person.id)),
        )
      ).length;
    const before = await notices();
    const warnDay = new Date(expiresAt.getTime() - 10 * 86_400_000);
    expect((await service.run(warnDay)).warned).toBeGreaterThanOrEqual(1);
    expect(await notices()).toBe(before + 1);
    await service.run(warnDay);
    expect(await notices()).toBe(before + 1);
    expect((await service.run(new Date(expiresAt.getTime() + 1000))).expired).toBeGreaterThanOrEqual(1);
    expect((await certificatesOf(person.id))[0]?.status).toBe('expired');
    expect(await notices()).toBe(before + 2);
    await test.settle();
    // The education completed again: the next cycle.
    await complete(person.id, educationId);
    const cycles = (await certificatesOf(person.id)).map((c) => [c.cycle, c.status]).sort();
    expect(cycles).toEqual([
      [1, 'expired'],
      [2, 'valid'],
    ]);
  });

  it('numbers certificates unguessably; states and LinkedIn links', () => {
    const numbers = new Set(Array.from({ length: 200 }, () => newCertificateNumber(new Date('2026-03-14'))));
    expect(numbers.size).toBe(200);
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString().slice(0, 10)).toBe('2026-02-28');
    const now = new Date('2026-06-01T00:00:00Z');
    expect(stateOf('valid', null, now)).toBe('valid');
    expect(stateOf('valid', new Date('2026-06-20T00:00:00Z'), now)).toBe('expiring');
    expect(stateOf('valid', new Date('2026-05-20T00:00:00Z'), now)).toBe('expired');
    expect(stateOf('expired', null, now)).toBe('expired');
    const url = new URL(
      linkedInUrl({
        name: 'İSG',
        company: 'Demo A.Ş.',
        issuedAt: new Date('2026-03-14'),
        expiresAt: null,
        verifyUrl: 'https://demo.example/verify/KMP-2026-AAAA-BBBB',
        number: 'KMP-2026-AAAA-BBBB',
      }),
    );
    expect(url.searchParams.get('organizationName')).toBe('Demo A.Ş.');
    expect(url.searchParams.get('issueMonth')).toBe('3');
    expect(url.searchParams.has('expirationYear')).toBe(false);
  });
});
