import type { AssignmentItem, AssignmentItemInput } from '@kampus/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { assignmentItems, assignments } from '../../../db/schema/index.js';
import type { Initiator } from '../../../platform/actor.js';
import { invalidFields } from '../../../platform/http/errors.js';
import { assertOwnItems, writeItems } from './admin.js';
import type { Delivery } from './delivery.js';
import { describeItems, intArray, itemKey, run } from './queries.js';

export interface RuleAssignmentInput {
  companyId: number;
  name: string;
  mandatory: boolean;
  items: readonly AssignmentItemInput[];
  /** Today (YYYY-MM-DD, the database's day). */
  startDate: string;
  /** Its first due date: today plus the rule's days; it moves on as later people are due later. */
  endDate: string;
  createdBy: number | null;
}

/**
 * Assignments that grow one person at a time, each with their own due date: what an automatic assignment rule owns
 * (modules/learning/auto-assignments). Such an assignment is published at once with an empty `users` target, so
 * publishing and the membership events never add anyone to it; only `addPeople` does, through the publish job's own
 * `giveTo` (enrolments into the items, progress, the in-app notification, the mail jobs, the audit event).
 */
export function createRuleAssignments(delivery: Delivery) {
  async function create(tx: Db, input: RuleAssignmentInput): Promise<number> {
    await assertOwnItems(tx, input.items);
    const [row] = await tx
      .insert(assignments)
      .values({
        companyId: input.companyId,
        name: input.name,
        startDate: input.startDate,
        endDate: input.endDate,
        mandatory: input.mandatory,
        targetKind: 'users',
        reminderDays: [7, 1],
        publishedAt: new Date(),
        createdBy: input.createdBy,
      })
      .returning({ id: assignments.id });
    if (!row) throw new Error('assignment insert returned nothing');
    await writeItems(tx, input.companyId, row.id, input.items);
    return row.id;
  }

  /** Name and mandatory change at any time; the items only while nobody has been given them. */
  async function update(
    tx: Db,
    companyId: number,
    assignmentId: number,
    change: { name?: string; mandatory?: boolean; items?: readonly AssignmentItemInput[] },
  ) {
    if (change.items) {
      const [given] = await run<{ n: number }>(
        tx,
        sql`select count(*)::integer as n from assignment_users where assignment_id = ${assignmentId}`,
      );
      const current = await itemsOf(tx, [assignmentId]);
      const same =
        (current.get(assignmentId) ?? []).map(itemKey).join() === change.items.map((item) => itemKey(item)).join();
      if (!same && (given?.n ?? 0) > 0) throw invalidFields({ items: 'assignment.items_locked' });
      if (!same) {
        await assertOwnItems(tx, change.items);
        await writeItems(tx, companyId, assignmentId, change.items);
      }
    }
    await tx
      .update(assignments)
      .set({
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.mandatory !== undefined ? { mandatory: change.mandatory } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(assignments.companyId, companyId), eq(assignments.id, assignmentId)));
  }

  /** The items of each assignment, in order, with their titles. */
  async function itemsOf(tx: Db, assignmentIds: readonly number[]): Promise<Map<number, AssignmentItem[]>> {
    const result = new Map<number, AssignmentItem[]>(assignmentIds.map((id) => [id, []]));
    if (assignmentIds.length === 0) return result;
    const rows = await tx
      .select()
      .from(assignmentItems)
      .where(inArray(assignmentItems.assignmentId, [...assignmentIds]))
      .orderBy(assignmentItems.assignmentId, assignmentItems.position);
    const described = await describeItems(
      tx,
      rows.map((row) => ({ type: row.type, ref_id: row.refId })),
    );
    for (const row of rows) {
      const about = described.get(itemKey({ type: row.type, ref_id: row.refId }));
      result.get(row.assignmentId)?.push({
        type: row.type,
        ref_id: row.refId,
        title: about?.title ?? '',
        image_url: about?.image_url ?? null,
        available: about?.available ?? false,
      });
    }
    return result;
  }

  /** People in each assignment (cancelled rows not counted) and of them completed. */
  async function peopleCounts(tx: Db, assignmentIds: readonly number[]) {
    const rows = await run<{ assignment_id: number; people: number; completed: number }>(
      tx,
      sql`select assignment_id, count(*)::integer as people,
          (count(*) filter (where status = 'completed'))::integer as completed
        from assignment_users where assignment_id = any(${intArray(assignmentIds)}) and cancelled_at is null
        group by assignment_id`,
    );
    return new Map(rows.map((row) => [row.assignment_id, { people: row.people, completed: row.completed }]));
  }

  async function mandatoryOf(tx: Db, assignmentIds: readonly number[]): Promise<Map<number, boolean>> {
    if (assignmentIds.length === 0) return new Map();
    const rows = await tx
      .select({ id: assignments.id, mandatory: assignments.mandatory })
      .from(assignments)
      .where(inArray(assignments.id, [...assignmentIds]));
    return new Map(rows.map((row) => [row.id, row.mandatory]));
  }

  /** A condition on `users` (as the caller names it, `u`): not (yet) in the assignment, cancelled or not. */
  const notIn = (assignmentId: number, user: SQL = sql.raw('u')): SQL =>
    sql`not exists (select 1 from assignment_users au where au.assignment_id = ${assignmentId} and au.user_id = ${user}.id)`;

  /**
   * Gives the assignment to people, all due on `dueDate` (YYYY-MM-DD): a row each (skipping anyone who has one —
   * a person is never given it twice), enrolments due that day, their progress, one notification, the mail jobs and
   * `assignment.assigned`. Runs in the caller's tenant transaction; answers the people added.
   */
  async function addPeople(
    tx: Db,
    who: Initiator,
    input: { companyId: number; assignmentId: number; userIds: readonly number[]; dueDate: string },
  ): Promise<number[]> {
    if (input.userIds.length === 0) return [];
    const [a] = await tx
      .select()
      .from(assignments)
      .where(and(eq(assignments.companyId, input.companyId), eq(assignments.id, input.assignmentId)));
    if (!a?.publishedAt || a.cancelledAt) return [];
    const people = sql`select u.id from users u
      where u.company_id = ${a.companyId} and u.status = 1 and u.id = any(${intArray(input.userIds)})`;
    const userIds = await delivery.giveTo(tx, who, a, people, { dueDate: input.dueDate });
    // The assignment runs until its last person's due date, so it stays active while anyone is still due.
    if (userIds.length > 0 && input.dueDate > a.endDate) {
      await tx
        .update(assignments)
        .set({ endDate: input.dueDate, updatedAt: new Date() })
        .where(eq(assignments.id, a.id));
    }
    return userIds;
  }

  return { create, update, itemsOf, peopleCounts, mandatoryOf, notIn, addPeople };
}

export type RuleAssignments = ReturnType<typeof createRuleAssignments>;
