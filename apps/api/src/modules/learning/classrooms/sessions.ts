import { randomUUID } from 'node:crypto';
import {
  ATTENDANCES,
  type Attendance,
  type AttendanceResult,
  type AttendanceSheet,
  type ClassroomRegistration,
  type ClassroomSession,
  type ClassroomSessionCreate,
  type ClassroomSessionUpdate,
  type LearnerClassroom,
  LOCALES,
  type Locale,
} from '@kampus/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { classroomRegistrations, classroomSessions, classroomTrainings, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor, Initiator } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { type DomainEvent, record } from '../../../platform/events.js';
import { loadExcel } from '../../../platform/excel.js';
import { forbidden, invalidFields, notFound } from '../../../platform/http/errors.js';
import { type Translate, translator } from '../../../platform/i18n.js';
import { readUploadedSheet, type UploadedFile } from '../../../platform/imports/import-reader.js';
import type { NotificationsService } from '../../frame/notifications/service.js';
import type { EducationsService } from '../educations/service.js';
import { sessionCalendar } from './ics.js';

type SessionRow = typeof classroomSessions.$inferSelect;
type TrainingRow = typeof classroomTrainings.$inferSelect;

const LIVE = ['registered', 'waitlisted'] as const;

/** A session's start and end in its own zone, in the reader's language ("12 Mart 2026 Perşembe 10:00–12:00"). */
export function sessionWhen(session: Pick<SessionRow, 'startsAt' | 'endsAt' | 'timeZone'>, locale: Locale) {
  const day = new Intl.DateTimeFormat(locale, {
    dateStyle: 'full',
    timeZone: session.timeZone,
  }).format(session.startsAt);
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: session.timeZone });
  return `${day} ${time.format(session.startsAt)}–${time.format(session.endsAt)}`;
}

const stripTags = (html: string | null) =>
  html === null
    ? null
    : html
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim() || null;

/** How many seats a session's registrations take, and how many wait. */
async function countsOf(tx: Db, sessionIds: number[]) {
  if (sessionIds.length === 0) return new Map<number, { registered: number; waitlisted: number; marked: number }>();
  const rows = await tx
    .select({
      sessionId: classroomRegistrations.sessionId,
      registered: sql<number>`count(*) filter (where ${classroomRegistrations.status} = 'registered')::integer`,
      waitlisted: sql<number>`count(*) filter (where ${classroomRegistrations.status} = 'waitlisted')::integer`,
      marked: sql<number>`count(*) filter (where ${classroomRegistrations.attendance} is not null)::integer`,
    })
    .from(classroomRegistrations)
    .where(inArray(classroomRegistrations.sessionId, sessionIds))
    .groupBy(classroomRegistrations.sessionId);
  return new Map(rows.map((r) => [r.sessionId, r]));
}

/**
 * Sessions, registrations with their waiting list, attendance (sheet and xlsx import), the .ics file and the
 * learner's view. Every seat-taking write locks the session row first (`FOR UPDATE`), so two people taking the last
 * seat queue on it and the second is waitlisted, never overbooked.
 */
