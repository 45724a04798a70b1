import {
  type AssigneeStatus,
  type AssignmentClassroom,
  type AssignmentItemType,
  assignmentItemPath,
  type LearnerAssignmentCard,
  type LearnerAssignmentDetail,
  type LearnerAssignmentItem,
  type LearnerAssignmentList,
  type MandatoryCompletions,
  type MyAssignmentsQuery,
  type ProgressStatus,
} from '@kampus/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { notFound } from '../../../platform/http/errors.js';
import { assigneeStatusSql, describeItems, intArray, itemKey, itemProgressSql, personDueSql, run } from './queries.js';

type Reader = Pick<Actor, 'companyId' | 'userId'>;

interface Row {
  id: number;
  au_id: number | null;
  name: string;
  description: string | null;
  image_url: string | null;
  start_date: string;
  end_date: string;
  mandatory: boolean;
  duration_minutes: number | null;
  status: AssigneeStatus;
  progress: number;
  completed_at: Date | string | null;
}

/** What a learner sees: published, not cancelled, their row not cancelled, from the start date on. */
const visible = sql`a.published_at is not null and a.cancelled_at is null and au.cancelled_at is null
  and a.start_date <= current_date`;

const STATE: Record<MyAssignmentsQuery['status'], SQL> = {
  open: sql`au.status <> 'completed' and current_date <= ${personDueSql()}`,
  completed: sql`au.status = 'completed'`,
  overdue: sql`au.status <> 'completed' and current_date > ${personDueSql()}`,
};

const columns = sql`a.id, au.id as au_id, a.name, a.description, a.image_url, a.start_date::text as start_date,
  ${personDueSql()}::text as end_date, a.mandatory, a.duration_minutes, ${assigneeStatusSql()} as status, au.progress,
  au.completed_at`;

