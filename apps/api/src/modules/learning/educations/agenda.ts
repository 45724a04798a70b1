import type { AgendaEvent, AgendaQuery, EnrolmentSource } from '@kampus/shared';
import { type AnyColumn, and, between, eq, isNotNull, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { educationEnrolments, educations } from '../../../db/schema/index.js';

/** Enrolments whose due date a program or an assignment set: they show it as their own deadline. */
const SHOWN_BY_OTHERS: readonly EnrolmentSource[] = ['program', 'assignment'];

/**
 * The agenda's events of educations (issue 14): for each active education the person is enrolled in, its start and
 * end dates and the due date an admin set on the enrolment, within the range (days, both included). A due date a
 * program or an assignment set is theirs to show (as a step's or an assignment's deadline), not repeated here.
 */
export async function educationAgendaEvents(
  tx: Db,
  person: { userId: number; companyId: number },
  range: AgendaQuery,
): Promise<AgendaEvent[]> {
  const inRange = (column: AnyColumn) => and(isNotNull(column), between(column, range.from, range.to));
  const ownDue = and(inRange(educationEnrolments.dueAt), notInArray(educationEnrolments.source, [...SHOWN_BY_OTHERS]));
  const rows = await tx
    .select({
      id: educations.id,
      title: educations.title,
      startDate: educations.startDate,
      endDate: educations.endDate,
      dueAt: educationEnrolments.dueAt,
      source: educationEnrolments.source,
      status: educationEnrolments.status,
    })
    .from(educationEnrolments)
    .innerJoin(educations, eq(educations.id, educationEnrolments.educationId))
    .where(
      and(
        eq(educationEnrolments.companyId, person.companyId),
        eq(educationEnrolments.userId, person.userId),
        eq(educations.status, 1),
        or(inRange(educations.startDate), inRange(educations.endDate), ownDue),
      ),
    );
  const within = (day: string | null): day is string => day !== null && day >= range.from && day <= range.to;
  return rows.flatMap((row) => {
    const base = {
      title: row.title,
      context: null,
      all_day: true,
      ends_at: null,
      time_zone: null,
      location: null,
      completed: row.status === 'completed',
      cancelled: false,
      sequence: 0,
      target: { type: 'education' as const, id: row.id },
    };
    const events: AgendaEvent[] = [];
    if (within(row.startDate))
      events.push({ ...base, id: `education-${row.id}-start`, kind: 'education_start', starts_at: row.startDate });
    if (within(row.endDate))
      events.push({ ...base, id: `education-${row.id}-end`, kind: 'education_end', starts_at: row.endDate });
    if (within(row.dueAt) && !SHOWN_BY_OTHERS.includes(row.source))
      events.push({ ...base, id: `education-${row.id}-due`, kind: 'education_due', starts_at: row.dueAt });
    return events;
  });
}
