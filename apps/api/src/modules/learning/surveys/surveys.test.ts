import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, companyExporter, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import {
  notificationRecipients,
  notifications,
  surveyParticipations,
  surveyResponses,
} from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

const freeText = (tr = 'Neyi geliştirelim?') => ({ type: 'free_text', text: { tr }, required: false });
const questionsBody = [
  {
    type: 'likert',
    text: { tr: 'Eğitim işime yarayacak.' },
    points: 5,
    labels: { tr: ['Hiç katılmıyorum', 'Katılmıyorum', 'Kararsızım', 'Katılıyorum', 'Tamamen katılıyorum'] },
  },
  {
    type: 'single_choice',
    text: { tr: 'Hangi gün uygun?' },
    options: [
      { key: 'mon', text: { tr: 'Pazartesi' } },
      { key: 'fri', text: { tr: 'Cuma' } },
    ],
  },
  {
    type: 'multiple_choice',
    text: { tr: 'Hangi konular?' },
    required: false,
    options: [
      { key: 'a', text: { tr: 'Excel' } },
      { key: 'b', text: { tr: 'Sunum' } },
      { key: 'c', text: { tr: 'Zaman yönetimi' } },
    ],
  },
  { type: 'rating', text: { tr: 'Bizi tavsiye eder misiniz?' }, scale: 'nps' },
  freeText(),
];

describeResourceContract({
  plural: 'surveys',
  entity: 'survey',
  permissions: { read: 'show_survey', write: 'create_survey' },
  create: (n) => ({ title: `Çalışan memnuniyeti ${n}`, questions: [freeText()] }),
  update: { title: 'Yıllık memnuniyet anketi' },
  invalid: { body: { title: '' }, field: 'title' },
});

describeResourceContract({
  plural: 'evaluation-surveys',
  entity: 'evaluation_survey',
  permissions: { read: 'read_evaluationsurvey', write: 'create_evaluationsurvey' },
  create: (n) => ({ title: `Eğitim değerlendirme ${n}`, questions: [freeText()] }),
  update: { title: 'Eğitim sonu değerlendirme' },
  invalid: { body: { title: '' }, field: 'title' },
});

