import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIntervalGate } from './throttle.js';

describe('the mandatory re-fetch gate (spec §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, delays a sooner request to the end of the interval, and joins requests made meanwhile', () => {
    const gate = createIntervalGate(6000);
    const run = vi.fn();
    gate.request(run);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    gate.request(run);
    gate.request(run);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3999);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(6000);
    gate.request(run);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('drops a waiting request when cancelled', () => {
    const gate = createIntervalGate(6000);
    const run = vi.fn();
    gate.request(run);
    gate.request(run);
    gate.cancel();
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
