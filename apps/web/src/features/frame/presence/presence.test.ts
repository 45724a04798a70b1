import { OFFLINE_REMOVAL_DELAY_MS, type OnlineUser } from '@kampus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createPresenceStore,
  EMPTY_PRESENCE,
  type PresenceAction,
  type PresenceState,
  presenceReducer,
} from './presence.js';

const person = (id: number, status = true): OnlineUser => ({
  user: { id },
  name: `Name${id}`,
  surname: `S****`,
  status,
});
const ids = (state: PresenceState) => state.members.map((m) => `${m.user.id}:${m.status ? 'on' : 'off'}`);

describe('presenceReducer (spec §4 online presence)', () => {
  const two: PresenceState = { members: [person(1), person(2)] };

  const cases: [string, PresenceState, PresenceAction, string[]][] = [
    [
      'a member list replaces everything, once per person',
      EMPTY_PRESENCE,
      { type: 'reset', members: [person(3), person(3, false), person(4)] },
      ['3:on', '4:on'],
    ],
    ['a join adds the person at the end', two, { type: 'update', user: person(3) }, ['1:on', '2:on', '3:on']],
    ['a join of someone present keeps one entry', two, { type: 'update', user: person(1) }, ['1:on', '2:on']],
    ['a leave keeps the person, marked offline', two, { type: 'update', user: person(1, false) }, ['1:off', '2:on']],
    ['a leave of someone unknown changes nothing', two, { type: 'update', user: person(9, false) }, ['1:on', '2:on']],
    [
      'a removal drops someone still offline',
      { members: [person(1, false), person(2)] },
      { type: 'remove', userId: 1 },
      ['2:on'],
    ],
    ['a removal spares someone back online', two, { type: 'remove', userId: 1 }, ['1:on', '2:on']],
  ];
  it.each(cases)('%s', (_case, state, action, expected) => {
    expect(ids(presenceReducer(state, action))).toEqual(expected);
  });

  it('returns the same state when nothing changes', () => {
    expect(presenceReducer(two, { type: 'remove', userId: 1 })).toBe(two);
    expect(presenceReducer(two, { type: 'update', user: person(9, false) })).toBe(two);
  });
});

describe('createPresenceStore: removal after the offline delay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the 5000 ms of spec §9', () => {
    expect(OFFLINE_REMOVAL_DELAY_MS).toBe(5000);
  });

  it('removes a leaver only once the delay has passed', () => {
    const store = createPresenceStore();
    const changes = vi.fn();
    store.subscribe(changes);
    store.dispatch({ type: 'reset', members: [person(1), person(2)] });
    store.dispatch({ type: 'update', user: person(2, false) });
    vi.advanceTimersByTime(OFFLINE_REMOVAL_DELAY_MS - 1);
    expect(ids(store.getState())).toEqual(['1:on', '2:off']);
    vi.advanceTimersByTime(1);
    expect(ids(store.getState())).toEqual(['1:on']);
    expect(changes).toHaveBeenCalledTimes(3);
  });

  it('keeps someone who comes back within the delay', () => {
    const store = createPresenceStore();
    store.dispatch({ type: 'reset', members: [person(1), person(2)] });
    store.dispatch({ type: 'update', user: person(2, false) });
    vi.advanceTimersByTime(OFFLINE_REMOVAL_DELAY_MS - 100);
    store.dispatch({ type: 'update', user: person(2) });
    vi.advanceTimersByTime(OFFLINE_REMOVAL_DELAY_MS * 2);
    expect(ids(store.getState())).toEqual(['1:on', '2:on']);
  });

  it('counts the delay from the latest leave', () => {
    const store = createPresenceStore();
    store.dispatch({ type: 'reset', members: [person(1)] });
    store.dispatch({ type: 'update', user: person(1, false) });
    vi.advanceTimersByTime(3000);
    store.dispatch({ type: 'update', user: person(1) });
    store.dispatch({ type: 'update', user: person(1, false) });
    vi.advanceTimersByTime(3000);
    expect(ids(store.getState())).toEqual(['1:off']);
    vi.advanceTimersByTime(2000);
    expect(ids(store.getState())).toEqual([]);
  });

  it('cancels pending removals on a new member list and on dispose', () => {
    const store = createPresenceStore();
    store.dispatch({ type: 'reset', members: [person(1), person(2)] });
    store.dispatch({ type: 'update', user: person(1, false) });
    store.dispatch({ type: 'reset', members: [person(1), person(2)] });
    store.dispatch({ type: 'update', user: person(2, false) });
    store.dispose();
    vi.advanceTimersByTime(OFFLINE_REMOVAL_DELAY_MS * 2);
    expect(ids(store.getState())).toEqual(['1:on', '2:off']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
