import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, companyExporter, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import {
  competencyLevelHistory,
  competencyPersonLevels,
  educationEnrolments,
  educations,
  programEnrolments,
  programs,
  userGroupMembers,
  userGroups,
} from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import { record } from '../../../platform/events.js';

const LEVELS = ['Başlangıç', 'Gelişen', 'Yetkin', 'İleri', 'Uzman'];

describeResourceContract({
  plural: 'competency-categories',
  entity: 'competency_category',
  permissions: { read: 'read_competency', write: 'read_competency' },
  create: (n) => ({ names: { tr: `Liderlik ${n}`, en: `Leadership ${n}` } }),
  update: { names: { tr: 'Teknik', en: 'Technical', az: 'Texniki', de: 'Fachlich' }, order: 3 },
  invalid: { body: { names: { tr: '' } }, field: 'names' },
});

describeResourceContract({
  plural: 'competencies',
  entity: 'competency',
  permissions: { read: 'read_competency', write: 'read_competency' },
  create: (n) => ({ names: { tr: `İletişim ${n}`, de: `Kommunikation ${n}` }, levels: LEVELS }),
  update: { description: 'Açık ve anlaşılır iletişim kurar.', levels: [...LEVELS, 'Usta'] },
  invalid: { body: { names: { tr: 'Tek seviye' }, levels: ['Bir'] }, field: 'levels' },
});

