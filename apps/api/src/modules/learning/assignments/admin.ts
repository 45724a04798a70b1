import {
  type Assignee,
  type AssigneeList,
  type AssigneeListQuery,
  type Assignment,
  type AssignmentCreate,
  type AssignmentItemInput,
  type AssignmentListQuery,
  type AssignmentStatus,
  type AssignmentTargetInput,
  type AssignmentUpdate,
  assignmentsContract,
  type ExportFormat,
} from '@kampus/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { assignmentItems, assignments, assignmentTargets, userGroups, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { type ExportOwner, initiatorOf } from '../../../platform/exports.js';
import { conflict, invalidFields, notFound } from '../../../platform/http/errors.js';
import type { Translate } from '../../../platform/i18n.js';
import { defineResource, foldedColumn, likePattern } from '../../../platform/resource/resource.js';
import { sanitizeRichText } from '../../../platform/rich-text.js';
import { attachFile, detachFile, replaceFile } from '../../system/files/service.js';
import { type Delivery, PUBLISH_JOB } from './delivery.js';
import {
  assigneeStatusCondition,
  assigneeStatusSql,
  describeItems,
  intArray,
  itemKey,
  run,
  statusCondition,
  statusSql,
} from './queries.js';

const NS = 'assignment';
const sanitize = (html: string | null) => (html === null ? null : sanitizeRichText(html) || null);

/** Every item must be an education, program or content of the company: a 422 on each one that is not. */
export async function assertOwnItems(tx: Db, items: readonly AssignmentItemInput[]) {
  const known = await describeItems(tx, items);
  const errors: Record<string, string> = {};
  for (const [index, item] of items.entries()) {
    if (!known.has(itemKey(item))) errors[`items.${index}.ref_id`] = `${NS}.item_invalid`;
  }
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
}

/** The target's users and groups must be the company's (active users); sub-companies are not offered yet. */
async function assertOwnTarget(tx: Db, companyId: number, target: AssignmentTargetInput) {
  if (target.kind === 'users' && target.user_ids.length > 0) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.id, target.user_ids), eq(users.status, 1)));
    if (found.length !== target.user_ids.length)
      throw invalidFields({ 'target.user_ids': `${NS}.target_user_invalid` });
  }
  if (target.kind === 'groups' && target.group_ids.length > 0) {
    const found = await tx
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(and(eq(userGroups.companyId, companyId), inArray(userGroups.id, target.group_ids)));
    if (found.length !== target.group_ids.length) {
      throw invalidFields({ 'target.group_ids': `${NS}.target_group_invalid` });
    }
  }
  if (target.company_ids.length > 0) throw invalidFields({ 'target.company_ids': `${NS}.sub_companies_unsupported` });
}

const targetRows = (companyId: number, assignmentId: number, target: AssignmentTargetInput) => [
  ...(target.kind === 'users' ? target.user_ids : []).map((refId) => ({
    companyId,
    assignmentId,
    kind: 'user' as const,
    refId,
  })),
  ...(target.kind === 'groups' ? target.group_ids : []).map((refId) => ({
    companyId,
    assignmentId,
    kind: 'group' as const,
    refId,
  })),
];

export async function writeItems(
  tx: Db,
  companyId: number,
  assignmentId: number,
  items: readonly AssignmentItemInput[],
) {
  await tx.delete(assignmentItems).where(eq(assignmentItems.assignmentId, assignmentId));
  await tx
    .insert(assignmentItems)
    .values(
      items.map((item, position) => ({ companyId, assignmentId, type: item.type, refId: item.ref_id, position })),
    );
}

