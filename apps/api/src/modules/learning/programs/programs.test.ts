import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import { educationEnrolments, educations } from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import { record } from '../../../platform/events.js';
import { dueDateOf } from './rules.js';

describeResourceContract({
  plural: 'programs',
  entity: 'program',
  permissions: { read: 'read_program', write: 'create_program' },
  create: (n) => ({ title: `Yeni başlayanlar yolu ${n}`, description: 'İlk ayın eğitimleri' }),
  update: { title: 'Yöneticiler için yol', sequential: false },
  invalid: { body: { title: '' }, field: 'title' },
});

describe('programs', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let learner: UserRow;
  let adminToken: string;
  let learnerToken: string;
  let readerToken: string;
  let otherAdminToken: string;
  let otherLearnerToken: string;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    learner = await test.factories.createUser(company);
    adminToken = (await login(test.app, company, (await test.factories.createAdmin(company)).email ?? '')).access_token;
    learnerToken = (await login(test.app, company, learner.email ?? '')).access_token;
    readerToken = await tokenWithPermissions(test, company, ['read_program']);
    otherAdminToken = (await login(test.app, other, (await test.factories.createAdmin(other)).email ?? ''))
      .access_token;
    otherLearnerToken = (await login(test.app, other, (await test.factories.createUser(other)).email ?? ''))
      .access_token;
  });
  afterAll(() => test.close());

  let sequence = 0;
  /** An education of the company, open in the catalogue unless told otherwise. */
  const education = (values: Partial<typeof educations.$inferInsert> = {}, owner: CompanyRow = company) =>
    test.factories.row(educations, owner, {
      title: `Bilgi güvenliği ${++sequence}`,
      language: 'tr',
      visibility: 'catalogue',
      ...values,
    });

  async function createProgram(body: Record<string, unknown>) {
    const response = await as(adminToken, 'POST', '/api/admin/programs', { body: { title: 'Uyum programı', ...body } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; steps: { id: number; education_id: number; order: number }[] };
  }

  const enrolmentOf = async (userId: number, educationId: number) =>
    (
      await asSystem(test.db, (tx) =>
        tx
          .select()
          .from(educationEnrolments)
          .where(and(eq(educationEnrolments.userId, userId), eq(educationEnrolments.educationId, educationId))),
      )
    )[0];

  /** The learner finishes an education as the educations module would record it: the row, then the event. */
  async function complete(userId: number, educationId: number) {
    await inTenant(test.db, company.id, async (tx) => {
      await tx
        .update(educationEnrolments)
        .set({ status: 'completed', finishedRate: 100, completedAt: new Date(), startedAt: new Date() })
        .where(and(eq(educationEnrolments.userId, userId), eq(educationEnrolments.educationId, educationId)));
      await announce(tx, userId, educationId, 'education.completed');
    });
    await test.platform.events.idle();
  }

  const announce = (tx: Parameters<typeof record>[0], userId: number, educationId: number, action: string) =>
    record(
      tx,
      { companyId: company.id, userId, ip: null, requestId: null },
      { action, entity: 'education', id: educationId, after: { user_id: userId } },
    );

  const programAudit = async (programId: number, action: string) =>
    (await test.factories.auditOf('program', programId)).filter((row) => row.action === action);

  describe('the admin resource', () => {
    it('keeps the steps in the order given, with each education’s title, and reorders them keeping their ids', async () => {
      const [a, b, c] = [await education(), await education(), await education({ status: 0 })];
      const program = await createProgram({
        steps: [
          { education_id: a.id, deadline_days: 7 },
          { education_id: b.id, deadline_days: null },
          { education_id: c.id, deadline_days: 30 },
        ],
      });
      expect(program.steps.map((s) => [s.education_id, s.order])).toEqual([
        [a.id, 0],
        [b.id, 1],
        [c.id, 2],
      ]);
      const detail = (await as(adminToken, 'GET', `/api/admin/programs/${program.id}`)).json().data;
      expect(detail.steps.map((s: { title: string; available: boolean }) => [s.title, s.available])).toEqual([
        [a.title, true],
        [b.title, true],
        [c.title, false],
      ]);
      const updated = await as(adminToken, 'PUT', `/api/admin/programs/${program.id}`, {
        body: {
          steps: [
            { education_id: b.id, deadline_days: 3 },
            { education_id: a.id, deadline_days: 7 },
          ],
        },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      const steps = updated.json().data.steps as { id: number; education_id: number; deadline_days: number }[];
      expect(steps.map((s) => [s.education_id, s.deadline_days])).toEqual([
        [b.id, 3],
        [a.id, 7],
      ]);
      const idOf = (list: { id: number; education_id: number }[], educationId: number) =>
        list.find((s) => s.education_id === educationId)?.id;
      expect(idOf(steps, a.id)).toBe(idOf(program.steps, a.id));
    });

    it('refuses a duplicate step, another company’s education and an unknown one with 422 on the step', async () => {
      const mine = await education();
      const foreign = await education({}, other);
      const cases: [unknown[], string][] = [
        [
          [
            { education_id: mine.id, deadline_days: null },
            { education_id: mine.id, deadline_days: null },
          ],
          'steps',
        ],
        [
          [
            { education_id: mine.id, deadline_days: null },
            { education_id: foreign.id, deadline_days: null },
          ],
          'steps.1.education_id',
        ],
        [[{ education_id: 2_000_000_000, deadline_days: null }], 'steps.0.education_id'],
        [[{ education_id: mine.id, deadline_days: 0 }], 'steps.0.deadline_days'],
      ];
      for (const [steps, field] of cases) {
        const response = await as(adminToken, 'POST', '/api/admin/programs', {
          body: { title: 'Geçersiz', steps },
          lang: 'en',
        });
        expect(response.statusCode, JSON.stringify(steps)).toBe(422);
        expect(response.json().errors?.[field]?.[0], field).toEqual(expect.any(String));
      }
      const duplicate = await as(adminToken, 'POST', '/api/admin/programs', {
        body: {
          title: 'Geçersiz',
          steps: [
            { education_id: mine.id, deadline_days: null },
            { education_id: mine.id, deadline_days: null },
          ],
        },
        lang: 'en',
      });
      expect(duplicate.json().errors.steps[0]).toBe('An education can be a step of the program only once.');
      const list = await as(adminToken, 'GET', '/api/admin/programs', { query: { search: 'Geçersiz' } });
      expect(list.json().meta.total).toBe(0);
    });

    it('refuses an image that is not the company’s own upload', async () => {
      const response = await as(adminToken, 'POST', '/api/admin/programs', {
        body: { title: 'Kapaklı', image_url: '/api/files/public/1/0123456789abcdef0123456789abcdef.png' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.image_url).toBeDefined();
    });

    it('searches by title and filters by status', async () => {
      await createProgram({ title: 'Satış akademisi', status: 1 });
      await createProgram({ title: 'Satış liderliği', status: 0 });
      const found = await as(adminToken, 'GET', '/api/admin/programs', { query: { search: 'SATIŞ', status: '0' } });
      expect(found.json().data.map((p: { title: string }) => p.title)).toEqual(['Satış liderliği']);
    });
  });

  describe('enrolment, the learner’s view and the roll-up', () => {
    it('opens the next step of a sequential program when the previous is completed, and completes once', async () => {
      const [first, second] = [await education(), await education()];
      const program = await createProgram({
        sequential: true,
        steps: [
          { education_id: first.id, deadline_days: 10 },
          { education_id: second.id, deadline_days: 20 },
        ],
      });
      // Open to everybody: the learner sees it before enrolling, nothing locked away from view but the order.
      const before = await as(learnerToken, 'GET', `/api/programs/${program.id}`);
      expect(before.statusCode, before.body).toBe(200);
      expect(before.json().data.enrolment).toBeNull();

      const enrolled = await as(learnerToken, 'POST', `/api/programs/${program.id}/enrol`);
      expect(enrolled.statusCode, enrolled.body).toBe(200);
      const detail = enrolled.json().data;
      expect(detail.enrolment).toMatchObject({ status: 'not_started', finished_rate: 0, completed_steps: 0 });
      expect(detail.steps.map((s: { locked: boolean }) => s.locked)).toEqual([false, true]);
      expect(detail.next_education_id).toBe(first.id);
      const start = new Date(detail.enrolment.enrolled_at);
      expect(detail.steps.map((s: { due_date: string }) => s.due_date)).toEqual([
        dueDateOf(start, 10),
        dueDateOf(start, 20),
      ]);
      // The lock is data: only the open step's education is enrolled, through the program, with its due date.
      expect(await enrolmentOf(learner.id, first.id)).toMatchObject({ source: 'program', dueAt: dueDateOf(start, 10) });
      expect(await enrolmentOf(learner.id, second.id)).toBeUndefined();

      await complete(learner.id, first.id);
      const halfway = (await as(learnerToken, 'GET', `/api/programs/${program.id}`)).json().data;
      expect(halfway.enrolment).toMatchObject({ status: 'in_progress', finished_rate: 50, completed_steps: 1 });
      expect(halfway.steps.map((s: { locked: boolean }) => s.locked)).toEqual([false, false]);
      expect(halfway.next_education_id).toBe(second.id);
      expect(await enrolmentOf(learner.id, second.id)).toMatchObject({
        source: 'program',
        dueAt: dueDateOf(start, 20),
      });
      expect(await programAudit(program.id, 'program.started')).toHaveLength(1);
      expect(await programAudit(program.id, 'program.completed')).toHaveLength(0);
      const home = (await as(learnerToken, 'GET', '/api/my/home')).json().data;
      expect(home.programs.find((p: { id: number }) => p.id === program.id)).toMatchObject({
        next_education_id: second.id,
        enrolment: { finished_rate: 50 },
      });

      await complete(learner.id, second.id);
      // The same event heard again changes nothing and publishes nothing.
      await complete(learner.id, second.id);
      const done = (await as(learnerToken, 'GET', `/api/programs/${program.id}`)).json().data;
      expect(done.enrolment).toMatchObject({ status: 'completed', finished_rate: 100, completed_steps: 2 });
      expect(done.enrolment.completed_at).toEqual(expect.any(String));
      expect(done.next_education_id).toBeNull();
      expect(await programAudit(program.id, 'program.completed')).toHaveLength(1);
      expect(await programAudit(program.id, 'program.started')).toHaveLength(1);

      // A step added afterwards is given to the learner; the program stays completed.
      const third = await education();
      const added = await as(adminToken, 'PUT', `/api/admin/programs/${program.id}`, {
        body: {
          steps: [
            { education_id: first.id, deadline_days: 10 },
            { education_id: second.id, deadline_days: 20 },
            { education_id: third.id, deadline_days: null },
          ],
        },
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(await enrolmentOf(learner.id, third.id)).toMatchObject({ source: 'program' });
      const still = (await as(learnerToken, 'GET', `/api/programs/${program.id}`)).json().data;
      expect(still.enrolment).toMatchObject({ status: 'completed', finished_rate: 100 });
      expect(await programAudit(program.id, 'program.completed')).toHaveLength(1);

      const mine = await as(learnerToken, 'GET', '/api/my/programs', { query: { state: 'completed' } });
      expect(mine.json().data.map((p: { id: number }) => p.id)).toContain(program.id);
      const inProgress = await as(learnerToken, 'GET', '/api/my/programs', { query: { state: 'in_progress' } });
      expect(inProgress.json().data.map((p: { id: number }) => p.id)).not.toContain(program.id);
    });

    it('follows a learner playing the steps’ contents: content, education and program roll up in turn', async () => {
      const person = await test.factories.createUser(company);
      const token = (await login(test.app, company, person.email ?? '')).access_token;
      /** A catalogue education of one web link: opening the link completes it. */
      async function linkEducation(title: string) {
        const content = await as(adminToken, 'POST', '/api/admin/contents', {
          body: { type: 'link', title, language: 'tr', external_url: `https://example.com/${randomUUID()}` },
        });
        expect(content.statusCode, content.body).toBe(201);
        const contentId = content.json().data.id as number;
        const created = await as(adminToken, 'POST', '/api/admin/educations', {
          body: { title, language: 'tr', visibility: 'catalogue', parts: [{ type: 'content', ref_id: contentId }] },
        });
        expect(created.statusCode, created.body).toBe(201);
        return { educationId: created.json().data.id as number, contentId };
      }
      const first = await linkEducation('KVKK temelleri');
      const second = await linkEducation('KVKK ileri düzey');
      const program = await createProgram({
        sequential: true,
        steps: [
          { education_id: first.educationId, deadline_days: null },
          { education_id: second.educationId, deadline_days: null },
        ],
      });
      const player = (contentId: number) => as(token, 'GET', `/api/contents/${contentId}/player`);
      const open = async (contentId: number) => {
        const response = await as(token, 'POST', `/api/contents/${contentId}/progress`, {
          body: { kind: 'link', session: randomUUID(), seq: 0 },
        });
        expect(response.statusCode, response.body).toBe(200);
        await test.platform.events.idle();
      };
      expect((await as(token, 'POST', `/api/programs/${program.id}/enrol`)).statusCode).toBe(200);
      // The first step's content is the learner's to play; the locked step's is not reachable yet.
      expect((await player(first.contentId)).statusCode).toBe(200);
      expect((await player(second.contentId)).statusCode).toBe(404);

      await open(first.contentId);
      const halfway = (await as(token, 'GET', `/api/programs/${program.id}`)).json().data;
      expect(halfway.enrolment).toMatchObject({ status: 'in_progress', finished_rate: 50 });
      expect(halfway.steps[0].education.enrolment).toMatchObject({ status: 'completed', finished_rate: 100 });
      expect(halfway.steps[1].locked).toBe(false);
      expect((await player(second.contentId)).statusCode).toBe(200);

      await open(second.contentId);
      const home = (await as(token, 'GET', '/api/my/home')).json().data;
      expect(home.totals.completed_programs).toBe(1);
      expect(home.programs.map((p: { id: number }) => p.id)).not.toContain(program.id);
      expect((await as(token, 'GET', `/api/programs/${program.id}`)).json().data.enrolment.status).toBe('completed');
      expect(await programAudit(program.id, 'program.completed')).toHaveLength(1);
    });

    it('enrols into every step at once when not sequential, keeping an enrolment the learner already had', async () => {
      const person = await test.factories.createUser(company);
      const [a, b] = [await education({ visibility: 'assigned' }), await education()];
      await test.factories.row(educationEnrolments, company, { educationId: a.id, userId: person.id, source: 'self' });
      const program = await createProgram({
        sequential: false,
        steps: [
          { education_id: a.id, deadline_days: 5 },
          { education_id: b.id, deadline_days: null },
        ],
      });
      const body = { user_ids: [person.id] };
      const first = await as(adminToken, 'POST', `/api/admin/programs/${program.id}/enrolments`, { body, lang: 'en' });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toEqual({ added: 1, already: 0 });
      const again = await as(adminToken, 'POST', `/api/admin/programs/${program.id}/enrolments`, { body });
      expect(again.json().data).toEqual({ added: 0, already: 1 });
      expect(await enrolmentOf(person.id, a.id)).toMatchObject({ source: 'self', dueAt: null });
      expect(await enrolmentOf(person.id, b.id)).toMatchObject({ source: 'program' });
      expect((await as(adminToken, 'GET', `/api/admin/programs/${program.id}`)).json().data.enrolled_count).toBe(1);
    });

    it('starts the program when one of its educations starts', async () => {
      const person = await test.factories.createUser(company);
      const token = (await login(test.app, company, person.email ?? '')).access_token;
      const only = await education();
      const program = await createProgram({ steps: [{ education_id: only.id, deadline_days: null }] });
      await as(token, 'POST', `/api/programs/${program.id}/enrol`);
      await inTenant(test.db, company.id, async (tx) => {
        await tx
          .update(educationEnrolments)
          .set({ status: 'in_progress', startedAt: new Date() })
          .where(and(eq(educationEnrolments.userId, person.id), eq(educationEnrolments.educationId, only.id)));
        await announce(tx, person.id, only.id, 'education.started');
      });
      await test.platform.events.idle();
      const detail = (await as(token, 'GET', `/api/programs/${program.id}`)).json().data;
      expect(detail.enrolment).toMatchObject({ status: 'in_progress', finished_rate: 0 });
      expect(await programAudit(program.id, 'program.started')).toHaveLength(1);
    });

    it('hides from learners a program that is passive, or not open and not theirs', async () => {
      const assignedOnly = await education({ visibility: 'assigned' });
      const closed = await createProgram({ steps: [{ education_id: assignedOnly.id, deadline_days: null }] });
      const empty = await createProgram({ steps: [] });
      const passive = await createProgram({
        status: 0,
        steps: [{ education_id: (await education()).id, deadline_days: null }],
      });
      for (const id of [closed.id, empty.id, passive.id]) {
        expect((await as(learnerToken, 'GET', `/api/programs/${id}`)).statusCode).toBe(404);
        expect((await as(learnerToken, 'POST', `/api/programs/${id}/enrol`)).statusCode).toBe(404);
      }
      // Enrolled by an admin, the closed program is the learner's to see.
      await as(adminToken, 'POST', `/api/admin/programs/${closed.id}/enrolments`, { body: { user_ids: [learner.id] } });
      expect((await as(learnerToken, 'GET', `/api/programs/${closed.id}`)).statusCode).toBe(200);
    });
  });

  describe('access', () => {
    let programId: number;
    beforeAll(async () => {
      programId = (await createProgram({ steps: [{ education_id: (await education()).id, deadline_days: null }] })).id;
    });

    it('answers 404 for another company’s program on every route', async () => {
      const otherUser = await test.factories.createUser(other);
      expect(
        (
          await asOther(otherAdminToken, 'POST', `/api/admin/programs/${programId}/enrolments`, {
            body: { user_ids: [otherUser.id] },
          })
        ).statusCode,
      ).toBe(404);
      expect((await asOther(otherLearnerToken, 'GET', `/api/programs/${programId}`)).statusCode).toBe(404);
      expect((await asOther(otherLearnerToken, 'POST', `/api/programs/${programId}/enrol`)).statusCode).toBe(404);
      const theirs = await asOther(otherLearnerToken, 'GET', '/api/my/programs');
      expect(theirs.json().data).toEqual([]);
    });

    it('answers 401 without a session and 403 without create_program', async () => {
      const enrolments = `/api/admin/programs/${programId}/enrolments`;
      const body = { user_ids: [learner.id] };
      expect((await as(undefined, 'POST', enrolments, { body })).statusCode).toBe(401);
      expect((await as(learnerToken, 'POST', enrolments, { body })).statusCode).toBe(403);
      expect((await as(readerToken, 'POST', enrolments, { body })).statusCode).toBe(403);
      expect((await as(undefined, 'GET', '/api/my/programs')).statusCode).toBe(401);
      expect((await as(undefined, 'GET', `/api/programs/${programId}`)).statusCode).toBe(401);
      expect((await as(undefined, 'POST', `/api/programs/${programId}/enrol`)).statusCode).toBe(401);
    });

    it('refuses bad input with 422', async () => {
      const enrolments = `/api/admin/programs/${programId}/enrolments`;
      const nobody = await as(adminToken, 'POST', enrolments, { body: { user_ids: [] } });
      expect(nobody.statusCode).toBe(422);
      expect(nobody.json().errors.user_ids).toBeDefined();
      const stranger = await test.factories.createUser(other);
      const foreign = await as(adminToken, 'POST', enrolments, { body: { user_ids: [stranger.id] }, lang: 'en' });
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json().errors.user_ids[0]).toBe('One of the chosen people is not an active user of your company.');
      expect((await as(adminToken, 'POST', '/api/admin/programs/abc/enrolments', { body: {} })).statusCode).toBe(422);
      expect((await as(learnerToken, 'GET', '/api/programs/abc')).statusCode).toBe(422);
      expect((await as(learnerToken, 'POST', '/api/programs/0/enrol')).statusCode).toBe(422);
    });
  });
});
