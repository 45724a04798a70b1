import type {
  LearnerProgram,
  LearnerProgramDetail,
  MyProgramsQuery,
  ProgramEnrolment,
  ProgressStatus,
} from '@kampus/shared';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { educations, programEnrolments, programs } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { notFound } from '../../../platform/http/errors.js';
import { findEnabledModules } from '../../frame/widgets/service.js';
import type { EducationsService } from '../educations/service.js';
import { educationStatusesOf, type ProgramProgressKeeper, readStatus, type StepRow, stepsOf } from './progress.js';
import { nextEducationOf, type StepState, stepStates } from './rules.js';

type ProgramRow = typeof programs.$inferSelect;
type EnrolmentRow = typeof programEnrolments.$inferSelect;

const today = () => new Date().toISOString().slice(0, 10);

function presentEnrolment(row: EnrolmentRow | undefined): ProgramEnrolment | null {
  if (!row) return null;
  return {
    status: readStatus(row.status),
    finished_rate: row.finishedRate,
    completed_steps: row.completedSteps,
    enrolled_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** One program as the learner sees it, with each step's state for them. */
interface Seen {
  program: ProgramRow;
  enrolment: EnrolmentRow | undefined;
  states: StepState<StepRow>[];
}

function presentProgram({ program, enrolment, states }: Seen): LearnerProgram {
  return {
    id: program.id,
    title: program.title,
    description: program.description,
    image_url: program.imageUrl,
    sequential: program.sequential,
    steps_count: states.length,
    enrolment: presentEnrolment(enrolment),
    next_education_id: nextEducationOf(states),
  };
}

/**
 * The learner's side of programs: their programs (my educations' programs tab), one program with its steps, and
 * self-enrolment. A learner sees an active program they are enrolled in, or an active one open to everybody: it has
 * steps and every step's education is open in the catalogue (active, catalogue, not ended), so enrolling into it
 * gives nobody an education they could not take on their own (the catalogue module off, nothing is open). A passive program is hidden from learners, as a
 * passive education is. Anything else is a 404, so nobody learns what exists.
 */
export function createProgramsLearner(
  platform: Platform,
  educationsService: EducationsService,
  progress: ProgramProgressKeeper,
) {
  const db = platform.database.db;

  /** Each program's step states for the learner, reading their education statuses once for all programs. */
  async function see(tx: Db, actor: Actor, rows: { program: ProgramRow; enrolment: EnrolmentRow | undefined }[]) {
    const steps = await stepsOf(
      tx,
      rows.map((row) => row.program.id),
    );
    const educationIds = [...steps.values()].flat().map((step) => step.educationId);
    const statuses = await educationStatusesOf(tx, actor.userId, educationIds);
    return rows.map(
      ({ program, enrolment }): Seen => ({
        program,
        enrolment,
        states: stepStates(
          program.sequential,
          steps.get(program.id) ?? [],
          (id) => statuses.get(id) ?? null,
          enrolment?.createdAt ?? null,
        ),
      }),
    );
  }

  /**
   * Whether every step's education is open for self-enrolment (and there is at least one step): the company's
   * catalogue (module `education-category`) is on, as an education's own self-enrolment needs.
   */
  async function isOpen(tx: Db, companyId: number, states: readonly StepState<StepRow>[]): Promise<boolean> {
    if (states.length === 0) return false;
    if (!(await findEnabledModules(tx, companyId)).includes('education-category')) return false;
    const ids = states.map((state) => state.step.educationId);
    const open = await tx
      .select({ id: educations.id })
      .from(educations)
      .where(
        and(
          inArray(educations.id, ids),
          eq(educations.status, 1),
          eq(educations.visibility, 'catalogue'),
          sql`(${educations.endDate} is null or ${educations.endDate} >= ${today()})`,
        ),
      );
    return open.length === new Set(ids).size;
  }

  /** The program as this learner may see it (see above), else 404. */
  async function visible(tx: Db, actor: Actor, programId: number): Promise<Seen & { open: boolean }> {
    const [row] = await tx
      .select({ program: programs, enrolment: programEnrolments })
      .from(programs)
      .leftJoin(
        programEnrolments,
        and(eq(programEnrolments.programId, programs.id), eq(programEnrolments.userId, actor.userId)),
      )
      .where(and(eq(programs.companyId, actor.companyId), eq(programs.id, programId), eq(programs.status, 1)));
    if (!row) throw notFound();
    const [seen] = await see(tx, actor, [{ program: row.program, enrolment: row.enrolment ?? undefined }]);
    if (!seen) throw notFound();
    const open = await isOpen(tx, actor.companyId, seen.states);
    if (!seen.enrolment && !open) throw notFound();
    return { ...seen, open };
  }

  async function detailOf(tx: Db, actor: Actor, seen: Seen): Promise<LearnerProgramDetail> {
    const cards = await educationsService.learner.cards(
      tx,
      actor,
      seen.states.map((state) => state.step.educationId),
    );
    const cardOf = new Map(cards.map((card) => [card.id, card]));
    return {
      ...presentProgram(seen),
      steps: seen.states.flatMap((state, order) => {
        const education = cardOf.get(state.step.educationId);
        return education
          ? [{ id: state.step.id, order, education, due_date: state.dueDate, locked: state.locked }]
          : [];
      }),
    };
  }

  /** The learner's scope of programs: their enrolments in active programs. */
  const mineWhere = (actor: Actor, state?: ProgressStatus) =>
    and(
      eq(programEnrolments.userId, actor.userId),
      eq(programs.status, 1),
      state ? eq(programEnrolments.status, state) : undefined,
    );

  return {
    /**
     * The home page's block (GET api/my/home, inside its transaction): at most four programs the learner is in and
     * has not completed, the last started first, and how many they completed.
     */
    home: async (tx: Db, actor: Actor) => {
      const rows = await tx
        .select({ program: programs, enrolment: programEnrolments })
        .from(programEnrolments)
        .innerJoin(programs, eq(programs.id, programEnrolments.programId))
        .where(and(mineWhere(actor), ne(programEnrolments.status, 'completed')))
        .orderBy(
          sql`${programEnrolments.startedAt} desc nulls last`,
          desc(programEnrolments.createdAt),
          desc(programEnrolments.id),
        )
        .limit(4);
      const [completed] = await tx
        .select({ value: sql<number>`count(*)`.mapWith(Number) })
        .from(programEnrolments)
        .innerJoin(programs, eq(programs.id, programEnrolments.programId))
        .where(mineWhere(actor, 'completed'));
      return { inProgress: (await see(tx, actor, rows)).map(presentProgram), completedCount: completed?.value ?? 0 };
    },

    /** GET api/my/programs?state=: the active programs the learner is enrolled in, started ones first. */
    mine: (actor: Actor, query: MyProgramsQuery) =>
      inTenant(
        db,
        actor.companyId,
        async (tx) => {
          const where = mineWhere(actor, query.state);
          const rows = await tx
            .select({
              program: programs,
              enrolment: programEnrolments,
              total: sql<number>`count(*) over()`.mapWith(Number),
            })
            .from(programEnrolments)
            .innerJoin(programs, eq(programs.id, programEnrolments.programId))
            .where(where)
            .orderBy(
              sql`${programEnrolments.startedAt} desc nulls last`,
              desc(programEnrolments.createdAt),
              desc(programEnrolments.id),
            )
            .limit(query.per_page)
            .offset((query.page - 1) * query.per_page);
          const total =
            rows[0]?.total ??
            (query.page > 1
              ? ((
                  await tx
                    .select({ value: sql<number>`count(*)`.mapWith(Number) })
                    .from(programEnrolments)
                    .innerJoin(programs, eq(programs.id, programEnrolments.programId))
                    .where(where)
                )[0]?.value ?? 0)
              : 0);
          const seen = await see(tx, actor, rows);
          return {
            data: seen.map(presentProgram),
            meta: { page: query.page, per_page: query.per_page, total },
          };
        },
        { readOnly: true },
      ),

    /** GET api/programs/{id}: the program with each step's education card, deadline and lock. */
    detail: (actor: Actor, programId: number) =>
      inTenant(db, actor.companyId, async (tx) => detailOf(tx, actor, await visible(tx, actor, programId)), {
        readOnly: true,
      }),

    /**
     * POST api/programs/{id}/enrol: the learner enrols themselves into an open program (see above); enrolling again
     * changes nothing. They are enrolled into its open steps' educations at once.
     */
    enrol: (actor: Actor, programId: number) =>
      inTenant(db, actor.companyId, async (tx) => {
        const seen = await visible(tx, actor, programId);
        if (seen.enrolment) return detailOf(tx, actor, seen);
        const [row] = await tx
          .insert(programEnrolments)
          .values({
            companyId: actor.companyId,
            programId,
            userId: actor.userId,
            source: 'self',
            enrolledBy: actor.userId,
          })
          .onConflictDoNothing({ target: [programEnrolments.programId, programEnrolments.userId] })
          .returning({ id: programEnrolments.id });
        if (row) {
          await progress.sync(tx, actor, row.id);
          await record(tx, actor, {
            action: 'program.enrolled',
            entity: 'program',
            id: programId,
            after: { user_ids: [actor.userId], source: 'self' },
          });
        }
        return detailOf(tx, actor, await visible(tx, actor, programId));
      }),
  };
}
