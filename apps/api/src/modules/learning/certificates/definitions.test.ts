import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import {
  assignments,
  certificateDefinitions,
  certificates,
  certificateTemplates,
  educations,
  programs,
} from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

const base = '/api/admin/certificates';

/** What a company needs before a definition names it: an education and a template of its own. */
const prepared = new Map<number, { educationId: number; templateId: number }>();
async function prepare(test: TestApp, company: CompanyRow) {
  const education = await test.factories.row(educations, company, {
    title: 'İş Sağlığı ve Güvenliği Temel Eğitimi',
    language: 'tr',
  });
  const template = await test.factories.row(certificateTemplates, company, { name: 'Katılım Sertifikası' });
  prepared.set(company.id, { educationId: education.id, templateId: template.id });
}
const own = (company: CompanyRow) => {
  const ids = prepared.get(company.id);
  if (!ids) throw new Error('company not prepared');
  return ids;
};

describeResourceContract({
  plural: 'certificates',
  entity: 'certificate_definition',
  permissions: { read: 'show_certificate', write: 'create_certificate' },
  prepare,
  create: (n, company) => ({
    name: `İSG Katılım Sertifikası ${n}`,
    trigger: 'education',
    ref_id: own(company).educationId,
    template_id: own(company).templateId,
    validity_months: 24,
  }),
  update: { name: 'İSG Yenileme Sertifikası', validity_months: 12, recertify: true },
  invalid: { body: { name: '', trigger: 'education', ref_id: 1, template_id: 1 }, field: 'name' },
  without: ['export'],
});

