import type { AssigneeStatus, AssignmentItemType, AssignmentStatus, ProgressStatus } from '@kampus/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { intArray } from '../educations/enrolments.js';

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
export const run = async <T>(tx: Db, query: SQL): Promise<T[]> => rowsOf<T>(await tx.execute(query));
export { intArray };

/**
 * An assignment's status from what is stored (published, cancelled) and today's date: no job keeps it true, so it
 * cannot go stale. The day is the database's `current_date`.
 */
export const statusSql = (a = sql.raw('a')) => sql<AssignmentStatus>`case
  when ${a}.cancelled_at is not null then 'cancelled'
  when ${a}.published_at is null then 'draft'
  when current_date < ${a}.start_date then 'scheduled'
  when current_date > ${a}.end_date then 'finished'
  else 'active' end`;

/** The condition of one status, for the list filter. */
export function statusCondition(status: AssignmentStatus, a = sql.raw('a')): SQL {
  switch (status) {
    case 'cancelled':
      return sql`${a}.cancelled_at is not null`;
    case 'draft':
      return sql`${a}.published_at is null and ${a}.cancelled_at is null`;
    case 'scheduled':
      return sql`${a}.published_at is not null and ${a}.cancelled_at is null and current_date < ${a}.start_date`;
    case 'finished':
      return sql`${a}.published_at is not null and ${a}.cancelled_at is null and current_date > ${a}.end_date`;
    case 'active':
      return sql`${a}.published_at is not null and ${a}.cancelled_at is null
        and current_date between ${a}.start_date and ${a}.end_date`;
  }
}

/**
 * A person's last day: their own due date when they have one (the people an automatic rule adds one by one are each
 * due N days after matching; migration 0019), else the assignment's end date.
 */
export const personDueSql = (au = sql.raw('au'), a = sql.raw('a')) => sql`coalesce(${au}.due_date, ${a}.end_date)`;

/** A person's status in an assignment: cancelled and overdue (past their due date, not completed) read from dates. */
export const assigneeStatusSql = (au = sql.raw('au'), a = sql.raw('a')) => sql<AssigneeStatus>`case
  when ${au}.cancelled_at is not null then 'cancelled'
  when ${au}.status = 'completed' then 'completed'
  when current_date > ${personDueSql(au, a)} then 'overdue'
  else ${au}.status end`;

export const assigneeStatusCondition = (status: AssigneeStatus, au = sql.raw('au'), a = sql.raw('a')): SQL =>
  sql`(${assigneeStatusSql(au, a)}) = ${status}`;

/**
 * A survey item (issue 15) is done or not: 100 once the person submitted it (not for an education: a plain survey),
 * in progress while a draft is saved. Read from the surveys module's participation rows (never its answers).
 */
export const surveyProgressSql = sql`select case when sp.status = 'submitted' then 100 else 0 end
  from survey_participations sp where sp.survey_id = i.ref_id and sp.user_id = au.user_id and sp.education_id is null`;
export const surveyStatusSql = sql`select case when sp.status = 'submitted' then 'completed' else 'in_progress' end
  from survey_participations sp where sp.survey_id = i.ref_id and sp.user_id = au.user_id and sp.education_id is null`;

/** Where a learner stands in one item of an assignment. */
export interface ItemProgress {
  status: ProgressStatus;
  progress: number;
}

/**
 * Each person's progress in each item of the assignments given: a content's best progress (100 once completed), an
 * education's or a program's finished rate. One query for any number of people.
 */
export function itemProgressSql(assignmentUserIds: readonly number[]): SQL {
  return sql`
    select au.id as assignment_user_id, i.type, i.ref_id, i.position,
      coalesce(case i.type
        when 'content' then (select case when bool_or(cp.status = 'completed') then 100 else max(cp.progress) end
          from content_progress cp where cp.content_id = i.ref_id and cp.user_id = au.user_id)
        when 'education' then (select case when ee.status = 'completed' then 100 else ee.finished_rate end
          from education_enrolments ee where ee.education_id = i.ref_id and ee.user_id = au.user_id)
        when 'program' then (select case when pe.status = 'completed' then 100 else pe.finished_rate end
          from program_enrolments pe where pe.program_id = i.ref_id and pe.user_id = au.user_id)
        when 'survey' then (${surveyProgressSql})
        when 'exam' then (select case when bool_or(ea.passed) then 100 else 0 end
          from exam_attempts ea where ea.exam_id = i.ref_id and ea.user_id = au.user_id)
      end, 0)::integer as progress,
      coalesce(case i.type
        when 'content' then (select case when bool_or(cp.status = 'completed') then 'completed' else 'in_progress' end
          from content_progress cp where cp.content_id = i.ref_id and cp.user_id = au.user_id)
        when 'education' then (select ee.status from education_enrolments ee
          where ee.education_id = i.ref_id and ee.user_id = au.user_id)
        when 'program' then (select pe.status from program_enrolments pe
          where pe.program_id = i.ref_id and pe.user_id = au.user_id)
        when 'survey' then (${surveyStatusSql})
        when 'exam' then (select case when bool_or(ea.passed) then 'completed' when count(*) > 0 then 'in_progress' end
          from exam_attempts ea where ea.exam_id = i.ref_id and ea.user_id = au.user_id)
      end, 'not_started') as status
    from assignment_users au
    join assignment_items i on i.assignment_id = au.assignment_id
    where au.id = any(${intArray(assignmentUserIds)})`;
}

export interface ItemRef {
  type: AssignmentItemType;
  ref_id: number;
}

/** Title, cover and whether it is active, of each item (the company's own rows only: row-level security). */
export async function describeItems(
  tx: Db,
  items: readonly ItemRef[],
): Promise<Map<string, { title: string; image_url: string | null; available: boolean }>> {
  const ids = (type: AssignmentItemType) => items.filter((i) => i.type === type).map((i) => i.ref_id);
  const rows = await run<{ type: AssignmentItemType; id: number; title: string; image: string | null; status: number }>(
    tx,
    sql`
      select 'education' as type, id, title, image_url as image, status from educations where id = any(${intArray(ids('education'))})
      union all
      select 'program', id, title, image_url, status from programs where id = any(${intArray(ids('program'))})
      union all
      select 'content', id, title, cover_url, status from contents where id = any(${intArray(ids('content'))})
      union all
      select 'survey', id, title, null, status from surveys where kind = 'survey' and id = any(${intArray(ids('survey'))})
      union all
      select 'exam', id, title, image_url, status from exams where id = any(${intArray(ids('exam'))}) and kind = 'exam'`,
  );
  return new Map(
    rows.map((r) => [`${r.type}:${r.id}`, { title: r.title, image_url: r.image, available: Number(r.status) === 1 }]),
  );
}

export const itemKey = (item: ItemRef) => `${item.type}:${item.ref_id}`;

/**
 * The items of one type given to a person through running assignments (published, not cancelled, started; their row
 * not cancelled), with the latest due day of each — the surveys module asks which surveys a learner was given.
 */
export async function assignedItemsOf(
  tx: Db,
  userId: number,
  type: AssignmentItemType,
): Promise<{ ref_id: number; due_date: string }[]> {
  return run<{ ref_id: number; due_date: string }>(
    tx,
    sql`select i.ref_id, max(${personDueSql()})::text as due_date
      from assignment_users au
      join assignments a on a.id = au.assignment_id
      join assignment_items i on i.assignment_id = a.id
      where au.user_id = ${userId} and au.cancelled_at is null and a.published_at is not null
        and a.cancelled_at is null and current_date >= a.start_date and i.type = ${type}
      group by i.ref_id`,
  );
}
