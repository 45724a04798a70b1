import type { Db } from '../../../db/client.js';
import { assignmentItems, assignments, assignmentTargets } from '../../../db/schema/index.js';
import type { Initiator } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { PUBLISH_JOB } from './delivery.js';

/** One education given to one person, as an approved training request asks. */
export interface PersonalEducationAssignment {
  educationId: number;
  userId: number;
  /** The assignment's name: the education's title. */
  name: string;
  startDate: string;
  endDate: string;
  /**
   * Tell the person like any published assignment (notification and the `assignment_given` mail). Off by default:
   * a training request's decision says it itself; a certificate's recertification has nothing else to say it.
   */
  announce?: boolean;
}

/**
 * Creates and publishes, in the caller's transaction, an assignment of one education aimed at one person (training
 * requests, issue 14; a certificate's recertification, issue 16): the same rows an admin's assignment of users has,
 * published at once. Answers its id; the publish job (queued in the same transaction) gives it to the person like any
 * other publishing, without the "new assignment" notification and mail unless `announce`. The actor is the person
 * deciding, or the platform itself (an Initiator without a user: a job; the assignment then has no creator).
 */
export const personalEducationAssigner =
  (platform: Pick<Platform, 'jobs'>) =>
  async (tx: Db, actor: Initiator, input: PersonalEducationAssignment): Promise<number> => {
    const [row] = await tx
      .insert(assignments)
      .values({
        companyId: actor.companyId,
        name: input.name,
        startDate: input.startDate,
        endDate: input.endDate,
        targetKind: 'users',
        reminderDays: [],
        remindOverdue: true,
        publishedAt: new Date(),
        createdBy: actor.userId ?? null,
      })
      .returning({ id: assignments.id });
    if (!row) throw new Error('assignment insert returned nothing');
    await tx.insert(assignmentItems).values({
      companyId: actor.companyId,
      assignmentId: row.id,
      type: 'education',
      refId: input.educationId,
      position: 0,
    });
    await tx
      .insert(assignmentTargets)
      .values({ companyId: actor.companyId, assignmentId: row.id, kind: 'user', refId: input.userId });
    await record(tx, actor, {
      action: 'assignment.created',
      entity: 'assignment',
      id: row.id,
      after: { name: input.name, items: [{ type: 'education', ref_id: input.educationId }], user_ids: [input.userId] },
    });
    await record(tx, actor, { action: 'assignment.published', entity: 'assignment', id: row.id });
    await platform.jobs.enqueue(
      tx,
      PUBLISH_JOB,
      // A request's decision tells the person itself (notification and mail with the assignment's link): said once.
      { companyId: actor.companyId, assignmentId: row.id, actorUserId: actor.userId ?? null, quiet: !input.announce },
      { owner: { companyId: actor.companyId, userId: actor.userId } },
    );
    return row.id;
  };
