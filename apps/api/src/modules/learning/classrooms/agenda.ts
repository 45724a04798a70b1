import type { AgendaEvent, AgendaQuery } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';

interface Row {
  uid: string;
  sequence: number;
  title: string;
  starts_at: Date | string;
  ends_at: Date | string;
  time_zone: string;
  place: string | null;
  online_url: string | null;
  cancelled: boolean;
  attended: boolean;
  education_id: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The agenda's events of classroom trainings (issue 14): the sessions the person holds a seat in, and those they held
 * one in until the session itself was cancelled (its registrations are cancelled with it, in the same moment), shown
 * cancelled. Starting within the range, read as days in UTC with a day's margin each side so no zone loses an
 * evening session. The event's id is the session's own iCalendar UID and its SEQUENCE the session's, so the feed and
 * the session's .ics file describe the same calendar event. Each links to the education detail whose classroom part
 * it is (where the learner chose it).
 */
export async function classroomAgendaEvents(
  tx: Db,
  person: { userId: number; companyId: number },
  range: AgendaQuery,
): Promise<AgendaEvent[]> {
  const result = await tx.execute(sql`
    select s.uid, s.sequence, t.title, s.starts_at, s.ends_at, s.time_zone, s.place, s.online_url,
      s.status = 'cancelled' as cancelled, coalesce(r.attendance = 'present', false) as attended, e.education_id
    from classroom_registrations r
    join classroom_sessions s on s.id = r.session_id
    join classroom_trainings t on t.id = r.training_id
    join lateral (
      select p.education_id from education_parts p
      join education_enrolments en on en.education_id = p.education_id and en.user_id = r.user_id
      where p.type = 'classroom' and p.ref_id = r.training_id
      order by p.education_id limit 1
    ) e on true
    where r.company_id = ${person.companyId} and r.user_id = ${person.userId}
      and (r.status = 'registered'
        or (r.status = 'cancelled' and s.status = 'cancelled' and r.updated_at >= s.updated_at - interval '5 seconds'))
      and s.starts_at >= (${range.from}::date - 1) and s.starts_at < (${range.to}::date + 2)
    order by s.starts_at`);
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    id: row.uid,
    kind: 'classroom_session',
    title: row.title,
    context: null,
    all_day: false,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    time_zone: row.time_zone,
    location: row.place ?? row.online_url,
    completed: row.attended,
    cancelled: row.cancelled,
    sequence: row.sequence,
    target: { type: 'education', id: row.education_id },
  }));
}