async function present(tx: Db, companyId: number, ids: number[]): Promise<Assignment[]> {
  if (ids.length === 0) return [];
  const rows = await run<
    typeof assignments.$inferSelect & {
      status: AssignmentStatus;
      people: number;
      completed: number;
    }
  >(
    tx,
    sql`
    select a.id, a.name, a.description, a.image_url as "imageUrl", a.start_date::text as "startDate",
      a.end_date::text as "endDate", a.mandatory, a.duration_minutes as "durationMinutes",
      a.reminder_days as "reminderDays", a.remind_overdue as "remindOverdue", a.target_kind as "targetKind",
      a.published_at as "publishedAt", a.cancelled_at as "cancelledAt", a.created_at as "createdAt",
      a.updated_at as "updatedAt", ${statusSql()} as status,
      (select count(*) from assignment_users au where au.assignment_id = a.id and au.cancelled_at is null)::integer as people,
      (select count(*) from assignment_users au where au.assignment_id = a.id and au.cancelled_at is null
        and au.status = 'completed')::integer as completed
    from assignments a where a.company_id = ${companyId} and a.id = any(${intArray(ids)})`,
  );
  const items = await tx
    .select()
    .from(assignmentItems)
    .where(inArray(assignmentItems.assignmentId, ids))
    .orderBy(assignmentItems.assignmentId, assignmentItems.position);
  const described = await describeItems(
    tx,
    items.map((i) => ({ type: i.type, ref_id: i.refId })),
  );
  const targets = await run<{
    assignment_id: number;
    kind: string;
    id: number;
    name: string;
    surname: string | null;
    email: string | null;
  }>(
    tx,
    sql`
    select t.assignment_id, t.kind, t.ref_id as id, coalesce(u.name, g.name) as name, u.surname, u.email
    from assignment_targets t
    left join users u on t.kind = 'user' and u.id = t.ref_id
    left join user_groups g on t.kind = 'group' and g.id = t.ref_id
    where t.assignment_id = any(${intArray(ids)}) and coalesce(u.id, g.id) is not null
    order by t.id`,
  );
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return rows.map((a) => ({
    id: a.id,
    name: a.name,
    description: a.description,
    image_url: a.imageUrl,
    start_date: a.startDate,
    end_date: a.endDate,
    mandatory: a.mandatory,
    duration_minutes: a.durationMinutes,
    reminders: { days_before: a.reminderDays ?? [], on_overdue: a.remindOverdue },
    status: a.status,
    published_at: iso(a.publishedAt),
    cancelled_at: iso(a.cancelledAt),
    items: items
      .filter((i) => i.assignmentId === a.id)
      .map((i) => {
        const about = described.get(itemKey({ type: i.type, ref_id: i.refId }));
        return {
          type: i.type,
          ref_id: i.refId,
          title: about?.title ?? '',
          image_url: about?.image_url ?? null,
          available: about?.available ?? false,
        };
      }),
    target: {
      kind: a.targetKind,
      users: targets
        .filter((t) => t.assignment_id === a.id && t.kind === 'user')
        .map((t) => ({ id: t.id, name: t.name, surname: t.surname ?? '', email: t.email })),
      groups: targets
        .filter((t) => t.assignment_id === a.id && t.kind === 'group')
        .map((t) => ({ id: t.id, name: t.name })),
      companies: [],
    },
    people: a.people,
    completed: a.completed,
    completion_rate: a.people === 0 ? 0 : Math.round((a.completed / a.people) * 100),
    created_at: iso(a.createdAt) as string,
    updated_at: iso(a.updatedAt) as string,
  }));
}

const completionRate = sql`(select case when count(*) = 0 then 0
  else count(*) filter (where au.status = 'completed') * 100 / count(*) end
  from assignment_users au where au.assignment_id = ${assignments.id} and au.cancelled_at is null)`;

const ASSIGNEE_ORDER: Record<string, SQL> = {
  name: sql`u.name, u.surname`,
  status: sql`status`,
  progress: sql`au.progress`,
  last_activity_at: sql`au.last_activity_at`,
  completed_at: sql`au.completed_at`,
  assigned_at: sql`au.created_at`,
};

function peopleSql(companyId: number, assignmentId: number, query: Omit<AssigneeListQuery, 'page' | 'per_page'>) {
  const search = query.search ? likePattern(query.search) : null;
  const sort = query.sort?.replace(/^-/, '') ?? 'name';
  const order = ASSIGNEE_ORDER[sort] ?? ASSIGNEE_ORDER.name;
  const direction = query.sort?.startsWith('-') ? sql`desc nulls last` : sql`asc nulls last`;
  return sql`
    select u.id as user_id, u.name, u.surname, u.email, ${assigneeStatusSql()} as status, au.progress,
      au.created_at, au.started_at, au.last_activity_at, au.completed_at, au.cancelled_at, au.reminded_at,
      count(*) over ()::integer as total
    from assignment_users au join users u on u.id = au.user_id join assignments a on a.id = au.assignment_id
    where au.company_id = ${companyId} and au.assignment_id = ${assignmentId}
      ${query.status ? sql`and ${assigneeStatusCondition(query.status)}` : sql``}
      ${search ? sql`and (${foldedColumn(users.name)} || ' ' || ${foldedColumn(users.surname)} || ' ' || coalesce(${foldedColumn(users.email)}, '')) like ${search}` : sql``}
    order by ${order} ${direction}, u.id`;
}

