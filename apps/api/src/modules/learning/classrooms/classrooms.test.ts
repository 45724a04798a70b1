import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import { auditLogs, classroomRegistrations, classroomSessions } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

describeResourceContract({
  plural: 'classrooms',
  entity: 'classroom',
  permissions: { read: 'show_training', write: 'create_training' },
  create: (n) => ({ title: `Etkili Sunum Teknikleri ${n}`, language: 'tr', default_place: 'Eğitim salonu 2' }),
  update: { title: 'Zor Konuşmalar', default_online_url: 'https://meet.example.com/abc' },
  invalid: { body: { title: '' }, field: 'title' },
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function multipart(data: Buffer, fileName: string, type: string) {
  const boundary = `----kampus${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const inDays = (days: number, hour = 10) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour - 3, 0, 0, 0);
  return date.toISOString();
};

describe('classroom trainings: sessions, waiting list, attendance and the education part', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let learner: UserRow;
  let second: UserRow;
  let third: UserRow;
  let adminToken: string;
  let learnerToken: string;
  let secondToken: string;
  let thirdToken: string;
  let otherAdminToken: string;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));

  async function training(title = 'Etkili Sunum Teknikleri') {
    const response = await as(adminToken, 'POST', '/api/admin/classrooms', {
      body: {
        title,
        language: 'tr',
        description: '<p>Sahne <script>x()</script>korkusu</p>',
        default_place: 'Salon A',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; description: string };
  }

  async function session(classroomId: number, body: Record<string, unknown> = {}) {
    const response = await as(adminToken, 'POST', `/api/admin/classrooms/${classroomId}/sessions`, {
      body: { starts_at: inDays(7), ends_at: inDays(7, 12), capacity: 1, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; place: string | null; sequence: number };
  }

  /** An education holding the classroom training as its one part, with the given people enrolled by the admin. */
  async function educationWith(classroomId: number, people: UserRow[]) {
    const response = await as(adminToken, 'POST', '/api/admin/educations', {
      body: { title: 'Sunum becerileri', language: 'tr', parts: [{ type: 'classroom', ref_id: classroomId }] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const education = response.json().data as { id: number; parts: { title: string; type: string }[] };
    const enrol = await as(adminToken, 'POST', `/api/admin/educations/${education.id}/enrolments`, {
      body: { user_ids: people.map((p) => p.id) },
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    return education;
  }

  const register = (token: string, classroomId: number, sessionId: number) =>
    as(token, 'POST', `/api/my/classrooms/${classroomId}/sessions/${sessionId}/register`);

  const registrationsOf = async (classroomId: number, sessionId: number) => {
    const response = await as(
      adminToken,
      'GET',
      `/api/admin/classrooms/${classroomId}/sessions/${sessionId}/registrations`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      data: { id: number; user: { id: number }; status: string; position: number | null; attendance: string | null }[];
      session: { registered_count: number; waitlisted_count: number; seats_left: number };
    };
  };

  const notificationsOf = async (token: string) => {
    const response = await as(token, 'GET', '/api/notifications');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { name: string }[]).map((n) => n.name);
  };

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    learner = await test.factories.createUser(company);
    second = await test.factories.createUser(company);
    third = await test.factories.createUser(company);
    adminToken = (await login(test.app, company, admin.email ?? '')).access_token;
    learnerToken = (await login(test.app, company, learner.email ?? '')).access_token;
    secondToken = (await login(test.app, company, second.email ?? '')).access_token;
    thirdToken = (await login(test.app, company, third.email ?? '')).access_token;
    otherAdminToken = (await login(test.app, other, (await test.factories.createAdmin(other)).email ?? ''))
      .access_token;
  });
  afterAll(() => test.close());

  it('registers, waitlists, promotes on cancel with a notification, and attendance completes the education', async () => {
    const classroom = await training();
    expect(classroom.description).not.toContain('script');
    const full = await session(classroom.id);
    expect(full.place).toBe('Salon A');
    const education = await educationWith(classroom.id, [learner, second]);
    expect(education.parts[0]).toMatchObject({ type: 'classroom', title: 'Etkili Sunum Teknikleri' });

    // Someone not enrolled in the education cannot see or register for it.
    expect((await as(thirdToken, 'GET', `/api/my/classrooms/${classroom.id}`)).statusCode).toBe(404);
    expect((await register(thirdToken, classroom.id, full.id)).statusCode).toBe(404);

    const first = await register(learnerToken, classroom.id, full.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      can_register: true,
      status: 'in_progress',
      sessions: [{ id: full.id, seats_left: 0, registration: { status: 'registered', position: null } }],
    });
    const waiting = await register(secondToken, classroom.id, full.id);
    expect(waiting.json().data.sessions[0]).toMatchObject({
      registration: { status: 'waitlisted', position: 1 },
      waitlisted_count: 1,
    });
    // Registering twice is the same registration.
    expect((await register(secondToken, classroom.id, full.id)).json().data.sessions[0].registration.position).toBe(1);
    await test.platform.events.idle();
    const started = await as(learnerToken, 'GET', `/api/educations/${education.id}`);
    expect(started.json().data).toMatchObject({
      enrolment: { status: 'in_progress' },
      parts: [{ status: 'in_progress' }],
    });

    // The first cancels: the second is promoted and told.
    const cancelled = await as(learnerToken, 'POST', `/api/my/classrooms/${classroom.id}/sessions/${full.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.sessions[0].registration).toBeNull();
    const after = await registrationsOf(classroom.id, full.id);
    expect(after.session).toMatchObject({ registered_count: 1, waitlisted_count: 0, seats_left: 0 });
    expect(after.data.find((r) => r.user.id === second.id)).toMatchObject({ status: 'registered', position: null });
    // The message is a subscriber's, sent after the cancel's answer.
    await test.platform.events.idle();
    expect((await notificationsOf(secondToken)).some((n) => n.includes('Etkili Sunum Teknikleri'))).toBe(true);

    // The admin marks the second present: the classroom part and the education complete.
    const sheet = await as(adminToken, 'PUT', `/api/admin/classrooms/${classroom.id}/sessions/${full.id}/attendance`, {
      body: { entries: [{ user_id: second.id, attendance: 'present' }] },
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json().data).toEqual({ updated: 1, errors: [] });
    await test.platform.events.idle();
    const done = await as(secondToken, 'GET', `/api/educations/${education.id}`);
    expect(done.json().data).toMatchObject({
      finished_rate: 100,
      enrolment: { status: 'completed' },
      parts: [{ type: 'classroom', status: 'completed' }],
    });
    const audits = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'education.completed'), eq(auditLogs.entityId, education.id))),
    );
    expect(audits).toHaveLength(1);
    // Someone without a seat cannot be marked, and nothing changes.
    const stranger = await as(
      adminToken,
      'PUT',
      `/api/admin/classrooms/${classroom.id}/sessions/${full.id}/attendance`,
      {
        body: {
          entries: [
            { user_id: second.id, attendance: 'absent' },
            { user_id: learner.id, attendance: 'present' },
          ],
        },
      },
    );
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors).toHaveProperty(['entries.1.user_id']);
    expect((await registrationsOf(classroom.id, full.id)).data.find((r) => r.user.id === second.id)?.attendance).toBe(
      'present',
    );
  });

  it('two people taking the last seat at once: one gets it, the other waits', async () => {
    const classroom = await training('Müzakere Teknikleri');
    const last = await session(classroom.id, { capacity: 1 });
    await educationWith(classroom.id, [learner, second, third]);
    const answers = await Promise.all([
      register(learnerToken, classroom.id, last.id),
      register(secondToken, classroom.id, last.id),
      register(thirdToken, classroom.id, last.id),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const { data, session: counts } = await registrationsOf(classroom.id, last.id);
    expect(counts).toMatchObject({ registered_count: 1, waitlisted_count: 2 });
    expect(data.map((r) => r.status)).toEqual(['registered', 'waitlisted', 'waitlisted']);
    expect(data.map((r) => r.position)).toEqual([null, 1, 2]);

    // More seats promote the line in order; a person cannot hold two sessions of one training.
    const grown = await as(adminToken, 'PUT', `/api/admin/classrooms/${classroom.id}/sessions/${last.id}`, {
      body: { capacity: 2 },
    });
    expect(grown.json().data).toMatchObject({ registered_count: 2, waitlisted_count: 1, sequence: 0 });
    const another = await session(classroom.id, { starts_at: inDays(9), ends_at: inDays(9, 12), capacity: 5 });
    const waitingPerson = (await registrationsOf(classroom.id, last.id)).data.find((r) => r.status === 'waitlisted');
    const token = [learner, second, third].findIndex((u) => u.id === waitingPerson?.user.id);
    const twice = await register([learnerToken, secondToken, thirdToken][token] ?? '', classroom.id, another.id);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toHaveProperty('session');
  });

  it('a changed session bumps its .ics SEQUENCE and tells people; a cancelled one is CANCELLED and frees them', async () => {
    const classroom = await training('Geri Bildirim Verme');
    const planned = await session(classroom.id, { capacity: 3, time_zone: 'Asia/Baku' });
    await educationWith(classroom.id, [learner]);
    await register(learnerToken, classroom.id, planned.id);

    const ics = await as(learnerToken, 'GET', `/api/classroom-sessions/${planned.id}/ics`);
    expect(ics.statusCode, ics.body).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    const lines = ics.body.split('\r\n');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain('TZID:Asia/Baku');
    expect(lines).toContain('TZOFFSETTO:+0400');
    // 10:00 Istanbul is 11:00 in Baku.
    expect(lines.find((l) => l.startsWith('DTSTART;'))).toMatch(/^DTSTART;TZID=Asia\/Baku:\d{8}T110000$/);
    expect(lines).toContain('SEQUENCE:0');
    expect(lines).toContain('SUMMARY:Geri Bildirim Verme');
    expect(lines).toContain('STATUS:CONFIRMED');

    const moved = await as(adminToken, 'PUT', `/api/admin/classrooms/${classroom.id}/sessions/${planned.id}`, {
      body: { place: 'Salon B' },
    });
    expect(moved.json().data).toMatchObject({ sequence: 1, place: 'Salon B' });
    await test.settle(); // people are told by a subscriber of the session's change, after the commit
    expect((await notificationsOf(learnerToken)).some((n) => n.includes('Geri Bildirim Verme'))).toBe(true);
    expect((await as(learnerToken, 'GET', `/api/classroom-sessions/${planned.id}/ics`)).body).toContain('SEQUENCE:1');

    const cancel = await as(adminToken, 'POST', `/api/admin/classrooms/${classroom.id}/sessions/${planned.id}/cancel`);
    expect(cancel.json().data).toMatchObject({ status: 'cancelled', sequence: 2, registered_count: 0 });
    const cancelledIcs = (await as(learnerToken, 'GET', `/api/classroom-sessions/${planned.id}/ics`)).body;
    expect(cancelledIcs).toContain('STATUS:CANCELLED');
    expect(cancelledIcs).toContain('SEQUENCE:2');
    // Someone who never registered does not get the file; the admin does.
    expect((await as(secondToken, 'GET', `/api/classroom-sessions/${planned.id}/ics`)).statusCode).toBe(404);
    expect((await as(adminToken, 'GET', `/api/classroom-sessions/${planned.id}/ics`)).statusCode).toBe(200);
    expect(
      (await as(adminToken, 'POST', `/api/admin/classrooms/${classroom.id}/sessions/${planned.id}/cancel`)).statusCode,
    ).toBe(422);
  });

  it('attendance from an xlsx sheet: good rows saved, bad rows answered with their row', async () => {
    const classroom = await training('İletişim Atölyesi');
    const held = await session(classroom.id, { capacity: 5 });
    await educationWith(classroom.id, [learner, second]);
    await register(learnerToken, classroom.id, held.id);
    await register(secondToken, classroom.id, held.id);
    const template = await as(
      adminToken,
      'GET',
      `/api/admin/classrooms/${classroom.id}/sessions/${held.id}/attendance/template`,
      { lang: 'en' },
    );
    expect(template.statusCode, template.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Person ID', 'Name', 'E-mail', 'Attendance']);
    expect(sheet?.rowCount).toBe(3);
    sheet?.addRow(['999999', 'Biri', 'yok@example.test', 'Present']);
    let secondRow = 0;
    for (const row of [2, 3]) {
      const cells = sheet?.getRow(row);
      const isLearner = Number(cells?.getCell(1).value) === learner.id;
      if (!isLearner) secondRow = row;
      if (cells) cells.getCell(4).value = isLearner ? 'Katıldı' : 'maybe';
    }
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const form = multipart(filled, 'yoklama.xlsx', XLSX);
    const imported = await test.app.inject({
      method: 'POST',
      url: `/api/admin/classrooms/${classroom.id}/sessions/${held.id}/attendance/import`,
      headers: { host: hostOf(company), authorization: `Bearer ${adminToken}`, ...form.headers },
      payload: form.body,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const result = imported.json().data as { updated: number; errors: { row: number }[] };
    expect(result.updated).toBe(1);
    expect(result.errors.map((e) => e.row)).toEqual([secondRow, 4]);
    const marks = (await registrationsOf(classroom.id, held.id)).data;
    expect(marks.find((r) => r.user.id === learner.id)?.attendance).toBe('present');
    expect(marks.find((r) => r.user.id === second.id)?.attendance).toBeNull();

    const junk = multipart(Buffer.from('not a sheet'), 'x.xlsx', XLSX);
    const refused = await test.app.inject({
      method: 'POST',
      url: `/api/admin/classrooms/${classroom.id}/sessions/${held.id}/attendance/import`,
      headers: { host: hostOf(company), authorization: `Bearer ${adminToken}`, ...junk.headers },
      payload: junk.body,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('file');
  });

  it('guards: permission 403, another company 404, bad input 422 changing nothing', async () => {
    const classroom = await training('Zaman Yönetimi');
    const held = await session(classroom.id, { capacity: 2 });
    const base = `/api/admin/classrooms/${classroom.id}/sessions`;
    const calls: [string, string, unknown?][] = [
      ['GET', base],
      ['POST', base, { starts_at: inDays(3), ends_at: inDays(3, 12), capacity: 3 }],
      ['PUT', `${base}/${held.id}`, { capacity: 4 }],
      ['POST', `${base}/${held.id}/cancel`],
      ['GET', `${base}/${held.id}/registrations`],
      ['PUT', `${base}/${held.id}/attendance`, { entries: [{ user_id: learner.id, attendance: 'present' }] }],
      ['GET', `${base}/${held.id}/attendance/template`],
    ];
    for (const [method, url, body] of calls) {
      const denied = await as(learnerToken, method as 'GET', url, { body });
      expect(denied.statusCode, `${method} ${url}`).toBe(403);
      const foreign = await asOther(otherAdminToken, method as 'GET', url, { body });
      expect(foreign.statusCode, `${method} ${url}`).toBe(404);
      expect(
        (await companyCaller(() => ({ app: test.app, company }))(undefined, method as 'GET', url, { body })).statusCode,
      ).toBe(401);
    }
    expect((await asOther(otherAdminToken, 'GET', `/api/classroom-sessions/${held.id}/ics`)).statusCode).toBe(404);

    const bad = [
      { starts_at: 'yarın', ends_at: inDays(3), capacity: 3 },
      { starts_at: inDays(3, 12), ends_at: inDays(3, 10), capacity: 3 },
      { starts_at: inDays(3), ends_at: inDays(3, 12), capacity: 0 },
      { starts_at: inDays(3), ends_at: inDays(3, 12), capacity: 3, time_zone: 'Europe/Berlin' },
      { starts_at: inDays(3), ends_at: inDays(3, 12), capacity: 3, online_url: 'javascript:alert(1)' },
      { starts_at: inDays(3), ends_at: inDays(3, 12), capacity: 3, instructor_user_id: 2_000_000_000 },
    ];
    for (const body of bad) {
      const response = await as(adminToken, 'POST', base, { body, lang: 'en' });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors ?? {}).length).toBeGreaterThan(0);
    }
    const count = await asSystem(test.db, (tx) =>
      tx.select().from(classroomSessions).where(eq(classroomSessions.trainingId, classroom.id)),
    );
    expect(count).toHaveLength(1);
    const wrongPart = await as(adminToken, 'POST', '/api/admin/educations', {
      body: { title: 'x', language: 'tr', parts: [{ type: 'classroom', ref_id: 2_000_000_000 }] },
    });
    expect(wrongPart.statusCode).toBe(422);
    expect(wrongPart.json().errors).toHaveProperty(['parts.0.ref_id']);
    const registrations = await asSystem(test.db, (tx) =>
      tx.select().from(classroomRegistrations).where(eq(classroomRegistrations.trainingId, classroom.id)),
    );
    expect(registrations).toHaveLength(0);
  });
});
