import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, login, readOutbox, type TestApp } from '../../../../test/helpers.js';
import {
  assignmentUsers,
  contentEnrolments,
  educationEnrolments,
  notificationRecipients,
} from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

describe('assignments: publish, people, progress, the learner and the mandatory modal', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let learner: UserRow;
  let second: UserRow;
  let adminToken: string;
  let learnerToken: string;
  let otherAdminToken: string;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));
  const today = new Date().toISOString().slice(0, 10);
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  async function settle() {
    for (let i = 0; i < 3; i++) await test.settle();
  }

  async function link(title: string) {
    const response = await as(adminToken, 'POST', '/api/admin/contents', {
      body: { type: 'link', title, language: 'tr', external_url: `https://example.com/${randomUUID()}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  }

  async function education(contentIds: number[]) {
    const response = await as(adminToken, 'POST', '/api/admin/educations', {
      body: {
        title: 'Bilgi Güvenliği Farkındalığı',
        language: 'tr',
        parts: contentIds.map((ref_id) => ({ type: 'content', ref_id })),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  }

  async function draft(body: Record<string, unknown>) {
    const response = await as(adminToken, 'POST', '/api/admin/assignments', {
      body: { name: 'KVKK eğitimi', start_date: today, end_date: inDays(14), mandatory: true, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; status: string };
  }

  async function openLink(token: string, contentId: number) {
    const response = await as(token, 'POST', `/api/contents/${contentId}/progress`, {
      body: { kind: 'link', session: randomUUID(), seq: 0 },
    });
    expect(response.statusCode, response.body).toBe(200);
    await settle();
  }

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    learner = await test.factories.createUser(company);
    second = await test.factories.createUser(company);
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    learnerToken = (await login(test.app, company, learner.email!)).access_token;
    otherAdminToken = (await login(test.app, other, (await test.factories.createAdmin(other)).email!)).access_token;
  });
  afterAll(() => test.close());

  it('publishing gives an education to the people: rows, enrolments, a notification, a mail, then progress completes it', async () => {
    const [a, b] = [await link('Parolalar'), await link('Oltalama')];
    const educationId = await education([a, b]);
    const created = await draft({
      items: [{ type: 'education', ref_id: educationId }],
      target: { kind: 'users', user_ids: [learner.id, second.id] },
    });
    expect(created.status).toBe('draft');

    const published = await as(adminToken, 'POST', `/api/admin/assignments/${created.id}/publish`);
    expect(published.statusCode, published.body).toBe(202);
    expect(published.json().data.job_id).toBeGreaterThan(0);
    expect(published.json().data.assignment.status).toBe('active');
    await settle();

    const rows = await asSystem(test.db, (tx) =>
      tx.select().from(assignmentUsers).where(eq(assignmentUsers.assignmentId, created.id)),
    );
    expect(rows.map((r) => r.userId).sort()).toEqual([learner.id, second.id].sort());
    expect(rows.every((r) => r.notifiedAt !== null)).toBe(true);
    const [enrolment] = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(educationEnrolments)
        .where(and(eq(educationEnrolments.educationId, educationId), eq(educationEnrolments.userId, learner.id))),
    );
    expect(enrolment?.source).toBe('assignment');
    expect(enrolment?.dueAt).toBe(inDays(14));
    const notified = await asSystem(test.db, (tx) =>
      tx.select().from(notificationRecipients).where(eq(notificationRecipients.userId, learner.id)),
    );
    expect(notified.length).toBe(1);
    const mails = (await readOutbox(test)).filter((m) => m.content.includes(learner.email!));
    expect(mails.length).toBe(1);
    expect(mails[0]?.content.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toMatch(/type=assignment&id=\d+/);

    // The mandatory modal and the learner's list show it, not started.
    const modal = await as(learnerToken, 'GET', '/api/dashboard/mandatory-completions');
    expect(modal.json().data.assignments).toMatchObject([{ id: created.id, action_label: 'start' }]);
    expect(modal.json().data.is_mandatory_exists).toBe(true);
    const mine = await as(learnerToken, 'GET', '/api/my/assignments', { query: { status: 'open' } });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data[0]).toMatchObject({ id: created.id, status: 'not_started', items_count: 1 });
    expect(mine.json().data[0].next_item.path).toBe(`/education/${educationId}/detail`);

    // Half the education: in progress, continue.
    await openLink(learnerToken, a);
    const detail = await as(learnerToken, 'GET', `/api/my/assignments/${created.id}`);
    expect(detail.json().data).toMatchObject({ status: 'in_progress', progress: 50 });
    const again = await as(learnerToken, 'GET', '/api/dashboard/mandatory-completions');
    expect(again.json().data.assignments[0].action_label).toBe('continue');

    // All of it: completed, gone from the modal, counted in the admin's completion rate.
    await openLink(learnerToken, b);
    const done = await as(learnerToken, 'GET', `/api/my/assignments/${created.id}`);
    expect(done.json().data).toMatchObject({ status: 'completed', progress: 100 });
    expect((await as(learnerToken, 'GET', '/api/dashboard/mandatory-completions')).json().data.assignments).toEqual([]);
    const listed = await as(adminToken, 'GET', '/api/admin/assignments', { query: { status: 'active' } });
    expect(listed.json().data.find((x: { id: number }) => x.id === created.id)).toMatchObject({
      people: 2,
      completed: 1,
      completion_rate: 50,
    });
    const people = await as(adminToken, 'GET', `/api/admin/assignments/${created.id}/people`, {
      query: { status: 'completed' },
    });
    expect(people.json().data.map((p: { user: { id: number } }) => p.user.id)).toEqual([learner.id]);
    expect(people.json().summary).toMatchObject({ people: 2, completed: 1, not_started: 1, completion_rate: 50 });
  });

  it('after publishing the items and the target kind are locked, the dates are not; removing a person cancels their row', async () => {
    const contentId = await link('KVKK özeti');
    const created = await draft({
      items: [{ type: 'content', ref_id: contentId }],
      target: { kind: 'users', user_ids: [learner.id] },
    });
    await as(adminToken, 'POST', `/api/admin/assignments/${created.id}/publish`);
    await settle();
    const [enrolled] = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(contentEnrolments)
        .where(and(eq(contentEnrolments.contentId, contentId), eq(contentEnrolments.userId, learner.id))),
    );
    expect(enrolled).toMatchObject({ source: 'assignment', assignmentId: created.id });

    const items = await as(adminToken, 'PUT', `/api/admin/assignments/${created.id}`, {
      body: { items: [{ type: 'content', ref_id: await link('Başka') }] },
    });
    expect(items.statusCode).toBe(422);
    expect(items.json().errors.items).toBeDefined();
    const kind = await as(adminToken, 'PUT', `/api/admin/assignments/${created.id}`, {
      body: { target: { kind: 'company' } },
    });
    expect(kind.statusCode).toBe(422);
    const dates = await as(adminToken, 'PUT', `/api/admin/assignments/${created.id}`, {
      body: { end_date: inDays(30), name: 'KVKK (güncel)' },
    });
    expect(dates.statusCode, dates.body).toBe(200);
    expect(dates.json().data).toMatchObject({ end_date: inDays(30), name: 'KVKK (güncel)' });

    // Growing the target assigns the new person.
    const grown = await as(adminToken, 'PUT', `/api/admin/assignments/${created.id}`, {
      body: { target: { kind: 'users', user_ids: [learner.id, second.id] } },
    });
    expect(grown.statusCode, grown.body).toBe(200);
    await settle();
    expect((await as(adminToken, 'GET', `/api/admin/assignments/${created.id}`)).json().data.people).toBe(2);

    const remind = await as(adminToken, 'POST', `/api/admin/assignments/${created.id}/people/${second.id}/remind`);
    expect(remind.statusCode, remind.body).toBe(200);
    const removed = await as(adminToken, 'DELETE', `/api/admin/assignments/${created.id}/people/${second.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const people = await as(adminToken, 'GET', `/api/admin/assignments/${created.id}/people`, {
      query: { status: 'cancelled' },
    });
    expect(people.json().data.map((p: { user: { id: number } }) => p.user.id)).toEqual([second.id]);

    const deleted = await as(adminToken, 'DELETE', `/api/admin/assignments/${created.id}`);
    expect(deleted.statusCode).toBe(409);
    const cancelled = await as(adminToken, 'POST', `/api/admin/assignments/${created.id}/cancel`);
    expect(cancelled.json().data.status).toBe('cancelled');
    const gone = await as(learnerToken, 'GET', `/api/my/assignments/${created.id}`);
    expect(gone.statusCode).toBe(404);
  });

  it('a group target reaches people who join the group while it is active', async () => {
    const group = await as(adminToken, 'POST', '/api/admin/user-groups', {
      body: { name: 'Satış ekibi', kind: 'static' },
    });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = group.json().data.id as number;
    const contentId = await link('Satış sunumu');
    const created = await draft({
      mandatory: false,
      items: [{ type: 'content', ref_id: contentId }],
      target: { kind: 'groups', group_ids: [groupId] },
    });
    await as(adminToken, 'POST', `/api/admin/assignments/${created.id}/publish`);
    await settle();
    expect((await as(adminToken, 'GET', `/api/admin/assignments/${created.id}`)).json().data.people).toBe(0);
    const joined = await as(adminToken, 'POST', `/api/admin/user-groups/${groupId}/members`, {
      body: { user_ids: [second.id] },
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
    await settle();
    expect((await as(adminToken, 'GET', `/api/admin/assignments/${created.id}`)).json().data.people).toBe(1);
  });

  it('the reminder schedule sends each reminder once', async () => {
    const contentId = await link('Yangın tatbikatı');
    const created = await draft({
      start_date: inDays(-10),
      end_date: inDays(1),
      reminders: { days_before: [1], on_overdue: true },
      items: [{ type: 'content', ref_id: contentId }],
      target: { kind: 'users', user_ids: [second.id] },
    });
    await as(adminToken, 'POST', `/api/admin/assignments/${created.id}/publish`);
    await settle();
    const assignments = test.services.assignments;
    const first = await assignments.delivery.sendDueReminders();
    const twice = await assignments.delivery.sendDueReminders();
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    expect(twice.reminded).toBe(0);
  });

  it('tells those who have not completed an overdue assignment so, once, with the overdue mail', async () => {
    const contentId = await link('Tahliye planı');
    const created = await draft({
      name: 'Tahliye planı okuması',
      start_date: inDays(-10),
      end_date: inDays(-1),
      reminders: { days_before: [], on_overdue: true },
      items: [{ type: 'content', ref_id: contentId }],
      target: { kind: 'users', user_ids: [second.id] },
    });
    await as(adminToken, 'POST', `/api/admin/assignments/${created.id}/publish`);
    await settle();
    const sent = vi.spyOn(test.platform.mailer, 'send');
    await test.services.assignments.delivery.sendDueReminders();
    await settle();
    await test.services.assignments.delivery.sendDueReminders();
    await settle();
    const overdue = sent.mock.calls.map(([mail]) => mail).filter((mail) => mail.to === second.email);
    sent.mockRestore();
    expect(overdue.map((mail) => mail.subject)).toEqual([
      `${company.name} – "Tahliye planı okuması" görevinin süresi geçti`,
    ]);
    expect(overdue[0]?.text).toContain('hâlâ tamamlayabilirsiniz');
  });

  it('preview shows the learner detail without progress', async () => {
    const contentId = await link('Önizleme');
    const created = await draft({
      items: [{ type: 'content', ref_id: contentId }],
      target: { kind: 'company' },
    });
    const preview = await as(adminToken, 'GET', `/api/admin/assignments/${created.id}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ preview: true, progress: 0, items: [{ ref_id: contentId }] });
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const before = (await as(adminToken, 'GET', '/api/admin/assignments')).json().meta.total;
    const cases: Record<string, unknown>[] = [
      { name: '', start_date: today, end_date: today, items: [], target: { kind: 'company' } },
      {
        name: 'x',
        start_date: inDays(3),
        end_date: today,
        items: [{ type: 'content', ref_id: 1 }],
        target: { kind: 'company' },
      },
      {
        name: 'x',
        start_date: today,
        end_date: today,
        items: [{ type: 'exam', ref_id: 1 }],
        target: { kind: 'company' },
      },
      {
        name: 'x',
        start_date: today,
        end_date: today,
        items: [{ type: 'content', ref_id: 999_999 }],
        target: { kind: 'company' },
      },
      {
        name: 'x',
        start_date: today,
        end_date: today,
        items: [{ type: 'content', ref_id: 1 }],
        target: { kind: 'users' },
      },
    ];
    for (const body of cases) {
      const response = await as(adminToken, 'POST', '/api/admin/assignments', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors ?? {}).length).toBeGreaterThan(0);
    }
    expect((await as(adminToken, 'GET', '/api/admin/assignments')).json().meta.total).toBe(before);
  });

  it('another company’s assignment is not found; a learner may not manage assignments', async () => {
    const contentId = await link('Gizli');
    const created = await draft({ items: [{ type: 'content', ref_id: contentId }], target: { kind: 'company' } });
    const calls: [string, string][] = [
      ['GET', `/api/admin/assignments/${created.id}`],
      ['POST', `/api/admin/assignments/${created.id}/publish`],
      ['POST', `/api/admin/assignments/${created.id}/cancel`],
      ['GET', `/api/admin/assignments/${created.id}/people`],
      ['GET', `/api/admin/assignments/${created.id}/preview`],
      ['POST', `/api/admin/assignments/${created.id}/people/${learner.id}/remind`],
      ['DELETE', `/api/admin/assignments/${created.id}/people/${learner.id}`],
      ['POST', `/api/admin/assignments/${created.id}/people/export`],
    ];
    for (const [method, url] of calls) {
      const foreign = await asOther(otherAdminToken, method as 'GET', url, method === 'POST' ? { body: {} } : {});
      expect(foreign.statusCode, `${method} ${url}`).toBe(404);
      const learnerCall = await as(learnerToken, method as 'GET', url, method === 'POST' ? { body: {} } : {});
      expect(learnerCall.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await as(undefined, method as 'GET', url, method === 'POST' ? { body: {} } : {});
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await as(adminToken, 'GET', `/api/admin/assignments/${created.id}`)).json().data.status).toBe('draft');
    const mine = await asOther(otherAdminToken, 'GET', `/api/my/assignments/${created.id}`);
    expect(mine.statusCode).toBe(404);
  });

  describe('adding people by hand', () => {
    async function running(target: Record<string, unknown>) {
      const contentId = await link('Ek kişiler');
      const created = await draft({ items: [{ type: 'content', ref_id: contentId }], target });
      await as(adminToken, 'POST', `/api/admin/assignments/${created.id}/publish`);
      await settle();
      return { id: created.id, contentId };
    }
    const peopleOf = (id: number) =>
      asSystem(test.db, (tx) => tx.select().from(assignmentUsers).where(eq(assignmentUsers.assignmentId, id)));

    it('gives a published assignment to a new person as publishing does: row, enrolment, notification, mail', async () => {
      const newcomer = await test.factories.createUser(company);
      const { id, contentId } = await running({ kind: 'users', user_ids: [learner.id] });
      const added = await as(adminToken, 'POST', `/api/admin/assignments/${id}/people`, {
        body: { user_ids: [newcomer.id] },
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json().data.user_ids).toEqual([newcomer.id]);
      await settle();
      const rows = await peopleOf(id);
      expect(rows.map((r) => r.userId).sort()).toEqual([learner.id, newcomer.id].sort());
      expect(rows.find((r) => r.userId === newcomer.id)?.notifiedAt).not.toBeNull();
      const enrolled = await asSystem(test.db, (tx) =>
        tx
          .select()
          .from(contentEnrolments)
          .where(and(eq(contentEnrolments.contentId, contentId), eq(contentEnrolments.userId, newcomer.id))),
      );
      expect(enrolled.map((e) => [e.source, e.assignmentId])).toEqual([['assignment', id]]);
      const notified = await asSystem(test.db, (tx) =>
        tx.select().from(notificationRecipients).where(eq(notificationRecipients.userId, newcomer.id)),
      );
      expect(notified.length).toBe(1);
      expect((await readOutbox(test)).filter((m) => m.content.includes(newcomer.email!))).toHaveLength(1);
      // A chosen-people target grows by them, so the details tab shows them among its people.
      const detail = (await as(adminToken, 'GET', `/api/admin/assignments/${id}`)).json().data;
      expect(detail.target.users.map((u: { id: number }) => u.id).sort()).toEqual([learner.id, newcomer.id].sort());
      expect(detail.people).toBe(2);
    });

    it('adds someone outside a group target; removing them (after asking) cancels their row', async () => {
      const outsider = await test.factories.createUser(company);
      const group = await test.factories.createUserGroup(company, { members: [second.id] });
      const { id } = await running({ kind: 'groups', group_ids: [group.id] });
      const added = await as(adminToken, 'POST', `/api/admin/assignments/${id}/people`, {
        body: { user_ids: [outsider.id] },
      });
      expect(added.statusCode, added.body).toBe(201);
      await settle();
      const listed = await as(adminToken, 'GET', `/api/admin/assignments/${id}/people`);
      expect(
        listed
          .json()
          .data.map((p: { user: { id: number } }) => p.user.id)
          .sort(),
      ).toEqual([second.id, outsider.id].sort());
      const removed = await as(adminToken, 'DELETE', `/api/admin/assignments/${id}/people/${outsider.id}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await peopleOf(id)).find((r) => r.userId === outsider.id)?.cancelledAt).not.toBeNull();
      // Removed once: not given it again by hand.
      const again = await as(adminToken, 'POST', `/api/admin/assignments/${id}/people`, {
        body: { user_ids: [outsider.id] },
      });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors.user_ids).toBeDefined();
    });

    it('refuses unknown, foreign, passive and present people, empty lists and drafts; nothing changes', async () => {
      const { id } = await running({ kind: 'users', user_ids: [learner.id] });
      const foreigner = await test.factories.createUser(other);
      const passive = await test.factories.createUser(company, { status: 0 });
      const fresh = await test.factories.createUser(company);
      const mailsBefore = (await readOutbox(test)).length;
      const bodies: unknown[] = [
        { user_ids: [] },
        { user_ids: ['x'] },
        {},
        { user_ids: [2_000_000_000] },
        { user_ids: [foreigner.id] },
        { user_ids: [passive.id] },
        { user_ids: [learner.id] },
        { user_ids: [fresh.id, learner.id] },
        { user_ids: [fresh.id, foreigner.id] },
      ];
      for (const body of bodies) {
        const response = await as(adminToken, 'POST', `/api/admin/assignments/${id}/people`, { body });
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        const fields = Object.keys(response.json().errors ?? {});
        expect(
          fields.some((field) => field.startsWith('user_ids')),
          JSON.stringify(body),
        ).toBe(true);
      }
      await settle();
      expect((await peopleOf(id)).map((r) => r.userId)).toEqual([learner.id]);
      expect((await readOutbox(test)).length).toBe(mailsBefore);
      const contentId = await link('Taslak');
      const notYet = await draft({ items: [{ type: 'content', ref_id: contentId }], target: { kind: 'company' } });
      const draftAdd = await as(adminToken, 'POST', `/api/admin/assignments/${notYet.id}/people`, {
        body: { user_ids: [fresh.id] },
      });
      expect(draftAdd.statusCode).toBe(409);
      await as(adminToken, 'POST', `/api/admin/assignments/${id}/cancel`);
      const cancelled = await as(adminToken, 'POST', `/api/admin/assignments/${id}/people`, {
        body: { user_ids: [fresh.id] },
      });
      expect(cancelled.statusCode).toBe(409);
      expect((await peopleOf(id)).map((r) => r.userId)).toEqual([learner.id]);
    });

    it('needs create_assignment and the assignment of the caller’s company', async () => {
      const { id } = await running({ kind: 'users', user_ids: [learner.id] });
      const reader = await test.factories.createUser(company);
      await test.factories.createRole(company, { permissions: ['read_assignment'], members: [reader.id] });
      const readerToken = (await login(test.app, company, reader.email!)).access_token;
      const body = { user_ids: [second.id] };
      const url = `/api/admin/assignments/${id}/people`;
      expect((await as(undefined, 'POST', url, { body })).statusCode).toBe(401);
      expect((await as(learnerToken, 'POST', url, { body })).statusCode).toBe(403);
      expect((await as(readerToken, 'POST', url, { body })).statusCode).toBe(403);
      const otherUser = await test.factories.createUser(other);
      const foreign = await asOther(otherAdminToken, 'POST', url, { body: { user_ids: [otherUser.id] } });
      expect(foreign.statusCode).toBe(404);
      expect((await peopleOf(id)).map((r) => r.userId)).toEqual([learner.id]);
    });
  });

  it('exports the people as xlsx through the export jobs', async () => {
    const contentId = await link('Dışa aktarım');
    const created = await draft({ items: [{ type: 'content', ref_id: contentId }], target: { kind: 'company' } });
    await as(adminToken, 'POST', `/api/admin/assignments/${created.id}/publish`);
    await settle();
    const started = await as(adminToken, 'POST', `/api/admin/assignments/${created.id}/people/export`, {
      body: { format: 'xlsx' },
    });
    expect(started.statusCode, started.body).toBe(202);
    await settle();
    const job = await as(adminToken, 'GET', `/api/jobs/${started.json().data.job_id}`);
    expect(job.json().data.state, job.body).toBe('done');
  });

  it('gives a content page’s enrolments as a published assignment of that content, keeping {added, already}', async () => {
    const contentId = await link('Temiz masa kuralı');
    const group = await test.factories.createUserGroup(company, { members: [second.id] });
    const first = await as(adminToken, 'POST', `/api/admin/contents/${contentId}/enrolments`, {
      body: { user_ids: [learner.id], group_ids: [group.id], due_at: inDays(20) },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ added: 2, already: 0 });
    const list = await as(adminToken, 'GET', `/api/admin/assignments?search=${encodeURIComponent('Temiz masa')}`);
    const made = list.json().data as { id: number; name: string; end_date: string; status: string; people: number }[];
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ name: 'Temiz masa kuralı', end_date: inDays(20), status: 'active', people: 2 });
    const rows = await asSystem(test.db, (tx) =>
      tx.select().from(contentEnrolments).where(eq(contentEnrolments.contentId, contentId)),
    );
    expect(rows.map((r) => [r.userId, r.source, r.assignmentId, r.groupId]).sort()).toEqual(
      [
        [learner.id, 'assignment', made[0]?.id, null],
        [second.id, 'assignment', made[0]?.id, group.id],
      ].sort(),
    );
    // Again for the same people: nobody new, no second assignment.
    const again = await as(adminToken, 'POST', `/api/admin/contents/${contentId}/enrolments`, {
      body: { user_ids: [learner.id], group_ids: [], due_at: null },
    });
    expect(again.json().data).toEqual({ added: 0, already: 1 });
    const mine = await as(learnerToken, 'GET', '/api/my/assignments?status=open');
    expect(mine.json().data.some((a: { name: string }) => a.name === 'Temiz masa kuralı')).toBe(true);
  });
});
