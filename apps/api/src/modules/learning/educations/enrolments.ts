import type { EnrolmentSource, PartType } from '@kampus/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  contentEnrolments,
  contentProgress,
  educationEnrolments,
  educationParts,
  educations,
} from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Initiator } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { type DomainEvent, record } from '../../../platform/events.js';
import { type EducationTestsHolder, type PartKind, type PartKinds, type PartRow, partsOf } from './catalogue.js';
import { type EducationState, educationState, type PartState } from './rules.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A list of ids as one `int[]` parameter (one bind value, however many ids). */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

export interface EnrolRequest {
  companyId: number;
  userIds: readonly number[];
  educationIds: readonly number[];
  source: EnrolmentSource;
  enrolledBy: number | null;
  /** YYYY-MM-DD, or null. */
  dueAt?: string | null;
}

/**
 * Which of a learner's parts they have started and completed: contents from their progress (any version: a completion
 * is kept), other types from the module that owns them.
 */
export async function partStates(
  tx: Db,
  userId: number,
  parts: readonly PartRow[],
  kinds: PartKinds,
): Promise<PartState[]> {
  const contentIds = [...new Set(parts.filter((p) => p.type === 'content').map((p) => p.refId))];
  const rows =
    contentIds.length === 0
      ? []
      : await tx
          .select({
            contentId: contentProgress.contentId,
            completed: sql<boolean>`bool_or(${contentProgress.status} = 'completed')`,
          })
          .from(contentProgress)
          .where(and(eq(contentProgress.userId, userId), inArray(contentProgress.contentId, contentIds)))
          .groupBy(contentProgress.contentId);
  const byContent = new Map(rows.map((r) => [r.contentId, { started: true, completed: r.completed }]));
  const byType = new Map<PartType, Map<number, { started: boolean; completed: boolean }>>([['content', byContent]]);
  for (const [type, kind] of kinds) {
    const ids = [...new Set(parts.filter((p) => p.type === type).map((p) => p.refId))];
    if (ids.length > 0) byType.set(type, await kind.states(tx, userId, ids));
  }
  return parts.map((p) => {
    const state = byType.get(p.type)?.get(p.refId);
    return { id: p.id, required: p.required, started: state?.started ?? false, completed: state?.completed ?? false };
  });
}

/**
 * The education enrolments and their roll-up: a learner's standing in an education is kept on their enrolment row
 * and moved by the part events (`content.started`, `content.completed`) and by changes of the parts, never worked out
 * on a page view. The open parts of an education are the learner's content enrolments (source `education`), so the
 * player and the progress calls of issue 12 need no other rule, and a sequential education's lock is data.
 */
