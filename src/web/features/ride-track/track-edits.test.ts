import { describe, expect, it } from 'vitest';
import {
  RIDE_TRACK_LIMITS,
  RIDE_TRACK_MESSAGES,
  trackIssues,
  type RideSegment,
} from '@shared/ride-track';
import {
  boundaryRange,
  cadenceOf,
  EDIT_MESSAGES,
  fromSaved,
  HISTORY_LIMIT,
  historyReducer,
  indexAt,
  liveIssues,
  mergeWithNext,
  MIN_SEGMENT,
  moveBoundary,
  newTrack,
  placeIssue,
  sameTrack,
  split,
  standingErrors,
  startHistory,
  updateSegment,
  type EditorSegment,
  type EditResult,
  type History,
  type Track,
} from './track-edits';

const CLASS = 2700;

/** A track with boundaries at the given seconds, each segment named by its number. */
function trackWith(...boundaries: number[]): EditorSegment[] {
  const edges = [0, ...boundaries, CLASS];
  return edges.slice(0, -1).map((start, i) => ({
    ...newTrack(CLASS)[0]!,
    startSeconds: start,
    endSeconds: edges[i + 1]!,
    name: `Part ${i + 1}`,
  }));
}

const spans = (track: Track) => track.map((s) => [s.startSeconds, s.endSeconds]);

function ok(result: EditResult) {
  if ('error' in result) throw new Error(`expected an edit, got: ${result.error}`);
  return result;
}

/** What the server would refuse in how the segments fit the class. */
const shapeProblems = (track: Track, duration = CLASS) =>
  trackIssues(
    track.map((s) => ({ ...s, cadence: null })),
    duration,
  );

describe('newTrack', () => {
  it('is one seated segment covering the class, with a name the server takes', () => {
    const track = newTrack(CLASS);
    expect(track).toEqual([
      {
        startSeconds: 0,
        endSeconds: CLASS,
        name: 'Warm-up',
        cadence: null,
        resistance: null,
        zone: null,
        position: 'seated',
        cue: '',
      },
    ]);
    expect(shapeProblems(track)).toEqual([]);
  });

  it('covers even a class shorter than the shortest segment', () => {
    expect(shapeProblems(newTrack(3), 3)).toEqual([]);
  });
});

describe('indexAt', () => {
  const track = trackWith(300, 900);
  it('finds the segment playing at a time, its start inclusive and its end exclusive', () => {
    expect(indexAt(track, 0)).toBe(0);
    expect(indexAt(track, 299.9)).toBe(0);
    expect(indexAt(track, 300)).toBe(1);
    expect(indexAt(track, 899)).toBe(1);
    expect(indexAt(track, 900)).toBe(2);
  });
  it('answers the last segment at and past the class end, -1 for no segments', () => {
    expect(indexAt(track, CLASS)).toBe(2);
    expect(indexAt(track, CLASS + 50)).toBe(2);
    expect(indexAt([], 10)).toBe(-1);
  });
});

