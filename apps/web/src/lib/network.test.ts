import { describe, expect, it } from 'vitest';
import { createNetworkNoticeGate, type NetworkState } from './network.js';

describe('network notice gate', () => {
  const run = (events: [number, NetworkState][]) => {
    let clock = 0;
    const gate = createNetworkNoticeGate(2000, () => clock);
    return events.map(([at, state]) => {
      clock = at;
      return gate.allow(state);
    });
  };

  it.each<[string, [number, NetworkState][], boolean[]]>([
    ['shows the first notice', [[0, 'offline']], [true]],
    [
      'suppresses the same notice within 2 s',
      [
        [0, 'offline'],
        [1999, 'offline'],
      ],
      [true, false],
    ],
    [
      'shows the same notice again from 2 s on',
      [
        [0, 'offline'],
        [2000, 'offline'],
      ],
      [true, true],
    ],
    [
      'always shows a change of state',
      [
        [0, 'offline'],
        [100, 'online'],
        [200, 'offline'],
      ],
      [true, true, true],
    ],
    [
      'counts the cooldown from the last notice shown, not from suppressed ones',
      [
        [0, 'online'],
        [1500, 'online'],
        [2500, 'online'],
      ],
      [true, false, true],
    ],
  ])('%s', (_name, events, expected) => {
    expect(run(events)).toEqual(expected);
  });
});
