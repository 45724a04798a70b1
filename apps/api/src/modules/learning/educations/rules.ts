import type { ProgressStatus } from '@kampus/shared';

/** A part as the roll-up sees it: in order, required or not, and where the learner stands in it. */
export interface PartState {
  id: number;
  required: boolean;
  started: boolean;
  completed: boolean;
}

export interface EducationState {
  completedParts: number;
  /** 0–100: completed parts (optional ones included) over all parts. */
  finishedRate: number;
  status: ProgressStatus;
  /** Parts the learner may open: every part, or in a sequential education those whose earlier required parts are done. */
  openPartIds: number[];
  /** The part to continue with: the first open part not completed (null when none is left). */
  nextPartId: number | null;
}

/**
 * Where a learner stands in an education, from its parts in order. Completed when every required part is (an
 * education of optional parts only, when every part is); a completion once reached is kept by the caller.
 */
export function educationState(parts: readonly PartState[], sequential: boolean): EducationState {
  const completedParts = parts.filter((p) => p.completed).length;
  const finishedRate = parts.length === 0 ? 0 : Math.round((completedParts / parts.length) * 100);
  const required = parts.some((p) => p.required) ? parts.filter((p) => p.required) : parts;
  const done = parts.length > 0 && required.every((p) => p.completed);
  const status: ProgressStatus = done
    ? 'completed'
    : parts.some((p) => p.started || p.completed)
      ? 'in_progress'
      : 'not_started';
  const openPartIds: number[] = [];
  let blocked = false;
  for (const part of parts) {
    if (!sequential || !blocked) openPartIds.push(part.id);
    if (sequential && part.required && !part.completed) blocked = true;
  }
  const open = new Set(openPartIds);
  const nextPartId = parts.find((p) => open.has(p.id) && !p.completed)?.id ?? null;
  return { completedParts, finishedRate, status, openPartIds, nextPartId };
}