describe('split', () => {
  it('cuts the segment under the playhead in two with the same values, selecting the second', () => {
    const track = updateSegment(trackWith(600), 0, {
      name: 'Climb',
      cadence: { min: 70, max: 80 },
      resistance: 7,
      zone: 4,
      position: 'standing',
      cue: 'Up the hill',
    });
    const { track: next, selected } = ok(split(track, 240));
    expect(spans(next)).toEqual([
      [0, 240],
      [240, 600],
      [600, CLASS],
    ]);
    expect(selected).toBe(1);
    const { startSeconds: _a, endSeconds: _b, ...first } = next[0]!;
    const { startSeconds: _c, endSeconds: _d, ...second } = next[1]!;
    expect(second).toEqual(first);
    expect(shapeProblems(next)).toEqual([]);
  });

  it('splits at the whole second under a playhead between seconds', () => {
    expect(spans(ok(split(newTrack(CLASS), 61.9)).track)).toEqual([
      [0, 61],
      [61, CLASS],
    ]);
  });

  it('leaves the original untouched and gives each half its own cadence', () => {
    const track = updateSegment(newTrack(CLASS), 0, { cadence: { min: 80, max: 90 } });
    const before = JSON.stringify(track);
    const { track: next } = ok(split(track, 100));
    expect(JSON.stringify(track)).toBe(before);
    expect(next[0]!.cadence).not.toBe(next[1]!.cadence);
  });

  it('refuses a half shorter than the minimum, at either edge', () => {
    const track = trackWith(600);
    expect(split(track, MIN_SEGMENT - 1)).toEqual({ error: EDIT_MESSAGES.splitEdge });
    expect(split(track, 600 - MIN_SEGMENT + 1)).toEqual({ error: EDIT_MESSAGES.splitEdge });
    expect(split(track, 600)).toEqual({ error: EDIT_MESSAGES.splitEdge });
    expect(split(track, CLASS)).toEqual({ error: EDIT_MESSAGES.splitEdge });
    expect('track' in split(track, MIN_SEGMENT)).toBe(true);
    expect('track' in split(track, 600 - MIN_SEGMENT)).toBe(true);
  });

  it('refuses past the most segments a track may have', () => {
    const full = trackWith(
      ...Array.from({ length: RIDE_TRACK_LIMITS.segments - 1 }, (_, i) => (i + 1) * 10),
    );
    expect(full).toHaveLength(RIDE_TRACK_LIMITS.segments);
    expect(split(full, CLASS - 100)).toEqual({ error: RIDE_TRACK_MESSAGES.tooMany });
  });
});

describe('moveBoundary', () => {
  const track = trackWith(300, 900);

  it('moves the end of one segment and the start of the next together', () => {
    const next = moveBoundary(track, 1, 420);
    expect(spans(next)).toEqual([
      [0, 420],
      [420, 900],
      [900, CLASS],
    ]);
    expect(next[0]!.name).toBe('Part 1');
    expect(next[1]!.name).toBe('Part 2');
    expect(shapeProblems(next)).toEqual([]);
  });

  it('rounds to whole seconds', () => {
    expect(moveBoundary(track, 2, 1000.6)[2]!.startSeconds).toBe(1001);
  });

  it('stops short of making either side shorter than the minimum', () => {
    expect(spans(moveBoundary(track, 1, 0))[0]).toEqual([0, MIN_SEGMENT]);
    expect(spans(moveBoundary(track, 1, 5000))[1]).toEqual([900 - MIN_SEGMENT, 900]);
    expect(spans(moveBoundary(track, 2, CLASS))[2]).toEqual([CLASS - MIN_SEGMENT, CLASS]);
    for (const to of [-100, 0, 3, 299, 1200, 9999]) {
      expect(shapeProblems(moveBoundary(track, 1, to))).toEqual([]);
      expect(shapeProblems(moveBoundary(track, 2, to))).toEqual([]);
    }
  });

  it('ignores a boundary that does not exist and a time that is no number', () => {
    expect(spans(moveBoundary(track, 0, 100))).toEqual(spans(track));
    expect(spans(moveBoundary(track, 3, 100))).toEqual(spans(track));
    expect(spans(moveBoundary(track, 1, Number.NaN))).toEqual(spans(track));
  });

  it('gives the range a boundary may move in', () => {
    expect(boundaryRange(track, 1)).toEqual({ min: MIN_SEGMENT, max: 900 - MIN_SEGMENT });
    expect(boundaryRange(track, 2)).toEqual({ min: 300 + MIN_SEGMENT, max: CLASS - MIN_SEGMENT });
    expect(boundaryRange(track, 0)).toBeNull();
    expect(boundaryRange(track, 3)).toBeNull();
  });

  it('keeps a boundary between two segments already too short together where it is', () => {
    const cramped = [
      { ...track[0]!, startSeconds: 0, endSeconds: 4 },
      { ...track[1]!, startSeconds: 4, endSeconds: 8 },
      { ...track[2]!, startSeconds: 8, endSeconds: CLASS },
    ];
    expect(boundaryRange(cramped, 1)).toEqual({ min: 4, max: 4 });
    expect(spans(moveBoundary(cramped, 1, 6))).toEqual(spans(cramped));
  });
});