type PersonRow = {
  user_id: number;
  name: string;
  surname: string;
  email: string | null;
  status: Assignee['status'];
  progress: number;
  created_at: Date | string;
  started_at: Date | string | null;
  last_activity_at: Date | string | null;
  completed_at: Date | string | null;
  cancelled_at: Date | string | null;
  reminded_at: Date | string | null;
  total: number;
};
const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const personOf = (r: PersonRow): Assignee => ({
  user: { id: r.user_id, name: r.name, surname: r.surname, email: r.email },
  status: r.status,
  progress: r.progress,
  assigned_at: new Date(r.created_at).toISOString(),
  started_at: isoOrNull(r.started_at),
  last_activity_at: isoOrNull(r.last_activity_at),
  completed_at: isoOrNull(r.completed_at),
  cancelled_at: isoOrNull(r.cancelled_at),
  reminded_at: isoOrNull(r.reminded_at),
});

const peopleExportParams = z.object({
  assignmentId: z.number().int(),
  query: z.object({ search: z.string().optional(), status: z.string().optional(), sort: z.string().optional() }),
  format: z.string(),
});

/** `api/admin/assignments` (read_assignment / create_assignment), publishing, cancelling and the people view. */
export function createAssignmentsAdmin(platform: Platform, delivery: Delivery) {
  const db = platform.database.db;

  async function findRow(tx: Db, companyId: number, id: number) {
    const [row] = await tx
      .select()
      .from(assignments)
      .where(and(eq(assignments.companyId, companyId), eq(assignments.id, id)));
    if (!row) throw notFound();
    return row;
  }

  const resource = defineResource<Assignment, AssignmentCreate, AssignmentUpdate, AssignmentListQuery>(db, {
    contract: assignmentsContract,
    entity: 'assignment',
    table: assignments,
    sortable: {
      name: assignments.name,
      start_date: assignments.startDate,
      end_date: assignments.endDate,
      completion_rate: completionRate,
      created_at: assignments.createdAt,
      updated_at: assignments.updatedAt,
    },
    defaultOrder: [desc(assignments.createdAt)],
    search: [assignments.name],
    filters: {
      status: (status) => statusCondition(status, sql`${assignments}`),
      mandatory: (value) => eq(assignments.mandatory, value === '1'),
      item: (item) =>
        sql`exists (select 1 from assignment_items i where i.assignment_id = ${assignments.id}
          and i.type = ${item.type} and i.ref_id = ${item.ref_id})`,
      from: (from) => sql`${assignments.endDate} >= ${from}`,
      to: (to) => sql`${assignments.startDate} <= ${to}`,
    },
    present,

    async create(tx, actor, input) {
      await assertOwnItems(tx, input.items);
      await assertOwnTarget(tx, actor.companyId, input.target);
      if (input.image_url && !(await attachFile(tx, actor.companyId, input.image_url))) {
        throw invalidFields({ image_url: `${NS}.image_invalid` });
      }
      const [row] = await tx
        .insert(assignments)
        .values({
          companyId: actor.companyId,
          name: input.name,
          description: sanitize(input.description),
          imageUrl: input.image_url,
          startDate: input.start_date,
          endDate: input.end_date,
          mandatory: input.mandatory,
          durationMinutes: input.duration_minutes,
          reminderDays: input.reminders.days_before,
          remindOverdue: input.reminders.on_overdue,
          targetKind: input.target.kind,
          createdBy: actor.userId,
        })
        .returning({ id: assignments.id });
      if (!row) throw new Error('assignment insert returned nothing');
      await writeItems(tx, actor.companyId, row.id, input.items);
      const targets = targetRows(actor.companyId, row.id, input.target);
      if (targets.length > 0) await tx.insert(assignmentTargets).values(targets);
      return row.id;
    },

    async update(tx, actor, before, input) {
      if (before.status === 'cancelled') throw conflict(`${NS}.cancelled_locked`);
      const published = before.published_at !== null;
      const startDate = input.start_date ?? before.start_date;
      const endDate = input.end_date ?? before.end_date;
      if (endDate < startDate) throw invalidFields({ end_date: `${NS}.end_before_start` });
      if (input.items) {
        const same =
          JSON.stringify(input.items.map(itemKey)) ===
          JSON.stringify(before.items.map((i) => itemKey({ type: i.type, ref_id: i.ref_id })));
        if (published && !same) throw invalidFields({ items: `${NS}.items_locked` });
        if (!published) await assertOwnItems(tx, input.items);
      }
      if (input.target) {
        if (published && input.target.kind !== before.target.kind) {
          throw invalidFields({ 'target.kind': `${NS}.target_kind_locked` });
        }
        if (published) {
          const keptUsers = before.target.users.every((u) => input.target?.user_ids.includes(u.id));
          const keptGroups = before.target.groups.every((g) => input.target?.group_ids.includes(g.id));
          if (!keptUsers || !keptGroups) throw invalidFields({ target: `${NS}.target_shrink` });
        }
        await assertOwnTarget(tx, actor.companyId, input.target);
      }
      if (
        input.image_url !== undefined &&
        !(await replaceFile(tx, actor.companyId, before.image_url, input.image_url))
      ) {
        throw invalidFields({ image_url: `${NS}.image_invalid` });
      }
      await tx
        .update(assignments)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: sanitize(input.description) } : {}),
          ...(input.image_url !== undefined ? { imageUrl: input.image_url } : {}),
          ...(input.start_date !== undefined ? { startDate: input.start_date } : {}),
          ...(input.end_date !== undefined ? { endDate: input.end_date } : {}),
          ...(input.mandatory !== undefined ? { mandatory: input.mandatory } : {}),
          ...(input.duration_minutes !== undefined ? { durationMinutes: input.duration_minutes } : {}),
          ...(input.reminders
            ? { reminderDays: input.reminders.days_before, remindOverdue: input.reminders.on_overdue }
            : {}),
          ...(input.target ? { targetKind: input.target.kind } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(assignments.companyId, actor.companyId), eq(assignments.id, before.id)));
      if (input.items && !published) await writeItems(tx, actor.companyId, before.id, input.items);
      if (input.target) {
        await tx.delete(assignmentTargets).where(eq(assignmentTargets.assignmentId, before.id));
        const targets = targetRows(actor.companyId, before.id, input.target);
        if (targets.length > 0) await tx.insert(assignmentTargets).values(targets);
        // People added to a published assignment's target get it from the publish job.
        if (published) {
          await platform.jobs.enqueue(tx, PUBLISH_JOB, {
            companyId: actor.companyId,
            assignmentId: before.id,
            actorUserId: actor.userId,
          });
        }
      }
    },

    async beforeDelete(tx, actor, items) {
      // Only a draft is deleted: a published assignment is the record of what people were given (cancel it).
      if (items.some((item) => item.published_at !== null)) throw conflict(`${NS}.delete_published`);
      for (const item of items) await detachFile(tx, actor.companyId, item.image_url);
    },

    export: {
      fileName: `${NS}.export_file`,
      columns: [
        { header: `${NS}.columns.id`, value: (a) => a.id },
        { header: `${NS}.columns.name`, value: (a) => a.name },
        { header: `${NS}.columns.status`, value: (a, t) => t(`${NS}.statuses.${a.status}`) },
        { header: `${NS}.columns.mandatory`, value: (a, t) => t(a.mandatory ? `${NS}.yes` : `${NS}.no`) },
        { header: `${NS}.columns.start_date`, value: (a) => a.start_date },
        { header: `${NS}.columns.end_date`, value: (a) => a.end_date },
        { header: `${NS}.columns.items`, value: (a) => a.items.map((i) => i.title).join(', ') },
        { header: `${NS}.columns.people`, value: (a) => a.people },
        { header: `${NS}.columns.completed`, value: (a) => a.completed },
        { header: `${NS}.columns.completion_rate`, value: (a) => a.completion_rate },
      ],
    },
  });

  platform.exports.define({
    name: 'assignment-people',
    schema: peopleExportParams,
    async plan(tx, owner: ExportOwner, params, t: Translate) {
      const a = await findRow(tx, owner.companyId, params.assignmentId);
      const query = params.query as Omit<AssigneeListQuery, 'page' | 'per_page'>;
      async function* rows() {
        const all = await run<PersonRow>(tx, peopleSql(owner.companyId, a.id, query));
        yield all
          .map(personOf)
          .map((p) => [
            `${p.user.name} ${p.user.surname}`,
            p.user.email,
            t(`${NS}.person_statuses.${p.status}`),
            p.progress,
            p.assigned_at,
            p.last_activity_at,
            p.completed_at,
          ]);
      }
      const headers = ['name', 'email', 'status', 'progress', 'assigned_at', 'last_activity_at', 'completed_at'].map(
        (key) => t(`${NS}.people_columns.${key}`),
      );
      const name = `${t(`${NS}.people_file`)}-${a.id}`;
      return {
        fileName: name,
        format: params.format as ExportFormat,
        sheets: [{ name: a.name.slice(0, 31) || name, headers, rows: rows() }],
        written: () =>
          record(tx, initiatorOf(owner), { action: 'assignment.people_exported', entity: 'assignment', id: a.id }),
      };
    },
  });

  return {
    resource,

    /**
     * POST api/admin/assignments/{id}/publish: marks it published and queues the job that gives it to the people
     * (the request does not wait for ten thousand rows). Publishing again only re-runs the job (idempotent).
     */
    publish: (actor: Actor, id: number, t: Translate) =>
      inTenant(db, actor.companyId, async (tx) => {
        const row = await findRow(tx, actor.companyId, id);
        if (row.cancelledAt) throw conflict(`${NS}.cancelled_locked`);
        if (!row.publishedAt) {
          await tx
            .update(assignments)
            .set({ publishedAt: new Date(), updatedAt: new Date() })
            .where(eq(assignments.id, id));
          await record(tx, actor, { action: 'assignment.published', entity: 'assignment', id });
        }
        const jobId = await platform.jobs.enqueue(
          tx,
          PUBLISH_JOB,
          { companyId: actor.companyId, assignmentId: id, actorUserId: actor.userId },
          { owner: { companyId: actor.companyId, userId: actor.userId } },
        );
        const [assignment] = await present(tx, actor.companyId, [id]);
        if (!assignment) throw notFound();
        return { data: { job_id: jobId, assignment }, message: t(`${NS}.publish_started`) };
      }),

    /** POST api/admin/assignments/{id}/cancel: nobody is reminded any more; people keep their progress. */
    cancel: (actor: Actor, id: number, t: Translate) =>
      inTenant(db, actor.companyId, async (tx) => {
        const row = await findRow(tx, actor.companyId, id);
        if (!row.cancelledAt) {
          await tx
            .update(assignments)
            .set({ cancelledAt: new Date(), updatedAt: new Date() })
            .where(eq(assignments.id, id));
          await record(tx, actor, { action: 'assignment.cancelled', entity: 'assignment', id });
        }
        const [assignment] = await present(tx, actor.companyId, [id]);
        if (!assignment) throw notFound();
        return { data: assignment, message: t(`${NS}.cancelled`) };
      }),

    /** GET api/admin/assignments/{id}/people. */
    people: (actor: Actor, id: number, query: AssigneeListQuery): Promise<AssigneeList> =>
      inTenant(db, actor.companyId, async (tx) => {
        await findRow(tx, actor.companyId, id);
        const offset = (query.page - 1) * query.per_page;
        const rows = await run<PersonRow>(
          tx,
          sql`${peopleSql(actor.companyId, id, query)} limit ${query.per_page} offset ${offset}`,
        );
        const [summary] = await run<AssigneeList['summary']>(
          tx,
          sql`
          select count(*) filter (where s <> 'cancelled')::integer as people,
            count(*) filter (where s = 'not_started')::integer as not_started,
            count(*) filter (where s = 'in_progress')::integer as in_progress,
            count(*) filter (where s = 'completed')::integer as completed,
            count(*) filter (where s = 'overdue')::integer as overdue,
            count(*) filter (where s = 'cancelled')::integer as cancelled, 0 as completion_rate
          from (select ${assigneeStatusSql()} as s from assignment_users au join assignments a on a.id = au.assignment_id
            where au.assignment_id = ${id}) x`,
        );
        const totals = summary ?? {
          people: 0,
          not_started: 0,
          in_progress: 0,
          completed: 0,
          overdue: 0,
          cancelled: 0,
          completion_rate: 0,
        };
        totals.completion_rate = totals.people === 0 ? 0 : Math.round((totals.completed / totals.people) * 100);
        return {
          data: rows.map(personOf),
          meta: { page: query.page, per_page: query.per_page, total: rows[0]?.total ?? 0 },
          summary: totals,
        };
      }),

    /** POST api/admin/assignments/{id}/people/export: a job writing the whole filtered people list. */
    async exportPeople(actor: Actor, id: number, query: AssigneeListQuery, format: ExportFormat) {
      await inTenant(db, actor.companyId, (tx) => findRow(tx, actor.companyId, id));
      const { search, status, sort } = query;
      return platform.exports.start(actor, 'assignment-people', {
        assignmentId: id,
        query: { search, status, sort },
        format,
      });
    },

    /** POST api/admin/assignments/{id}/people/{userId}/remind: a reminder now (notification and mail). */
    async remindPerson(actor: Actor, id: number, userId: number, t: Translate) {
      await inTenant(db, actor.companyId, async (tx) => {
        const row = await findRow(tx, actor.companyId, id);
        if (!row.publishedAt || row.cancelledAt) throw conflict(`${NS}.not_running`);
        const updated = await run<{ id: number }>(
          tx,
          sql`update assignment_users set reminded_at = now() where assignment_id = ${id} and user_id = ${userId}
            and cancelled_at is null returning id`,
        );
        if (updated.length === 0) throw notFound();
        await record(tx, actor, {
          action: 'assignment.reminded',
          entity: 'assignment',
          id,
          after: { user_id: userId },
        });
      });
      await delivery.remind(actor.companyId, id, [userId], 'manual');
      return { message: t(`${NS}.reminded`) };
    },

    /**
     * POST api/admin/assignments/{id}/people: gives a published, running assignment to more people by hand, through
     * the publish job's own steps (rows, enrolments, progress, notification, mail jobs, `assignment.assigned`). A
     * chosen-people target grows by them. Anyone unknown or already in it (removed ones too) is a 422; nothing changes.
     */
    addPeople: (actor: Actor, id: number, userIds: readonly number[], t: Translate) =>
      inTenant(db, actor.companyId, async (tx) => {
        const row = await findRow(tx, actor.companyId, id);
        if (row.cancelledAt) throw conflict(`${NS}.cancelled_locked`);
        if (!row.publishedAt) throw conflict(`${NS}.people_draft`);
        const ids = intArray(userIds);
        const found = await run<{ id: number; has: boolean; cancelled: boolean }>(
          tx,
          sql`select u.id, au.id is not null as has, au.cancelled_at is not null as cancelled
            from users u left join assignment_users au on au.assignment_id = ${id} and au.user_id = u.id
            where u.company_id = ${actor.companyId} and u.status = 1 and u.id = any(${ids})`,
        );
        if (found.length !== userIds.length) throw invalidFields({ user_ids: `${NS}.target_user_invalid` });
        if (found.some((user) => user.has)) {
          const removed = found.some((user) => user.has && user.cancelled);
          throw invalidFields({ user_ids: removed ? `${NS}.person_was_removed` : `${NS}.person_already_in` });
        }
        if (row.targetKind === 'users') {
          await tx
            .insert(assignmentTargets)
            .values(
              userIds.map((refId) => ({ companyId: actor.companyId, assignmentId: id, kind: 'user' as const, refId })),
            )
            .onConflictDoNothing();
        }
        const added = await delivery.giveTo(
          tx,
          actor,
          row,
          sql`select u.id from users u where u.company_id = ${actor.companyId} and u.status = 1 and u.id = any(${ids})`,
        );
        return { data: { user_ids: added }, message: t(`${NS}.people_added`, { count: added.length }) };
      }),

    /** DELETE api/admin/assignments/{id}/people/{userId}: cancels the person's row; their progress stays. */
    removePerson: (actor: Actor, id: number, userId: number, t: Translate) =>
      inTenant(db, actor.companyId, async (tx) => {
        await findRow(tx, actor.companyId, id);
        const updated = await run<{ id: number }>(
          tx,
          sql`update assignment_users set cancelled_at = coalesce(cancelled_at, now())
            where assignment_id = ${id} and user_id = ${userId} returning id`,
        );
        if (updated.length === 0) throw notFound();
        await record(tx, actor, {
          action: 'assignment.person_removed',
          entity: 'assignment',
          id,
          after: { user_id: userId },
        });
        return { message: t(`${NS}.person_removed`) };
      }),
  };
}

export type AssignmentsAdmin = ReturnType<typeof createAssignmentsAdmin>;
