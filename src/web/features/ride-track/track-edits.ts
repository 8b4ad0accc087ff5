import {
  RIDE_TRACK_LIMITS as LIMITS,
  RIDE_TRACK_MESSAGES as MESSAGES,
  SEGMENT_NAMES,
  trackIssues,
  type RideSegment,
  type TrackIssue,
} from '@shared/ride-track';

/**
 * The ride track editor's edits (issue #20 part 3), pure: split at the playhead, move a boundary,
 * merge, change a segment's values, and the undo history over all of them. The page keeps a track
 * as a list of segments covering the class; every edit answers a new list and leaves the old one.
 */

/**
 * A cadence as the owner types it: a bound may still be blank. Sent as it is, the server refuses a
 * blank bound with the contract's words under that field.
 */
export interface DraftCadence {
  min: number | null;
  max: number | null;
}

/** A segment as the editor holds it: a RideSegment whose cadence may be half typed. */
export type EditorSegment = Omit<RideSegment, 'cadence'> & { cadence: DraftCadence | null };
export type Track = readonly EditorSegment[];

/** The values an owner picks for a segment (its times change through split, move and merge). */
export type SegmentValues = Pick<
  EditorSegment,
  'name' | 'cadence' | 'resistance' | 'zone' | 'position' | 'cue'
>;

/** The shortest segment the editor makes, in whole seconds. */
export const MIN_SEGMENT = LIMITS.minSegmentSeconds;

export const EDIT_MESSAGES = {
  splitEdge: `Move the playhead at least ${MIN_SEGMENT} seconds away from a segment’s start and end to split there`,
  splitFull: MESSAGES.tooMany,
  mergeLast: 'The last segment has no next segment to merge with',
} as const;

/** A new track: one segment covering the whole class, to split from. */
export function newTrack(durationSeconds: number): EditorSegment[] {
  return [
    {
      startSeconds: 0,
      endSeconds: durationSeconds,
      name: SEGMENT_NAMES[0],
      cadence: null,
      resistance: null,
      zone: null,
      position: 'seated',
      cue: '',
    },
  ];
}

/** The segment playing at `seconds` (the last one from its end on), -1 in an empty track. */
export function indexAt(track: Track, seconds: number): number {
  if (track.length === 0) return -1;
  for (let i = track.length - 1; i > 0; i--) if (track[i]!.startSeconds <= seconds) return i;
  return 0;
}

export type EditResult = { track: EditorSegment[]; selected: number } | { error: string };

/**
 * Splits the segment under `at` (whole seconds, rounded down) in two with the same values; the new
 * second half is selected. Refused when either half would be shorter than the minimum.
 */
export function split(track: Track, at: number): EditResult {
  if (track.length >= LIMITS.segments) return { error: EDIT_MESSAGES.splitFull };
  const second = Math.floor(at);
  const index = indexAt(track, second);
  const segment = track[index];
  if (
    !segment ||
    second - segment.startSeconds < MIN_SEGMENT ||
    segment.endSeconds - second < MIN_SEGMENT
  )
    return { error: EDIT_MESSAGES.splitEdge };
  const next = [...track];
  next.splice(
    index,
    1,
    { ...segment, endSeconds: second },
    { ...segment, cadence: copyCadence(segment.cadence), startSeconds: second },
  );
  return { track: next, selected: index + 1 };
}

/**
 * Where boundary `boundary` (the start of segment `boundary`, 1 to length - 1) may go: neither of
 * the segments either side shorter than the minimum. Null for no such boundary.
 */
export function boundaryRange(track: Track, boundary: number): { min: number; max: number } | null {
  const before = track[boundary - 1];
  const after = track[boundary];
  if (!before || !after || boundary < 1) return null;
  const min = before.startSeconds + MIN_SEGMENT;
  const max = after.endSeconds - MIN_SEGMENT;
  // Two segments already shorter than the minimum together (a track from elsewhere): it stays.
  if (min > max) return { min: after.startSeconds, max: after.startSeconds };
  return { min, max };
}

/** Moves boundary `boundary` to `to` (whole seconds), clamped to boundaryRange. */
export function moveBoundary(track: Track, boundary: number, to: number): EditorSegment[] {
  const range = boundaryRange(track, boundary);
  if (!range || !Number.isFinite(to)) return [...track];
  const at = Math.min(range.max, Math.max(range.min, Math.round(to)));
  if (at === track[boundary]!.startSeconds) return [...track];
  const next = [...track];
  next[boundary - 1] = { ...track[boundary - 1]!, endSeconds: at };
  next[boundary] = { ...track[boundary]!, startSeconds: at };
  return next;
}

/** Merges segment `index` with the next one: it keeps its own values and reaches the next's end. */
export function mergeWithNext(track: Track, index: number): EditResult {
  const segment = track[index];
  const next = track[index + 1];
  if (!segment || !next) return { error: EDIT_MESSAGES.mergeLast };
  const merged = [...track];
  merged.splice(index, 2, { ...segment, endSeconds: next.endSeconds });
  return { track: merged, selected: index };
}

/** Changes segment `index`'s values (never its times). */
export function updateSegment(
  track: Track,
  index: number,
  values: Partial<SegmentValues>,
): EditorSegment[] {
  const segment = track[index];
  if (!segment) return [...track];
  const next = [...track];
  const { startSeconds, endSeconds } = segment;
  next[index] = { ...segment, ...values, startSeconds, endSeconds };
  return next;
}

