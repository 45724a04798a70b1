import { describe, expect, it } from 'vitest';
import { educationState, type PartState } from './rules.js';

const part = (id: number, over: Partial<PartState> = {}): PartState => ({
  id,
  required: true,
  started: false,
  completed: false,
  ...over,
});

describe('educationState', () => {
  it('is not started with nothing opened, and every part open when not sequential', () => {
    const state = educationState([part(1), part(2), part(3)], false);
    expect(state).toEqual({
      completedParts: 0,
      finishedRate: 0,
      status: 'not_started',
      openPartIds: [1, 2, 3],
      nextPartId: 1,
    });
  });

  it('counts optional parts in the rate but completes on the required ones', () => {
    const state = educationState(
      [part(1, { completed: true }), part(2, { required: false }), part(3, { completed: true })],
      false,
    );
    expect(state.finishedRate).toBe(67);
    expect(state.status).toBe('completed');
    expect(state.nextPartId).toBe(2);
  });

  it('opens a sequential education part by part: a part opens when the required parts before it are done', () => {
    expect(educationState([part(1), part(2), part(3)], true).openPartIds).toEqual([1]);
    const halfway = educationState([part(1, { completed: true }), part(2, { started: true }), part(3)], true);
    expect(halfway.openPartIds).toEqual([1, 2]);
    expect(halfway.status).toBe('in_progress');
    expect(halfway.nextPartId).toBe(2);
    expect(halfway.finishedRate).toBe(33);
  });

  it('does not hold a sequential education back on an optional part', () => {
    const state = educationState([part(1, { required: false }), part(2), part(3)], true);
    expect(state.openPartIds).toEqual([1, 2]);
  });

  it('an education of optional parts only completes when every part is, and an empty one never', () => {
    expect(
      educationState([part(1, { required: false, completed: true }), part(2, { required: false })], false).status,
    ).toBe('in_progress');
    expect(educationState([], false).status).toBe('not_started');
  });
});