describe('mergeWithNext', () => {
  it('joins a segment and the next, keeping the first one’s values', () => {
    const track = updateSegment(trackWith(300, 900), 1, { name: 'Climb', resistance: 8 });
    const { track: next, selected } = ok(mergeWithNext(track, 1));
    expect(spans(next)).toEqual([
      [0, 300],
      [300, CLASS],
    ]);
    expect(next[1]).toMatchObject({ name: 'Climb', resistance: 8 });
    expect(selected).toBe(1);
    expect(shapeProblems(next)).toEqual([]);
  });

  it('refuses the last segment', () => {
    expect(mergeWithNext(trackWith(300), 1)).toEqual({ error: EDIT_MESSAGES.mergeLast });
    expect(mergeWithNext(newTrack(CLASS), 0)).toEqual({ error: EDIT_MESSAGES.mergeLast });
  });

  it('undoes a split', () => {
    const track = trackWith(300);
    expect(ok(mergeWithNext(ok(split(track, 100)).track, 0)).track).toEqual(track);
  });
});

describe('updateSegment', () => {
  it('changes one segment’s values and never its times', () => {
    const track = trackWith(300);
    const next = updateSegment(track, 1, {
      name: 'Sprint',
      zone: 5,
      // A caller cannot move a segment by passing times through the values.
      ...({ startSeconds: 10 } as object),
    });
    expect(next[1]).toMatchObject({ name: 'Sprint', zone: 5 });
    expect(spans(next)).toEqual(spans(track));
    expect(next[0]).toBe(track[0]);
  });

  it('ignores a segment that does not exist', () => {
    const track = trackWith(300);
    expect(updateSegment(track, 5, { name: 'x' })).toEqual(track);
  });
});

describe('cadenceOf', () => {
  it('is none when both bounds are blank, else the bounds as typed', () => {
    expect(cadenceOf(null, null)).toBeNull();
    expect(cadenceOf(80, null)).toEqual({ min: 80, max: null });
    expect(cadenceOf(80, 90)).toEqual({ min: 80, max: 90 });
  });
});

describe('fromSaved and sameTrack', () => {
  it('copies a saved track, equal in value but not shared', () => {
    const saved: RideSegment[] = [
      { ...newTrack(60)[0]!, endSeconds: 30, cadence: { min: 80, max: 90 } },
      { ...newTrack(60)[0]!, startSeconds: 30, endSeconds: 60, cadence: null },
    ];
    const copy = fromSaved(saved);
    expect(copy).toEqual(saved);
    expect(copy[0]!.cadence).not.toBe(saved[0]!.cadence);
    expect(sameTrack(copy, saved)).toBe(true);
    expect(sameTrack(copy, updateSegment(copy, 0, { cue: 'Go' }))).toBe(false);
  });
});

describe('liveIssues', () => {
  it('finds nothing wrong with a track the edits made', () => {
    let track: Track = newTrack(CLASS);
    track = ok(split(track, 600)).track;
    track = ok(split(track, 1200)).track;
    track = moveBoundary(track, 1, 500);
    track = ok(mergeWithNext(track, 1)).track;
    expect(liveIssues(track, CLASS)).toEqual([]);
  });

  it('says where a track does not fit the class, in the server’s words', () => {
    // A saved track from before the class was replaced by a shorter one.
    expect(liveIssues(trackWith(300), 1800)).toEqual([
      { field: 'segments.1.endSeconds', message: RIDE_TRACK_MESSAGES.lastEnd('30:00') },
    ]);
  });

  it('says a cadence with a blank bound is not one', () => {
    const track = updateSegment(
      updateSegment(trackWith(300), 0, { cadence: { min: 80, max: null } }),
      1,
      { cadence: { min: null, max: 90 } },
    );
    expect(liveIssues(track, CLASS)).toEqual([
      { field: 'segments.0.cadence.max', message: RIDE_TRACK_MESSAGES.cadence },
      { field: 'segments.1.cadence.min', message: RIDE_TRACK_MESSAGES.cadence },
    ]);
  });
});

