import { type EnrolmentSource, type ProgressStatus, progressStatusSchema } from '@kampus/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { educationEnrolments, programEnrolments, programSteps, programs } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Initiator } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { type DomainEvent, record } from '../../../platform/events.js';
import { intArray } from '../educations/enrolments.js';
import type { EducationsService } from '../educations/service.js';
import { dueDateOf, programProgress, type StepLike, stepStates } from './rules.js';

/** A stored enrolment status as the shared progress status (anything else reads as not started). */
export const readStatus = (value: string) => progressStatusSchema.catch('not_started').parse(value);

export interface StepRow extends StepLike {
  programId: number;
  position: number;
}

/** The steps of the programs, each program's in order. */
export async function stepsOf(tx: Db, programIds: readonly number[]): Promise<Map<number, StepRow[]>> {
  const byProgram = new Map<number, StepRow[]>(programIds.map((id) => [id, []]));
  if (programIds.length === 0) return byProgram;
  const rows = await tx
    .select({
      id: programSteps.id,
      programId: programSteps.programId,
      educationId: programSteps.educationId,
      position: programSteps.position,
      deadlineDays: programSteps.deadlineDays,
    })
    .from(programSteps)
    .where(inArray(programSteps.programId, [...programIds]))
    .orderBy(asc(programSteps.programId), asc(programSteps.position), asc(programSteps.id));
  for (const row of rows) byProgram.get(row.programId)?.push(row);
  return byProgram;
}

/** The learner's status in each of the educations they are enrolled in, among those given. */
export async function educationStatusesOf(
  tx: Db,
  userId: number,
  educationIds: readonly number[],
): Promise<Map<number, ProgressStatus>> {
  if (educationIds.length === 0) return new Map();
  const rows = await tx
    .select({ educationId: educationEnrolments.educationId, status: educationEnrolments.status })
    .from(educationEnrolments)
    .where(
      and(eq(educationEnrolments.userId, userId), inArray(educationEnrolments.educationId, [...new Set(educationIds)])),
    );
  return new Map(rows.map((row) => [row.educationId, readStatus(row.status)]));
}

/**
 * A program enrolment kept by the education events, as an education's enrolment is kept by its parts' (never worked
 * out again on a page view): the roll-up of completed steps and the enrolments into the steps that are open.
 */
