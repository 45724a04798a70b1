import {
  type MyTrainingRequest,
  TRAINING_REQUEST_DEFAULT_DAYS,
  type TrainingRequest,
  type TrainingRequestApprove,
  type TrainingRequestCreate,
  type TrainingRequestList,
  type TrainingRequestListQuery,
  type TrainingRequestPendingCounts,
  type TrainingRequestStatus,
} from '@kampus/shared';
import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { uniqueViolationOf } from '../../../db/errors.js';
import { educations, trainingRequests, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { conflict, invalidFields, notFound } from '../../../platform/http/errors.js';
import { foldedColumn, likePattern } from '../../../platform/resource/resource.js';
import type { NotificationsService } from '../../frame/notifications/service.js';
import type { EducationsService } from '../educations/service.js';
import { subscribeTrainingRequestMessages } from './messages.js';

const NS = 'trainingRequest';
type RequestRow = typeof trainingRequests.$inferSelect;

/** Gives one education to one person as a published assignment, in the caller's transaction (assignments module). */
export type AssignEducation = (
  tx: Db,
  actor: Actor,
  input: { educationId: number; userId: number; name: string; startDate: string; endDate: string },
) => Promise<number>;

const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const iso = (value: Date | null) => (value ? value.toISOString() : null);

function presentMine(row: RequestRow): MyTrainingRequest {
  return {
    id: row.id,
    education_id: row.educationId,
    status: row.status,
    note: row.note,
    reason: row.reason,
    assignment_id: row.assignmentId,
    created_at: row.createdAt.toISOString(),
    decided_at: iso(row.decidedAt),
  };
}

const decider = alias(users, 'decider');

/**
 * Training requests (issue 14): a learner asks for an education shown in the catalogue with enrolment on approval;
 * an admin approves (a published assignment of that education for that person, through the assignments module) or
 * rejects with a reason. Either way the learner is told in the app and by mail; admins who decide hear of new ones:
 * the subscribers in messages.ts send those from the events recorded here.
 */
export function createTrainingRequestsService(
  platform: Platform,
  needs: { educations: EducationsService; notifications: NotificationsService; assignEducation: AssignEducation },
) {
  const db = platform.database.db;
  subscribeTrainingRequestMessages(platform, needs.notifications);

  /** A request of the company by id, locked for the decision; another company's or an unknown id is not found. */
  async function findForDecision(tx: Db, companyId: number, id: number) {
    const [row] = await tx
      .select({ request: trainingRequests, title: educations.title, educationEnd: educations.endDate })
      .from(trainingRequests)
      .innerJoin(educations, eq(educations.id, trainingRequests.educationId))
      .where(and(eq(trainingRequests.companyId, companyId), eq(trainingRequests.id, id)))
      .for('update', { of: trainingRequests });
    if (!row) throw notFound();
    if (row.request.status !== 'pending') throw conflict(`${NS}.already_decided`);
    return row;
  }

  async function decide(
    tx: Db,
    actor: Actor,
    id: number,
    set: Partial<typeof trainingRequests.$inferInsert> & { status: TrainingRequestStatus },
  ) {
    await tx
      .update(trainingRequests)
      .set({ ...set, decidedBy: actor.userId, decidedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(trainingRequests.companyId, actor.companyId), eq(trainingRequests.id, id)));
  }

  function listWhere(actor: Actor, query: TrainingRequestListQuery, withStatus: boolean): SQL | undefined {
    const search = query.search ? likePattern(query.search) : null;
    return and(
      eq(trainingRequests.companyId, actor.companyId),
      withStatus && query.status ? eq(trainingRequests.status, query.status) : undefined,
      query.education_id ? eq(trainingRequests.educationId, query.education_id) : undefined,
      query.from ? gte(trainingRequests.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
      query.to ? lt(trainingRequests.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)) : undefined,
      search
        ? sql`${foldedColumn(sql`${users.name} || ' ' || ${users.surname} || ' ' || coalesce(${users.email}, '')` as never)} like ${search}`
        : undefined,
    );
  }

  function orderOf(sort: string | undefined) {
    const descending = sort?.startsWith('-') ?? true;
    const field = sort?.replace(/^-/, '') ?? 'created_at';
    const dir = descending ? desc : asc;
    const column =
      field === 'name'
        ? sql`${users.name} || ' ' || ${users.surname}`
        : field === 'education'
          ? educations.title
          : field === 'decided_at'
            ? trainingRequests.decidedAt
            : trainingRequests.createdAt;
    return [dir(column), dir(trainingRequests.id)];
  }

  return {
    /** GET api/educations/{id}/training-request: the learner's latest request for an education they may see. */
    mine: (actor: Actor, educationId: number): Promise<MyTrainingRequest | null> =>
      inTenant(db, actor.companyId, async (tx) => {
        await needs.educations.learner.visibleTo(tx, actor, educationId);
        const [row] = await tx
          .select()
          .from(trainingRequests)
          .where(and(eq(trainingRequests.userId, actor.userId), eq(trainingRequests.educationId, educationId)))
          .orderBy(desc(trainingRequests.createdAt), desc(trainingRequests.id))
          .limit(1);
        return row ? presentMine(row) : null;
      }),

    /** POST api/educations/{id}/training-request: one pending request per person and education. */
    request: (actor: Actor, educationId: number, input: TrainingRequestCreate): Promise<MyTrainingRequest> =>
      inTenant(db, actor.companyId, async (tx) => {
        await needs.educations.learner.requestable(tx, actor, educationId);
        const [pending] = await tx
          .select({ id: trainingRequests.id })
          .from(trainingRequests)
          .where(
            and(
              eq(trainingRequests.userId, actor.userId),
              eq(trainingRequests.educationId, educationId),
              eq(trainingRequests.status, 'pending'),
            ),
          );
        if (pending) throw conflict(`${NS}.already_pending`);
        let row: RequestRow | undefined;
        try {
          [row] = await tx
            .insert(trainingRequests)
            .values({ companyId: actor.companyId, educationId, userId: actor.userId, note: input.note })
            .returning();
        } catch (error) {
          // Two clicks at once: the partial unique index keeps one.
          if (uniqueViolationOf(error) === 'training_requests_one_pending_key') throw conflict(`${NS}.already_pending`);
          throw error;
        }
        if (!row) throw new Error('training request insert returned nothing');
        await record(tx, actor, {
          action: 'training_request.created',
          entity: 'training_request',
          id: row.id,
          after: { education_id: educationId, note: input.note },
        });
        return presentMine(row);
      }),

    /** GET api/admin/training-requests: filtered, searched by person, sorted, paged, with each status's count. */
    list: (actor: Actor, query: TrainingRequestListQuery): Promise<TrainingRequestList> =>
      inTenant(db, actor.companyId, async (tx) => {
        const rows = await tx
          .select({
            request: trainingRequests,
            education: { id: educations.id, title: educations.title, imageUrl: educations.imageUrl },
            user: { id: users.id, name: users.name, surname: users.surname, email: users.email },
            decider: { id: decider.id, name: decider.name, surname: decider.surname },
            total: sql<number>`count(*) over ()::integer`,
          })
          .from(trainingRequests)
          .innerJoin(educations, eq(educations.id, trainingRequests.educationId))
          .innerJoin(users, eq(users.id, trainingRequests.userId))
          .leftJoin(decider, eq(decider.id, trainingRequests.decidedBy))
          .where(listWhere(actor, query, true))
          .orderBy(...orderOf(query.sort))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page);
        const counts = await tx
          .select({ status: trainingRequests.status, count: sql<number>`count(*)::integer` })
          .from(trainingRequests)
          .innerJoin(users, eq(users.id, trainingRequests.userId))
          .where(listWhere(actor, query, false))
          .groupBy(trainingRequests.status);
        const countOf = (status: TrainingRequestStatus) => counts.find((c) => c.status === status)?.count ?? 0;
        const data: TrainingRequest[] = rows.map((r) => ({
          id: r.request.id,
          status: r.request.status,
          note: r.request.note,
          reason: r.request.reason,
          education: { id: r.education.id, title: r.education.title, image_url: r.education.imageUrl },
          user: r.user,
          assignment_id: r.request.assignmentId,
          decided_by: r.decider?.id ? r.decider : null,
          decided_at: iso(r.request.decidedAt),
          created_at: r.request.createdAt.toISOString(),
        }));
        return {
          data,
          meta: { page: query.page, per_page: query.per_page, total: rows[0]?.total ?? 0 },
          counts: { pending: countOf('pending'), approved: countOf('approved'), rejected: countOf('rejected') },
        };
      }),

    /** GET api/admin/training-requests/pending-counts: pending requests per education. */
    pendingCounts: (actor: Actor): Promise<TrainingRequestPendingCounts> =>
      inTenant(db, actor.companyId, async (tx) => {
        const rows = await tx
          .select({ education_id: trainingRequests.educationId, pending: sql<number>`count(*)::integer` })
          .from(trainingRequests)
          .where(and(eq(trainingRequests.companyId, actor.companyId), eq(trainingRequests.status, 'pending')))
          .groupBy(trainingRequests.educationId);
        return rows;
      }),

    /**
     * POST api/admin/training-requests/{id}/approve: a published assignment of the education for the person, named
     * after it, running from today to the day given (else the education's end, else TRAINING_REQUEST_DEFAULT_DAYS on).
     */
    approve: (actor: Actor, id: number, input: TrainingRequestApprove): Promise<{ assignment_id: number }> =>
      inTenant(db, actor.companyId, async (tx) => {
        const found = await findForDecision(tx, actor.companyId, id);
        const start = today();
        if (input.end_date && input.end_date < start) throw invalidFields({ end_date: `${NS}.end_in_past` });
        const endDate =
          input.end_date ??
          (found.educationEnd && found.educationEnd >= start
            ? found.educationEnd
            : daysFromToday(TRAINING_REQUEST_DEFAULT_DAYS));
        const assignmentId = await needs.assignEducation(tx, actor, {
          educationId: found.request.educationId,
          userId: found.request.userId,
          name: found.title,
          startDate: start,
          endDate,
        });
        await decide(tx, actor, id, { status: 'approved', assignmentId });
        await record(tx, actor, {
          action: 'training_request.approved',
          entity: 'training_request',
          id,
          before: { status: 'pending' },
          after: { status: 'approved', assignment_id: assignmentId, end_date: endDate },
        });
        return { assignment_id: assignmentId };
      }),

    /** POST api/admin/training-requests/{id}/reject: the reason is kept, shown and mailed to the learner. */
    reject: (actor: Actor, id: number, reason: string): Promise<void> =>
      inTenant(db, actor.companyId, async (tx) => {
        await findForDecision(tx, actor.companyId, id);
        await decide(tx, actor, id, { status: 'rejected', reason });
        await record(tx, actor, {
          action: 'training_request.rejected',
          entity: 'training_request',
          id,
          before: { status: 'pending' },
          after: { status: 'rejected', reason },
        });
      }),
  };
}

export type TrainingRequestsService = ReturnType<typeof createTrainingRequestsService>;