describe('certificate definitions: what they name, the trigger rules, deleting', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let learner: UserRow;
  let adminToken: string;
  const as = companyCaller(() => ({ app: test.app, company }));

  const count = async () =>
    (
      await asSystem(test.db, (tx) =>
        tx.select().from(certificateDefinitions).where(eq(certificateDefinitions.companyId, company.id)),
      )
    ).length;

  async function define(body: Record<string, unknown>) {
    const response = await as(adminToken, 'POST', base, {
      body: { name: 'Sertifika', template_id: own(company).templateId, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    await prepare(test, company);
    await prepare(test, other);
    learner = await test.factories.createUser(company);
    adminToken = (await login(test.app, company, (await test.factories.createAdmin(company)).email!)).access_token;
  });
  afterAll(() => test.close());

  it('presents what it names: the item title, the template name, nothing issued yet', async () => {
    const item = await define({ trigger: 'education', ref_id: own(company).educationId });
    expect(item).toMatchObject({
      trigger: 'education',
      ref_title: 'İş Sağlığı ve Güvenliği Temel Eğitimi',
      template_name: 'Katılım Sertifikası',
      validity_months: null,
      evaluation_required: false,
      recertify: false,
      status: 1,
      issued: 0,
    });
  });

  it('names programs, real exams and assignments; keeps a min score only for exams, recertify only for educations', async () => {
    const program = await test.factories.row(programs, company, { title: 'Yönetici Gelişim Programı' });
    const exam = await test.factories.createExam(company, { title: 'Yangın Güvenliği Sınavı' });
    const assignment = await test.factories.row(assignments, company, {
      name: 'Yıllık Uyum Eğitimleri',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      targetKind: 'company',
    });
    const byExam = await define({ trigger: 'exam', ref_id: exam.id, min_score: 80, recertify: true });
    expect(byExam).toMatchObject({ ref_title: 'Yangın Güvenliği Sınavı', min_score: 80, recertify: false });
    const byProgram = await define({ trigger: 'program', ref_id: program.id, min_score: 80 });
    expect(byProgram).toMatchObject({ ref_title: 'Yönetici Gelişim Programı', min_score: null });
    const byAssignment = await define({ trigger: 'assignment', ref_id: assignment.id });
    expect(byAssignment.ref_title).toBe('Yıllık Uyum Eğitimleri');

    // Switching to an education drops the exam's min score.
    const changed = await as(adminToken, 'PUT', `${base}/${byExam.id}`, {
      body: { trigger: 'education', ref_id: own(company).educationId, recertify: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ trigger: 'education', min_score: null, recertify: true });

    const filtered = await as(adminToken, 'GET', `${base}?trigger=program`);
    expect(filtered.json().data.map((d: { id: number }) => d.id)).toEqual([byProgram.id]);
    const searched = await as(adminToken, 'GET', `${base}?search=Sertifika&sort=name`);
    expect(searched.statusCode).toBe(200);
  });

  it("refuses another company's education or template, a practice exam, a bad validity, saving nothing", async () => {
    const before = await count();
    const foreignRef = await as(adminToken, 'POST', base, {
      lang: 'tr',
      body: {
        name: 'Yabancı',
        trigger: 'education',
        ref_id: own(other).educationId,
        template_id: own(company).templateId,
      },
    });
    expect(foreignRef.statusCode).toBe(422);
    expect(foreignRef.json().errors.ref_id).toEqual([
      'Bu öğe eğitimleriniz, programlarınız, sınavlarınız veya atamalarınız arasında bulunamadı.',
    ]);

    const foreignTemplate = await as(adminToken, 'POST', base, {
      lang: 'en',
      body: {
        name: 'Foreign',
        trigger: 'education',
        ref_id: own(company).educationId,
        template_id: own(other).templateId,
      },
    });
    expect(foreignTemplate.statusCode).toBe(422);
    expect(foreignTemplate.json().errors.template_id).toEqual(['This certificate template was not found.']);

    const practice = await test.factories.createExam(company, { kind: 'demo' });
    const practiceExam = await as(adminToken, 'POST', base, {
      body: { name: 'Deneme', trigger: 'exam', ref_id: practice.id, template_id: own(company).templateId },
    });
    expect(practiceExam.statusCode).toBe(422);

    const validity = await as(adminToken, 'POST', base, {
      lang: 'de',
      body: {
        name: 'Gültigkeit',
        trigger: 'lecture',
        ref_id: own(company).educationId,
        template_id: own(company).templateId,
        validity_months: 0,
      },
    });
    expect(validity.statusCode).toBe(422);
    expect(validity.json().errors.validity_months).toEqual([
      'Geben Sie eine Gültigkeit zwischen 1 und 120 Monaten ein oder lassen Sie das Feld für unbegrenzte Gültigkeit leer.',
    ]);
    expect(validity.json().errors.trigger).toEqual(['Wählen Sie, wann das Zertifikat ausgestellt wird.']);

    const update = await define({ trigger: 'education', ref_id: own(company).educationId });
    const badUpdate = await as(adminToken, 'PUT', `${base}/${update.id}`, {
      body: { template_id: own(other).templateId },
    });
    expect(badUpdate.statusCode).toBe(422);
    expect((await as(adminToken, 'GET', `${base}/${update.id}`)).json().data).toEqual(update);
    expect(await count()).toBe(before + 1);
  });

  it('keeps a definition that issued certificates (make it passive instead); deletes one that issued none', async () => {
    const unused = await define({ trigger: 'education', ref_id: own(company).educationId });
    expect((await as(adminToken, 'DELETE', `${base}/${unused.id}`)).statusCode).toBe(200);

    const used = await define({ trigger: 'education', ref_id: own(company).educationId });
    await test.factories.row(certificates, company, {
      userId: learner.id,
      definitionId: used.id,
      number: 'KMP-2026-TEST-0001',
    });
    const refused = await as(adminToken, 'DELETE', `${base}/${used.id}`, { lang: 'en' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.id).toEqual([
      'Certificates have already been issued under this definition. Make it passive instead.',
    ]);
    const detail = await as(adminToken, 'GET', `${base}/${used.id}`);
    expect(detail.json().data.issued).toBe(1);
  });

  it('lets show_certificate read but not change', async () => {
    const reader = await tokenWithPermissions(test, company, ['show_certificate']);
    expect((await as(reader, 'GET', base)).statusCode).toBe(200);
    const refused = await as(reader, 'POST', base, {
      body: {
        name: 'Okur',
        trigger: 'education',
        ref_id: own(company).educationId,
        template_id: own(company).templateId,
      },
    });
    expect(refused.statusCode).toBe(403);
  });
});
