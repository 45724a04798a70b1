import type { ProgressStatus } from '@kampus/shared';

/**
 * The rules of a learner's way through a program, free of the database so the roll-up, the learner's pages and their
 * tests read one definition: which steps are completed, which are still locked, what comes next, when each is due.
 */

export interface StepLike {
  id: number;
  educationId: number;
  /** Days from the learner's program start; null: no deadline. */
  deadlineDays: number | null;
}

export interface StepState<S extends StepLike = StepLike> {
  step: S;
  completed: boolean;
  /** A sequential program's step whose previous steps are not all completed yet. */
  locked: boolean;
  /** YYYY-MM-DD, or null without a deadline or before the learner enrolled. */
  dueDate: string | null;
}

const DAY_MS = 86_400_000;

/** The calendar day `days` after the day of `start` (UTC), as YYYY-MM-DD. */
export function dueDateOf(start: Date, days: number): string {
  const day = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  return new Date(day + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Each step's state for one learner, in the steps' order. In a sequential program a step opens when every step before
 * it is completed; a step completed anyway (the learner took that education on their own) counts and is not locked.
 */
export function stepStates<S extends StepLike>(
  sequential: boolean,
  steps: readonly S[],
  statusOf: (educationId: number) => ProgressStatus | null,
  enrolledAt: Date | null,
): StepState<S>[] {
  let blocked = false;
  return steps.map((step) => {
    const completed = statusOf(step.educationId) === 'completed';
    const locked = sequential && blocked && !completed;
    if (!completed) blocked = true;
    const dueDate = enrolledAt && step.deadlineDays !== null ? dueDateOf(enrolledAt, step.deadlineDays) : null;
    return { step, completed, locked, dueDate };
  });
}

/** The education to continue with: the first open step not completed yet. */
export function nextEducationOf(states: readonly StepState[]): number | null {
  return states.find((state) => !state.locked && !state.completed)?.step.educationId ?? null;
}

export interface ProgramProgress {
  status: ProgressStatus;
  completedSteps: number;
  /** 0–100: completed steps over all steps, rounded. */
  finishedRate: number;
}

/**
 * A program enrolment's progress from its steps' states: completed when every step is (a program without steps is
 * never completed), in progress once any step's education was started or completed.
 */
export function programProgress(states: readonly StepState[], anyStarted: boolean): ProgramProgress {
  const completedSteps = states.filter((state) => state.completed).length;
  const finishedRate = states.length === 0 ? 0 : Math.round((completedSteps / states.length) * 100);
  const status: ProgressStatus =
    states.length > 0 && completedSteps === states.length
      ? 'completed'
      : anyStarted || completedSteps > 0
        ? 'in_progress'
        : 'not_started';
  return { status, completedSteps, finishedRate };
}
