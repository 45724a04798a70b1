import type { Marker } from '@kampus/shared';
import { describe, expect, it } from 'vitest';
import { initialMarkerState, type MarkerEditorState, markersReducer, markersToWrite } from './markers-reducer.js';

const saved: Marker[] = [
  {
    id: 4,
    type_id: 1,
    second: 12,
    question: 'Q1',
    options: [
      { text: 'a', correct: true },
      { text: 'b', correct: false },
    ],
  },
  {
    id: 2,
    type_id: 2,
    second: 3,
    question: 'Q2',
    sections: [
      {
        question: 'S',
        options: [
          { text: 'x', correct: false },
          { text: 'y', correct: true },
        ],
      },
    ],
  },
];

const run = (...actions: Parameters<typeof markersReducer>[1][]): MarkerEditorState =>
  actions.reduce(markersReducer, initialMarkerState);

describe('the marker editor reducer (spec §4 marker editing)', () => {
  it('sets the saved markers in time order, none new, nothing changed', () => {
    const state = run({ type: 'duration', duration: 60 }, { type: 'set', markers: saved });
    expect(state.markers.map((m) => [m.id, m.isNew])).toEqual([
      [2, false],
      [4, false],
    ]);
    expect(state.dirty).toBe(false);
  });

  it('adds a marker flagged new, of the chosen type, and opens its modal', () => {
    const state = run({ type: 'duration', duration: 60 }, { type: 'add', second: 7.26, markerType: 2, key: 'n1' });
    expect(state.markers[0]).toMatchObject({ key: 'n1', isNew: true, type_id: 2, second: 7.3 });
    expect(state.selected).toBe('n1');
    expect(state.dirty).toBe(true);
  });

  it('drags a marker within the video and keeps the list in time order', () => {
    let state = run({ type: 'duration', duration: 60 }, { type: 'set', markers: saved });
    state = markersReducer(state, { type: 'drag', key: 'm2', second: 30 });
    expect(state.markers.map((m) => [m.id, m.second])).toEqual([
      [4, 12],
      [2, 30],
    ]);
    state = markersReducer(state, { type: 'drag', key: 'm2', second: 99 });
    expect(state.markers.find((m) => m.id === 2)?.second).toBe(60);
    state = markersReducer(state, { type: 'drag', key: 'm2', second: -5 });
    expect(state.markers.find((m) => m.id === 2)?.second).toBe(0);
  });

  it('updates a marker, keeping its id and key', () => {
    let state = run({ type: 'duration', duration: 60 }, { type: 'set', markers: saved });
    state = markersReducer(state, {
      type: 'update',
      key: 'm4',
      marker: {
        type_id: 1,
        second: 12,
        question: 'Changed',
        options: saved[0]!.type_id === 1 ? saved[0]!.options : [],
      },
    });
    expect(state.markers.find((m) => m.key === 'm4')).toMatchObject({ id: 4, question: 'Changed', isNew: false });
  });

  it('removes one, closes its modal, and clears all', () => {
    let state = run({ type: 'set', markers: saved }, { type: 'open', key: 'm4' });
    expect(state.selected).toBe('m4');
    state = markersReducer(state, { type: 'remove', key: 'm4' });
    expect(state.selected).toBeNull();
    expect(state.markers.map((m) => m.id)).toEqual([2]);
    state = markersReducer(state, { type: 'clear' });
    expect(state.markers).toEqual([]);
    expect(state.dirty).toBe(true);
  });

  it('closing the modal clears the selection; opening an unknown marker does nothing', () => {
    let state = run({ type: 'set', markers: saved }, { type: 'open', key: 'm2' }, { type: 'close' });
    expect(state.selected).toBeNull();
    state = markersReducer(state, { type: 'open', key: 'nope' });
    expect(state.selected).toBeNull();
  });

  it('writes existing markers with their id and new ones without', () => {
    const state = run(
      { type: 'duration', duration: 60 },
      { type: 'set', markers: saved },
      { type: 'add', second: 20, markerType: 1, key: 'n1' },
    );
    const written = markersToWrite(state.markers);
    expect(written.map((m) => m.id)).toEqual([2, 4, undefined]);
    expect(written.every((m) => !('key' in m) && !('isNew' in m))).toBe(true);
  });
});