export function createSessions(
  platform: Platform,
  deps: { educations: EducationsService; notifications: NotificationsService },
) {
  const db = platform.database.db;

  async function ownTraining(tx: Db, companyId: number, id: number): Promise<TrainingRow> {
    const [row] = await tx
      .select()
      .from(classroomTrainings)
      .where(and(eq(classroomTrainings.companyId, companyId), eq(classroomTrainings.id, id)));
    if (!row) throw notFound();
    return row;
  }

  /** The session of the training, locked for the seat count to stay true while the caller writes. */
  async function lockedSession(tx: Db, companyId: number, trainingId: number, sessionId: number) {
    const [row] = await tx
      .select()
      .from(classroomSessions)
      .where(
        and(
          eq(classroomSessions.companyId, companyId),
          eq(classroomSessions.trainingId, trainingId),
          eq(classroomSessions.id, sessionId),
        ),
      )
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  async function presentSessions(tx: Db, rows: SessionRow[]): Promise<ClassroomSession[]> {
    const counts = await countsOf(
      tx,
      rows.map((r) => r.id),
    );
    const instructorIds = [...new Set(rows.map((r) => r.instructorUserId).filter((id): id is number => id !== null))];
    const instructors =
      instructorIds.length === 0
        ? []
        : await tx
            .select({ id: users.id, name: users.name, surname: users.surname })
            .from(users)
            .where(inArray(users.id, instructorIds));
    const nameOf = new Map(instructors.map((u) => [u.id, `${u.name} ${u.surname}`]));
    return rows.map((s) => {
      const count = counts.get(s.id) ?? { registered: 0, waitlisted: 0, marked: 0 };
      const instructorName = (s.instructorUserId !== null ? nameOf.get(s.instructorUserId) : null) ?? s.instructorName;
      return {
        id: s.id,
        classroom_id: s.trainingId,
        starts_at: s.startsAt.toISOString(),
        ends_at: s.endsAt.toISOString(),
        time_zone: s.timeZone,
        place: s.place,
        online_url: s.onlineUrl,
        capacity: s.capacity,
        instructor: instructorName ? { user_id: s.instructorUserId, name: instructorName } : null,
        status: s.status,
        registered_count: count.registered,
        waitlisted_count: count.waitlisted,
        seats_left: Math.max(0, s.capacity - count.registered),
        sequence: s.sequence,
        attendance_taken: count.marked > 0,
        created_at: s.createdAt.toISOString(),
        updated_at: s.updatedAt.toISOString(),
      };
    });
  }

  async function assertInstructor(tx: Db, companyId: number, userId: number | null | undefined) {
    if (userId === null || userId === undefined) return;
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    if (!row) throw invalidFields({ instructor_user_id: 'classroomAdmin.errors.instructor_invalid' });
  }

  /**
   * Tells people about a session, each in their own language. `key` is under `classroom.notifications` and gets the
   * training's title and the session's time as its values. Called by the subscribers below, never by a mutation.
   */
  async function tell(
    tx: Db,
    who: Initiator,
    userIds: number[],
    key: 'promoted' | 'changed' | 'cancelled',
    training: TrainingRow,
    session: SessionRow,
  ) {
    if (userIds.length === 0) return;
    const people = await tx
      .select({ id: users.id, language: users.language })
      .from(users)
      .where(inArray(users.id, userIds));
    const byLanguage = new Map<Locale, number[]>();
    for (const person of people) {
      const locale = (LOCALES as readonly string[]).includes(person.language) ? (person.language as Locale) : 'tr';
      byLanguage.set(locale, [...(byLanguage.get(locale) ?? []), person.id]);
    }
    for (const [locale, ids] of byLanguage) {
      const t = translator(locale);
      const values = { title: training.title, when: sessionWhen(session, locale) };
      await deps.notifications.sendIn(tx, who, {
        user_ids: ids,
        name: t(`classroom.notifications.${key}_title`, values),
        text: t(`classroom.notifications.${key}_text`, values),
        type: 0,
        data: null,
        is_notice: false,
      });
    }
  }

  /**
   * The messages of a session's changes, sent by subscribers of the events the writes record once they have
   * committed: `classroom.promoted` (a seat freed for the first in line), `classroom_session.updated` with a new time
   * or place, `classroom_session.cancelled` (everyone in it). What is sent is the same as before: the people the
   * event names, in their language, with the session as it is now.
   */
  function toldBy(key: 'promoted' | 'changed' | 'cancelled', people: (event: DomainEvent) => number[]) {
    return (event: DomainEvent) => {
      const after = event.after as { session_id?: unknown; classroom_id?: unknown } | null;
      const sessionId = key === 'promoted' ? after?.session_id : event.entityId;
      const userIds = people(event);
      if (typeof sessionId !== 'number' || userIds.length === 0) return;
      const who: Initiator = {
        companyId: event.companyId,
        userId: event.actorUserId,
        impersonatorId: event.impersonatorId,
        ip: null,
        requestId: event.requestId,
      };
      return inTenant(db, event.companyId, async (tx) => {
        const [found] = await tx
          .select({ session: classroomSessions, training: classroomTrainings })
          .from(classroomSessions)
          .innerJoin(classroomTrainings, eq(classroomTrainings.id, classroomSessions.trainingId))
          .where(and(eq(classroomSessions.companyId, event.companyId), eq(classroomSessions.id, sessionId)));
        if (found) await tell(tx, who, userIds, key, found.training, found.session);
      });
    };
  }
  const idsOf = (value: unknown) =>
    Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  const named = (event: DomainEvent) => idsOf((event.after as { user_ids?: unknown } | null)?.user_ids);
  platform.events.subscribe(
    'classroom.promoted',
    toldBy('promoted', (event) => idsOf([(event.after as { user_id?: unknown } | null)?.user_id])),
  );
  platform.events.subscribe(
    'classroom_session.updated',
    toldBy('changed', (event) => ((event.after as { moved?: unknown } | null)?.moved === true ? named(event) : [])),
  );
  platform.events.subscribe('classroom_session.cancelled', toldBy('cancelled', named));

  /** Fills free seats from the waiting list, first in line first; each promoted person is told. */
  async function promote(tx: Db, who: Initiator, training: TrainingRow, session: SessionRow) {
    if (session.status !== 'active') return;
    const counts = (await countsOf(tx, [session.id])).get(session.id);
    const free = session.capacity - (counts?.registered ?? 0);
    if (free <= 0) return;
    const next = await tx
      .select({ id: classroomRegistrations.id, userId: classroomRegistrations.userId })
      .from(classroomRegistrations)
      .where(and(eq(classroomRegistrations.sessionId, session.id), eq(classroomRegistrations.status, 'waitlisted')))
      .orderBy(asc(classroomRegistrations.position), asc(classroomRegistrations.id))
      .limit(free);
    if (next.length === 0) return;
    await tx
      .update(classroomRegistrations)
      .set({ status: 'registered', position: null, updatedAt: new Date() })
      .where(
        inArray(
          classroomRegistrations.id,
          next.map((n) => n.id),
        ),
      );
    for (const person of next) {
      await record(tx, who, {
        action: 'classroom.promoted',
        entity: 'classroom',
        id: training.id,
        after: { user_id: person.userId, session_id: session.id },
      });
    }
  }

  /** The people of a session whose registration is live (to tell them of a change). */
  async function livePeople(tx: Db, sessionId: number) {
    const rows = await tx
      .select({ userId: classroomRegistrations.userId })
      .from(classroomRegistrations)
      .where(and(eq(classroomRegistrations.sessionId, sessionId), inArray(classroomRegistrations.status, [...LIVE])));
    return rows.map((r) => r.userId);
  }

  /** Gives up a live registration; a freed seat goes to the first in line. */
  async function cancelRegistration(
    tx: Db,
    who: Initiator,
    training: TrainingRow,
    session: SessionRow,
    registration: typeof classroomRegistrations.$inferSelect,
  ) {
    await tx
      .update(classroomRegistrations)
      .set({ status: 'cancelled', position: null, updatedAt: new Date() })
      .where(eq(classroomRegistrations.id, registration.id));
    await record(tx, who, {
      action: 'classroom.cancelled',
      entity: 'classroom',
      id: training.id,
      after: { user_id: registration.userId, session_id: session.id },
    });
    if (registration.status === 'registered') await promote(tx, who, training, session);
  }

  // --- Admin: sessions ---

  const listSessions = (actor: Actor, trainingId: number) =>
    inTenant(db, actor.companyId, async (tx) => {
      await ownTraining(tx, actor.companyId, trainingId);
      const rows = await tx
        .select()
        .from(classroomSessions)
        .where(and(eq(classroomSessions.companyId, actor.companyId), eq(classroomSessions.trainingId, trainingId)))
        .orderBy(asc(classroomSessions.startsAt), asc(classroomSessions.id));
      return presentSessions(tx, rows);
    });

  const createSession = (actor: Actor, trainingId: number, input: ClassroomSessionCreate) =>
    inTenant(db, actor.companyId, async (tx) => {
      const training = await ownTraining(tx, actor.companyId, trainingId);
      await assertInstructor(tx, actor.companyId, input.instructor_user_id);
      const [row] = await tx
        .insert(classroomSessions)
        .values({
          companyId: actor.companyId,
          trainingId: training.id,
          startsAt: new Date(input.starts_at),
          endsAt: new Date(input.ends_at),
          timeZone: input.time_zone,
          place: input.place ?? (input.online_url ? null : training.defaultPlace),
          onlineUrl: input.online_url ?? (input.place ? null : training.defaultOnlineUrl),
          capacity: input.capacity,
          instructorUserId: input.instructor_user_id,
          instructorName: input.instructor_user_id === null ? input.instructor_name : null,
          uid: randomUUID(),
        })
        .returning();
      if (!row) throw new Error('session insert returned nothing');
      await record(tx, actor, {
        action: 'classroom_session.created',
        entity: 'classroom_session',
        id: row.id,
        after: { classroom_id: training.id, starts_at: row.startsAt.toISOString(), capacity: row.capacity },
      });
      const [presented] = await presentSessions(tx, [row]);
      return presented as ClassroomSession;
    });

  /** A change of time or place bumps the .ics SEQUENCE and tells the people registered; more seats promote. */
  const updateSession = (actor: Actor, trainingId: number, sessionId: number, input: ClassroomSessionUpdate) =>
    inTenant(db, actor.companyId, async (tx) => {
      const training = await ownTraining(tx, actor.companyId, trainingId);
      const before = await lockedSession(tx, actor.companyId, trainingId, sessionId);
      if (before.status === 'cancelled') throw invalidFields({ status: 'classroomAdmin.errors.session_cancelled' });
      if (input.instructor_user_id !== undefined) await assertInstructor(tx, actor.companyId, input.instructor_user_id);
      const startsAt = input.starts_at === undefined ? before.startsAt : new Date(input.starts_at);
      const endsAt = input.ends_at === undefined ? before.endsAt : new Date(input.ends_at);
      if (endsAt <= startsAt) throw invalidFields({ ends_at: 'classroomAdmin.errors.ends_before_start' });
      const next = {
        startsAt,
        endsAt,
        timeZone: input.time_zone ?? before.timeZone,
        place: input.place === undefined ? before.place : input.place,
        onlineUrl: input.online_url === undefined ? before.onlineUrl : input.online_url,
        capacity: input.capacity ?? before.capacity,
        instructorUserId: input.instructor_user_id === undefined ? before.instructorUserId : input.instructor_user_id,
        instructorName: input.instructor_name === undefined ? before.instructorName : input.instructor_name,
      };
      const moved =
        next.startsAt.getTime() !== before.startsAt.getTime() ||
        next.endsAt.getTime() !== before.endsAt.getTime() ||
        next.timeZone !== before.timeZone ||
        next.place !== before.place ||
        next.onlineUrl !== before.onlineUrl;
      const [after] = await tx
        .update(classroomSessions)
        .set({
          ...next,
          instructorName: next.instructorUserId === null ? next.instructorName : null,
          sequence: moved ? before.sequence + 1 : before.sequence,
          updatedAt: new Date(),
        })
        .where(eq(classroomSessions.id, before.id))
        .returning();
      if (!after) throw notFound();
      await record(tx, actor, {
        action: 'classroom_session.updated',
        entity: 'classroom_session',
        id: after.id,
        before: { starts_at: before.startsAt.toISOString(), place: before.place, capacity: before.capacity },
        after: {
          classroom_id: training.id,
          starts_at: after.startsAt.toISOString(),
          place: after.place,
          capacity: after.capacity,
          // A new time or place is told to the people in it now (before a larger room promotes anyone).
          moved,
          user_ids: moved ? await livePeople(tx, after.id) : [],
        },
      });
      if (after.capacity > before.capacity) await promote(tx, actor, training, after);
      const [presented] = await presentSessions(tx, [after]);
      return presented as ClassroomSession;
    });

  /** A cancelled session frees everyone in it (they may choose another) and tells them; its .ics says CANCELLED. */
  const cancelSession = (actor: Actor, trainingId: number, sessionId: number) =>
    inTenant(db, actor.companyId, async (tx) => {
      const training = await ownTraining(tx, actor.companyId, trainingId);
      const before = await lockedSession(tx, actor.companyId, trainingId, sessionId);
      if (before.status === 'cancelled') throw invalidFields({ status: 'classroomAdmin.errors.session_cancelled' });
      const people = await livePeople(tx, before.id);
      const [after] = await tx
        .update(classroomSessions)
        .set({ status: 'cancelled', sequence: before.sequence + 1, updatedAt: new Date() })
        .where(eq(classroomSessions.id, before.id))
        .returning();
      if (!after) throw notFound();
      await tx
        .update(classroomRegistrations)
        .set({ status: 'cancelled', position: null, updatedAt: new Date() })
        .where(and(eq(classroomRegistrations.sessionId, before.id), inArray(classroomRegistrations.status, [...LIVE])));
      await record(tx, actor, {
        action: 'classroom_session.cancelled',
        entity: 'classroom_session',
        id: after.id,
        after: { classroom_id: training.id, people: people.length, user_ids: people },
      });
      for (const userId of people) {
        await record(tx, actor, {
          action: 'classroom.cancelled',
          entity: 'classroom',
          id: training.id,
          after: { user_id: userId, session_id: after.id },
        });
      }
      const [presented] = await presentSessions(tx, [after]);
      return presented as ClassroomSession;
    });

  // --- Admin: registrations and attendance ---

  async function registrationsIn(tx: Db, sessionId: number): Promise<ClassroomRegistration[]> {
    const rows = await tx
      .select({
        registration: classroomRegistrations,
        user: { id: users.id, name: users.name, surname: users.surname, email: users.email },
      })
      .from(classroomRegistrations)
      .innerJoin(users, eq(users.id, classroomRegistrations.userId))
      .where(eq(classroomRegistrations.sessionId, sessionId))
      .orderBy(
        sql`case ${classroomRegistrations.status} when 'registered' then 0 when 'waitlisted' then 1 else 2 end`,
        asc(classroomRegistrations.position),
        asc(users.name),
        asc(users.surname),
        asc(users.id),
      );
    let place = 0;
    return rows.map(({ registration: r, user }) => ({
      id: r.id,
      user,
      status: r.status,
      position: r.status === 'waitlisted' ? ++place : null,
      attendance: r.attendance,
      attended_at: r.attendedAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
    }));
  }

  const registrations = (actor: Actor, trainingId: number, sessionId: number) =>
    inTenant(db, actor.companyId, async (tx) => {
      await ownTraining(tx, actor.companyId, trainingId);
      const [session] = await tx
        .select()
        .from(classroomSessions)
        .where(
          and(
            eq(classroomSessions.companyId, actor.companyId),
            eq(classroomSessions.trainingId, trainingId),
            eq(classroomSessions.id, sessionId),
          ),
        );
      if (!session) throw notFound();
      const [presented] = await presentSessions(tx, [session]);
      return { data: await registrationsIn(tx, session.id), session: presented as ClassroomSession };
    });

  const cancelByAdmin = (actor: Actor, trainingId: number, sessionId: number, registrationId: number) =>
    inTenant(db, actor.companyId, async (tx) => {
      const training = await ownTraining(tx, actor.companyId, trainingId);
      const session = await lockedSession(tx, actor.companyId, trainingId, sessionId);
      const [registration] = await tx
        .select()
        .from(classroomRegistrations)
        .where(and(eq(classroomRegistrations.sessionId, session.id), eq(classroomRegistrations.id, registrationId)));
      if (!registration) throw notFound();
      if (registration.status === 'cancelled') {
        throw invalidFields({ registration: 'classroomAdmin.errors.already_cancelled' });
      }
      await cancelRegistration(tx, actor, training, session, registration);
      return registrationsIn(tx, session.id);
    });

  /**
   * Writes attendance marks of registered people; a change is recorded per person (`classroom.attended`), which moves
   * their education: `present` completes the classroom part.
   */
  async function mark(
    tx: Db,
    actor: Actor,
    training: TrainingRow,
    session: SessionRow,
    entries: readonly { userId: number; attendance: Attendance | null }[],
  ): Promise<number> {
    const rows = await tx
      .select()
      .from(classroomRegistrations)
      .where(
        and(
          eq(classroomRegistrations.sessionId, session.id),
          inArray(
            classroomRegistrations.userId,
            entries.map((e) => e.userId),
          ),
          eq(classroomRegistrations.status, 'registered'),
        ),
      );
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    let updated = 0;
    for (const entry of entries) {
      const row = byUser.get(entry.userId);
      if (!row || row.attendance === entry.attendance) continue;
      await tx
        .update(classroomRegistrations)
        .set({
          attendance: entry.attendance,
          attendedAt: entry.attendance === 'present' ? new Date() : null,
          updatedAt: new Date(),
        })
        .where(eq(classroomRegistrations.id, row.id));
      await record(tx, actor, {
        action: 'classroom.attended',
        entity: 'classroom',
        id: training.id,
        before: { attendance: row.attendance },
        after: { user_id: entry.userId, session_id: session.id, attendance: entry.attendance },
      });
      updated++;
    }
    return updated;
  }

  const saveAttendance = (actor: Actor, trainingId: number, sessionId: number, sheet: AttendanceSheet) =>
    inTenant(db, actor.companyId, async (tx) => {
      const training = await ownTraining(tx, actor.companyId, trainingId);
      const session = await lockedSession(tx, actor.companyId, trainingId, sessionId);
      if (session.status === 'cancelled') throw invalidFields({ status: 'classroomAdmin.errors.session_cancelled' });
      const registered = new Set(
        (
          await tx
            .select({ userId: classroomRegistrations.userId })
            .from(classroomRegistrations)
            .where(
              and(eq(classroomRegistrations.sessionId, session.id), eq(classroomRegistrations.status, 'registered')),
            )
        ).map((r) => r.userId),
      );
      const stranger = sheet.entries.findIndex((e) => !registered.has(e.user_id));
      if (stranger >= 0) {
        throw invalidFields({ [`entries.${stranger}.user_id`]: 'classroomAdmin.errors.not_registered' });
      }
      const updated = await mark(
        tx,
        actor,
        training,
        session,
        sheet.entries.map((e) => ({ userId: e.user_id, attendance: e.attendance })),
      );
      return { updated, errors: [] } satisfies AttendanceResult;
    });

  /** Every spelling of an attendance a sheet may hold: the code, or its label in any language. */
  function attendanceOf(text: string): Attendance | null | undefined {
    const value = text.trim().toLocaleLowerCase('tr');
    if (value === '') return null;
    for (const code of ATTENDANCES) {
      if (value === code) return code;
      for (const locale of LOCALES) {
        if (value === translator(locale)(`classroomAdmin.attendance.${code}`).toLocaleLowerCase('tr')) return code;
      }
    }
    return undefined;
  }

  const TEMPLATE_HEADERS = ['user_id', 'name', 'email', 'attendance'] as const;

  /** The attendance sheet as xlsx: the session's registered people with their marks, for filling in and importing. */
  const attendanceTemplate = (actor: Actor, trainingId: number, sessionId: number, t: Translate) =>
    inTenant(db, actor.companyId, async (tx) => {
      const training = await ownTraining(tx, actor.companyId, trainingId);
      const [session] = await tx
        .select()
        .from(classroomSessions)
        .where(
          and(
            eq(classroomSessions.companyId, actor.companyId),
            eq(classroomSessions.trainingId, trainingId),
            eq(classroomSessions.id, sessionId),
          ),
        );
      if (!session) throw notFound();
      const people = (await registrationsIn(tx, session.id)).filter((r) => r.status === 'registered');
      const workbook = new (await loadExcel()).Workbook();
      const sheet = workbook.addWorksheet(t('classroomAdmin.attendance.sheet_name').slice(0, 31));
      sheet.columns = TEMPLATE_HEADERS.map((h) => ({ width: h === 'user_id' ? 12 : 28, style: { numFmt: '@' } }));
      sheet.addRow(TEMPLATE_HEADERS.map((h) => t(`classroomAdmin.attendance.columns.${h}`))).font = { bold: true };
      for (const person of people) {
        sheet.addRow([
          String(person.user.id),
          // Names are people's own text: a leading = + - @ must not become a formula in the admin's spreadsheet.
          neutralise(`${person.user.name} ${person.user.surname}`),
          neutralise(person.user.email ?? ''),
          person.attendance ? t(`classroomAdmin.attendance.${person.attendance}`) : '',
        ]);
      }
      const options = ATTENDANCES.map((code) => t(`classroomAdmin.attendance.${code}`));
      for (let row = 2; row <= Math.max(2, people.length + 1); row++) {
        sheet.getCell(`D${row}`).dataValidation = {
          type: 'list',
          allowBlank: true,
          formulae: [`"${options.join(',')}"`],
        };
      }
      sheet.views = [{ state: 'frozen', ySplit: 1 }];
      const day = session.startsAt.toISOString().slice(0, 10);
      return {
        fileName: `${t('classroomAdmin.attendance.file_name')}-${training.id}-${day}.xlsx`,
        body: Buffer.from(await workbook.xlsx.writeBuffer()),
      };
    });

  /**
   * Fills the sheet from an uploaded xlsx (or csv) of the template's columns. Rows are matched by person id, else by
   * e-mail; good rows are saved, bad ones answered with their row number and why, so one typo does not lose the rest.
   */
  const importAttendance = (actor: Actor, trainingId: number, sessionId: number, file: UploadedFile, t: Translate) =>
    inTenant(db, actor.companyId, async (tx) => {
      const training = await ownTraining(tx, actor.companyId, trainingId);
      const session = await lockedSession(tx, actor.companyId, trainingId, sessionId);
      if (session.status === 'cancelled') throw invalidFields({ status: 'classroomAdmin.errors.session_cancelled' });
      const sheet = await readUploadedSheet(file, 10_000);
      const people = (await registrationsIn(tx, session.id)).filter((r) => r.status === 'registered');
      const byId = new Map(people.map((p) => [p.user.id, p.user.id]));
      const byEmail = new Map(
        people.filter((p) => p.user.email).map((p) => [(p.user.email as string).toLowerCase(), p.user.id]),
      );
      const entries: { userId: number; attendance: Attendance | null }[] = [];
      const errors: AttendanceResult['errors'] = [];
      for (const row of sheet.rows) {
        const [idCell = '', , emailCell = '', attendanceCell = ''] = row.cells;
        if (row.cells.every((c) => c.trim() === '')) continue;
        const userId = byId.get(Number(idCell.trim())) ?? byEmail.get(emailCell.trim().toLowerCase());
        if (userId === undefined) {
          errors.push({ row: row.number, message: t('classroomAdmin.import.unknown_person') });
          continue;
        }
        const attendance = attendanceOf(attendanceCell);
        if (attendance === undefined) {
          errors.push({
            row: row.number,
            message: t('classroomAdmin.import.bad_attendance', { value: attendanceCell }),
          });
          continue;
        }
        if (attendance !== null) entries.push({ userId, attendance });
      }
      const updated = await mark(tx, actor, training, session, entries);
      return { updated, errors } satisfies AttendanceResult;
    });

  // --- The .ics file ---

  /** A session's calendar file, for an admin of trainings or a person who registered for it (any state). */
  const calendarFile = (actor: Actor, sessionId: number, host: string) =>
    inTenant(db, actor.companyId, async (tx) => {
      const [row] = await tx
        .select({ session: classroomSessions, training: classroomTrainings })
        .from(classroomSessions)
        .innerJoin(classroomTrainings, eq(classroomTrainings.id, classroomSessions.trainingId))
        .where(and(eq(classroomSessions.companyId, actor.companyId), eq(classroomSessions.id, sessionId)));
      if (!row) throw notFound();
      const isAdmin = actor.isSuperAdmin || actor.permissions.has('show_training');
      if (!isAdmin) {
        const [mine] = await tx
          .select({ id: classroomRegistrations.id })
          .from(classroomRegistrations)
          .where(and(eq(classroomRegistrations.sessionId, sessionId), eq(classroomRegistrations.userId, actor.userId)));
        if (!mine) throw notFound();
      }
      const { session, training } = row;
      return {
        fileName: `${training.title.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60)}-${session.startsAt.toISOString().slice(0, 10)}.ics`,
        body: sessionCalendar({
          uid: session.uid,
          sequence: session.sequence,
          title: training.title,
          description: stripTags(training.description),
          startsAt: session.startsAt,
          endsAt: session.endsAt,
          timeZone: session.timeZone,
          place: session.place,
          onlineUrl: session.onlineUrl,
          cancelled: session.status === 'cancelled',
          host,
        }),
      };
    });

  // --- The learner ---

  async function learnerView(tx: Db, actor: Actor, training: TrainingRow): Promise<LearnerClassroom> {
    const sessions = await tx
      .select()
      .from(classroomSessions)
      .where(and(eq(classroomSessions.companyId, actor.companyId), eq(classroomSessions.trainingId, training.id)))
      .orderBy(asc(classroomSessions.startsAt), asc(classroomSessions.id));
    const mine = await tx
      .select()
      .from(classroomRegistrations)
      .where(and(eq(classroomRegistrations.trainingId, training.id), eq(classroomRegistrations.userId, actor.userId)));
    const counts = await countsOf(
      tx,
      sessions.map((s) => s.id),
    );
    const places = await waitingPlaces(
      tx,
      mine.filter((r) => r.status === 'waitlisted'),
    );
    const now = Date.now();
    const liveMine = mine.filter((r) => r.status !== 'cancelled');
    const present = mine.some((r) => r.attendance === 'present');
    // Sessions to come that are open, and any the learner had a place in (a past one shows their attendance).
    const visible = sessions.filter(
      (s) => (s.status === 'active' && s.startsAt.getTime() > now) || mine.some((r) => r.sessionId === s.id),
    );
    return {
      id: training.id,
      title: training.title,
      description: training.description,
      image_url: training.imageUrl,
      can_register: await deps.educations.enrolments.mayTakePart(tx, actor.userId, 'classroom', training.id),
      status: present ? 'completed' : liveMine.length > 0 ? 'in_progress' : 'not_started',
      sessions: visible.map((s) => {
        const count = counts.get(s.id) ?? { registered: 0, waitlisted: 0, marked: 0 };
        const own = mine.find((r) => r.sessionId === s.id && r.status !== 'cancelled');
        const attended = mine.find((r) => r.sessionId === s.id)?.attendance ?? null;
        return {
          id: s.id,
          starts_at: s.startsAt.toISOString(),
          ends_at: s.endsAt.toISOString(),
          time_zone: s.timeZone,
          place: s.place,
          online_url: s.onlineUrl,
          instructor_name: s.instructorName,
          capacity: s.capacity,
          seats_left: Math.max(0, s.capacity - count.registered),
          waitlisted_count: count.waitlisted,
          status: s.status,
          is_past: s.startsAt.getTime() <= now,
          registration:
            own && own.status !== 'cancelled'
              ? { status: own.status, position: places.get(own.id) ?? null, attendance: attended }
              : null,
        };
      }),
    };
  }

  /** The 1-based place of each waiting registration in its session's line. */
  async function waitingPlaces(tx: Db, waiting: (typeof classroomRegistrations.$inferSelect)[]) {
    const places = new Map<number, number>();
    for (const registration of waiting) {
      const [ahead] = await tx
        .select({ count: sql<number>`count(*)::integer` })
        .from(classroomRegistrations)
        .where(
          and(
            eq(classroomRegistrations.sessionId, registration.sessionId),
            eq(classroomRegistrations.status, 'waitlisted'),
            sql`(${classroomRegistrations.position}, ${classroomRegistrations.id}) < (${registration.position}, ${registration.id})`,
          ),
        );
      places.set(registration.id, (ahead?.count ?? 0) + 1);
    }
    return places;
  }

  /** The training as a learner sees it; one they may not take (and never registered for) is not found. */
  async function visibleTraining(tx: Db, actor: Actor, trainingId: number) {
    const training = await ownTraining(tx, actor.companyId, trainingId);
    if (training.status !== 1) throw notFound();
    const [registered] = await tx
      .select({ id: classroomRegistrations.id })
      .from(classroomRegistrations)
      .where(and(eq(classroomRegistrations.trainingId, training.id), eq(classroomRegistrations.userId, actor.userId)))
      .limit(1);
    if (!registered && !(await deps.educations.enrolments.mayTakePart(tx, actor.userId, 'classroom', training.id))) {
      throw notFound();
    }
    return training;
  }

  const learnerClassroom = (actor: Actor, trainingId: number) =>
    inTenant(db, actor.companyId, async (tx) => learnerView(tx, actor, await visibleTraining(tx, actor, trainingId)));

  /**
   * Takes a seat, or a place on the waiting list when the session is full. The session row is locked first, so of
   * two people taking the last seat at once one gets it and the other waits.
   */
  const register = (actor: Actor, trainingId: number, sessionId: number) =>
    inTenant(db, actor.companyId, async (tx) => {
      const training = await visibleTraining(tx, actor, trainingId);
      if (!(await deps.educations.enrolments.mayTakePart(tx, actor.userId, 'classroom', training.id))) {
        throw forbidden('classroom.errors.not_enrolled');
      }
      const session = await lockedSession(tx, actor.companyId, training.id, sessionId);
      if (session.status !== 'active' || session.startsAt.getTime() <= Date.now()) {
        throw invalidFields({ session: 'classroom.errors.session_closed' });
      }
      const [live] = await tx
        .select()
        .from(classroomRegistrations)
        .where(
          and(
            eq(classroomRegistrations.trainingId, training.id),
            eq(classroomRegistrations.userId, actor.userId),
            ne(classroomRegistrations.status, 'cancelled'),
          ),
        );
      if (live && live.sessionId === session.id) return learnerView(tx, actor, training);
      if (live) throw invalidFields({ session: 'classroom.errors.already_registered' });
      const counts = (await countsOf(tx, [session.id])).get(session.id);
      const full = (counts?.registered ?? 0) >= session.capacity;
      const [last] = await tx
        .select({ position: sql<number | null>`max(${classroomRegistrations.position})` })
        .from(classroomRegistrations)
        .where(eq(classroomRegistrations.sessionId, session.id));
      const values = {
        status: full ? ('waitlisted' as const) : ('registered' as const),
        position: full ? (last?.position ?? 0) + 1 : null,
        attendance: null,
        attendedAt: null,
        updatedAt: new Date(),
      };
      await tx
        .insert(classroomRegistrations)
        .values({
          companyId: actor.companyId,
          trainingId: training.id,
          sessionId: session.id,
          userId: actor.userId,
          ...values,
        })
        .onConflictDoUpdate({
          target: [classroomRegistrations.sessionId, classroomRegistrations.userId],
          set: values,
        });
      await record(tx, actor, {
        action: full ? 'classroom.waitlisted' : 'classroom.registered',
        entity: 'classroom',
        id: training.id,
        after: { user_id: actor.userId, session_id: session.id },
      });
      return learnerView(tx, actor, training);
    });

  const cancelMine = (actor: Actor, trainingId: number, sessionId: number) =>
    inTenant(db, actor.companyId, async (tx) => {
      const training = await visibleTraining(tx, actor, trainingId);
      const session = await lockedSession(tx, actor.companyId, training.id, sessionId);
      const [registration] = await tx
        .select()
        .from(classroomRegistrations)
        .where(
          and(
            eq(classroomRegistrations.sessionId, session.id),
            eq(classroomRegistrations.userId, actor.userId),
            ne(classroomRegistrations.status, 'cancelled'),
          ),
        );
      if (!registration) throw notFound();
      if (session.startsAt.getTime() <= Date.now()) throw invalidFields({ session: 'classroom.errors.session_closed' });
      await cancelRegistration(tx, actor, training, session, registration);
      return learnerView(tx, actor, training);
    });

  return {
    listSessions,
    createSession,
    updateSession,
    cancelSession,
    registrations,
    cancelByAdmin,
    saveAttendance,
    attendanceTemplate,
    importAttendance,
    calendarFile,
    learnerClassroom,
    register,
    cancelMine,
  };
}

/** A text cell a spreadsheet would read as a formula is kept as text. */
function neutralise(text: string) {
  return /^[=+\-@]/.test(text) ? `'${text}` : text;
}

export type Sessions = ReturnType<typeof createSessions>;
