import {
  type Program,
  type ProgramCreate,
  type ProgramEnrol,
  type ProgramListQuery,
  type ProgramStepInput,
  type ProgramUpdate,
  programsContract,
} from '@kampus/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { educations, programEnrolments, programSteps, programs, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { invalidFields, notFound } from '../../../platform/http/errors.js';
import type { Translate } from '../../../platform/i18n.js';
import {
  activeStatusExportColumn,
  columnValues,
  defineResource,
  presentActiveStatus,
} from '../../../platform/resource/resource.js';
import { attachFile, detachFile, replaceFile } from '../../system/files/service.js';
import type { ProgramProgressKeeper } from './progress.js';

const NS = programsContract.namespace;

/** The body fields the programs table takes as they are (the steps and the image are worked out first). */
const PROGRAM_COLUMNS = {
  title: programs.title,
  description: programs.description,
  image_url: programs.imageUrl,
  sequential: programs.sequential,
  status: programs.status,
};

/**
 * Every step's education must be one of the company's own (row-level security hides the others, so another
 * company's id reads as unknown): a 422 on each step that names one that is not.
 */
async function assertOwnEducations(tx: Db, companyId: number, steps: readonly ProgramStepInput[]) {
  if (steps.length === 0) return;
  const found = await tx
    .select({ id: educations.id })
    .from(educations)
    .where(
      and(
        eq(educations.companyId, companyId),
        inArray(
          educations.id,
          steps.map((step) => step.education_id),
        ),
      ),
    );
  const known = new Set(found.map((row) => row.id));
  const errors: Record<string, string> = {};
  for (const [index, step] of steps.entries()) {
    if (!known.has(step.education_id)) errors[`steps.${index}.education_id`] = 'program.step_education_invalid';
  }
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
}

/**
 * Makes the program's steps the list given, in its order. A step whose education stays keeps its row (its id), so
 * what refers to a step survives a reorder; the others are removed or added.
 */
async function replaceSteps(tx: Db, companyId: number, programId: number, steps: readonly ProgramStepInput[]) {
  const existing = await tx
    .select({ id: programSteps.id, educationId: programSteps.educationId })
    .from(programSteps)
    .where(eq(programSteps.programId, programId));
  const kept = new Set(steps.map((step) => step.education_id));
  const gone = existing.filter((row) => !kept.has(row.educationId)).map((row) => row.id);
  if (gone.length > 0) await tx.delete(programSteps).where(inArray(programSteps.id, gone));
  const idOf = new Map(existing.map((row) => [row.educationId, row.id]));
  for (const [position, step] of steps.entries()) {
    const id = idOf.get(step.education_id);
    if (id === undefined) {
      await tx.insert(programSteps).values({
        companyId,
        programId,
        educationId: step.education_id,
        position,
        deadlineDays: step.deadline_days,
      });
    } else {
      await tx.update(programSteps).set({ position, deadlineDays: step.deadline_days }).where(eq(programSteps.id, id));
    }
  }
}

async function present(tx: Db, companyId: number, ids: number[]): Promise<Program[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(programs)
    .where(and(eq(programs.companyId, companyId), inArray(programs.id, ids)));
  const steps = await tx
    .select({
      id: programSteps.id,
      programId: programSteps.programId,
      educationId: programSteps.educationId,
      deadlineDays: programSteps.deadlineDays,
      title: educations.title,
      imageUrl: educations.imageUrl,
      status: educations.status,
    })
    .from(programSteps)
    .innerJoin(educations, eq(educations.id, programSteps.educationId))
    .where(inArray(programSteps.programId, ids))
    .orderBy(asc(programSteps.position), asc(programSteps.id));
  const counts = await tx
    .select({
      programId: programEnrolments.programId,
      enrolled: count(),
      completed: sql<number>`count(*) filter (where ${programEnrolments.status} = 'completed')::integer`,
    })
    .from(programEnrolments)
    .where(inArray(programEnrolments.programId, ids))
    .groupBy(programEnrolments.programId);
  const countsOf = new Map(counts.map((c) => [c.programId, c]));
  return rows.map((program) => ({
    id: program.id,
    title: program.title,
    description: program.description,
    image_url: program.imageUrl,
    sequential: program.sequential,
    status: presentActiveStatus(program.status),
    steps: steps
      .filter((step) => step.programId === program.id)
      .map((step, order) => ({
        id: step.id,
        education_id: step.educationId,
        order,
        deadline_days: step.deadlineDays,
        title: step.title,
        image_url: step.imageUrl,
        available: step.status === 1,
      })),
    enrolled_count: countsOf.get(program.id)?.enrolled ?? 0,
    completed_count: countsOf.get(program.id)?.completed ?? 0,
    created_at: program.createdAt.toISOString(),
    updated_at: program.updatedAt.toISOString(),
  }));
}

