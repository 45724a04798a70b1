import type { AgendaEvent, AgendaQuery } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { run } from './queries.js';

interface Row {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  status: string;
}

/**
 * The agenda's events of assignments (issue 14): the start and end dates of the person's assignments that the
 * learner's pages show (published, neither it nor the person's row cancelled, started), within the range (days,
 * both included). A scheduled assignment stays out until its first day, as it does on /my-assignment, so no event
 * links to a page that is not there yet.
 */
export async function assignmentAgendaEvents(
  tx: Db,
  person: { userId: number; companyId: number },
  range: AgendaQuery,
): Promise<AgendaEvent[]> {
  const rows = await run<Row>(
    tx,
    sql`select a.id, a.name, a.start_date::text as start_date, a.end_date::text as end_date, au.status
      from assignment_users au join assignments a on a.id = au.assignment_id
      where au.company_id = ${person.companyId} and au.user_id = ${person.userId}
        and a.published_at is not null and a.cancelled_at is null and au.cancelled_at is null
        and a.start_date <= current_date
        and (a.start_date between ${range.from} and ${range.to} or a.end_date between ${range.from} and ${range.to})`,
  );
  const within = (day: string) => day >= range.from && day <= range.to;
  return rows.flatMap((row) => {
    const base = {
      title: row.name,
      context: null,
      all_day: true,
      ends_at: null,
      time_zone: null,
      location: null,
      completed: row.status === 'completed',
      cancelled: false,
      sequence: 0,
      target: { type: 'assignment' as const, id: row.id },
    };
    const events: AgendaEvent[] = [];
    if (within(row.start_date))
      events.push({ ...base, id: `assignment-${row.id}-start`, kind: 'assignment_start', starts_at: row.start_date });
    if (within(row.end_date))
      events.push({ ...base, id: `assignment-${row.id}-due`, kind: 'assignment_due', starts_at: row.end_date });
    return events;
  });
}
