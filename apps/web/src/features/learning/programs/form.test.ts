import { describe, expect, it } from 'vitest';
import { moveStep, withStep } from './form.js';

describe('the steps builder’s list rules', () => {
  it.each([
    [0, 2, ['b', 'c', 'a']],
    [2, 0, ['c', 'a', 'b']],
    [1, 1, ['a', 'b', 'c']],
    [0, 9, ['b', 'c', 'a']],
    [2, -1, ['c', 'a', 'b']],
  ])('moves the item at %i to %i', (from, to, expected) => {
    expect(moveStep(['a', 'b', 'c'], from, to)).toEqual(expected);
  });

  it('adds an education once, at the end, without a deadline', () => {
    const steps = [{ education_id: 4, deadline_days: 7 }];
    expect(withStep(steps, 5)).toEqual([...steps, { education_id: 5, deadline_days: null }]);
    expect(withStep(steps, 4)).toEqual(steps);
  });
});
