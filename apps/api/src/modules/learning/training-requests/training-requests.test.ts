import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import {
  companyCaller,
  createTestApp,
  latestMailTo,
  login,
  readOutbox,
  type TestApp,
} from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import {
  assignmentItems,
  assignments,
  assignmentTargets,
  notificationRecipients,
  notifications,
  trainingRequests,
} from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

/** The mail's text with quoted-printable bytes decoded (latestMailTo undoes soft breaks and `=3D` only). */
const decodeQuotedPrintable = (text: string | undefined) =>
  Buffer.from(
    (text ?? '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe('training requests: a learner asks, an admin approves with an assignment or rejects with a reason', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let learner: UserRow;
  let admin: UserRow;
  let adminToken: string;
  let learnerToken: string;
  let otherAdminToken: string;
  let otherLearnerToken: string;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));

  async function education(body: Record<string, unknown>, call = as, token = adminToken) {
    const response = await call(token, 'POST', '/api/admin/educations', {
      body: { title: 'Proje Yönetiminin Temelleri', language: 'tr', visibility: 'request', ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; title: string };
  }

  const requestFor = (id: number, body: unknown = { note: 'Ekibimde proje yönetiyorum.' }, token = learnerToken) =>
    as(token, 'POST', `/api/educations/${id}/training-request`, { body });

  const detailOf = async (id: number) => (await as(learnerToken, 'GET', `/api/educations/${id}`)).json().data;

  const requestRows = (educationId: number) =>
    asSystem(test.db, (tx) => tx.select().from(trainingRequests).where(eq(trainingRequests.educationId, educationId)));

  const notificationsOf = (userId: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select({ name: notifications.name, data: notifications.data })
        .from(notificationRecipients)
        .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
        .where(eq(notificationRecipients.userId, userId)),
    );

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    admin = await test.factories.createAdmin(company);
    learner = await test.factories.createUser(company);
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    learnerToken = (await login(test.app, company, learner.email!)).access_token;
    const otherAdmin = await test.factories.createAdmin(other);
    otherAdminToken = (await login(test.app, other, otherAdmin.email!)).access_token;
    const otherLearner = await test.factories.createUser(other);
    otherLearnerToken = (await login(test.app, other, otherLearner.email!)).access_token;
  });
  afterAll(() => test.close());

  it('shows a request-visibility education in the catalogue with "request" instead of "enrol"', async () => {
    const e = await education({ title: 'Talep ile açık eğitim' });
    const catalogue = await as(learnerToken, 'GET', '/api/catalogue', { query: { search: 'Talep ile açık' } });
    expect(catalogue.statusCode, catalogue.body).toBe(200);
    const card = catalogue.json().data.find((c: { id: number }) => c.id === e.id);
    expect(card).toMatchObject({ can_enrol: false, can_request: true });
    const detail = await as(learnerToken, 'GET', `/api/educations/${e.id}`);
    expect(detail.json().data).toMatchObject({ can_enrol: false, can_request: true });
    // Self-enrolment stays closed: only an approval gives it.
    expect((await as(learnerToken, 'POST', `/api/educations/${e.id}/enrol`)).statusCode).toBe(403);
    const none = await as(learnerToken, 'GET', `/api/educations/${e.id}/training-request`);
    expect(none.json()).toEqual({ data: null });
  });

  it('a learner requests with a note; a second pending request is refused; the deciding admins are told', async () => {
    const e = await education({ title: 'Müzakere Teknikleri' });
    const first = await requestFor(e.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ status: 'pending', note: 'Ekibimde proje yönetiyorum.', reason: null });
    const again = await requestFor(e.id, {});
    expect(again.statusCode, again.body).toBe(409);
    expect(await requestRows(e.id)).toHaveLength(1);
    const mine = await as(learnerToken, 'GET', `/api/educations/${e.id}/training-request`);
    expect(mine.json().data).toMatchObject({ id: first.json().data.id, status: 'pending' });
    await test.settle(); // the admins are told by a subscriber, after the commit
    const told = await notificationsOf(admin.id);
    expect(told.some((n) => n.name.includes('Müzakere Teknikleri'))).toBe(true);
    expect((await notificationsOf(learner.id)).some((n) => n.name.includes('Müzakere Teknikleri'))).toBe(false);
  });

  it('approving creates a published assignment of the education for the person, notifies and mails them', async () => {
    const e = await education({ title: 'Etkili Sunum Becerileri' });
    const id = (await requestFor(e.id)).json().data.id as number;
    const list = await as(adminToken, 'GET', '/api/admin/training-requests', {
      query: { education_id: String(e.id), status: 'pending' },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({
      id,
      status: 'pending',
      education: { id: e.id, title: 'Etkili Sunum Becerileri' },
      user: { id: learner.id },
    });
    expect(list.json().counts).toEqual({ pending: 1, approved: 0, rejected: 0 });

    const approved = await as(adminToken, 'POST', `/api/admin/training-requests/${id}/approve`, {
      body: { end_date: '2099-06-30' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const assignmentId = approved.json().data.assignment_id as number;
    const [assignment] = await asSystem(test.db, (tx) =>
      tx.select().from(assignments).where(eq(assignments.id, assignmentId)),
    );
    expect(assignment).toMatchObject({
      companyId: company.id,
      name: 'Etkili Sunum Becerileri',
      endDate: '2099-06-30',
      targetKind: 'users',
    });
    expect(assignment?.publishedAt).not.toBeNull();
    const items = await asSystem(test.db, (tx) =>
      tx.select().from(assignmentItems).where(eq(assignmentItems.assignmentId, assignmentId)),
    );
    expect(items.map((i) => [i.type, i.refId])).toEqual([['education', e.id]]);
    const targets = await asSystem(test.db, (tx) =>
      tx.select().from(assignmentTargets).where(eq(assignmentTargets.assignmentId, assignmentId)),
    );
    expect(targets.map((t) => [t.kind, t.refId])).toEqual([['user', learner.id]]);

    const mine = await as(learnerToken, 'GET', `/api/educations/${e.id}/training-request`);
    expect(mine.json().data).toMatchObject({ status: 'approved', assignment_id: assignmentId });
    // The assignments module's publish job gives it to the person like any other publishing.
    await test.settle();
    const given = await as(learnerToken, 'GET', `/api/my/assignments/${assignmentId}`);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data).toMatchObject({ name: 'Etkili Sunum Becerileri' });
    expect((await detailOf(e.id)).enrolment).not.toBeNull();
    // Told once, by the decision (not by a second "new assignment" message): one notification, one mail.
    const told = (await notificationsOf(learner.id)).filter((n) => n.name.includes('Etkili Sunum Becerileri'));
    expect(told).toHaveLength(1);
    expect(told[0]?.data).toMatchObject({ webUrl: { name: 'user.assignment-detail', params: { id: assignmentId } } });
    const mails = (await readOutbox(test))
      .filter((m) => m.content.includes(learner.email!))
      .map((m) => decodeQuotedPrintable(m.content.replace(/=\r?\n/g, '')));
    expect(mails).toHaveLength(1);
    const decision = mails.find((m) => m.includes('talebiniz onaylandı'));
    expect(decision).toContain('Etkili Sunum Becerileri');
    expect(decision).toContain('2099-06-30');
    expect(decision).toContain(`/assignment/${assignmentId}/detail`);

    const twice = await as(adminToken, 'POST', `/api/admin/training-requests/${id}/approve`, { body: {} });
    expect(twice.statusCode).toBe(409);
  });

  it('rejecting needs a reason (localized, nothing changes); the reason reaches the learner, who may ask again', async () => {
    const e = await education({ title: 'Zaman Yönetimi' });
    const id = (await requestFor(e.id)).json().data.id as number;
    const empty = await as(adminToken, 'POST', `/api/admin/training-requests/${id}/reject`, {
      body: { reason: '  ' },
      lang: 'en',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.reason[0]).toBe('Please write why the request is rejected.');
    expect((await requestRows(e.id))[0]?.status).toBe('pending');

    const rejected = await as(adminToken, 'POST', `/api/admin/training-requests/${id}/reject`, {
      body: { reason: 'Bu dönem bütçe ayrılmadı.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const mine = await as(learnerToken, 'GET', `/api/educations/${e.id}/training-request`);
    expect(mine.json().data).toMatchObject({ status: 'rejected', reason: 'Bu dönem bütçe ayrılmadı.' });
    await test.settle(); // the decision's notification and mail are sent by subscribers, after the commit
    const told = (await notificationsOf(learner.id)).find((n) => n.name.includes('Zaman Yönetimi'));
    expect(told?.data).toMatchObject({ webUrl: { name: 'user.education-detail', params: { id: e.id } } });
    const mail = decodeQuotedPrintable(await latestMailTo(test, learner.email!));
    expect(mail).toContain('Bu dönem bütçe ayrılmadı.');
    expect(mail).toContain(`/education/${e.id}/detail`);

    const again = await requestFor(e.id, { note: null });
    expect(again.statusCode, again.body).toBe(201);
    expect(await requestRows(e.id)).toHaveLength(2);
  });

  it('filters, searches by person, sorts and pages the admin list', async () => {
    const e = await education({ title: 'Liste Eğitimi' });
    const people = [await test.factories.createUser(company), await test.factories.createUser(company)];
    for (const person of people) {
      const token = (await login(test.app, company, person.email!)).access_token;
      expect((await requestFor(e.id, {}, token)).statusCode).toBe(201);
    }
    const byName = await as(adminToken, 'GET', '/api/admin/training-requests', {
      query: { education_id: String(e.id), search: people[1]!.name },
    });
    expect(byName.json().data.map((r: { user: { id: number } }) => r.user.id)).toEqual([people[1]!.id]);
    const paged = await as(adminToken, 'GET', '/api/admin/training-requests', {
      query: { education_id: String(e.id), per_page: '1', page: '2', sort: 'created_at' },
    });
    expect(paged.json().meta).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(paged.json().data[0].user.id).toBe(people[1]!.id);
    const future = await as(adminToken, 'GET', '/api/admin/training-requests', {
      query: { education_id: String(e.id), from: '2099-01-01' },
    });
    expect(future.json().meta.total).toBe(0);
    const counts = await as(adminToken, 'GET', '/api/admin/training-requests/pending-counts');
    expect(counts.json().data).toContainEqual({ education_id: e.id, pending: 2 });
  });

  it('refuses what may not be requested: assigned only (404), open for self-enrolment (409), bad note (422)', async () => {
    const assigned = await education({ title: 'Yalnız atanan', visibility: 'assigned' });
    expect((await requestFor(assigned.id)).statusCode).toBe(404);
    const open = await education({ title: 'Katalogda açık', visibility: 'catalogue' });
    expect((await requestFor(open.id)).statusCode).toBe(409);
    const e = await education({ title: 'Uzun not' });
    const long = await requestFor(e.id, { note: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.note).toBeDefined();
    expect(await requestRows(e.id)).toHaveLength(0);
    const badDate = await as(adminToken, 'POST', '/api/admin/training-requests/1/approve', {
      body: { end_date: 'tomorrow' },
    });
    expect(badDate.statusCode).toBe(422);
  });

  it('an approval ending in the past is refused and changes nothing', async () => {
    const e = await education({ title: 'Geçmiş tarih' });
    const id = (await requestFor(e.id)).json().data.id as number;
    const past = await as(adminToken, 'POST', `/api/admin/training-requests/${id}/approve`, {
      body: { end_date: '2020-01-01' },
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.end_date).toBeDefined();
    expect((await requestRows(e.id))[0]?.status).toBe('pending');
  });

  it('keeps companies apart: another company’s request and education are not found', async () => {
    const e = await education({ title: 'Şirket içi' });
    const id = (await requestFor(e.id)).json().data.id as number;
    expect(
      (await asOther(otherAdminToken, 'POST', `/api/admin/training-requests/${id}/approve`, { body: {} })).statusCode,
    ).toBe(404);
    expect(
      (await asOther(otherAdminToken, 'POST', `/api/admin/training-requests/${id}/reject`, { body: { reason: 'x' } }))
        .statusCode,
    ).toBe(404);
    const list = await asOther(otherAdminToken, 'GET', '/api/admin/training-requests');
    expect(list.json().data.some((r: { id: number }) => r.id === id)).toBe(false);
    expect(
      (await asOther(otherLearnerToken, 'POST', `/api/educations/${e.id}/training-request`, { body: {} })).statusCode,
    ).toBe(404);
    expect((await asOther(otherLearnerToken, 'GET', `/api/educations/${e.id}/training-request`)).statusCode).toBe(404);
    expect((await requestRows(e.id))[0]?.status).toBe('pending');
  });

  it('asks read_assignment to see and create_assignment to decide', async () => {
    const e = await education({ title: 'Yetki' });
    const id = (await requestFor(e.id)).json().data.id as number;
    const base = '/api/admin/training-requests';
    expect((await as(learnerToken, 'GET', base)).statusCode).toBe(403);
    expect((await as(learnerToken, 'GET', `${base}/pending-counts`)).statusCode).toBe(403);
    expect((await as(learnerToken, 'POST', `${base}/${id}/approve`, { body: {} })).statusCode).toBe(403);
    expect((await as(undefined, 'GET', base)).statusCode).toBe(401);
    expect((await as(undefined, 'POST', `/api/educations/${e.id}/training-request`, { body: {} })).statusCode).toBe(
      401,
    );
    const reader = await tokenWithPermissions(test, company, ['read_assignment']);
    expect((await as(reader, 'GET', base)).statusCode).toBe(200);
    expect((await as(reader, 'POST', `${base}/${id}/reject`, { body: { reason: 'x' } })).statusCode).toBe(403);
    const decider = await tokenWithPermissions(test, company, ['create_assignment']);
    expect(
      (await as(decider, 'POST', `${base}/${id}/reject`, { body: { reason: 'Kontenjan dolu.' } })).statusCode,
    ).toBe(200);
    const [row] = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(trainingRequests)
        .where(and(eq(trainingRequests.id, id), eq(trainingRequests.status, 'rejected'))),
    );
    expect(row?.reason).toBe('Kontenjan dolu.');
  });
});