describe('surveys: builder rules, answering, anonymity, results and evaluation surveys', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let learner: UserRow;
  let second: UserRow;
  let adminToken: string;
  let learnerToken: string;
  let secondToken: string;
  let otherAdminToken: string;
  let readerToken: string;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));
  const exportAs = companyExporter(() => ({ test, company }));
  const today = new Date().toISOString().slice(0, 10);
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  async function settle() {
    for (let i = 0; i < 3; i++) await test.settle();
  }

  async function createSurvey(body: Record<string, unknown> = {}, plural = 'surveys') {
    const response = await as(adminToken, 'POST', `/api/admin/${plural}`, {
      body: { title: 'Çalışan memnuniyeti', questions: questionsBody, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; questions: { id: number; type: string }[]; locked: boolean };
  }

  /** Gives the survey to the people through a published assignment. */
  async function assign(surveyId: number, people: UserRow[]) {
    const created = await as(adminToken, 'POST', '/api/admin/assignments', {
      body: {
        name: 'Memnuniyet anketi',
        start_date: today,
        end_date: inDays(14),
        items: [{ type: 'survey', ref_id: surveyId }],
        target: { kind: 'users', user_ids: people.map((p) => p.id) },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const published = await as(adminToken, 'POST', `/api/admin/assignments/${id}/publish`);
    expect(published.statusCode, published.body).toBe(202);
    await settle();
    return id;
  }

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    learner = await test.factories.createUser(company, { department: 'Satış' } as never);
    second = await test.factories.createUser(company);
    const reader = await test.factories.createUser(company);
    await test.factories.createRole(company, { permissions: ['show_survey'], members: [reader.id] });
    adminToken = (await login(test.app, company, admin.email ?? '')).access_token;
    learnerToken = (await login(test.app, company, learner.email ?? '')).access_token;
    secondToken = (await login(test.app, company, second.email ?? '')).access_token;
    readerToken = (await login(test.app, company, reader.email ?? '')).access_token;
    otherAdminToken = (await login(test.app, other, (await test.factories.createAdmin(other)).email ?? ''))
      .access_token;
  });
  afterAll(() => test.close());

  it('stores every question type in order and checks each text in every language of the survey', async () => {
    const survey = await createSurvey({ languages: ['tr'] });
    expect(survey.questions.map((q) => q.type)).toEqual([
      'likert',
      'single_choice',
      'multiple_choice',
      'rating',
      'free_text',
    ]);

    const missingEnglish = await as(adminToken, 'POST', '/api/admin/surveys', {
      body: { title: 'İki dilli', languages: ['tr', 'en'], questions: [freeText()] },
    });
    expect(missingEnglish.statusCode).toBe(422);
    expect(missingEnglish.json().errors).toHaveProperty(['questions.0.text.en']);

    const badLabels = await as(adminToken, 'POST', '/api/admin/surveys', {
      body: {
        title: 'Likert',
        questions: [{ type: 'likert', text: { tr: 'Soru' }, points: 7, labels: { tr: ['1', '2'] } }],
      },
    });
    expect(badLabels.statusCode).toBe(422);
    expect(badLabels.json().errors).toHaveProperty(['questions.0.labels.tr']);

    const oneOption = await as(adminToken, 'POST', '/api/admin/surveys', {
      body: {
        title: 'Seçim',
        questions: [{ type: 'single_choice', text: { tr: 'Soru' }, options: [{ key: 'a', text: { tr: 'A' } }] }],
      },
    });
    expect(oneOption.statusCode).toBe(422);
    expect(Object.keys(oneOption.json().errors)[0]).toMatch(/^questions\.0\.options/);

    const otherSurveysQuestion = await as(adminToken, 'PUT', `/api/admin/surveys/${survey.id}`, {
      body: { questions: [{ ...freeText(), id: 999_999 }] },
    });
    expect(otherSurveysQuestion.statusCode).toBe(422);
    expect(otherSurveysQuestion.json().errors).toHaveProperty(['questions.0.id']);

    // A survey is not an evaluation survey: the other resource does not find it.
    expect((await as(adminToken, 'GET', `/api/admin/evaluation-surveys/${survey.id}`)).statusCode).toBe(404);
  });

  it('a learner fills an assigned anonymous survey: draft, required answers, one submission, no identity stored', async () => {
    const survey = await createSurvey({ anonymous: true });
    const [likert, single, multiple, nps, text] = survey.questions.map((q) => q.id) as [
      number,
      number,
      number,
      number,
      number,
    ];
    // Not given to the learner yet: nobody learns it exists.
    expect((await as(learnerToken, 'GET', `/api/my/surveys/${survey.id}`)).statusCode).toBe(404);
    const assignmentId = await assign(survey.id, [learner]);

    const mine = await as(learnerToken, 'GET', '/api/my/surveys');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toContainEqual(expect.objectContaining({ id: survey.id, state: 'open', education: null }));
    const opened = await as(learnerToken, 'GET', `/api/my/surveys/${survey.id}`);
    expect(opened.json().data.questions[0]).toMatchObject({
      type: 'likert',
      labels: expect.arrayContaining(['Kararsızım']),
    });
    expect((await as(secondToken, 'GET', `/api/my/surveys/${survey.id}`)).statusCode).toBe(404);

    const bad = await as(learnerToken, 'PUT', `/api/my/surveys/${survey.id}/draft`, {
      body: { answers: { [likert]: 9, [single]: 'sun' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty([`answers.${likert}`]);
    expect(bad.json().errors).toHaveProperty([`answers.${single}`]);

    const draft = await as(learnerToken, 'PUT', `/api/my/surveys/${survey.id}/draft`, {
      body: { answers: { [likert]: 4 } },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    await settle();
    const again = await as(learnerToken, 'GET', `/api/my/surveys/${survey.id}`);
    expect(again.json().data).toMatchObject({ state: 'draft', answers: { [likert]: 4 } });
    const inProgress = await as(learnerToken, 'GET', `/api/my/assignments/${assignmentId}`);
    expect(inProgress.json().data).toMatchObject({ status: 'in_progress', progress: 0 });

    const missing = await as(learnerToken, 'POST', `/api/my/surveys/${survey.id}/submit`, {
      body: { answers: { [likert]: 4 } },
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual([`answers.${nps}`, `answers.${single}`].sort());

    const answers = { [likert]: 4, [single]: 'fri', [multiple]: ['a', 'c'], [nps]: 10, [text]: 'Daha çok örnek olsun' };
    const submitted = await as(learnerToken, 'POST', `/api/my/surveys/${survey.id}/submit`, { body: { answers } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(
      (await as(learnerToken, 'POST', `/api/my/surveys/${survey.id}/submit`, { body: { answers } })).statusCode,
    ).toBe(409);
    await settle();

    // The assignment's item is done; the stored answer names nobody.
    const done = await as(learnerToken, 'GET', `/api/my/assignments/${assignmentId}`);
    expect(done.json().data).toMatchObject({ status: 'completed', progress: 100 });
    const stored = await asSystem(test.db, (tx) =>
      tx.select().from(surveyResponses).where(eq(surveyResponses.surveyId, survey.id)),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.userId).toBeNull();
    expect(stored[0]?.submittedAt.toISOString()).toMatch(/T00:00:00\.000Z$/);
    const [part] = await asSystem(test.db, (tx) =>
      tx.select().from(surveyParticipations).where(eq(surveyParticipations.surveyId, survey.id)),
    );
    expect(part).toMatchObject({ status: 'submitted', draft: {} });

    // Results: counts, mean, NPS, the text — and nothing that names the learner.
    const results = await as(adminToken, 'GET', `/api/admin/surveys/${survey.id}/results`);
    expect(results.statusCode, results.body).toBe(200);
    const data = results.json().data;
    expect(data).toMatchObject({ responses: 1, detail: null, suppressed: false });
    expect(data.questions[0]).toMatchObject({ mean: 4, answered: 1 });
    expect(data.questions[0].counts[3]).toMatchObject({ key: '4', label: 'Katılıyorum', count: 1 });
    expect(data.questions[3]).toMatchObject({ nps: 100 });
    expect(data.questions[4].texts).toEqual(['Daha çok örnek olsun']);
    for (const identity of [learner.name, learner.surname, learner.email ?? '', `"user"`, 'user_id']) {
      expect(results.body).not.toContain(identity);
    }
    // Grouped by department: one answer in Satış is fewer than five, so nothing of it shows.
    const grouped = await as(adminToken, 'GET', `/api/admin/surveys/${survey.id}/results`, {
      query: { group_by: 'department' },
    });
    expect(grouped.json().data.groups).toEqual([
      expect.objectContaining({ name: 'Satış', suppressed: true, responses: 0, questions: [] }),
    ]);

    // Once answered, questions may not be removed or retyped; texts may be corrected.
    const full = (await as(adminToken, 'GET', `/api/admin/surveys/${survey.id}`)).json().data;
    expect(full.locked).toBe(true);
    const questions = full.questions.map((q: Record<string, unknown>) => ({ ...q }));
    const removed = await as(adminToken, 'PUT', `/api/admin/surveys/${survey.id}`, {
      body: { questions: questionsBody.slice(1).map((q, i) => ({ ...q, id: questions[i + 1].id })) },
    });
    expect(removed.statusCode).toBe(422);
    expect(removed.json().errors).toHaveProperty(['questions']);
    const retyped = await as(adminToken, 'PUT', `/api/admin/surveys/${survey.id}`, {
      body: { questions: questionsBody.map((q, i) => ({ ...(i === 0 ? freeText() : q), id: questions[i].id })) },
    });
    expect(retyped.statusCode).toBe(422);
    expect(retyped.json().errors).toHaveProperty(['questions.0.type']);
    const anonymity = await as(adminToken, 'PUT', `/api/admin/surveys/${survey.id}`, { body: { anonymous: false } });
    expect(anonymity.statusCode).toBe(422);
    const corrected = await as(adminToken, 'PUT', `/api/admin/surveys/${survey.id}`, {
      body: {
        questions: questionsBody.map((q, i) => ({
          ...q,
          id: questions[i].id,
          ...(i === 4 ? { text: { tr: 'Neyi daha iyi yapalım?' } } : {}),
        })),
      },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().data.questions[4].text.tr).toBe('Neyi daha iyi yapalım?');

    // The answers export of an anonymous survey has no name, e-mail or department column.
    const file = await exportAs(adminToken, `/api/admin/surveys/${survey.id}/answers/export`);
    expect(file.statusCode, file.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const header = (sheet.getRow(1).values as unknown[]).filter(Boolean).map(String);
    expect(header.some((h) => /ad soyad|e-posta|departman/i.test(h))).toBe(false);
    expect(sheet.getRow(2).getCell(header.length).value).toBe('Daha çok örnek olsun');
  });

  it('shows an anonymous survey per department only for groups of five or more', async () => {
    const survey = await test.factories.createSurvey(company, { anonymous: true }, [
      { type: 'rating', scale: 'stars', text: { tr: 'Puanınız' }, required: true },
    ]);
    const q = String(survey.questions[0]?.id);
    await test.factories.createSurveyResponses(company, [
      ...Array.from({ length: 5 }, (_, i) => ({ surveyId: survey.id, department: 'Finans', answers: { [q]: i + 1 } })),
      ...Array.from({ length: 2 }, () => ({ surveyId: survey.id, department: 'Hukuk', answers: { [q]: 5 } })),
    ]);
    const results = await as(adminToken, 'GET', `/api/admin/surveys/${survey.id}/results`, {
      query: { group_by: 'department' },
    });
    expect(results.statusCode, results.body).toBe(200);
    const { groups, questions, responses } = results.json().data;
    expect(responses).toBe(7);
    expect(questions[0].mean).toBeCloseTo(25 / 7, 2);
    expect(groups).toEqual([
      expect.objectContaining({ name: 'Finans', responses: 5, suppressed: false }),
      expect.objectContaining({ name: 'Hukuk', responses: 0, suppressed: true, questions: [] }),
    ]);
    expect(groups[0].questions[0].mean).toBe(3);
  });

  it('an evaluation survey opens when the education is completed, with a notification, and feeds the reports', async () => {
    const survey = await createSurvey({ questions: [questionsBody[0], freeText()] }, 'evaluation-surveys');
    // The education form takes only the company's evaluation surveys.
    const plain = await createSurvey();
    const refused = await as(adminToken, 'POST', '/api/admin/educations', {
      body: { title: 'Liderlik', language: 'tr', evaluation_survey_id: plain.id },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty(['evaluation_survey_id']);

    const content = await as(adminToken, 'POST', '/api/admin/contents', {
      body: {
        type: 'link',
        title: 'Liderlik okuması',
        language: 'tr',
        external_url: `https://example.com/${randomUUID()}`,
      },
    });
    expect(content.statusCode, content.body).toBe(201);
    const education = await as(adminToken, 'POST', '/api/admin/educations', {
      body: {
        title: 'Liderlik Gelişim Programı',
        language: 'tr',
        parts: [{ type: 'content', ref_id: content.json().data.id }],
        evaluation_survey_id: survey.id,
        evaluation_required_for_certificate: true,
      },
    });
    expect(education.statusCode, education.body).toBe(201);
    const educationId = education.json().data.id as number;
    expect(education.json().data).toMatchObject({
      evaluation_survey_id: survey.id,
      evaluation_required_for_certificate: true,
    });
    // Held by an education: the evaluation survey cannot be deleted.
    expect((await as(adminToken, 'DELETE', `/api/admin/evaluation-surveys/${survey.id}`)).statusCode).toBe(422);

    const enrol = await as(adminToken, 'POST', `/api/admin/educations/${educationId}/enrolments`, {
      body: { user_ids: [learner.id] },
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    await settle();
    expect(
      (await as(learnerToken, 'GET', `/api/my/surveys/${survey.id}`, { query: { education_id: String(educationId) } }))
        .statusCode,
    ).toBe(404);
    const open = await as(learnerToken, 'POST', `/api/contents/${content.json().data.id}/progress`, {
      body: { kind: 'link', session: randomUUID(), seq: 0 },
    });
    expect(open.statusCode, open.body).toBe(200);
    await settle();

    const told = await asSystem(test.db, (tx) =>
      tx
        .select({ data: notifications.data })
        .from(notificationRecipients)
        .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
        .where(eq(notificationRecipients.userId, learner.id)),
    );
    expect(told.map((n) => n.data)).toContainEqual(
      expect.objectContaining({
        webUrl: { name: 'user.evaluation-survey', params: { id: survey.id, education: educationId } },
      }),
    );
    const mine = (await as(learnerToken, 'GET', '/api/my/surveys')).json().data;
    expect(mine).toContainEqual(
      expect.objectContaining({
        id: survey.id,
        kind: 'evaluation',
        education: { id: educationId, title: 'Liderlik Gelişim Programı' },
      }),
    );
    // Without the education it is not found; with it, it is answered once.
    expect((await as(learnerToken, 'GET', `/api/my/surveys/${survey.id}`)).statusCode).toBe(404);
    const [likert, text] = survey.questions.map((q) => q.id) as [number, number];
    const submitted = await as(learnerToken, 'POST', `/api/my/surveys/${survey.id}/submit`, {
      body: { education_id: educationId, answers: { [likert]: 5, [text]: 'Harika bir programdı' } },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    // The general report (per education) and the detailed report (each response, with the person: not anonymous).
    const report = await as(adminToken, 'GET', `/api/admin/evaluation-surveys/${survey.id}/results`, {
      query: { education_id: String(educationId) },
    });
    expect(report.statusCode, report.body).toBe(200);
    const data = report.json().data;
    expect(data.education).toEqual({ id: educationId, title: 'Liderlik Gelişim Programı' });
    expect(data.educations).toEqual([{ id: educationId, title: 'Liderlik Gelişim Programı', responses: 1 }]);
    expect(data.questions[0].mean).toBe(5);
    expect(data.detail).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: learner.id }),
        answers: { [likert]: '5 – Tamamen katılıyorum', [text]: 'Harika bir programdı' },
      }),
    ]);
  });

  it('guards results and the learner calls: permission, another company, bad input', async () => {
    const survey = await createSurvey();
    const evaluation = await createSurvey({}, 'evaluation-surveys');
    // show_survey reads survey results, not evaluation results; a learner reads neither.
    expect((await as(readerToken, 'GET', `/api/admin/surveys/${survey.id}/results`)).statusCode).toBe(200);
    expect((await as(readerToken, 'GET', `/api/admin/evaluation-surveys/${evaluation.id}/results`)).statusCode).toBe(
      403,
    );
    expect((await as(learnerToken, 'GET', `/api/admin/surveys/${survey.id}/results`)).statusCode).toBe(403);
    expect((await as(learnerToken, 'POST', `/api/admin/surveys/${survey.id}/answers/export`)).statusCode).toBe(403);
    expect((await as(undefined, 'GET', '/api/my/surveys')).statusCode).toBe(401);
    // Another company's admin finds nothing; the other kind's route finds nothing.
    expect((await asOther(otherAdminToken, 'GET', `/api/admin/surveys/${survey.id}/results`)).statusCode).toBe(404);
    expect((await asOther(otherAdminToken, 'POST', `/api/admin/surveys/${survey.id}/answers/export`)).statusCode).toBe(
      404,
    );
    expect((await as(adminToken, 'GET', `/api/admin/evaluation-surveys/${survey.id}/results`)).statusCode).toBe(404);
    // Bad input.
    const badBody = await as(learnerToken, 'POST', `/api/my/surveys/${survey.id}/submit`, { body: { answers: 'x' } });
    expect(badBody.statusCode).toBe(422);
    expect(badBody.json().errors).toHaveProperty(['answers']);
    const badQuestion = await as(adminToken, 'POST', '/api/admin/surveys', {
      body: { title: 'X', questions: [{ type: 'rating', text: { tr: 'Puan' }, scale: 'hearts' }] },
    });
    expect(badQuestion.statusCode).toBe(422);
    expect(badQuestion.json().errors).toHaveProperty(['questions.0.scale']);
  });
});