describe('competencies: people’s levels, rules, back-apply, matrix', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let admin: UserRow;
  let learner: UserRow;
  let adminToken: string;
  let learnerToken: string;
  let otherAdminToken: string;
  let readerToken: string;
  let ruleReaderToken: string;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));
  const exportAs = companyExporter(() => ({ test, company }));

  async function competency(call = as, token = adminToken, levels = LEVELS) {
    const response = await call(token, 'POST', '/api/admin/competencies', {
      body: { names: { tr: `Problem çözme ${randomUUID().slice(0, 6)}` }, levels },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; levels: string[] };
  }

  async function rule(body: Record<string, unknown>, call = as, token = adminToken) {
    const response = await call(token, 'POST', '/api/admin/competency-rules', { body: { name: 'Kural', ...body } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; applied: number; ref_title: string | null };
  }

  const education = (target = company) =>
    test.factories.row(educations, target, { title: `Eğitim ${randomUUID().slice(0, 6)}`, language: 'tr' });

  const levelOf = async (userId: number, competencyId: number) =>
    (
      await asSystem(test.db, (tx) =>
        tx
          .select()
          .from(competencyPersonLevels)
          .where(and(eq(competencyPersonLevels.userId, userId), eq(competencyPersonLevels.competencyId, competencyId))),
      )
    )[0];

  const historyOf = (userId: number, competencyId: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(competencyLevelHistory)
        .where(and(eq(competencyLevelHistory.userId, userId), eq(competencyLevelHistory.competencyId, competencyId)))
        .orderBy(competencyLevelHistory.id),
    );

  /** The person finishes an education as the educations module records it: the row, then the event. */
  async function complete(userId: number, educationId: number) {
    await inTenant(test.db, company.id, async (tx) => {
      await tx
        .insert(educationEnrolments)
        .values({
          companyId: company.id,
          educationId,
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
        { action: 'education.completed', entity: 'education', id: educationId, after: { user_id: userId } },
      );
    });
    await test.settle();
  }

  async function setLevel(userId: number, competencyId: number, level: number | null, note?: string) {
    const response = await as(adminToken, 'PUT', '/api/admin/competency-levels', {
      body: { user_id: userId, competency_id: competencyId, level, note },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    admin = await test.factories.createAdmin(company);
    learner = await test.factories.createUser(company, { department: 'Satış' });
    adminToken = (await login(test.app, company, admin.email ?? '')).access_token;
    learnerToken = (await login(test.app, company, learner.email ?? '')).access_token;
    otherAdminToken = (await login(test.app, other, (await test.factories.createAdmin(other)).email ?? ''))
      .access_token;
    readerToken = await tokenWithPermissions(test, company, ['read_competency']);
    ruleReaderToken = await tokenWithPermissions(test, company, ['read_automaticcompetency']);
  });
  afterAll(() => test.close());

  it('a rule raises the level when the education is completed, never lowers it, and runs once', async () => {
    const { id: competencyId } = await competency();
    const { id: educationId } = await education();
    const created = await rule({
      trigger: 'education_completed',
      ref_id: educationId,
      competency_id: competencyId,
      level: 3,
    });
    expect(created.ref_title).toMatch(/^Eğitim/);

    await complete(learner.id, educationId);
    expect(await levelOf(learner.id, competencyId)).toMatchObject({ level: 3, source: 'rule', ruleId: created.id });
    // The same event again (a repeat delivery) changes nothing and writes no second history row.
    await complete(learner.id, educationId);
    expect(await historyOf(learner.id, competencyId)).toHaveLength(1);

    // A higher level set by hand is never lowered by the rule.
    await setLevel(learner.id, competencyId, 5, 'Değerlendirme sonucu');
    await complete(learner.id, educationId);
    expect(await levelOf(learner.id, competencyId)).toMatchObject({ level: 5, source: 'manual', setBy: admin.id });
    const history = await historyOf(learner.id, competencyId);
    expect(history.map((h) => [h.fromLevel, h.toLevel, h.source])).toEqual([
      [null, 3, 'rule'],
      [3, 5, 'manual'],
    ]);
    expect(history[1]?.note).toBe('Değerlendirme sonucu');

    // A lower level by hand stays lower until the rule's event comes again: then it is raised back.
    await setLevel(learner.id, competencyId, 2);
    await complete(learner.id, educationId);
    expect((await levelOf(learner.id, competencyId))?.level).toBe(3);

    // The person sees their own level.
    const mine = await as(learnerToken, 'GET', '/api/competencies/me');
    expect(mine.statusCode).toBe(200);
    expect(
      mine.json().data.find((m: { competency: { id: number } }) => m.competency.id === competencyId),
    ).toMatchObject({
      level: 3,
      level_name: 'Yetkin',
      source: 'rule',
    });
  });

  it('a passive rule does nothing; an exam rule needs the minimum score; a program rule follows program.completed', async () => {
    const { id: competencyId } = await competency();
    const { id: educationId } = await education();
    const passive = await rule({
      trigger: 'education_completed',
      ref_id: educationId,
      competency_id: competencyId,
      level: 2,
      status: 0,
    });
    const person = await test.factories.createUser(company);
    await complete(person.id, educationId);
    expect(await levelOf(person.id, competencyId)).toBeUndefined();
    expect(
      (await as(adminToken, 'GET', `/api/admin/competency-rules/${passive.id}/apply-preview`)).json().data,
    ).toEqual({
      count: 0,
    });
    expect((await as(adminToken, 'POST', `/api/admin/competency-rules/${passive.id}/apply`)).statusCode).toBe(422);

    const exam = await test.factories.createExam(company);
    await rule({ trigger: 'exam_passed', ref_id: exam.id, min_score: 80, competency_id: competencyId, level: 4 });
    const announceExam = async (userId: number, score: number) => {
      await inTenant(test.db, company.id, (tx) =>
        record(
          tx,
          { companyId: company.id, userId, ip: null, requestId: null },
          { action: 'exam.passed', entity: 'exam', id: exam.id, after: { user_id: userId, score_percent: score } },
        ),
      );
      await test.settle();
    };
    // The rule reads the attempts, not the event's word: without a passed attempt of 80 nothing changes.
    const low = await test.factories.createUser(company);
    await test.factories.createExamAttempt(exam, low, [], { state: 'scored', scorePercent: 70, passed: true });
    await announceExam(low.id, 70);
    expect(await levelOf(low.id, competencyId)).toBeUndefined();
    const high = await test.factories.createUser(company);
    await test.factories.createExamAttempt(exam, high, [], { state: 'scored', scorePercent: 90, passed: true });
    await announceExam(high.id, 90);
    expect((await levelOf(high.id, competencyId))?.level).toBe(4);

    const [program] = await asSystem(test.db, (tx) =>
      tx.insert(programs).values({ companyId: company.id, title: 'Yönetici gelişim programı' }).returning(),
    );
    if (!program) throw new Error('no program');
    await rule({ trigger: 'program_completed', ref_id: program.id, competency_id: competencyId, level: 5 });
    await inTenant(test.db, company.id, async (tx) => {
      await tx.insert(programEnrolments).values({
        companyId: company.id,
        programId: program.id,
        userId: high.id,
        status: 'completed',
        finishedRate: 100,
      });
      await record(
        tx,
        { companyId: company.id, userId: high.id, ip: null, requestId: null },
        { action: 'program.completed', entity: 'program', id: program.id, after: { user_id: high.id } },
      );
    });
    await test.settle();
    expect((await levelOf(high.id, competencyId))?.level).toBe(5);
  });

  it('back-applies a rule to the people who already satisfy it: the preview count is the applied count', async () => {
    const { id: competencyId } = await competency();
    const { id: educationId } = await education();
    const done = await Promise.all([1, 2, 3, 4].map(() => test.factories.createUser(company)));
    const passiveDone = await test.factories.createUser(company, { status: 0 });
    for (const person of [...done, passiveDone]) {
      await asSystem(test.db, (tx) =>
        tx.insert(educationEnrolments).values({
          companyId: company.id,
          educationId,
          userId: person.id,
          source: 'admin',
          status: 'completed',
          finishedRate: 100,
        }),
      );
    }
    // One already holds a higher level: not a target.
    await setLevel(done[0]?.id ?? 0, competencyId, 4);
    // One holds a lower level: raised.
    await setLevel(done[1]?.id ?? 0, competencyId, 1);
    const created = await rule({
      trigger: 'education_completed',
      ref_id: educationId,
      competency_id: competencyId,
      level: 3,
    });
    // Saving alone changes nobody.
    expect(await levelOf(done[2]?.id ?? 0, competencyId)).toBeUndefined();

    const preview = await as(adminToken, 'GET', `/api/admin/competency-rules/${created.id}/apply-preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.count).toBe(3);
    // Preview needs only the read permission; applying needs the write one.
    expect(
      (await as(ruleReaderToken, 'GET', `/api/admin/competency-rules/${created.id}/apply-preview`)).statusCode,
    ).toBe(200);
    expect((await as(ruleReaderToken, 'POST', `/api/admin/competency-rules/${created.id}/apply`)).statusCode).toBe(403);
    expect((await as(readerToken, 'GET', `/api/admin/competency-rules/${created.id}/apply-preview`)).statusCode).toBe(
      403,
    );

    const applied = await as(adminToken, 'POST', `/api/admin/competency-rules/${created.id}/apply`, { lang: 'en' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toEqual({ applied: 3 });
    expect(applied.json().message).toContain('3');
    expect((await levelOf(done[0]?.id ?? 0, competencyId))?.level).toBe(4);
    expect((await levelOf(done[1]?.id ?? 0, competencyId))?.level).toBe(3);
    expect(await levelOf(passiveDone.id, competencyId)).toBeUndefined();
    // Idempotent: nobody is left.
    expect(
      (await as(adminToken, 'GET', `/api/admin/competency-rules/${created.id}/apply-preview`)).json().data.count,
    ).toBe(0);
    expect((await as(adminToken, 'POST', `/api/admin/competency-rules/${created.id}/apply`)).json().data.applied).toBe(
      0,
    );
    const audit = (await test.factories.auditOf('competency_rule', created.id)).map((row) => row.action);
    expect(audit).toContain('competency_rule.applied');
    const listed = await as(adminToken, 'GET', '/api/admin/competency-rules', {
      query: { search: 'Kural', sort: 'level' },
    });
    expect(listed.json().data.find((r: { id: number }) => r.id === created.id)).toMatchObject({ applied: 3 });
  });

  it('keeps another company’s rows out of reach: 404 for its records, 422 for its ids in a body', async () => {
    const foreignCompetency = await competency(asOther, otherAdminToken);
    const [foreignEducation] = [await education(other)];
    const foreignRule = await rule(
      { trigger: 'education_completed', ref_id: foreignEducation?.id, competency_id: foreignCompetency.id, level: 2 },
      asOther,
      otherAdminToken,
    );
    for (const [method, url] of [
      ['GET', `/api/admin/competency-rules/${foreignRule.id}`],
      ['GET', `/api/admin/competency-rules/${foreignRule.id}/apply-preview`],
      ['POST', `/api/admin/competency-rules/${foreignRule.id}/apply`],
      ['PUT', `/api/admin/competency-rules/${foreignRule.id}`],
      ['DELETE', `/api/admin/competency-rules/${foreignRule.id}`],
    ] as const) {
      expect(
        (await as(adminToken, method, url, { body: method === 'PUT' ? { level: 1 } : undefined })).statusCode,
        url,
      ).toBe(404);
    }
    const own = await competency();
    const ownEducation = await education();
    // A rule naming another company's education or competency is refused on that field.
    const foreignRef = await as(adminToken, 'POST', '/api/admin/competency-rules', {
      body: {
        name: 'X',
        trigger: 'education_completed',
        ref_id: foreignEducation?.id,
        competency_id: own.id,
        level: 1,
      },
      lang: 'en',
    });
    expect(foreignRef.statusCode).toBe(422);
    expect(foreignRef.json().errors.ref_id).toEqual([expect.any(String)]);
    const foreignComp = await as(adminToken, 'POST', '/api/admin/competency-rules', {
      body: {
        name: 'X',
        trigger: 'education_completed',
        ref_id: ownEducation.id,
        competency_id: foreignCompetency.id,
        level: 1,
      },
    });
    expect(foreignComp.json().errors.competency_id).toEqual([expect.any(String)]);
    // Levels: another company's person or competency is a field error, and nothing is written.
    const otherPerson = await test.factories.createUser(other);
    const foreignPerson = await as(adminToken, 'PUT', '/api/admin/competency-levels', {
      body: { user_id: otherPerson.id, competency_id: own.id, level: 2 },
    });
    expect(foreignPerson.statusCode).toBe(422);
    expect(foreignPerson.json().errors.user_id).toEqual([expect.any(String)]);
    const foreignLevel = await as(adminToken, 'PUT', '/api/admin/competency-levels', {
      body: { user_id: learner.id, competency_id: foreignCompetency.id, level: 2 },
    });
    expect(foreignLevel.json().errors.competency_id).toEqual([expect.any(String)]);
    expect(await levelOf(otherPerson.id, own.id)).toBeUndefined();
    // Another company's levels never appear in a list.
    await asOther(otherAdminToken, 'PUT', '/api/admin/competency-levels', {
      body: { user_id: otherPerson.id, competency_id: foreignCompetency.id, level: 2 },
    });
    const listed = await as(adminToken, 'GET', '/api/admin/competency-levels', {
      query: { competency_id: String(foreignCompetency.id) },
    });
    expect(listed.json().meta.total).toBe(0);
    const history = await as(adminToken, 'GET', '/api/admin/competency-levels/history', {
      query: { user_id: String(otherPerson.id) },
    });
    expect(history.statusCode).toBe(422);
  });

  it('refuses bad input with localized field errors and changes nothing', async () => {
    const { id: competencyId } = await competency();
    const { id: educationId } = await education();
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['PUT', '/api/admin/competency-levels', { user_id: learner.id, competency_id: competencyId, level: 6 }, 'level'],
      ['PUT', '/api/admin/competency-levels', { user_id: learner.id, competency_id: competencyId, level: 0 }, 'level'],
      ['PUT', '/api/admin/competency-levels', { competency_id: competencyId, level: 1 }, 'user_id'],
      [
        'POST',
        '/api/admin/competency-rules',
        { name: '', trigger: 'education_completed', ref_id: educationId, competency_id: competencyId, level: 1 },
        'name',
      ],
      [
        'POST',
        '/api/admin/competency-rules',
        { name: 'X', trigger: 'finished', ref_id: educationId, competency_id: competencyId, level: 1 },
        'trigger',
      ],
      [
        'POST',
        '/api/admin/competency-rules',
        { name: 'X', trigger: 'education_completed', ref_id: educationId, competency_id: competencyId, level: 9 },
        'level',
      ],
      [
        'POST',
        '/api/admin/competency-rules',
        {
          name: 'X',
          trigger: 'exam_passed',
          ref_id: educationId,
          competency_id: competencyId,
          level: 1,
          min_score: 101,
        },
        'min_score',
      ],
      [
        'PUT',
        '/api/admin/competency-matrix/targets',
        { group_id: 0, competency_id: competencyId, level: 1 },
        'group_id',
      ],
    ];
    for (const [method, url, body, field] of cases) {
      for (const lang of ['tr', 'en']) {
        const response = await as(adminToken, method as 'PUT', url, { body, lang });
        expect(response.statusCode, `${url} ${field}`).toBe(422);
        expect(response.json().errors?.[field]?.[0], `${url} ${field} ${lang}`).toEqual(expect.any(String));
      }
    }
    // A practice exam is not an exam a rule can name.
    const practice = await test.factories.createExam(company, { kind: 'demo' });
    const demo = await as(adminToken, 'POST', '/api/admin/competency-rules', {
      body: { name: 'X', trigger: 'exam_passed', ref_id: practice.id, competency_id: competencyId, level: 1 },
    });
    expect(demo.json().errors?.ref_id).toEqual([expect.any(String)]);
    expect(await levelOf(learner.id, competencyId)).toBeUndefined();
    // Levels people hold cannot be removed from the competency; a competency in use is not deleted.
    await setLevel(learner.id, competencyId, 5);
    const shrink = await as(adminToken, 'PUT', `/api/admin/competencies/${competencyId}`, {
      body: { levels: ['Bir', 'İki', 'Üç'] },
    });
    expect(shrink.statusCode).toBe(422);
    expect(shrink.json().errors.levels).toEqual([expect.any(String)]);
    expect((await as(adminToken, 'DELETE', `/api/admin/competencies/${competencyId}`)).statusCode).toBe(422);
  });

  it('answers 401 and 403 on the levels, matrix and rule actions', async () => {
    const { id: competencyId } = await competency();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/competency-levels'],
      ['PUT', '/api/admin/competency-levels', { user_id: learner.id, competency_id: competencyId, level: 1 }],
      ['GET', `/api/admin/competency-levels/history?user_id=${learner.id}`],
      ['POST', '/api/admin/competency-levels/export'],
      ['GET', '/api/admin/competency-matrix'],
      ['GET', '/api/admin/competency-matrix/options'],
      ['PUT', '/api/admin/competency-matrix/targets', { group_id: 1, competency_id: competencyId, level: 1 }],
      ['POST', '/api/admin/competency-matrix/export'],
    ];
    for (const [method, url, body] of calls) {
      expect((await as(undefined, method as 'GET', url, { body })).statusCode, url).toBe(401);
      expect((await as(learnerToken, method as 'GET', url, { body })).statusCode, url).toBe(403);
      expect((await as(ruleReaderToken, method as 'GET', url, { body })).statusCode, url).toBe(403);
    }
    expect((await as(undefined, 'GET', '/api/competencies/me')).statusCode).toBe(401);
    expect(await levelOf(learner.id, competencyId)).toBeUndefined();
  });

  it('lists levels per person and per competency, keeps the history, and exports them', async () => {
    const { id: competencyId } = await competency();
    const person = await test.factories.createUser(company, { name: 'Zeynep', surname: 'Aydın', department: 'Finans' });
    await setLevel(person.id, competencyId, 2);
    const set = await setLevel(person.id, competencyId, 4, 'Proje başarısı');
    expect(set).toMatchObject({ level: 4, level_name: 'İleri', source: 'manual', set_by: { id: admin.id } });

    const perPerson = await as(readerToken, 'GET', '/api/admin/competency-levels', {
      query: { user_id: String(person.id) },
    });
    expect(perPerson.statusCode, perPerson.body).toBe(200);
    expect(perPerson.json().data).toHaveLength(1);
    const perCompetency = await as(adminToken, 'GET', '/api/admin/competency-levels', {
      query: { competency_id: String(competencyId), search: 'zeynep', sort: '-level' },
    });
    expect(perCompetency.json().data.map((r: { user: { id: number } }) => r.user.id)).toEqual([person.id]);

    const history = await as(adminToken, 'GET', '/api/admin/competency-levels/history', {
      query: { user_id: String(person.id) },
    });
    expect(
      history.json().data.map((h: { from_level: number | null; to_level: number }) => [h.from_level, h.to_level]),
    ).toEqual([
      [2, 4],
      [null, 2],
    ]);
    expect(history.json().data[0]).toMatchObject({
      note: 'Proje başarısı',
      set_by: { id: admin.id },
      source: 'manual',
    });

    // Removing records the removal.
    expect(await setLevel(person.id, competencyId, null)).toBeNull();
    expect(await levelOf(person.id, competencyId)).toBeUndefined();
    expect((await historyOf(person.id, competencyId)).at(-1)).toMatchObject({ fromLevel: 4, toLevel: null });

    await setLevel(person.id, competencyId, 3);
    const file = await exportAs(adminToken, '/api/admin/competency-levels/export', {
      query: { format: 'csv', competency_id: String(competencyId) },
    });
    expect(file.body).toContain('Zeynep Aydın');
    expect(file.body).toContain('Finans');
  });

  it('shows the matrix by group and department with the group’s targets and gaps, and exports it', async () => {
    const first = await competency();
    const second = await competency();
    const department = `Üretim ${randomUUID().slice(0, 6)}`;
    const [ayse, mehmet, outsider] = [
      await test.factories.createUser(company, { name: 'Ayşe', surname: 'Kaya', department }),
      await test.factories.createUser(company, { name: 'Mehmet', surname: 'Demir', department }),
      await test.factories.createUser(company, { name: 'Ali', surname: 'Şen', department }),
    ];
    const [group] = await asSystem(test.db, (tx) =>
      tx
        .insert(userGroups)
        .values({ companyId: company.id, name: `Vardiya amirleri ${randomUUID()}` })
        .returning(),
    );
    if (!group || !ayse || !mehmet || !outsider) throw new Error('setup');
    await asSystem(test.db, (tx) =>
      tx.insert(userGroupMembers).values([
        { companyId: company.id, groupId: group.id, userId: ayse.id },
        { companyId: company.id, groupId: group.id, userId: mehmet.id },
      ]),
    );
    await setLevel(ayse.id, first.id, 4);
    await setLevel(mehmet.id, first.id, 2);
    await setLevel(mehmet.id, second.id, 5);
    const target = await as(adminToken, 'PUT', '/api/admin/competency-matrix/targets', {
      body: { group_id: group.id, competency_id: first.id, level: 3 },
    });
    expect(target.statusCode, target.body).toBe(200);

    const byDepartment = await as(readerToken, 'GET', '/api/admin/competency-matrix', { query: { department } });
    expect(byDepartment.statusCode, byDepartment.body).toBe(200);
    expect(byDepartment.json().meta.total).toBe(3);
    const byGroup = await as(adminToken, 'GET', '/api/admin/competency-matrix', {
      query: { group_id: String(group.id) },
    });
    const body = byGroup.json();
    expect(body.meta.total).toBe(2);
    expect(body.data.competencies.find((c: { id: number }) => c.id === first.id).target).toBe(3);
    const rowOf = (id: number) => body.data.people.find((p: { id: number }) => p.id === id);
    expect(rowOf(ayse.id)).toMatchObject({ levels: { [first.id]: 4 }, gaps: 0 });
    expect(rowOf(mehmet.id)).toMatchObject({ levels: { [first.id]: 2, [second.id]: 5 }, gaps: 1 });
    const gapsOnly = await as(adminToken, 'GET', '/api/admin/competency-matrix', {
      query: { group_id: String(group.id), gaps_only: '1' },
    });
    expect(gapsOnly.json().data.people.map((p: { id: number }) => p.id)).toEqual([mehmet.id]);

    const options = await as(adminToken, 'GET', '/api/admin/competency-matrix/options');
    expect(options.json().data.departments).toContain(department);
    expect(options.json().data.groups.map((g: { id: number }) => g.id)).toContain(group.id);

    const file = await exportAs(adminToken, '/api/admin/competency-matrix/export', {
      query: { format: 'csv', group_id: String(group.id) },
    });
    expect(file.body).toContain('Mehmet Demir');
    expect(file.body).not.toContain('Ali Şen');

    // Removing the target removes the gap.
    await as(adminToken, 'PUT', '/api/admin/competency-matrix/targets', {
      body: { group_id: group.id, competency_id: first.id, level: null },
    });
    const after = await as(adminToken, 'GET', '/api/admin/competency-matrix', {
      query: { group_id: String(group.id) },
    });
    expect(after.json().data.people.every((p: { gaps: number }) => p.gaps === 0)).toBe(true);
  });
});
