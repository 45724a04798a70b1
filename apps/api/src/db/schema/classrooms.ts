import type { Attendance, ClassroomTimeZone, RegistrationStatus, SessionStatus } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { educationCategories } from './educations.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/** An instructor-led training (issue 14): a learning item with dated sessions. status: 0 passive, 1 active. */
export const classroomTrainings = pgTable(
  'classroom_trainings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    title: text().notNull(),
    /** Sanitized HTML. */
    description: text(),
    imageUrl: text(),
    categoryId: integer().references(() => educationCategories.id, { onDelete: 'set null' }),
    language: text().notNull(),
    status: smallint().notNull().default(1),
    defaultPlace: text(),
    defaultOnlineUrl: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('classroom_trainings_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('classroom_trainings_company_title_idx').on(t.companyId, t.title, t.id),
    tenantPolicy(t.companyId),
  ],
);

/**
 * One dated session of a classroom training. Its row is the lock two people taking the last seat queue on.
 * `sequence` counts changes of time or place (the .ics SEQUENCE, so calendars replace the event).
 */
export const classroomSessions = pgTable(
  'classroom_sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    trainingId: integer()
      .notNull()
      .references(() => classroomTrainings.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    timeZone: text().$type<ClassroomTimeZone>().notNull().default('Europe/Istanbul'),
    place: text(),
    onlineUrl: text(),
    capacity: integer().notNull(),
    instructorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    instructorName: text(),
    status: text().$type<SessionStatus>().notNull().default('active'),
    sequence: integer().notNull().default(0),
    /** A stable iCalendar UID (the calendar's key for this event across changes). */
    uid: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('classroom_sessions_training_idx').on(t.companyId, t.trainingId, t.startsAt),
    check('classroom_sessions_status_check', sql`${t.status} in ('active', 'cancelled')`),
    check('classroom_sessions_time_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('classroom_sessions_capacity_check', sql`${t.capacity} > 0`),
    tenantPolicy(t.companyId),
  ],
);

/**
 * A person in a session: holding a seat, waiting for one (`position` orders the waiting list), or cancelled. One row
 * per (session, person); at most one live (not cancelled) row per (training, person).
 */
export const classroomRegistrations = pgTable(
  'classroom_registrations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    trainingId: integer()
      .notNull()
      .references(() => classroomTrainings.id, { onDelete: 'cascade' }),
    sessionId: integer()
      .notNull()
      .references(() => classroomSessions.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().$type<RegistrationStatus>().notNull(),
    position: integer(),
    attendance: text().$type<Attendance>(),
    attendedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('classroom_registrations_session_user_key').on(t.sessionId, t.userId),
    uniqueIndex('classroom_registrations_live_key').on(t.trainingId, t.userId).where(sql`${t.status} <> 'cancelled'`),
    index('classroom_registrations_session_idx').on(t.companyId, t.sessionId, t.status, t.position),
    index('classroom_registrations_user_idx').on(t.companyId, t.userId, t.trainingId),
    check('classroom_registrations_status_check', sql`${t.status} in ('registered', 'waitlisted', 'cancelled')`),
    check(
      'classroom_registrations_attendance_check',
      sql`${t.attendance} is null or ${t.attendance} in ('present', 'absent', 'excused')`,
    ),
    tenantPolicy(t.companyId),
  ],
);