/** A cadence from the two bounds typed: both blank is none. */
export function cadenceOf(min: number | null, max: number | null): DraftCadence | null {
  return min === null && max === null ? null : { min, max };
}

function copyCadence(cadence: DraftCadence | null): DraftCadence | null {
  return cadence && { ...cadence };
}

/** Segments from the server (a saved track or the music's suggestion) as the editor holds them. */
export function fromSaved(segments: readonly RideSegment[]): EditorSegment[] {
  return segments.map((segment) => ({ ...segment, cadence: copyCadence(segment.cadence) }));
}

/** True when two tracks are the same segments with the same values. */
export function sameTrack(a: Track, b: Track): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Where the track breaks the rules before it is sent: how segments fit the class (the server's own
 * check, trackIssues) and a cadence with one bound blank (the contract's words).
 */
export function liveIssues(track: Track, durationSeconds: number): TrackIssue[] {
  const shape = trackIssues(
    track.map((segment) => ({ ...segment, cadence: null })),
    durationSeconds,
  );
  const cadence: TrackIssue[] = [];
  track.forEach((segment, i) => {
    const range = segment.cadence;
    if (!range) return;
    if (range.min === null)
      cadence.push({ field: `segments.${i}.cadence.min`, message: MESSAGES.cadence });
    else if (range.max === null)
      cadence.push({ field: `segments.${i}.cadence.max`, message: MESSAGES.cadence });
  });
  return [...shape, ...cadence];
}

/** What a problem's field names: a segment and the form field it belongs to. */
export type IssueField = 'name' | 'cadence' | 'resistance' | 'zone' | 'position' | 'cue' | 'time';

export interface PlacedIssue {
  /** The segment, or null for the track as a whole ('segments'). */
  segment: number | null;
  field: IssueField | null;
  message: string;
}

const FIELD_OF: Record<string, IssueField> = {
  name: 'name',
  cadence: 'cadence',
  resistance: 'resistance',
  zone: 'zone',
  position: 'position',
  cue: 'cue',
  startSeconds: 'time',
  endSeconds: 'time',
};

/** Puts a problem (`segments.3.cadence.max`) against its segment and field. */
export function placeIssue({ field, message }: TrackIssue): PlacedIssue {
  const match = /^segments\.(\d+)(?:\.(\w+))?/.exec(field);
  if (!match) return { segment: null, field: null, message };
  const segment = Number(match[1]);
  return { segment, field: (match[2] && FIELD_OF[match[2]]) || null, message };
}

/**
 * The server's answers to a save that still stand: each while its segment's field holds the value
 * that was sent, all gone once segments are added or removed (their numbers no longer match).
 */
export function standingErrors(
  errors: readonly TrackIssue[],
  sent: Track,
  now: Track,
): TrackIssue[] {
  if (errors.length === 0) return [];
  if (sent.length !== now.length) return [];
  const unchanged = sameTrack(sent, now);
  return errors.filter(({ field }) => {
    const match = /^segments\.(\d+)\.(\w+)/.exec(field);
    if (!match) return unchanged;
    const index = Number(match[1]);
    const key = match[2] as keyof EditorSegment;
    const before = sent[index];
    const after = now[index];
    if (!before || !after) return false;
    // A time problem is about how segments fit: it stands while no time changed.
    if (key === 'startSeconds' || key === 'endSeconds')
      return sent.every(
        (s, i) => s.startSeconds === now[i]!.startSeconds && s.endSeconds === now[i]!.endSeconds,
      );
    return JSON.stringify(before[key]) === JSON.stringify(after[key]);
  });
}

/* ---------- Undo history ---------- */

/** What undo puts back: the segments and which one was selected. */
export interface EditorSnapshot {
  segments: EditorSegment[];
  selected: number;
}

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /**
   * The coalescing key of the last edit: a following edit with the same key (typing a name, one
   * drag) replaces it instead of adding a step. Null after undo, redo or a selection.
   */
  key: string | null;
}

export type HistoryAction<T> =
  /** A new state; `key` coalesces consecutive edits of one field or gesture into one step. */
  | { type: 'apply'; next: T; key?: string }
  /** Changes the present without a step of its own (a selection). */
  | { type: 'amend'; next: T }
  | { type: 'undo' }
  | { type: 'redo' }
  /** Starts over from `present` with nothing to undo (a track loaded or removed). */
  | { type: 'reset'; present: T };

/** How many steps undo keeps. */
export const HISTORY_LIMIT = 200;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], key: null };
}

export function historyReducer<T>(state: History<T>, action: HistoryAction<T>): History<T> {
  switch (action.type) {
    case 'apply': {
      if (action.next === state.present) return state;
      const key = action.key ?? null;
      if (key !== null && key === state.key) return { ...state, present: action.next, future: [] };
      const past = [...state.past, state.present];
      if (past.length > HISTORY_LIMIT) past.splice(0, past.length - HISTORY_LIMIT);
      return { past, present: action.next, future: [], key };
    }
    case 'amend':
      return { ...state, present: action.next, key: null };
    case 'undo': {
      if (state.past.length === 0) return state;
      const present = state.past[state.past.length - 1]!;
      return {
        past: state.past.slice(0, -1),
        present,
        future: [state.present, ...state.future],
        key: null,
      };
    }
    case 'redo': {
      if (state.future.length === 0) return state;
      const [present, ...future] = state.future;
      return { past: [...state.past, state.present], present: present!, future, key: null };
    }
    case 'reset':
      return startHistory(action.present);
  }
}
