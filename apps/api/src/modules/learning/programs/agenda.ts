import type { AgendaEvent, AgendaQuery } from '@kampus/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { educations, programEnrolments, programs } from '../../../db/schema/index.js';
import { educationStatusesOf, stepsOf } from './progress.js';
import { stepStates } from './rules.js';

/**
 * The agenda's events of programs (issue 14): each step deadline of the active programs the person is enrolled in,
 * counted from their program start as the program's pages count it (rules.ts), within the range (days, both
 * included). A step is shown completed once its education is.
 */
export async function programAgendaEvents(
  tx: Db,
  person: { userId: number; companyId: number },
  range: AgendaQuery,
): Promise<AgendaEvent[]> {
  const enrolled = await tx
    .select({
      id: programs.id,
      title: programs.title,
      sequential: programs.sequential,
      enrolledAt: programEnrolments.createdAt,
    })
    .from(programEnrolments)
    .innerJoin(programs, eq(programs.id, programEnrolments.programId))
    .where(
      and(
        eq(programEnrolments.companyId, person.companyId),
        eq(programEnrolments.userId, person.userId),
        eq(programs.status, 1),
      ),
    );
  if (enrolled.length === 0) return [];
  const steps = await stepsOf(
    tx,
    enrolled.map((program) => program.id),
  );
  const educationIds = [...new Set([...steps.values()].flat().map((step) => step.educationId))];
  const [statuses, titles] = await Promise.all([
    educationStatusesOf(tx, person.userId, educationIds),
    educationIds.length === 0
      ? []
      : tx
          .select({ id: educations.id, title: educations.title })
          .from(educations)
          .where(and(inArray(educations.id, educationIds), eq(educations.status, 1))),
  ]);
  const titleOf = new Map(titles.map((row) => [row.id, row.title]));
  return enrolled.flatMap((program) =>
    stepStates(
      program.sequential,
      steps.get(program.id) ?? [],
      (id) => statuses.get(id) ?? null,
      program.enrolledAt,
    ).flatMap((state): AgendaEvent[] => {
      const title = titleOf.get(state.step.educationId);
      const due = state.dueDate;
      if (title === undefined || due === null || due < range.from || due > range.to) return [];
      return [
        {
          id: `program-${program.id}-step-${state.step.id}`,
          kind: 'program_step_due',
          title,
          context: program.title,
          all_day: true,
          starts_at: due,
          ends_at: null,
          time_zone: null,
          location: null,
          completed: state.completed,
          cancelled: false,
          sequence: 0,
          target: { type: 'program', id: program.id },
        },
      ];
    }),
  );
}
