import { type Program, type ProgramStepInput, programCreateSchema } from '@kampus/shared';
import type { z } from 'zod';

/** The form's values: the create body's input. */
export type ProgramFormValues = z.input<typeof programCreateSchema>;

/** What the steps builder shows of a step's education beside its id. */
export interface StepEducation {
  title: string;
  image_url: string | null;
  /** False for a passive education: learners do not see it until it is active again. */
  available: boolean;
}

export const newProgramValues = (): ProgramFormValues => ({
  title: '',
  description: null,
  image_url: null,
  sequential: true,
  status: 1,
  steps: [],
});

/** A stored program as the form's values. */
export function programValues(program: Program): ProgramFormValues {
  return {
    title: program.title,
    description: program.description,
    image_url: program.image_url,
    sequential: program.sequential,
    status: program.status,
    steps: program.steps.map((step) => ({ education_id: step.education_id, deadline_days: step.deadline_days })),
  };
}

/** The educations a stored program's steps show, by id. */
export function stepEducationsOf(program: Program | null): Map<number, StepEducation> {
  return new Map(
    (program?.steps ?? []).map((step) => [
      step.education_id,
      { title: step.title, image_url: step.image_url, available: step.available },
    ]),
  );
}

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveStep<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return [...items];
  next.splice(target, 0, moved);
  return next;
}

/** The steps with one more education at the end; an education already a step is not added twice. */
export function withStep(steps: readonly ProgramStepInput[], educationId: number): ProgramStepInput[] {
  if (steps.some((step) => step.education_id === educationId)) return [...steps];
  return [...steps, { education_id: educationId, deadline_days: null }];
}

/** The form's check is the contract's own create schema: the server answers the same rules. */
export const programFormSchema = programCreateSchema;
