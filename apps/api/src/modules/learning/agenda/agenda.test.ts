import type { AgendaEvent } from '@kampus/shared';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import {
  agendaFeeds,
  assignments,
  assignmentUsers,
  classroomRegistrations,
  classroomSessions,
  classroomTrainings,
  educationEnrolments,
  educationParts,
  educations,
  menuItems,
  programEnrolments,
  programSteps,
  programs,
  users,
} from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';
import { dueDateOf } from '../programs/rules.js';
import { agendaCalendar } from './ical.js';

const DAY_MS = 86_400_000;
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** The VEVENTs of an iCalendar text, parsed by a real parser (ical.js): throws on a document it cannot read. */
function parseEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component)),
  };
}

describe('the agenda', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let learner: UserRow;
  let colleague: UserRow;
  let learnerToken: string;
  let colleagueToken: string;
  let otherToken: string;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));
  const range = { from: dayFromToday(-40), to: dayFromToday(60) };
  let enrolledAt: Date;
  let seen: {
    classroomEducation: number;
    assignment: number;
    starting: number;
    ending: number;
    due: number;
    program: number;
    stepEducation: number;
  };

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    await test.factories.createMenuItems(company, [
      ['dashboard', 10],
      ['agenda', 20],
    ]);
    await test.factories.createMenuItems(other, [['agenda', 10]]);
    learner = await test.factories.createUser(company);
    colleague = await test.factories.createUser(company);
    const outsider = await test.factories.createUser(other);
    learnerToken = (await login(test.app, company, learner.email ?? '')).access_token;
    colleagueToken = (await login(test.app, company, colleague.email ?? '')).access_token;
    otherToken = (await login(test.app, other, outsider.email ?? '')).access_token;

    const { row } = test.factories;
    const starting = await row(educations, company, {
      title: 'Yangın güvenliği',
      language: 'tr',
      startDate: dayFromToday(3),
      endDate: dayFromToday(200),
    });
    const ending = await row(educations, company, {
      title: 'KVKK farkındalığı',
      language: 'tr',
      startDate: dayFromToday(-100),
      endDate: dayFromToday(10),
    });
    const due = await row(educations, company, { title: 'Satış teknikleri', language: 'tr' });
    const passive = await row(educations, company, {
      title: 'Arşivlenmiş eğitim',
      language: 'tr',
      startDate: dayFromToday(5),
      status: 0,
    });
    const stepEducation = await row(educations, company, { title: 'İlk hafta', language: 'tr' });
    const secondStep = await row(educations, company, { title: 'İkinci hafta', language: 'tr' });
    const farStep = await row(educations, company, { title: 'Uzak adım', language: 'tr' });
    await test.factories.rows(educationEnrolments, company, [
      { educationId: starting.id, userId: learner.id, source: 'admin' },
      { educationId: ending.id, userId: learner.id, source: 'admin', status: 'completed' },
      { educationId: due.id, userId: learner.id, source: 'admin', dueAt: dayFromToday(7) },
      { educationId: passive.id, userId: learner.id, source: 'admin' },
      // A program's due date is the step's event, not repeated as the education's.
      { educationId: stepEducation.id, userId: learner.id, source: 'program', dueAt: dayFromToday(4) },
      // The colleague's own education never shows in the learner's agenda.
      {
        educationId: (
          await row(educations, company, { title: 'Başkasının eğitimi', language: 'tr', startDate: dayFromToday(2) })
        ).id,
        userId: colleague.id,
        source: 'admin',
      },
    ]);
    const program = await row(programs, company, { title: 'Oryantasyon', sequential: true });
    const steps = await test.factories.rows(programSteps, company, [
      { programId: program.id, educationId: stepEducation.id, position: 0, deadlineDays: 7 },
      { programId: program.id, educationId: secondStep.id, position: 1, deadlineDays: 14 },
      { programId: program.id, educationId: farStep.id, position: 2, deadlineDays: 500 },
    ]);
    expect(steps).toHaveLength(3);
    enrolledAt = new Date(Date.now() - 3 * DAY_MS);
    await row(programEnrolments, company, { programId: program.id, userId: learner.id, createdAt: enrolledAt });
    // Another company's learner with a program and dates of their own.
    const foreign = await row(educations, other, {
      title: 'Başka şirketin eğitimi',
      language: 'tr',
      startDate: dayFromToday(1),
    });
    await test.factories.rows(educationEnrolments, other, [
      { educationId: foreign.id, userId: outsider.id, source: 'admin' },
    ]);
    // Assignments: the learner's running one shows its first and last days; a scheduled one (not shown on
    // /my-assignment before its first day), a cancelled one, a draft and one they were removed from do not show.
    const assignment = (name: string, values: Partial<typeof assignments.$inferInsert> = {}) =>
      row(assignments, company, {
        name,
        startDate: dayFromToday(-5),
        endDate: dayFromToday(20),
        targetKind: 'users',
        publishedAt: new Date(),
        ...values,
      });
    const running = await assignment('Zorunlu KVKK ataması');
    const scheduled = await assignment('Gelecek atama', { startDate: dayFromToday(10), endDate: dayFromToday(30) });
    const cancelled = await assignment('İptal edilen atama', { cancelledAt: new Date() });
    const draft = await assignment('Taslak atama', { publishedAt: null });
    const removed = await assignment('Çıkarıldığım atama');
    await test.factories.rows(assignmentUsers, company, [
      ...[running, scheduled, cancelled, draft].map((a) => ({ assignmentId: a.id, userId: learner.id })),
      { assignmentId: removed.id, userId: learner.id, cancelledAt: new Date() },
    ]);
    // Classroom sessions: the seat the learner holds, and one they held until the session was cancelled; a
    // session they left themselves does not show.
    const classroom = await row(classroomTrainings, company, { title: 'Etkili sunum', language: 'tr' });
    const classroomEducation = await row(educations, company, { title: 'Sunum becerileri', language: 'tr' });
    await row(educationParts, company, {
      educationId: classroomEducation.id,
      type: 'classroom',
      refId: classroom.id,
      position: 0,
    });
    await row(educationEnrolments, company, {
      educationId: classroomEducation.id,
      userId: learner.id,
      source: 'admin',
    });
    const session = (uid: string, values: Partial<typeof classroomSessions.$inferInsert>) =>
      row(classroomSessions, company, {
        trainingId: classroom.id,
        startsAt: new Date(`${dayFromToday(12)}T06:00:00Z`),
        endsAt: new Date(`${dayFromToday(12)}T08:30:00Z`),
        timeZone: 'Asia/Baku',
        place: 'Bakı ofisi, 3. kat',
        capacity: 10,
        uid,
        ...values,
      });
    const held = await session('session-held', {});
    const dropped = await session('session-dropped', {
      startsAt: new Date(`${dayFromToday(14)}T07:00:00Z`),
      endsAt: new Date(`${dayFromToday(14)}T09:00:00Z`),
      timeZone: 'Europe/Istanbul',
      status: 'cancelled',
      sequence: 1,
    });
    const left = await session('session-left', {
      startsAt: new Date(`${dayFromToday(16)}T07:00:00Z`),
      endsAt: new Date(`${dayFromToday(16)}T09:00:00Z`),
    });
    const leftAt = new Date(Date.now() - DAY_MS);
    await test.factories.rows(classroomRegistrations, company, [
      { trainingId: classroom.id, sessionId: held.id, userId: learner.id, status: 'registered' },
      { trainingId: classroom.id, sessionId: dropped.id, userId: learner.id, status: 'cancelled' },
      {
        trainingId: classroom.id,
        sessionId: left.id,
        userId: learner.id,
        status: 'cancelled',
        updatedAt: leftAt,
      },
    ]);
    seen = {
      classroomEducation: classroomEducation.id,
      assignment: running.id,
      starting: starting.id,
      ending: ending.id,
      due: due.id,
      program: program.id,
      stepEducation: stepEducation.id,
    };
  });
  afterAll(() => test.close());

  const agendaOf = async (token: string, query = range, call = as) => {
    const response = await call(token, 'GET', '/api/my/agenda', { query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as AgendaEvent[];
  };

  it("gathers the person's education dates, due dates and program step deadlines in calendar order", async () => {
    const events = await agendaOf(learnerToken);
    expect(events.map((event) => [event.kind, event.title, event.starts_at])).toEqual(
      [
        ['assignment_start', 'Zorunlu KVKK ataması', dayFromToday(-5)],
        ['assignment_due', 'Zorunlu KVKK ataması', dayFromToday(20)],
        ['education_start', 'Yangın güvenliği', dayFromToday(3)],
        ['classroom_session', 'Etkili sunum', `${dayFromToday(12)}T06:00:00.000Z`],
        ['classroom_session', 'Etkili sunum', `${dayFromToday(14)}T07:00:00.000Z`],
        ['program_step_due', 'İlk hafta', dueDateOf(enrolledAt, 7)],
        ['education_due', 'Satış teknikleri', dayFromToday(7)],
        ['education_end', 'KVKK farkındalığı', dayFromToday(10)],
        ['program_step_due', 'İkinci hafta', dueDateOf(enrolledAt, 14)],
      ].sort(
        (a, b) => (a[2] as string).localeCompare(b[2] as string) || (a[1] as string).localeCompare(b[1] as string),
      ),
    );
    const step = events.find((event) => event.title === 'İlk hafta');
    expect(step).toMatchObject({
      id: `program-${seen.program}-step-${await stepIdOf(seen.stepEducation)}`,
      context: 'Oryantasyon',
      all_day: true,
      ends_at: null,
      completed: false,
      cancelled: false,
      sequence: 0,
      target: { type: 'program', id: seen.program },
    });
    expect(events.find((event) => event.kind === 'education_end')).toMatchObject({
      completed: true,
      target: { type: 'education', id: seen.ending },
    });
    const sessions = events.filter((event) => event.kind === 'classroom_session');
    expect(sessions).toEqual([
      {
        id: 'session-held',
        kind: 'classroom_session',
        title: 'Etkili sunum',
        context: null,
        all_day: false,
        starts_at: `${dayFromToday(12)}T06:00:00.000Z`,
        ends_at: `${dayFromToday(12)}T08:30:00.000Z`,
        time_zone: 'Asia/Baku',
        location: 'Bakı ofisi, 3. kat',
        completed: false,
        cancelled: false,
        sequence: 0,
        target: { type: 'education', id: seen.classroomEducation },
      },
      expect.objectContaining({ id: 'session-dropped', cancelled: true, sequence: 1, time_zone: 'Europe/Istanbul' }),
    ]);
    expect(events.find((event) => event.kind === 'assignment_due')).toMatchObject({
      id: `assignment-${seen.assignment}-due`,
      target: { type: 'assignment', id: seen.assignment },
      completed: false,
    });
    expect(events.find((event) => event.kind === 'education_due')?.target).toEqual({ type: 'education', id: seen.due });
  });

  async function stepIdOf(educationId: number) {
    const [step] = await asSystem(test.db, (tx) =>
      tx.select({ id: programSteps.id }).from(programSteps).where(eq(programSteps.educationId, educationId)),
    );
    return step?.id;
  }

  it('keeps to the range, both days included', async () => {
    const day = dayFromToday(3);
    const events = await agendaOf(learnerToken, { from: day, to: day });
    expect(events.map((event) => event.title)).toEqual(['Yangın güvenliği']);
    expect(await agendaOf(learnerToken, { from: dayFromToday(300), to: dayFromToday(310) })).toEqual([]);
  });

  it("never shows another person's or another company's events", async () => {
    expect((await agendaOf(colleagueToken)).map((event) => event.title)).toEqual(['Başkasının eğitimi']);
    expect((await agendaOf(otherToken, range, asOther)).map((event) => event.title)).toEqual([
      'Başka şirketin eğitimi',
    ]);
    // A session of another company is refused on this host.
    expect((await as(otherToken, 'GET', '/api/my/agenda', { query: range })).statusCode).toBe(401);
    expect((await as(undefined, 'GET', '/api/my/agenda', { query: range })).statusCode).toBe(401);
  });

  it('refuses a bad range with field errors', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: '2026-13-01', to: '2026-12-01' }, 'from'],
      [{ from: '2026-12-01' }, 'to'],
      [{ from: '2026-12-10', to: '2026-12-01' }, 'to'],
      [{ from: '2026-01-01', to: '2027-03-01' }, 'to'],
    ];
    for (const [query, field] of cases) {
      const response = await as(learnerToken, 'GET', '/api/my/agenda', { query, lang: 'en' });
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    const reversed = await as(learnerToken, 'GET', '/api/my/agenda', {
      query: { from: '2026-12-10', to: '2026-12-01' },
      lang: 'en',
    });
    expect(reversed.json().errors.to).toEqual(['The end date cannot be before the start date.']);
    // 400 days is the longest range.
    expect(
      (await as(learnerToken, 'GET', '/api/my/agenda', { query: { from: '2026-01-01', to: '2027-02-05' } })).statusCode,
    ).toBe(200);
  });

  it('is off (403, and feeds 404) while the company hides its agenda menu item', async () => {
    const created = await as(learnerToken, 'POST', '/api/my/agenda/feed');
    expect(created.statusCode).toBe(201);
    const feedPath = new URL(created.json().data.url).pathname;
    await asSystem(test.db, (tx) => tx.update(menuItems).set({ status: 0 }).where(eq(menuItems.type, 'agenda')));
    try {
      const response = await as(learnerToken, 'GET', '/api/my/agenda', { query: range, lang: 'en' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('The agenda is not used in this company.');
      expect((await as(learnerToken, 'POST', '/api/my/agenda/feed')).statusCode).toBe(403);
      expect((await as(undefined, 'GET', feedPath)).statusCode).toBe(404);
    } finally {
      await asSystem(test.db, (tx) => tx.update(menuItems).set({ status: 1 }).where(eq(menuItems.type, 'agenda')));
    }
    expect((await as(undefined, 'GET', feedPath)).statusCode).toBe(200);
    expect((await as(learnerToken, 'DELETE', '/api/my/agenda/feed')).statusCode).toBe(204);
  });

  describe('the iCalendar feed', () => {
    it('is created once, stored only as a hash, and serves the events as a valid calendar', async () => {
      expect((await as(learnerToken, 'GET', '/api/my/agenda/feed')).json().data).toEqual({
        exists: false,
        created_at: null,
        last_used_at: null,
      });
      const created = await as(learnerToken, 'POST', '/api/my/agenda/feed');
      expect(created.statusCode).toBe(201);
      const url = new URL(created.json().data.url);
      expect(url.host).toBe(`${company.slug}.localhost:3000`);
      const token = url.pathname.match(/^\/api\/agenda\/feed\/([A-Za-z0-9_-]{43})\.ics$/)?.[1];
      expect(token).toBeDefined();
      const stored = await asSystem(test.db, (tx) =>
        tx.select().from(agendaFeeds).where(eq(agendaFeeds.userId, learner.id)),
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]?.tokenHash).not.toContain(token);
      const [audit] = await test.factories.auditOf('agenda_feed', stored[0]?.id ?? 0);
      expect(audit).toMatchObject({ action: 'agenda_feed.created', actorUserId: learner.id });

      const feed = await as(undefined, 'GET', url.pathname);
      expect(feed.statusCode).toBe(200);
      expect(feed.headers['content-type']).toContain('text/calendar');
      const { calendar, events } = parseEvents(feed.body);
      expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Istanbul');
      const byTitle = new Map(events.map((event) => [event.summary, event]));
      const step = byTitle.get('İlk hafta · Oryantasyon');
      expect(step?.startDate.isDate).toBe(true);
      expect(step?.startDate.toString()).toBe(dueDateOf(enrolledAt, 7));
      expect(step?.endDate.toString()).toBe(dueDateOf(enrolledAt, 8));
      expect(step?.uid).toBe(
        `program-${seen.program}-step-${await stepIdOf(seen.stepEducation)}@${company.slug}.localhost`,
      );
      expect(step?.component.getFirstPropertyValue('url')).toBe(
        `http://${company.slug}.localhost:3000/my-education?program=${seen.program}`,
      );
      expect(byTitle.get('Yangın güvenliği')?.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
      // A classroom session: its own UID and SEQUENCE, the exact instants, cancelled when the session was.
      const held = events.find((event) => event.uid === `session-held@${company.slug}.localhost`);
      expect(held?.startDate.toJSDate().toISOString()).toBe(`${dayFromToday(12)}T06:00:00.000Z`);
      expect(held?.endDate.toJSDate().toISOString()).toBe(`${dayFromToday(12)}T08:30:00.000Z`);
      expect(held?.location).toBe('Bakı ofisi, 3. kat');
      const dropped = events.find((event) => event.uid === `session-dropped@${company.slug}.localhost`);
      expect(dropped?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(dropped?.sequence).toBe(1);
      // The feed's window is 60 days back to a year ahead: the step due in 500 days is not in it.
      expect([...byTitle.keys()].some((title) => title?.startsWith('Uzak adım'))).toBe(false);
      expect(events.map((event) => event.uid).sort()).toEqual([...new Set(events.map((event) => event.uid))].sort());

      const status = (await as(learnerToken, 'GET', '/api/my/agenda/feed')).json().data;
      expect(status).toMatchObject({ exists: true });
      expect(status.last_used_at).not.toBeNull();
      // Nobody else's feed status shows it.
      expect((await as(colleagueToken, 'GET', '/api/my/agenda/feed')).json().data.exists).toBe(false);
      // Only the host it was made on serves it.
      expect((await asOther(undefined, 'GET', url.pathname)).statusCode).toBe(404);

      const replaced = new URL((await as(learnerToken, 'POST', '/api/my/agenda/feed')).json().data.url);
      expect(replaced.pathname).not.toBe(url.pathname);
      expect((await as(undefined, 'GET', url.pathname)).statusCode).toBe(404);
      expect((await as(undefined, 'GET', replaced.pathname)).statusCode).toBe(200);

      expect((await as(learnerToken, 'DELETE', '/api/my/agenda/feed')).statusCode).toBe(204);
      const revoked = await as(undefined, 'GET', replaced.pathname, { lang: 'en' });
      expect(revoked.statusCode).toBe(404);
      expect(revoked.json().message).toBe('This calendar address is invalid or has been revoked.');
      expect((await as(learnerToken, 'GET', '/api/my/agenda/feed')).json().data.exists).toBe(false);
      // Revoking nothing is no error.
      expect((await as(learnerToken, 'DELETE', '/api/my/agenda/feed')).statusCode).toBe(204);
    });

    it('answers an unknown token 404, a malformed one 422, and needs a session to manage it', async () => {
      expect((await as(undefined, 'GET', `/api/agenda/feed/${'a'.repeat(43)}.ics`)).statusCode).toBe(404);
      expect((await as(undefined, 'GET', '/api/agenda/feed/short.ics')).statusCode).toBe(422);
      for (const method of ['GET', 'POST', 'DELETE'] as const)
        expect((await as(undefined, method, '/api/my/agenda/feed')).statusCode).toBe(401);
    });

    it("stops serving a person's feed when they are made passive", async () => {
      const url = new URL((await as(colleagueToken, 'POST', '/api/my/agenda/feed')).json().data.url);
      expect((await as(undefined, 'GET', url.pathname)).statusCode).toBe(200);
      await asSystem(test.db, (tx) => tx.update(users).set({ status: 0 }).where(eq(users.id, colleague.id)));
      expect((await as(undefined, 'GET', url.pathname)).statusCode).toBe(404);
    });
  });
});

describe('the iCalendar document', () => {
  const calendar = {
    name: 'Demo · Ajandam',
    timeZone: 'Asia/Baku',
    origin: 'https://demo.example.com',
    uidDomain: 'demo.example.com',
    describe: (event: AgendaEvent) => event.kind,
  };
  const base: AgendaEvent = {
    id: 'education-1-start',
    kind: 'education_start',
    title: 'Yangın güvenliği',
    context: null,
    all_day: true,
    starts_at: '2026-12-31',
    ends_at: null,
    time_zone: null,
    location: null,
    completed: false,
    cancelled: false,
    sequence: 0,
    target: { type: 'education', id: 1 },
  };

  it('writes timed events as exact instants, so every zone shows the planned local time', () => {
    // 10:00 in Baku (UTC+4) and in Istanbul (UTC+3) are different instants; both must survive the round trip.
    const text = agendaCalendar(
      [
        {
          ...base,
          id: 'a',
          all_day: false,
          starts_at: '2026-12-01T06:00:00.000Z',
          ends_at: '2026-12-01T08:30:00.000Z',
          time_zone: 'Asia/Baku',
          location: 'Bakı ofisi',
        },
        {
          ...base,
          id: 'b',
          all_day: false,
          starts_at: '2026-12-01T07:00:00.000Z',
          ends_at: null,
          time_zone: 'Europe/Istanbul',
          cancelled: true,
          sequence: 2,
        },
      ],
      calendar,
    );
    const { events } = parseEvents(text);
    const [baku, istanbul] = events;
    expect(baku?.startDate.toJSDate().toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(baku?.endDate.toJSDate().toISOString()).toBe('2026-12-01T08:30:00.000Z');
    expect(baku?.startDate.zone?.tzid).toBe('UTC');
    expect(baku?.location).toBe('Bakı ofisi');
    expect(istanbul?.startDate.toJSDate().toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(istanbul?.endDate.toJSDate().toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(istanbul?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(istanbul?.sequence).toBe(2);
    // No TZID with a wall time the parser would have to trust.
    expect(text).not.toMatch(/TZID=/);
  });

  it('writes whole days as dates with an exclusive end, the same in every zone', () => {
    const { events } = parseEvents(agendaCalendar([base], calendar));
    expect(events[0]?.startDate.toString()).toBe('2026-12-31');
    expect(events[0]?.endDate.toString()).toBe('2027-01-01');
    expect(events[0]?.uid).toBe('education-1-start@demo.example.com');
    expect(events[0]?.description).toBe('education_start\nhttps://demo.example.com/education/1/detail');
  });
});