export function createProgramProgress(platform: Platform, educations: EducationsService) {
  const db = platform.database.db;

  /**
   * Brings one program enrolment up to date, inside the caller's transaction: enrols the learner into every open
   * step's education (its due date the program start plus the step's days), stores completed steps, rate, status and
   * dates, and records `program.started` / `program.completed` when the status moves there. The row is locked first,
   * so two events for the same learner (or one event heard twice) cannot both see the old status.
   */
  async function sync(tx: Db, who: Initiator, enrolmentId: number): Promise<void> {
    const [enrolment] = await tx
      .select({ enrolment: programEnrolments, sequential: programs.sequential })
      .from(programEnrolments)
      .innerJoin(programs, eq(programs.id, programEnrolments.programId))
      .where(eq(programEnrolments.id, enrolmentId))
      .for('update', { of: programEnrolments });
    if (!enrolment) return;
    const row = enrolment.enrolment;
    const steps = (await stepsOf(tx, [row.programId])).get(row.programId) ?? [];
    const before = await educationStatusesOf(
      tx,
      row.userId,
      steps.map((step) => step.educationId),
    );
    const states = stepStates(enrolment.sequential, steps, (id) => before.get(id) ?? null, row.createdAt);
    for (const state of states) {
      if (state.locked || before.has(state.step.educationId)) continue;
      // Through the educations service: the education's open parts become the learner's at once.
      await educations.enrolments.enrol(tx, who, {
        companyId: row.companyId,
        userIds: [row.userId],
        educationIds: [state.step.educationId],
        source: 'program',
        enrolledBy: row.enrolledBy,
        dueAt: state.dueDate,
      });
    }
    const anyStarted = [...before.values()].some((status) => status !== 'not_started');
    // A completed program stays completed when a step is added later (as a completed education does when a part is):
    // the new step is given to the learner, the record of having finished is not taken back.
    const computed = programProgress(states, anyStarted);
    const progress =
      row.status === 'completed' ? { ...computed, status: 'completed' as const, finishedRate: 100 } : computed;
    const now = new Date();
    const startedAt = progress.status === 'not_started' ? row.startedAt : (row.startedAt ?? now);
    const completedAt = progress.status === 'completed' ? (row.completedAt ?? now) : null;
    const unchanged =
      row.status === progress.status &&
      row.completedSteps === progress.completedSteps &&
      row.finishedRate === progress.finishedRate &&
      row.startedAt?.getTime() === startedAt?.getTime() &&
      row.completedAt?.getTime() === completedAt?.getTime();
    if (unchanged) return;
    await tx
      .update(programEnrolments)
      .set({
        status: progress.status,
        completedSteps: progress.completedSteps,
        finishedRate: progress.finishedRate,
        startedAt,
        completedAt,
      })
      .where(eq(programEnrolments.id, row.id));
    const after = { user_id: row.userId, status: progress.status, finished_rate: progress.finishedRate };
    const entry = { entity: 'program', id: row.programId, companyId: row.companyId, after };
    if (row.status === 'not_started' && progress.status !== 'not_started') {
      await record(tx, who, { ...entry, action: 'program.started' });
    }
    if (row.status !== 'completed' && progress.status === 'completed') {
      await record(tx, who, { ...entry, action: 'program.completed' });
    }
  }

  /**
   * Enrols many people into a program at once (an assignment): set-based like the educations' `enrolMany`. An
   * existing enrolment stays as it is; a fresh one of someone who has none of the steps' educations yet starts at the
   * beginning (the first step, or every step of a free-order program), given through the educations service in one
   * go per step; the others get the full `sync`.
   */
  async function enrolMany(
    tx: Db,
    who: Initiator,
    request: {
      companyId: number;
      programId: number;
      userIds: readonly number[];
      source: EnrolmentSource;
      enrolledBy: number | null;
    },
  ): Promise<{ added: number; already: number }> {
    const userIds = [...new Set(request.userIds)];
    if (userIds.length === 0) return { added: 0, already: 0 };
    const inserted = (
      (await tx.execute(sql`
        insert into program_enrolments (company_id, program_id, user_id, source, enrolled_by)
        select ${request.companyId}, ${request.programId}, u, ${request.source}, ${request.enrolledBy}
        from unnest(${intArray(userIds)}) u
        on conflict do nothing
        returning id, user_id`)) as unknown as { rows: { id: number; user_id: number }[] }
    ).rows;
    if (inserted.length === 0) return { added: 0, already: userIds.length };
    const [program] = await tx
      .select({ sequential: programs.sequential })
      .from(programs)
      .where(eq(programs.id, request.programId));
    const steps = (await stepsOf(tx, [request.programId])).get(request.programId) ?? [];
    const begun = new Set(
      (
        await tx
          .selectDistinct({ userId: educationEnrolments.userId })
          .from(educationEnrolments)
          .where(
            and(
              inArray(
                educationEnrolments.userId,
                inserted.map((row) => row.user_id),
              ),
              inArray(educationEnrolments.educationId, steps.length > 0 ? steps.map((s) => s.educationId) : [0]),
            ),
          )
      ).map((row) => row.userId),
    );
    for (const row of inserted) if (begun.has(row.user_id)) await sync(tx, who, row.id);
    const fresh = inserted.filter((row) => !begun.has(row.user_id)).map((row) => row.user_id);
    const now = new Date();
    const openSteps = program?.sequential ? steps.slice(0, 1) : steps;
    for (const step of openSteps) {
      await educations.enrolments.enrolMany(tx, who, {
        companyId: request.companyId,
        userIds: fresh,
        educationIds: [step.educationId],
        source: 'program',
        enrolledBy: request.enrolledBy,
        dueAt: step.deadlineDays === null ? null : dueDateOf(now, step.deadlineDays),
      });
    }
    return { added: inserted.length, already: userIds.length - inserted.length };
  }

  /** Every enrolment of the program (its steps or sequencing changed). */
  async function syncProgram(tx: Db, who: Initiator, programId: number): Promise<void> {
    const rows = await tx
      .select({ id: programEnrolments.id })
      .from(programEnrolments)
      .where(eq(programEnrolments.programId, programId))
      .orderBy(asc(programEnrolments.id));
    for (const row of rows) await sync(tx, who, row.id);
  }

  /** An education of the learner started or completed: their enrolments in programs holding it catch up. */
  async function onEducationEvent(event: DomainEvent): Promise<void> {
    const userId = (event.after as { user_id?: unknown } | null)?.user_id;
    if (event.entityId === null || typeof userId !== 'number') return;
    const educationId = event.entityId;
    const who: Initiator = {
      companyId: event.companyId,
      userId: event.actorUserId ?? userId,
      impersonatorId: event.impersonatorId,
      ip: null,
      requestId: event.requestId,
    };
    await inTenant(db, event.companyId, async (tx) => {
      const rows = await tx
        .select({ id: programEnrolments.id })
        .from(programEnrolments)
        .innerJoin(programSteps, eq(programSteps.programId, programEnrolments.programId))
        .where(and(eq(programEnrolments.userId, userId), eq(programSteps.educationId, educationId)))
        .orderBy(asc(programEnrolments.id));
      for (const row of rows) await sync(tx, who, row.id);
    });
  }

  platform.events.subscribe('education.completed', onEducationEvent);
  platform.events.subscribe('education.started', onEducationEvent);

  return { sync, syncProgram, enrolMany };
}

export type ProgramProgressKeeper = ReturnType<typeof createProgramProgress>;
