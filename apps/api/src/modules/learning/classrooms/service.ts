import { and, eq, inArray, sql } from 'drizzle-orm';
import { classroomRegistrations, classroomTrainings } from '../../../db/schema/index.js';
import type { Platform } from '../../../platform/deps.js';
import type { NotificationsService } from '../../frame/notifications/service.js';
import type { PartKind } from '../educations/catalogue.js';
import type { EducationsService } from '../educations/service.js';
import { classroomAgendaEvents } from './agenda.js';
import { createSessions } from './sessions.js';
import { createClassroomResource } from './trainings.js';

/** The events that move a learner in a classroom training (the educations module follows them). */
export const CLASSROOM_PART_EVENTS = [
  'classroom.registered',
  'classroom.waitlisted',
  'classroom.promoted',
  'classroom.cancelled',
  'classroom.attended',
] as const;

/**
 * What the educations module needs of a classroom part: the company's own trainings, their titles, and where a
 * learner stands — started once registered or waiting, completed once marked present in any session.
 */
function classroomPartKind(): PartKind {
  return {
    events: CLASSROOM_PART_EVENTS,
    async own(tx, companyId, ids) {
      const rows = await tx
        .select({ id: classroomTrainings.id })
        .from(classroomTrainings)
        .where(and(eq(classroomTrainings.companyId, companyId), inArray(classroomTrainings.id, [...ids])));
      return new Set(rows.map((r) => r.id));
    },
    async describe(tx, ids) {
      const rows = await tx
        .select({
          id: classroomTrainings.id,
          title: classroomTrainings.title,
          imageUrl: classroomTrainings.imageUrl,
          status: classroomTrainings.status,
        })
        .from(classroomTrainings)
        .where(inArray(classroomTrainings.id, [...ids]));
      return new Map(rows.map((r) => [r.id, { title: r.title, coverUrl: r.imageUrl, available: r.status === 1 }]));
    },
    async states(tx, userId, ids) {
      const rows = await tx
        .select({
          trainingId: classroomRegistrations.trainingId,
          started: sql<boolean>`bool_or(${classroomRegistrations.status} <> 'cancelled' or ${classroomRegistrations.attendance} is not null)`,
          completed: sql<boolean>`bool_or(${classroomRegistrations.attendance} = 'present')`,
        })
        .from(classroomRegistrations)
        .where(and(eq(classroomRegistrations.userId, userId), inArray(classroomRegistrations.trainingId, [...ids])))
        .groupBy(classroomRegistrations.trainingId);
      return new Map(rows.map((r) => [r.trainingId, { started: r.started, completed: r.completed }]));
    },
  };
}

/**
 * Classroom trainings (issue 14): the admin resource, sessions with registrations, waiting list and attendance, the
 * .ics file, and the learner's calls. It joins the educations as the part type `classroom`.
 */
export function createClassroomsService(
  platform: Platform,
  { educations, notifications }: { educations: EducationsService; notifications: NotificationsService },
) {
  educations.enrolments.registerKind('classroom', classroomPartKind());
  return {
    resource: createClassroomResource(platform, (tx, ids) => educations.enrolments.partUsage(tx, 'classroom', ids))
      .resource,
    sessions: createSessions(platform, { educations, notifications }),
    agendaEvents: classroomAgendaEvents,
  };
}

export type ClassroomsService = ReturnType<typeof createClassroomsService>;
