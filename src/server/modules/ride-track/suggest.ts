import {
  RIDE_TRACK_LIMITS as LIMITS,
  type RideSegment,
  type TempoPoint,
  type Zone,
} from '@shared/ride-track';

/**
 * The ride track suggested from the music's tempo (issue #20 part 3): pure, from the points the
 * ingest job stored (one every 5 s, bpm null where no steady beat was heard).
 */

/** The tempo points' spacing; any other input is read into bins this wide. */
const STEP_SECONDS = 5;
/** No suggested segment is shorter (a class shorter than this is one segment). */
const MIN_SEGMENT_SECONDS = 30;
/** A tempo this many BPM from its stretch's (an octave up or down counting as the same) is a change... */
const CHANGE_BPM = 4;
/** ...once it holds for this many points in a row (10 s); a lone odd reading is ignored. */
const HOLD_POINTS = 2;
/** No beat heard for this long (talk, silence) is a stretch of its own; shorter gaps are ignored. */
const QUIET_SECONDS = 30;
/** A class this long starts with a warm-up and ends with a cool-down. */
const FRAMED_CLASS_SECONDS = 10 * 60;
/**
 * The warm-up (cool-down) is cut from the first (last) stretch when at least this much of it is
 * left; a shorter stretch is the warm-up (cool-down) whole.
 */
const REST_SECONDS = 60;
/** The longest class a track is suggested for (the contract's last whole second). */
const LONGEST_CLASS_SECONDS = 6 * 60 * 60;
/** Beats per minute a suggestion believes (outside: a reading to ignore). */
const BPM_RANGE = { min: 30, max: 300 } as const;

/**
 * The cadence a beat suggests: a pedal stroke per beat from 60 to 120 BPM, per two beats above
 * (a 140 BPM track rides at 70 RPM), and two strokes per beat below.
 */
export function cadenceOfBeat(bpm: number): number {
  if (bpm > 120) return Math.round(bpm / 2);
  if (bpm < 60) return Math.round(bpm * 2);
  return Math.round(bpm);
}

/** `bpm` taken an octave up or down when that is nearer `reference` (70 and 140 ride alike). */
function inOctaveOf(bpm: number, reference: number): number {
  const candidates = [bpm, bpm * 2, bpm / 2];
  return candidates.reduce((best, c) =>
    Math.abs(c - reference) < Math.abs(best - reference) ? c : best,
  );
}

/** One reading per STEP_SECONDS bin from 0 to the end: the median BPM heard in it, or null. */
function binned(points: readonly TempoPoint[], duration: number): Array<number | null> {
  const bins: number[][] = Array.from(
    { length: Math.floor(duration / STEP_SECONDS) + 1 },
    () => [],
  );
  for (const point of points) {
    const { atSeconds, bpm } = point ?? {};
    if (typeof atSeconds !== 'number' || !(atSeconds >= 0) || atSeconds > duration) continue;
    if (typeof bpm !== 'number' || !(bpm >= BPM_RANGE.min && bpm <= BPM_RANGE.max)) continue;
    bins[Math.min(bins.length - 1, Math.round(atSeconds / STEP_SECONDS))]!.push(bpm);
  }
  return bins.map((values) => (values.length ? median(values) : null));
}

/** A stretch of steady tempo (or of no beat): its first and last reading's bins. */
interface Stretch {
  first: number;
  last: number;
  /** Its tempo (the median of its readings, in one octave), or null: no beat heard. */
  bpm: number | null;
  /** Its readings in one octave, sorted. */
  sorted: number[];
}

/** Adds `value` to a sorted list, keeping it sorted. */
function insertSorted(list: number[], value: number): void {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (list[mid]! < value) low = mid + 1;
    else high = mid;
  }
  list.splice(low, 0, value);
}