/** `api/admin/programs` (read_program / create_program) and the admin's enrolment of people into a program. */
export function createProgramsAdmin(platform: Platform, progress: ProgramProgressKeeper) {
  const db = platform.database.db;

  const resource = defineResource<Program, ProgramCreate, ProgramUpdate, ProgramListQuery>(db, {
    contract: programsContract,
    entity: 'program',
    table: programs,
    activeStatus: true,
    sortable: {
      title: programs.title,
      status: programs.status,
      created_at: programs.createdAt,
      updated_at: programs.updatedAt,
    },
    defaultOrder: [desc(programs.createdAt)],
    search: [programs.title],
    present,

    async create(tx, actor, input) {
      await assertOwnEducations(tx, actor.companyId, input.steps);
      if (input.image_url && !(await attachFile(tx, actor.companyId, input.image_url))) {
        throw invalidFields({ image_url: 'program.image_invalid' });
      }
      const [row] = await tx
        .insert(programs)
        .values({
          ...(columnValues(PROGRAM_COLUMNS, programs, input) as typeof programs.$inferInsert),
          companyId: actor.companyId,
          createdBy: actor.userId,
        })
        .returning({ id: programs.id });
      if (!row) throw new Error('program insert returned nothing');
      await replaceSteps(tx, actor.companyId, row.id, input.steps);
      return row.id;
    },

    async update(tx, actor, before, input) {
      if (input.steps) await assertOwnEducations(tx, actor.companyId, input.steps);
      if (
        input.image_url !== undefined &&
        !(await replaceFile(tx, actor.companyId, before.image_url, input.image_url))
      ) {
        throw invalidFields({ image_url: 'program.image_invalid' });
      }
      await tx
        .update(programs)
        .set({ ...columnValues(PROGRAM_COLUMNS, programs, input), updatedAt: new Date() })
        .where(and(eq(programs.companyId, actor.companyId), eq(programs.id, before.id)));
      if (input.steps) await replaceSteps(tx, actor.companyId, before.id, input.steps);
      // New steps, another order or sequencing turned off change what each learner has open and their rate.
      const sequencingChanged = input.sequential !== undefined && input.sequential !== before.sequential;
      if (input.steps || sequencingChanged) await progress.syncProgram(tx, actor, before.id);
    },

    async beforeDelete(tx, actor, items) {
      // The learners keep the educations they were enrolled in through the program, and their progress in them.
      for (const item of items) await detachFile(tx, actor.companyId, item.image_url);
    },

    export: {
      fileName: `${NS}.export_file`,
      columns: [
        { header: `${NS}.columns.id`, value: (p) => p.id },
        { header: `${NS}.columns.title`, value: (p) => p.title },
        { header: `${NS}.columns.steps`, value: (p) => p.steps.map((s) => s.title).join(' → ') },
        { header: `${NS}.columns.steps_count`, value: (p) => p.steps.length },
        {
          header: `${NS}.columns.sequential`,
          value: (p, t) => t(p.sequential ? `${NS}.sequential_yes` : `${NS}.sequential_no`),
        },
        { header: `${NS}.columns.enrolled_count`, value: (p) => p.enrolled_count },
        { header: `${NS}.columns.completed_count`, value: (p) => p.completed_count },
        activeStatusExportColumn(NS),
        { header: `${NS}.columns.created_at`, value: (p) => p.created_at },
      ],
    },
  });

  /**
   * POST api/admin/programs/{id}/enrolments: active people of the company, each enrolled once (someone already in the
   * program keeps their enrolment), then into the program's open educations.
   */
  const enrol = (actor: Actor, programId: number, input: ProgramEnrol, t: Translate) =>
    inTenant(db, actor.companyId, async (tx) => {
      const [program] = await tx
        .select({ id: programs.id })
        .from(programs)
        .where(and(eq(programs.companyId, actor.companyId), eq(programs.id, programId)));
      if (!program) throw notFound();
      const wanted = [...new Set(input.user_ids)];
      const people = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, actor.companyId), inArray(users.id, wanted), eq(users.status, 1)));
      if (people.length !== wanted.length) throw invalidFields({ user_ids: 'program.enrolment_user_invalid' });
      const added = await tx
        .insert(programEnrolments)
        .values(
          wanted.map((userId) => ({
            companyId: actor.companyId,
            programId,
            userId,
            source: 'admin' as const,
            enrolledBy: actor.userId,
          })),
        )
        .onConflictDoNothing({ target: [programEnrolments.programId, programEnrolments.userId] })
        .returning({ id: programEnrolments.id, userId: programEnrolments.userId });
      for (const row of added) await progress.sync(tx, actor, row.id);
      if (added.length > 0) {
        await record(tx, actor, {
          action: 'program.enrolled',
          entity: 'program',
          id: programId,
          after: { user_ids: added.map((row) => row.userId), source: 'admin' },
        });
      }
      const counts = { added: added.length, already: wanted.length - added.length };
      return { data: counts, message: t('program.enrolment_result', counts) };
    });

  return { resource, enrol };
}