export function createEnrolments(
  platform: Platform,
  kinds: PartKinds,
  tests: EducationTestsHolder = { current: null },
) {
  const db = platform.database.db;

  /** Brings one enrolment in line with its parts; records `education.started` / `.completed` when it got there. */
  async function sync(tx: Db, who: Initiator, enrolmentId: number, touch: boolean): Promise<EducationState | null> {
    const [row] = await tx
      .select({
        enrolment: educationEnrolments,
        sequential: educations.sequential,
        postTestExamId: educations.postTestExamId,
      })
      .from(educationEnrolments)
      .innerJoin(educations, eq(educations.id, educationEnrolments.educationId))
      .where(eq(educationEnrolments.id, enrolmentId))
      .for('update', { of: educationEnrolments });
    if (!row) return null;
    const { enrolment } = row;
    const parts = await partsOf(tx, [enrolment.educationId], kinds);
    const states = await partStates(tx, enrolment.userId, parts, kinds);
    const state = await withPostTest(tx, enrolment.userId, row.postTestExamId, states, row.sequential);
    const open = new Set(state.openPartIds);
    const openContents = parts.filter((p) => p.type === 'content' && open.has(p.id)).map((p) => p.refId);
    if (openContents.length > 0) {
      await tx
        .insert(contentEnrolments)
        .values(
          openContents.map((contentId) => ({
            companyId: enrolment.companyId,
            contentId,
            userId: enrolment.userId,
            source: 'education',
            enrolledBy: enrolment.enrolledBy,
          })),
        )
        .onConflictDoNothing();
    }
    // A completion once reached is kept, at 100%: the record of having done it is not taken back by a new part, and
    // a completed education reads as finished even when an optional part was left.
    const wasCompleted = enrolment.status === 'completed';
    const status = wasCompleted ? 'completed' : state.status;
    const now = new Date();
    await tx
      .update(educationEnrolments)
      .set({
        status,
        finishedRate: status === 'completed' ? 100 : state.finishedRate,
        completedParts: state.completedParts,
        startedAt: enrolment.startedAt ?? (status !== 'not_started' ? now : null),
        completedAt: enrolment.completedAt ?? (status === 'completed' ? now : null),
        lastActivityAt: touch ? now : enrolment.lastActivityAt,
      })
      .where(eq(educationEnrolments.id, enrolment.id));
    const base = {
      entity: 'education',
      id: enrolment.educationId,
      companyId: enrolment.companyId,
      after: { user_id: enrolment.userId },
    };
    if (enrolment.status === 'not_started' && status !== 'not_started') {
      await record(tx, who, { ...base, action: 'education.started' });
    }
    if (!wasCompleted && status === 'completed') await record(tx, who, { ...base, action: 'education.completed' });
    return state;
  }

  /**
   * The roll-up with the post-test: passing it counts as one more required part at the end (so the education
   * completes only once it is passed, and the rate counts it); the open parts stay those of the parts themselves.
   */
  async function withPostTest(
    tx: Db,
    userId: number,
    postTestExamId: number | null,
    states: PartState[],
    sequential: boolean,
  ): Promise<EducationState> {
    const own = educationState(states, sequential);
    if (postTestExamId === null || !tests.current) return own;
    const test = await tests.current.state(tx, userId, postTestExamId);
    const gated = educationState(
      [...states, { id: 0, required: true, started: test.started, completed: test.passed }],
      sequential,
    );
    return { ...gated, openPartIds: own.openPartIds, nextPartId: own.nextPartId };
  }

  /** Enrols people in educations; an existing enrolment stays as it is. Returns how many were new. */
  async function enrol(tx: Db, who: Initiator, request: EnrolRequest): Promise<{ added: number; already: number }> {
    const pairs = request.userIds.flatMap((userId) =>
      request.educationIds.map((educationId) => ({ userId, educationId })),
    );
    if (pairs.length === 0) return { added: 0, already: 0 };
    const inserted = await tx
      .insert(educationEnrolments)
      .values(
        pairs.map((p) => ({
          companyId: request.companyId,
          educationId: p.educationId,
          userId: p.userId,
          source: request.source,
          enrolledBy: request.enrolledBy,
          dueAt: request.dueAt ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: educationEnrolments.id });
    for (const row of inserted) await sync(tx, who, row.id, false);
    return { added: inserted.length, already: pairs.length - inserted.length };
  }

  /**
   * Enrols many people at once (an assignment to thousands): set-based, a few statements whatever the number of
   * people. An existing enrolment stays as it is. A new enrolment of someone who has done none of the parts starts at
   * the beginning, the same for everyone, so its open parts are given in one insert; the few who already played a
   * part get the full roll-up of `sync`.
   */
  async function enrolMany(tx: Db, who: Initiator, request: EnrolRequest): Promise<{ added: number; already: number }> {
    const userIds = [...new Set(request.userIds)];
    const educationIds = [...new Set(request.educationIds)];
    if (userIds.length === 0 || educationIds.length === 0) return { added: 0, already: 0 };
    const inserted = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into education_enrolments (company_id, education_id, user_id, source, enrolled_by, due_at)
        select ${request.companyId}, e, u, ${request.source}, ${request.enrolledBy}, ${request.dueAt ?? null}::date
        from unnest(${intArray(userIds)}) u cross join unnest(${intArray(educationIds)}) e
        on conflict do nothing
        returning id`),
    );
    const ids = inserted.map((row) => row.id);
    if (ids.length > 0) {
      const played = rowsOf<{ id: number }>(
        await tx.execute(sql`
          select en.id from education_enrolments en
          where en.id = any(${intArray(ids)}) and exists (
            select 1 from education_parts p join content_progress cp on cp.content_id = p.ref_id and cp.user_id = en.user_id
            where p.education_id = en.education_id and p.type = 'content')`),
      );
      for (const row of played) await sync(tx, who, row.id, false);
      const fresh = new Set(ids);
      for (const row of played) fresh.delete(row.id);
      await giveFirstParts(tx, request, educationIds, [...fresh]);
    }
    const pairs = userIds.length * educationIds.length;
    return { added: ids.length, already: pairs - ids.length };
  }

  /** The parts open to someone who has done none yet, for the fresh enrolments given, in one insert per education. */
  async function giveFirstParts(tx: Db, request: EnrolRequest, educationIds: number[], enrolmentIds: number[]) {
    if (enrolmentIds.length === 0) return;
    const sequential = new Map(
      (
        await tx
          .select({ id: educations.id, sequential: educations.sequential })
          .from(educations)
          .where(inArray(educations.id, educationIds))
      ).map((row) => [row.id, row.sequential]),
    );
    const parts = await partsOf(tx, educationIds, kinds);
    for (const educationId of educationIds) {
      const own = parts.filter((part) => part.educationId === educationId);
      const untouched = own.map((p) => ({ id: p.id, required: p.required, started: false, completed: false }));
      const open = new Set(educationState(untouched, sequential.get(educationId) ?? false).openPartIds);
      const contentIds = own.filter((p) => p.type === 'content' && open.has(p.id)).map((p) => p.refId);
      if (contentIds.length === 0) continue;
      await tx.execute(sql`
        insert into content_enrolments (company_id, content_id, user_id, source, enrolled_by)
        select en.company_id, c, en.user_id, 'education', ${request.enrolledBy}
        from education_enrolments en cross join unnest(${intArray(contentIds)}) c
        where en.id = any(${intArray(enrolmentIds)}) and en.education_id = ${educationId}
        on conflict do nothing`);
    }
  }

  /** After the parts (or the order rule) of an education changed: every learner in it follows. */
  async function partsChanged(tx: Db, who: Initiator, educationId: number) {
    const rows = await tx
      .select({ id: educationEnrolments.id })
      .from(educationEnrolments)
      .where(eq(educationEnrolments.educationId, educationId));
    for (const row of rows) await sync(tx, who, row.id, false);
  }

  /** A part event: the learner's enrolments in educations holding that item (a content, a classroom…) move. */
  async function onPartEvent(type: PartType, event: DomainEvent) {
    const userId = (event.after as { user_id?: number } | null)?.user_id;
    if (typeof userId !== 'number' || event.entityId === null) return;
    const refId = event.entityId;
    const who: Initiator = {
      companyId: event.companyId,
      userId,
      impersonatorId: event.impersonatorId,
      ip: null,
      requestId: event.requestId,
    };
    await inTenant(db, event.companyId, (tx) => partMoved(tx, who, userId, type, refId));
  }

  /** A learner moved in an item: their enrolments in educations holding it as a part follow. */
  async function partMoved(tx: Db, who: Initiator, userId: number, type: PartType, refId: number) {
    const rows = await tx
      .selectDistinct({ id: educationEnrolments.id })
      .from(educationEnrolments)
      .innerJoin(
        educationParts,
        and(
          eq(educationParts.educationId, educationEnrolments.educationId),
          eq(educationParts.type, type),
          eq(educationParts.refId, refId),
        ),
      )
      .where(eq(educationEnrolments.userId, userId));
    for (const row of rows) await sync(tx, who, row.id, true);
  }

  platform.events.subscribe('content.started', (event) => onPartEvent('content', event));
  platform.events.subscribe('content.completed', (event) => onPartEvent('content', event));

  /** A learner's result at an exam changed: their enrolments in educations with it as a post-test follow. */
  async function postTestMoved(tx: Db, who: Initiator, userId: number, examId: number) {
    const rows = await tx
      .select({ id: educationEnrolments.id })
      .from(educationEnrolments)
      .innerJoin(educations, eq(educations.id, educationEnrolments.educationId))
      .where(and(eq(educationEnrolments.userId, userId), eq(educations.postTestExamId, examId)));
    for (const row of rows) await sync(tx, who, row.id, true);
  }

  /** Another module's part type joins: its items may be parts, and its events move the learners. */
  function registerKind(type: Exclude<PartType, 'content'>, kind: PartKind) {
    kinds.set(type, kind);
    for (const action of kind.events) platform.events.subscribe(action, (event) => onPartEvent(type, event));
  }

  /**
   * Whether a learner may take an item now: they are enrolled in an active education holding it as a part that is
   * open to them (in a sequential education, the required parts before it are completed).
   */
  async function mayTakePart(tx: Db, userId: number, type: PartType, refId: number): Promise<boolean> {
    const rows = await tx
      .select({ educationId: educationEnrolments.educationId, sequential: educations.sequential })
      .from(educationEnrolments)
      .innerJoin(educations, eq(educations.id, educationEnrolments.educationId))
      .innerJoin(
        educationParts,
        and(
          eq(educationParts.educationId, educationEnrolments.educationId),
          eq(educationParts.type, type),
          eq(educationParts.refId, refId),
        ),
      )
      .where(and(eq(educationEnrolments.userId, userId), eq(educations.status, 1)));
    for (const row of rows) {
      const parts = await partsOf(tx, [row.educationId], kinds);
      const state = educationState(await partStates(tx, userId, parts, kinds), row.sequential);
      const part = parts.find((p) => p.type === type && p.refId === refId);
      if (part && state.openPartIds.includes(part.id)) return true;
    }
    return false;
  }

  /** How many educations hold each of the items of a type as a part (an owner module's "in use"). */
  async function partUsage(tx: Db, type: PartType, ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await tx
      .select({
        refId: educationParts.refId,
        count: sql<number>`count(distinct ${educationParts.educationId})::integer`,
      })
      .from(educationParts)
      .where(and(eq(educationParts.type, type), inArray(educationParts.refId, [...ids])))
      .groupBy(educationParts.refId);
    return new Map(rows.map((r) => [r.refId, r.count]));
  }

  /** How many educations hold each exam as their pre-test or post-test. */
  async function testUsage(tx: Db, examIds: readonly number[]): Promise<Map<number, number>> {
    if (examIds.length === 0) return new Map();
    const rows = rowsOf<{ exam_id: number; count: number }>(
      await tx.execute(sql`
        select x.exam_id, count(distinct x.education_id)::integer as count from (
          select pre_test_exam_id as exam_id, id as education_id from educations
            where pre_test_exam_id = any(${intArray(examIds)})
          union all
          select post_test_exam_id, id from educations where post_test_exam_id = any(${intArray(examIds)})
        ) x group by x.exam_id`),
    );
    return new Map(rows.map((r) => [r.exam_id, r.count]));
  }

  /**
   * A new attempt at an education the person completed (a certificate's recertification, issue 16): the enrolment
   * starts over (not started, 0%, no completion; due on `dueAt`, marked as the assignment's) and the person's progress
   * in the education's contents is reset (every version: a kept completion would complete the new attempt at once),
   * so the contents are played again and the next completion records `education.completed` anew. Exam parts keep
   * their attempts. The previous completion stays in the audit trail (`education.completed`) and in the certificate
   * it earned. Records `education.reopened`; answers whether there was an enrolment to reopen.
   */
  async function reopen(
    tx: Db,
    who: Initiator,
    request: { companyId: number; educationId: number; userId: number; dueAt: string },
  ): Promise<boolean> {
    const reopened = await tx
      .update(educationEnrolments)
      .set({
        status: 'not_started',
        finishedRate: 0,
        completedParts: 0,
        startedAt: null,
        completedAt: null,
        source: 'assignment',
        dueAt: request.dueAt,
      })
      .where(
        and(
          eq(educationEnrolments.companyId, request.companyId),
          eq(educationEnrolments.educationId, request.educationId),
          eq(educationEnrolments.userId, request.userId),
        ),
      )
      .returning({ id: educationEnrolments.id });
    if (reopened.length === 0) return false;
    const contentIds = (await partsOf(tx, [request.educationId], kinds))
      .filter((part) => part.type === 'content')
      .map((part) => part.refId);
    if (contentIds.length > 0) {
      await tx
        .update(contentProgress)
        .set({
          status: 'in_progress',
          progress: 0,
          watchedRanges: [],
          position: 0,
          pagesSeen: [],
          score: null,
          success: null,
          cmi: null,
          completedAt: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(contentProgress.companyId, request.companyId),
            eq(contentProgress.userId, request.userId),
            inArray(contentProgress.contentId, contentIds),
          ),
        );
    }
    await record(tx, who, {
      action: 'education.reopened',
      entity: 'education',
      id: request.educationId,
      companyId: request.companyId,
      after: { user_id: request.userId, due_at: request.dueAt },
    });
    return true;
  }

  return {
    enrol,
    enrolMany,
    sync,
    reopen,
    partsChanged,
    registerKind,
    mayTakePart,
    partUsage,
    postTestMoved,
    partMoved,
    testUsage,
  };
}

export type Enrolments = ReturnType<typeof createEnrolments>;