describe('placeIssue', () => {
  it('puts a field path against its segment and form field', () => {
    expect(placeIssue({ field: 'segments.3.cadence.max', message: 'm' })).toEqual({
      segment: 3,
      field: 'cadence',
      message: 'm',
    });
    expect(placeIssue({ field: 'segments.0.endSeconds', message: 'm' })).toMatchObject({
      segment: 0,
      field: 'time',
    });
    expect(placeIssue({ field: 'segments.12.startSeconds', message: 'm' })).toMatchObject({
      segment: 12,
      field: 'time',
    });
    expect(placeIssue({ field: 'segments.2.name', message: 'm' })).toMatchObject({
      segment: 2,
      field: 'name',
    });
    expect(placeIssue({ field: 'segments.2', message: 'm' })).toMatchObject({
      segment: 2,
      field: null,
    });
  });

  it('keeps a problem of the whole track apart', () => {
    expect(placeIssue({ field: 'segments', message: 'Add at least one segment' })).toEqual({
      segment: null,
      field: null,
      message: 'Add at least one segment',
    });
    expect(placeIssue({ field: 'durationSeconds', message: 'm' }).segment).toBeNull();
  });
});

describe('standingErrors', () => {
  const sent = updateSegment(trackWith(300), 1, { cadence: { min: 95, max: 90 }, name: 'Climb' });
  const errors = [
    { field: 'segments.1.cadence.max', message: RIDE_TRACK_MESSAGES.cadence },
    { field: 'segments.1.endSeconds', message: 'time problem' },
    { field: 'segments', message: 'track problem' },
  ];

  it('keeps every answer while nothing changed', () => {
    expect(standingErrors(errors, sent, [...sent])).toEqual(errors);
  });

  it('drops a field’s answer once its value changes, and the track’s with it', () => {
    const fixed = updateSegment(sent, 1, { cadence: { min: 85, max: 90 } });
    expect(standingErrors(errors, sent, fixed)).toEqual([errors[1]]);
  });

  it('keeps a field’s answer while another field changes', () => {
    const renamed = updateSegment(sent, 1, { name: 'Hill' });
    expect(standingErrors(errors, sent, renamed).map((e) => e.field)).toEqual([
      'segments.1.cadence.max',
      'segments.1.endSeconds',
    ]);
  });

  it('drops a time answer once a boundary moves', () => {
    const moved = moveBoundary(sent, 1, 400);
    expect(standingErrors(errors, sent, moved).map((e) => e.field)).toEqual([
      'segments.1.cadence.max',
    ]);
  });

  it('drops them all once segments are added or removed', () => {
    expect(standingErrors(errors, sent, ok(split(sent, 100)).track)).toEqual([]);
    expect(standingErrors(errors, sent, ok(mergeWithNext(sent, 0)).track)).toEqual([]);
  });
});