/** The learner's assignments (`/my-assignment`), the detail page, the admin's preview and the mandatory modal. */
export function createAssignmentsLearner(platform: Platform) {
  const db = platform.database.db;

  /** Each row's items with the learner's progress in them, in order. */
  async function itemsOf(
    tx: Db,
    assignmentIds: number[],
    rows: { assignmentId: number; auId: number | null }[],
  ): Promise<Map<number, LearnerAssignmentItem[]>> {
    const items = await run<{ assignment_id: number; type: AssignmentItemType; ref_id: number }>(
      tx,
      sql`select assignment_id, type, ref_id from assignment_items where assignment_id = any(${intArray(assignmentIds)})
        order by assignment_id, position`,
    );
    const about = await describeItems(tx, items);
    const classrooms = await classroomsOf(
      tx,
      items.filter((i) => i.type === 'education').map((i) => i.ref_id),
    );
    const auIds = rows.flatMap((r) => (r.auId === null ? [] : [r.auId]));
    const progress = new Map<string, { status: ProgressStatus; progress: number }>();
    if (auIds.length > 0) {
      for (const p of await run<{
        assignment_user_id: number;
        type: string;
        ref_id: number;
        progress: number;
        status: ProgressStatus;
      }>(tx, itemProgressSql(auIds))) {
        progress.set(`${p.assignment_user_id}:${p.type}:${p.ref_id}`, { status: p.status, progress: p.progress });
      }
    }
    const result = new Map<number, LearnerAssignmentItem[]>();
    for (const row of rows) {
      result.set(
        row.assignmentId,
        items
          .filter((i) => i.assignment_id === row.assignmentId)
          .map((i) => {
            const mine = progress.get(`${row.auId}:${i.type}:${i.ref_id}`);
            const described = about.get(itemKey(i));
            return {
              type: i.type,
              ref_id: i.ref_id,
              title: described?.title ?? '',
              image_url: described?.image_url ?? null,
              status: mine?.status ?? 'not_started',
              progress: mine?.progress ?? 0,
              path: assignmentItemPath(i.type, i.ref_id),
              has_classroom: i.type === 'education' && classrooms.some((c) => c.education_id === i.ref_id),
            };
          }),
      );
    }
    return result;
  }

  /**
   * The classroom trainings the given educations hold as parts (active ones, in part order): what the learner chooses
   * sessions of on `/assignments/{assignment}/classroom-education`.
   */
  async function classroomsOf(tx: Db, educationIds: number[]): Promise<AssignmentClassroom[]> {
    if (educationIds.length === 0) return [];
    return run<AssignmentClassroom>(
      tx,
      sql`select c.id, c.title, e.id as education_id, e.title as education_title
        from education_parts p join educations e on e.id = p.education_id
        join classroom_trainings c on c.id = p.ref_id and p.type = 'classroom'
        where p.education_id = any(${intArray(educationIds)}) and c.status = 1
        order by array_position(${intArray(educationIds)}, p.education_id), p.position`,
    );
  }

  const nextOf = (items: LearnerAssignmentItem[]) => items.find((i) => i.status !== 'completed') ?? null;
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

  function detailOf(
    row: Row,
    items: LearnerAssignmentItem[],
    classrooms: AssignmentClassroom[],
    preview: boolean,
  ): LearnerAssignmentDetail {
    return {
      classrooms,
      id: row.id,
      name: row.name,
      description: row.description,
      image_url: row.image_url,
      start_date: row.start_date,
      end_date: row.end_date,
      mandatory: row.mandatory,
      duration_minutes: row.duration_minutes,
      status: row.status,
      progress: row.progress,
      completed_at: iso(row.completed_at),
      items,
      next_item: nextOf(items),
      preview,
    };
  }

  /** Mandatory, active, not completed assignments of the reader, for the mandatory-missions modal (spec §2.8, §4). */
  async function mandatory(tx: Db, reader: Reader): Promise<MandatoryCompletions['assignments']> {
    const rows = await run<Row>(
      tx,
      sql`select ${columns} from assignment_users au join assignments a on a.id = au.assignment_id
        where au.company_id = ${reader.companyId} and au.user_id = ${reader.userId} and ${visible}
          and a.mandatory and au.status <> 'completed' and current_date <= ${personDueSql()}
        order by ${personDueSql()}, a.id`,
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      cover_image_link: row.image_url,
      start_date: row.start_date,
      end_date: row.end_date,
      duration: row.duration_minutes ?? 0,
      action_label: row.status === 'not_started' ? 'start' : 'continue',
    }));
  }

  return {
    mandatory,

    /** GET api/my/assignments?status=open|completed|overdue. */
    mine: (reader: Reader, query: MyAssignmentsQuery): Promise<LearnerAssignmentList> =>
      inTenant(db, reader.companyId, async (tx) => {
        const mineWhere = sql`au.company_id = ${reader.companyId} and au.user_id = ${reader.userId} and ${visible}`;
        const rows = await run<Row & { total: number }>(
          tx,
          sql`select ${columns}, count(*) over ()::integer as total
            from assignment_users au join assignments a on a.id = au.assignment_id
            where ${mineWhere} and ${STATE[query.status]}
            order by ${query.status === 'completed' ? sql`au.completed_at desc` : sql`a.end_date asc`}, a.id desc
            limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
        );
        const [counts] = await run<LearnerAssignmentList['counts']>(
          tx,
          sql`select count(*) filter (where ${STATE.open})::integer as open,
            count(*) filter (where ${STATE.completed})::integer as completed,
            count(*) filter (where ${STATE.overdue})::integer as overdue
            from assignment_users au join assignments a on a.id = au.assignment_id where ${mineWhere}`,
        );
        const items = await itemsOf(
          tx,
          rows.map((r) => r.id),
          rows.map((r) => ({ assignmentId: r.id, auId: r.au_id })),
        );
        const data: LearnerAssignmentCard[] = rows.map((row) => {
          const own = items.get(row.id) ?? [];
          return {
            id: row.id,
            name: row.name,
            image_url: row.image_url,
            mandatory: row.mandatory,
            start_date: row.start_date,
            end_date: row.end_date,
            status: row.status,
            progress: row.progress,
            items_count: own.length,
            completed_at: iso(row.completed_at),
            next_item: nextOf(own),
          };
        });
        return {
          data,
          meta: { page: query.page, per_page: query.per_page, total: rows[0]?.total ?? 0 },
          counts: counts ?? { open: 0, completed: 0, overdue: 0 },
        };
      }),

    /** GET api/my/assignments/{id}: someone else's, a draft or a cancelled one is not found. */
    detail: (reader: Reader, id: number): Promise<LearnerAssignmentDetail> =>
      inTenant(db, reader.companyId, async (tx) => {
        const [row] = await run<Row>(
          tx,
          sql`select ${columns} from assignment_users au join assignments a on a.id = au.assignment_id
            where au.company_id = ${reader.companyId} and au.user_id = ${reader.userId} and a.id = ${id} and ${visible}`,
        );
        if (!row) throw notFound();
        const items = await itemsOf(tx, [row.id], [{ assignmentId: row.id, auId: row.au_id }]);
        const educationIds = (items.get(row.id) ?? []).filter((i) => i.type === 'education').map((i) => i.ref_id);
        return detailOf(row, items.get(row.id) ?? [], await classroomsOf(tx, educationIds), false);
      }),

    /** GET api/admin/assignments/{id}/preview: the detail as a learner of the target sees it, without progress. */
    preview: (actor: Actor, id: number): Promise<LearnerAssignmentDetail> =>
      inTenant(db, actor.companyId, async (tx) => {
        const [row] = await run<Row>(
          tx,
          sql`select a.id, null::integer as au_id, a.name, a.description, a.image_url, a.start_date::text as start_date,
            a.end_date::text as end_date, a.mandatory, a.duration_minutes, 'not_started' as status, 0 as progress,
            null as completed_at
            from assignments a where a.company_id = ${actor.companyId} and a.id = ${id}`,
        );
        if (!row) throw notFound();
        const items = await itemsOf(tx, [row.id], [{ assignmentId: row.id, auId: null }]);
        const educationIds = (items.get(row.id) ?? []).filter((i) => i.type === 'education').map((i) => i.ref_id);
        return detailOf(row, items.get(row.id) ?? [], await classroomsOf(tx, educationIds), true);
      }),
  };
}
