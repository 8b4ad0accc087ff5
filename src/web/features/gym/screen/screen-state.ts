/**
 * A studio screen's life (issue #21 part 3, docs/decisions/0050), as a pure reducer: showing a
 * pairing code until the owner enters it, then paired (a token kept on the device) with the last
 * timetable it was given, and back to a code when the studio removes it.
 */
import type { ScreenPairingStarted, ScreenTimetableResponse } from '@shared/screens';

export type ScreenState =
  | {
      kind: 'pairing';
      /** The code on screen; null while a new one is asked for. */
      pairing: ScreenPairingStarted | null;
      /** The studio removed this screen (say so above the new code). */
      removed: boolean;
      /** The last code ran out (say a new one is on its way). */
      expired: boolean;
    }
  | {
      kind: 'paired';
      token: string;
      /** The last timetable answered (kept on the device), or null before the first. */
      timetable: ScreenTimetableResponse | null;
      /** Its ETag, for the next poll's If-None-Match. */
      etag: string | null;
    };

export type ScreenEvent =
  /** The server handed out a code. */
  | { type: 'code'; pairing: ScreenPairingStarted }
  /** The code ran out (or was about to, or the pairing was gone): a new one is needed. */
  | { type: 'code-expired' }
  /** The owner entered the code: the device's token. */
  | { type: 'paired'; token: string }
  /** A new timetable (not a 304). */
  | { type: 'timetable'; timetable: ScreenTimetableResponse; etag: string | null }
  /** 401 screen_revoked: the token is no good any more. */
  | { type: 'revoked' };

/** What the device kept: its token and last timetable (none: a new screen, pairing). */
export interface KeptScreen {
  token: string;
  timetable: ScreenTimetableResponse | null;
  etag: string | null;
}

export const pairingState = (removed = false): ScreenState => ({
  kind: 'pairing',
  pairing: null,
  removed,
  expired: false,
});

export function initialScreenState(kept: KeptScreen | null): ScreenState {
  return kept ? { kind: 'paired', ...kept } : pairingState();
}

export function screenReducer(state: ScreenState, event: ScreenEvent): ScreenState {
  switch (event.type) {
    case 'code':
      // A code that comes back after the screen was paired (a slow answer) is dropped.
      return state.kind === 'pairing'
        ? { ...state, pairing: event.pairing, expired: false }
        : state;
    case 'code-expired':
      return state.kind === 'pairing' ? { ...state, pairing: null, expired: true } : state;
    case 'paired':
      return state.kind === 'pairing'
        ? { kind: 'paired', token: event.token, timetable: null, etag: null }
        : state;
    case 'timetable':
      return state.kind === 'paired'
        ? { ...state, timetable: event.timetable, etag: event.etag }
        : state;
    case 'revoked':
      return state.kind === 'paired' ? pairingState(true) : state;
  }
}

/** What to keep on the device for a state (null: forget the token and the timetable). */
export const keptOf = (state: ScreenState): KeptScreen | null =>
  state.kind === 'paired'
    ? { token: state.token, timetable: state.timetable, etag: state.etag }
    : null;