describe('historyReducer', () => {
  const start = () => startHistory('a');
  const run = (
    state: History<string>,
    ...actions: Parameters<typeof historyReducer<string>>[1][]
  ) => actions.reduce(historyReducer<string>, state);

  it('undoes and redoes each edit in turn', () => {
    let h = run(start(), { type: 'apply', next: 'b' }, { type: 'apply', next: 'c' });
    expect(h).toMatchObject({ past: ['a', 'b'], present: 'c', future: [] });
    h = run(h, { type: 'undo' });
    expect(h).toMatchObject({ past: ['a'], present: 'b', future: ['c'] });
    h = run(h, { type: 'undo' });
    expect(h).toMatchObject({ past: [], present: 'a', future: ['b', 'c'] });
    h = run(h, { type: 'redo' }, { type: 'redo' });
    expect(h).toMatchObject({ past: ['a', 'b'], present: 'c', future: [] });
  });

  it('does nothing when there is nothing to undo or redo', () => {
    const h = start();
    expect(run(h, { type: 'undo' })).toBe(h);
    expect(run(h, { type: 'redo' })).toBe(h);
  });

  it('forgets what was undone once a new edit is made', () => {
    const h = run(
      start(),
      { type: 'apply', next: 'b' },
      { type: 'undo' },
      { type: 'apply', next: 'x' },
    );
    expect(h).toMatchObject({ past: ['a'], present: 'x', future: [] });
    expect(run(h, { type: 'redo' })).toBe(h);
  });

  it('makes one step of consecutive edits with the same key (typing a name, one drag)', () => {
    const h = run(
      start(),
      { type: 'apply', next: 'C', key: 'name:0' },
      { type: 'apply', next: 'Cl', key: 'name:0' },
      { type: 'apply', next: 'Climb', key: 'name:0' },
    );
    expect(h).toMatchObject({ past: ['a'], present: 'Climb' });
    expect(run(h, { type: 'undo' }).present).toBe('a');
  });

  it('starts a new step when the key changes, after an undo and after a selection', () => {
    let h = run(
      start(),
      { type: 'apply', next: 'b', key: 'name:0' },
      { type: 'apply', next: 'c', key: 'cue:0' },
    );
    expect(h.past).toEqual(['a', 'b']);
    h = run(h, { type: 'undo' }, { type: 'apply', next: 'd', key: 'name:0' });
    expect(h.past).toEqual(['a', 'b']);
    h = run(h, { type: 'amend', next: 'd2' }, { type: 'apply', next: 'e', key: 'name:0' });
    expect(h).toMatchObject({ past: ['a', 'b', 'd2'], present: 'e' });
  });

  it('clears what was undone even when an edit coalesces', () => {
    const h = run(
      start(),
      { type: 'apply', next: 'b', key: 'k' },
      { type: 'apply', next: 'c' },
      { type: 'undo' },
    );
    expect(h.future).toEqual(['c']);
    // After undo the key is gone, so this is a step of its own that drops 'c'.
    expect(run(h, { type: 'apply', next: 'd', key: 'k' })).toMatchObject({
      past: ['a', 'b'],
      present: 'd',
      future: [],
    });
  });

  it('ignores an edit that changes nothing', () => {
    const h = run(start(), { type: 'apply', next: 'b' });
    expect(run(h, { type: 'apply', next: h.present })).toBe(h);
  });

  it('amends the present without a step (a selection is not undone by itself)', () => {
    const h = run(start(), { type: 'apply', next: 'b' }, { type: 'amend', next: 'b*' });
    expect(h).toMatchObject({ past: ['a'], present: 'b*' });
    expect(run(h, { type: 'undo' }).present).toBe('a');
  });

  it('keeps the latest steps only', () => {
    let h = start();
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) h = run(h, { type: 'apply', next: `s${i}` });
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe('s19');
  });

  it('starts over on reset', () => {
    const h = run(
      start(),
      { type: 'apply', next: 'b' },
      { type: 'undo' },
      {
        type: 'reset',
        present: 'z',
      },
    );
    expect(h).toEqual({ past: [], present: 'z', future: [], key: null });
  });

  it('undoes and redoes a whole editing session of a track', () => {
    let h = startHistory({ segments: newTrack(CLASS), selected: 0 });
    const apply = (segments: EditorSegmentList, selected: number, key?: string) => {
      h = historyReducer(h, { type: 'apply', next: { segments, selected }, key });
    };
    type EditorSegmentList = EditorSegment[];
    const s1 = ok(split(h.present.segments, 600));
    apply(s1.track, s1.selected);
    apply(moveBoundary(h.present.segments, 1, 540), 1, 'drag:1');
    apply(moveBoundary(h.present.segments, 1, 520), 1, 'drag:1');
    apply(updateSegment(h.present.segments, 1, { name: 'C' }), 1, 'name:1');
    apply(updateSegment(h.present.segments, 1, { name: 'Climb' }), 1, 'name:1');
    expect(spans(h.present.segments)).toEqual([
      [0, 520],
      [520, CLASS],
    ]);
    expect(h.past).toHaveLength(3);

    h = historyReducer(h, { type: 'undo' });
    expect(h.present.segments[1]!.name).toBe('Warm-up');
    h = historyReducer(h, { type: 'undo' });
    expect(spans(h.present.segments)[0]).toEqual([0, 600]);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.segments).toEqual(newTrack(CLASS));
    h = historyReducer(historyReducer(historyReducer(h, { type: 'redo' }), { type: 'redo' }), {
      type: 'redo',
    });
    expect(h.present.segments[1]).toMatchObject({ name: 'Climb', startSeconds: 520 });
  });
});
