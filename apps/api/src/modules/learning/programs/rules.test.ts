import type { ProgressStatus } from '@kampus/shared';
import { describe, expect, it } from 'vitest';
import { dueDateOf, nextEducationOf, programProgress, stepStates } from './rules.js';

const steps = [
  { id: 1, educationId: 10, deadlineDays: 7 },
  { id: 2, educationId: 20, deadlineDays: null },
  { id: 3, educationId: 30, deadlineDays: 31 },
];
const statuses = (map: Record<number, ProgressStatus>) => (id: number) => map[id] ?? null;

describe('a learner’s way through a program', () => {
  it('counts due dates in calendar days from the enrolment day, across months and years', () => {
    expect(dueDateOf(new Date('2026-12-28T23:30:00Z'), 7)).toBe('2027-01-04');
    expect(dueDateOf(new Date('2026-02-27T00:00:00Z'), 2)).toBe('2026-03-01');
  });

  it('locks the steps after the first one not completed when sequential, and none otherwise', () => {
    const status = statuses({ 10: 'completed', 20: 'in_progress' });
    expect(stepStates(true, steps, status, null).map((s) => s.locked)).toEqual([false, false, true]);
    expect(stepStates(false, steps, status, null).map((s) => s.locked)).toEqual([false, false, false]);
  });

  it('counts a step completed out of order and does not show it locked', () => {
    const states = stepStates(true, steps, statuses({ 30: 'completed' }), null);
    expect(states.map((s) => [s.completed, s.locked])).toEqual([
      [false, false],
      [false, true],
      [true, false],
    ]);
    expect(nextEducationOf(states)).toBe(10);
    expect(programProgress(states, false)).toEqual({ status: 'in_progress', completedSteps: 1, finishedRate: 33 });
  });

  it('gives due dates only to enrolled learners and steps with a deadline', () => {
    const enrolled = stepStates(true, steps, statuses({}), new Date('2026-11-26T10:00:00Z'));
    expect(enrolled.map((s) => s.dueDate)).toEqual(['2026-12-03', null, '2026-12-27']);
    expect(stepStates(true, steps, statuses({}), null).every((s) => s.dueDate === null)).toBe(true);
  });

  it('rolls up: not started, started, completed; a program without steps never completes', () => {
    const none = stepStates(true, steps, statuses({}), null);
    expect(programProgress(none, false)).toEqual({ status: 'not_started', completedSteps: 0, finishedRate: 0 });
    expect(programProgress(none, true).status).toBe('in_progress');
    const all = stepStates(true, steps, statuses({ 10: 'completed', 20: 'completed', 30: 'completed' }), null);
    expect(programProgress(all, true)).toEqual({ status: 'completed', completedSteps: 3, finishedRate: 100 });
    expect(nextEducationOf(all)).toBeNull();
    expect(programProgress([], true)).toEqual({ status: 'in_progress', completedSteps: 0, finishedRate: 0 });
  });
});
