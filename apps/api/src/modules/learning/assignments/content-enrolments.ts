import type { Db } from '../../../db/client.js';
import { assignmentItems, assignments, assignmentTargets } from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/actor.js';
import { record } from '../../../platform/events.js';
import type { ContentEnrolmentRequest } from '../content/admin.js';
import type { Delivery } from './delivery.js';

/** The end date of a content enrolment given without a due date: a month from today (as an admin's enrolment had). */
export const CONTENT_ENROLMENT_DEFAULT_DAYS = 30;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The content page's enrolments (POST api/admin/contents/{id}/enrolments) given as an assignment (issue 14): named
 * after the content, running from today to the due date (or a month), not mandatory, with the usual reminders, aimed
 * at the groups when only groups were chosen (it then follows their membership) and at the people otherwise; published
 * and delivered in the request's transaction, so the page's {added, already} stays true when it answers.
 */
export function createContentEnrolmentHandler(delivery: Delivery) {
  return async (tx: Db, actor: Actor, request: ContentEnrolmentRequest): Promise<void> => {
    const today = isoDay(new Date());
    const fallback = isoDay(new Date(Date.now() + CONTENT_ENROLMENT_DEFAULT_DAYS * 86_400_000));
    const endDate = request.dueDate && request.dueDate >= today ? request.dueDate : fallback;
    const byGroups = request.groupIds.length > 0;
    const [row] = await tx
      .insert(assignments)
      .values({
        companyId: actor.companyId,
        name: request.title,
        startDate: today,
        endDate,
        mandatory: false,
        reminderDays: [7, 1],
        remindOverdue: true,
        targetKind: byGroups ? 'groups' : 'users',
        publishedAt: new Date(),
        createdBy: actor.userId,
      })
      .returning();
    if (!row) throw new Error('assignment insert returned nothing');
    await tx.insert(assignmentItems).values({
      companyId: actor.companyId,
      assignmentId: row.id,
      type: 'content',
      refId: request.contentId,
      position: 0,
    });
    await tx.insert(assignmentTargets).values(
      (byGroups ? request.groupIds : request.userIds).map((refId) => ({
        companyId: actor.companyId,
        assignmentId: row.id,
        kind: byGroups ? ('group' as const) : ('user' as const),
        refId,
      })),
    );
    await record(tx, actor, {
      action: 'assignment.published',
      entity: 'assignment',
      id: row.id,
      after: { from: 'content_enrolments', content_id: request.contentId },
    });
    await delivery.deliverIn(tx, actor, {
      companyId: actor.companyId,
      assignmentId: row.id,
      actorUserId: actor.userId,
    });
  };
}