const middleOf = (sorted: readonly number[]): number => {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const median = (values: readonly number[]): number => middleOf([...values].sort((a, b) => a - b));

/** Splits the readings into stretches of steady tempo and of no beat (long enough to count). */
function stretchesOf(readings: ReadonlyArray<number | null>): Stretch[] {
  const stretches: Stretch[] = [];
  let current: Stretch | null = null;
  let pending: Array<{ bin: number; bpm: number }> = [];
  let quietFrom = -1;
  const close = () => {
    if (current) stretches.push(current);
    current = null;
  };
  const start = (bin: number, values: number[]) => {
    close();
    const sorted = [...values].sort((a, b) => a - b);
    current = { first: bin, last: bin, bpm: middleOf(sorted), sorted };
  };
  readings.forEach((bpm, bin) => {
    if (bpm === null) {
      if (quietFrom < 0) quietFrom = bin;
      return;
    }
    if (quietFrom >= 0) {
      // A long enough gap without a beat is its own stretch; a short one is ignored.
      if ((bin - quietFrom) * STEP_SECONDS >= QUIET_SECONDS) {
        close();
        stretches.push({ first: quietFrom, last: bin - 1, bpm: null, sorted: [] });
        pending = [];
      }
      quietFrom = -1;
    }
    const open: Stretch | null = current;
    if (!open) {
      start(bin, [bpm]);
      return;
    }
    const aligned = inOctaveOf(bpm, open.bpm!);
    if (Math.abs(aligned - open.bpm!) <= CHANGE_BPM) {
      insertSorted(open.sorted, aligned);
      open.bpm = middleOf(open.sorted);
      open.last = bin;
      pending = [];
      return;
    }
    // A different tempo: a change once it holds (the points agreeing among themselves).
    const agrees =
      pending.length === 0 ||
      Math.abs(inOctaveOf(bpm, pending[0]!.bpm) - pending[0]!.bpm) <= CHANGE_BPM;
    pending = agrees ? [...pending, { bin, bpm }] : [{ bin, bpm }];
    if (pending.length >= HOLD_POINTS) {
      const reference = pending[0]!.bpm;
      start(
        pending[0]!.bin,
        pending.map((p) => inOctaveOf(p.bpm, reference)),
      );
      current!.last = bin;
      pending = [];
    }
  });
  close();
  if (quietFrom >= 0 && (readings.length - quietFrom) * STEP_SECONDS >= QUIET_SECONDS)
    stretches.push({ first: quietFrom, last: readings.length - 1, bpm: null, sorted: [] });
  return stretches;
}

/** A segment being shaped: whole seconds, and its tempo (null: no beat). */
interface Span {
  start: number;
  end: number;
  bpm: number | null;
}

const length = (span: Span) => span.end - span.start;

/** How far apart two spans' tempi ride (pedal strokes per minute; no beat is far from any). */
function apart(a: Span, b: Span): number {
  if (a.bpm === null || b.bpm === null) return a.bpm === b.bpm ? 0 : Infinity;
  return Math.abs(cadenceOfBeat(a.bpm) - cadenceOfBeat(b.bpm));
}

/** Joins span i with the next; the longer one's tempo stays. */
function joinWithNext(spans: Span[], i: number): void {
  const [a, b] = [spans[i]!, spans[i + 1]!];
  spans.splice(i, 2, { start: a.start, end: b.end, bpm: length(a) >= length(b) ? a.bpm : b.bpm });
}

/**
 * Every span at least `minimum` long (the shortest first joins the neighbour whose cadence is
 * nearest, on a tie the shorter), neighbours riding the same cadence joined, and at most `most`.
 */
function settle(spans: Span[], minimum: number, most: number): void {
  for (;;) {
    let shortest = -1;
    spans.forEach((span, i) => {
      if (length(span) < minimum && (shortest < 0 || length(span) < length(spans[shortest]!)))
        shortest = i;
    });
    if (shortest < 0 && spans.length > most) {
      shortest = 0;
      spans.forEach((span, i) => {
        if (length(span) < length(spans[shortest]!)) shortest = i;
      });
    }
    if (shortest < 0 || spans.length < 2) break;
    const before = shortest > 0 ? spans[shortest - 1]! : null;
    const after = shortest < spans.length - 1 ? spans[shortest + 1]! : null;
    const span = spans[shortest]!;
    const intoBefore =
      before !== null &&
      (after === null ||
        apart(before, span) < apart(after, span) ||
        (apart(before, span) === apart(after, span) && length(before) <= length(after)));
    joinWithNext(spans, intoBefore ? shortest - 1 : shortest);
  }
  for (let i = spans.length - 2; i >= 0; i -= 1) {
    if (apart(spans[i]!, spans[i + 1]!) <= 1) joinWithNext(spans, i);
  }
}

/** The warm-up (or cool-down) of a framed class: a tenth of it, 2 to 5 minutes. */
const frameSeconds = (duration: number) =>
  Math.min(300, Math.max(120, Math.round(duration / 10 / 5) * 5));

/** A warm-up and a cool-down at the ends of a class long enough, cut from its first and last span. */
function frame(spans: Span[], duration: number): { warmUp: boolean; coolDown: boolean } {
  if (duration < FRAMED_CLASS_SECONDS) return { warmUp: false, coolDown: false };
  const size = frameSeconds(duration);
  const first = spans[0]!;
  if (length(first) >= size + REST_SECONDS && spans.length < LIMITS.segments)
    spans.splice(0, 1, { ...first, end: size }, { ...first, start: size });
  const last = spans[spans.length - 1]!;
  if (spans.length >= 2 && length(last) >= size + REST_SECONDS && spans.length < LIMITS.segments)
    spans.splice(
      spans.length - 1,
      1,
      { ...last, end: duration - size },
      {
        ...last,
        start: duration - size,
      },
    );
  return { warmUp: true, coolDown: spans.length >= 2 };
}

interface Targets {
  name: string;
  resistance: number;
  zone: Zone;
  position: RideSegment['position'];
  cue: (range: string, stroke: string) => string;
}

/** The kind of riding a cadence calls for. */
function targetsFor(
  cadence: number | null,
  seconds: number,
  place: 'first' | 'last' | 'middle',
): Targets {
  if (place === 'first')
    return {
      name: 'Warm-up',
      resistance: 3,
      zone: 2,
      position: 'seated',
      cue: (range) =>
        range ? `Easy spin with the music, ${range}` : 'Easy spin to warm up: ride by feel',
    };
  if (place === 'last')
    return {
      name: 'Cool-down',
      resistance: 2,
      zone: 1,
      position: 'seated',
      cue: (range) =>
        range ? `Ease off and spin your legs out, ${range}` : 'Ease off and spin your legs out',
    };
  if (cadence === null)
    return {
      name: 'Free ride',
      resistance: 4,
      zone: 2,
      position: 'seated',
      cue: () => 'No steady beat here: ride by feel',
    };
  if (cadence < 70)
    return {
      name: 'Climb',
      resistance: 8,
      zone: 4,
      position: 'standing',
      cue: (range, stroke) => `Out of the saddle, heavy climb: ${stroke}, ${range}`,
    };
  if (cadence < 80)
    return {
      name: 'Climb',
      resistance: 6,
      zone: 3,
      position: 'seated',
      cue: (range, stroke) => `Seated climb, add resistance: ${stroke}, ${range}`,
    };
  if (cadence <= 95)
    return {
      name: 'Flat road',
      resistance: 4,
      zone: 3,
      position: 'seated',
      cue: (range, stroke) => `Steady on the flat: ${stroke}, ${range}`,
    };
  return {
    name: 'Sprint',
    resistance: 4,
    zone: seconds <= 60 ? 5 : 4,
    position: 'seated',
    cue: (range) => `Fast legs, stay smooth in the saddle: ${range}`,
  };
}

const clampCadence = (value: number) =>
  Math.min(LIMITS.cadenceMax, Math.max(LIMITS.cadenceMin, Math.round(value)));

/** How the legs follow the beat, in a rider's words. */
const strokeOf = (bpm: number) =>
  bpm > 120 ? 'a stroke every other beat' : bpm < 60 ? 'two strokes a beat' : 'a stroke a beat';

/**
 * A ride track proposed from the music's tempo: the class split where the tempo changes and holds
 * (by more than 4 BPM for 10 s or more; 70 and 140 BPM ride alike), and where no beat is heard for
 * 30 s or more; no segment shorter than 30 s (a short class is one segment), at most 200. Each gets
 * a cadence to match the beat (a stroke per beat from 60 to 120 BPM, per two beats above; ±5 RPM),
 * a name (Climb, Flat road, Sprint; Free ride without a beat; a warm-up first and a cool-down last
 * on a class of 10 minutes or more), a resistance, zone and position that fit it, and a cue. It
 * always covers the class in whole seconds (`trackIssues` finds nothing). Null when no beat was
 * heard anywhere, or the length is not a whole number of seconds from 1 to 6 hours.
 */
export function suggestRideTrack(
  points: TempoPoint[],
  durationSeconds: number,
): RideSegment[] | null {
  const duration = durationSeconds;
  if (!Number.isInteger(duration) || duration < 1 || duration > LONGEST_CLASS_SECONDS) return null;
  if (!Array.isArray(points)) return null;
  const readings = binned(points, duration);
  if (readings.every((bpm) => bpm === null)) return null;

  // Each boundary halfway between the last reading of one stretch and the first of the next.
  const stretches = stretchesOf(readings);
  const spans: Span[] = stretches.map((stretch, i) => ({
    start: i === 0 ? 0 : Math.round(((stretches[i - 1]!.last + stretch.first) * STEP_SECONDS) / 2),
    end:
      i === stretches.length - 1
        ? duration
        : Math.round(((stretch.last + stretches[i + 1]!.first) * STEP_SECONDS) / 2),
    bpm: stretch.bpm,
  }));
  for (const span of spans) {
    span.start = Math.min(duration, span.start);
    span.end = Math.min(duration, span.end);
  }
  // Two places kept for the warm-up and cool-down.
  settle(spans, Math.min(MIN_SEGMENT_SECONDS, duration), LIMITS.segments - 2);
  const { warmUp, coolDown } = frame(spans, duration);

  return spans.map((span, i) => {
    const place =
      warmUp && i === 0 ? 'first' : coolDown && i === spans.length - 1 ? 'last' : 'middle';
    const cadence = span.bpm === null ? null : cadenceOfBeat(span.bpm);
    const targets = targetsFor(cadence, length(span), place);
    const range =
      cadence === null ? null : { min: clampCadence(cadence - 5), max: clampCadence(cadence + 5) };
    return {
      startSeconds: span.start,
      endSeconds: span.end,
      name: targets.name,
      cadence: range,
      resistance: targets.resistance,
      zone: targets.zone,
      position: targets.position,
      cue: targets.cue(
        range ? `${range.min}–${range.max} RPM` : '',
        span.bpm === null ? '' : strokeOf(span.bpm),
      ),
    };
  });
}
