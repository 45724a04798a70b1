import type { Marker, MarkerInput } from '@kampus/shared';

/** A marker in the editor: `key` tells markers apart before they have an id; `isNew` until the list is saved. */
export type EditorMarker = MarkerInput & { key: string; isNew: boolean };

export interface MarkerEditorState {
  markers: EditorMarker[];
  /** The marker whose modal is open (spec §4: a modal with the selected marker's type; closing clears it). */
  selected: string | null;
  /** Changed since it was loaded or saved. */
  dirty: boolean;
  /** The video's length: markers stay within [0, duration]. */
  duration: number;
}

export type MarkerAction =
  | { type: 'set'; markers: Marker[] }
  | { type: 'duration'; duration: number }
  | { type: 'add'; second: number; markerType: 1 | 2; key: string }
  | { type: 'update'; key: string; marker: MarkerInput }
  | { type: 'remove'; key: string }
  | { type: 'clear' }
  | { type: 'drag'; key: string; second: number }
  | { type: 'open'; key: string }
  | { type: 'close' };

export const initialMarkerState: MarkerEditorState = { markers: [], selected: null, dirty: false, duration: 0 };

/** Seconds kept to a tenth, within the video. */
function clampSecond(second: number, duration: number): number {
  const upper = duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.round(Math.min(Math.max(second, 0), upper) * 10) / 10;
}

const bySecond = (a: EditorMarker, b: EditorMarker) => a.second - b.second;

/** A fresh marker's form: type 1 one question with two options, type 2 one section of two. */
export function blankMarker(markerType: 1 | 2, second: number): MarkerInput {
  const options = () => [
    { text: '', correct: false },
    { text: '', correct: false },
  ];
  return markerType === 1
    ? { type_id: 1, second, question: '', options: options() }
    : { type_id: 2, second, question: '', sections: [{ question: '', options: options() }] };
}

function fromServer(marker: Marker): EditorMarker {
  const base = { id: marker.id, second: marker.second, question: marker.question, key: `m${marker.id}`, isNew: false };
  return marker.type_id === 1
    ? { ...base, type_id: 1, options: marker.options.map((o) => ({ ...o })) }
    : {
        ...base,
        type_id: 2,
        sections: marker.sections.map((s) => ({ question: s.question, options: s.options.map((o) => ({ ...o })) })),
      };
}

/** Spec §4 "Marker editing": add (flagged new), update, remove, clear, set and drag; open and close the modal. */
export function markersReducer(state: MarkerEditorState, action: MarkerAction): MarkerEditorState {
  switch (action.type) {
    case 'set':
      return { ...state, markers: action.markers.map(fromServer).sort(bySecond), selected: null, dirty: false };
    case 'duration':
      return { ...state, duration: action.duration };
    case 'add': {
      const marker: EditorMarker = {
        ...blankMarker(action.markerType, clampSecond(action.second, state.duration)),
        key: action.key,
        isNew: true,
      };
      // The new marker's modal opens at once: a marker is its question.
      return { ...state, markers: [...state.markers, marker].sort(bySecond), selected: action.key, dirty: true };
    }
    case 'update':
      return {
        ...state,
        markers: state.markers
          .map((m) =>
            m.key === action.key
              ? ({
                  ...action.marker,
                  id: m.id,
                  second: clampSecond(action.marker.second, state.duration),
                  key: m.key,
                  isNew: m.isNew,
                } as EditorMarker)
              : m,
          )
          .sort(bySecond),
        dirty: true,
      };
    case 'remove':
      return {
        ...state,
        markers: state.markers.filter((m) => m.key !== action.key),
        selected: state.selected === action.key ? null : state.selected,
        dirty: true,
      };
    case 'clear':
      return { ...state, markers: [], selected: null, dirty: state.dirty || state.markers.length > 0 };
    case 'drag':
      return {
        ...state,
        markers: state.markers
          .map((m) => (m.key === action.key ? { ...m, second: clampSecond(action.second, state.duration) } : m))
          .sort(bySecond),
        dirty: true,
      };
    case 'open':
      return state.markers.some((m) => m.key === action.key) ? { ...state, selected: action.key } : state;
    case 'close':
      return { ...state, selected: null };
  }
}

/** The list as PUT api/admin/contents/{id}/markers takes it: existing markers keep their id. */
export function markersToWrite(markers: readonly EditorMarker[]): MarkerInput[] {
  return markers.map(({ key: _key, isNew: _isNew, ...marker }) => marker as MarkerInput);
}
