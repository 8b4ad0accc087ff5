import { formatClock } from '@shared/format';
import {
  POSITIONS,
  segmentColor,
  segmentIndexAt,
  ZONE_INFO,
  ZONES,
  type RideSegment,
} from '@shared/ride-track';

/**
 * Where a rider is in a class's ride track (issue #20 part 4), as the player shows it: the segment
 * playing, the next one and the whole seconds to it, and the class's profile. Pure and zod-free:
 * the public page's player chunk loads it (docs/decisions/0017).
 */

export interface RidePosition {
  index: number;
  segment: RideSegment;
  /** The segment after this one; null in the last. */
  next: RideSegment | null;
  /**
   * Whole seconds until the next segment (the class's end in the last), rounded up: 0:01 is the
   * last second shown before the change, never 0:00 while a segment plays; 0 once past the end.
   */
  secondsLeft: number;
  /** How far into the whole track, 0 to 1 (the strip's marker). */
  fraction: number;
}

/** The rider's place at `seconds` of the class, or null without segments. */
export function ridePosition(
  segments: readonly RideSegment[],
  seconds: number,
): RidePosition | null {
  const at = Number.isFinite(seconds) ? Math.max(0, seconds) : 0;
  const index = segmentIndexAt(segments, at);
  const segment = segments[index];
  if (!segment) return null;
  const next = segments[index + 1] ?? null;
  const end = segments[segments.length - 1]!.endSeconds;
  const changeAt = next ? next.startSeconds : segment.endSeconds;
  return {
    index,
    segment,
    next,
    secondsLeft: Math.max(0, Math.ceil(changeAt - at)),
    fraction: end > 0 ? Math.min(1, at / end) : 0,
  };
}

/** 'Climb in 0:10', or 'Class ends in 0:10' in the last segment ('Class ends' at its very end). */
export function countdownText({ next, secondsLeft }: Pick<RidePosition, 'next' | 'secondsLeft'>) {
  const what = next ? next.name : 'Class ends';
  return secondsLeft > 0 ? `${what} in ${formatClock(secondsLeft)}` : what;
}

/**
 * The figure shown largest, read from the saddle: the cadence range when one is called, else the
 * resistance, else the zone; null when the segment calls none.
 */
export function headlineTarget(segment: RideSegment): { value: string; unit: string } | null {
  if (segment.cadence) {
    const { min, max } = segment.cadence;
    return { value: min === max ? String(min) : `${min}–${max}`, unit: 'RPM' };
  }
  if (segment.resistance !== null) return { value: String(segment.resistance), unit: 'resistance' };
  if (segment.zone !== null) return { value: String(segment.zone), unit: 'zone' };
  return null;
}

/** Beside the headline: the resistance (when not the headline itself), then seated or standing. */
export function secondaryTargets(segment: RideSegment): string[] {
  const parts: string[] = [];
  if (segment.resistance !== null && segment.cadence)
    parts.push(`Resistance ${segment.resistance}`);
  parts.push(segment.position === 'standing' ? 'Standing' : 'Seated');
  return parts;
}

/** 'Zone 4 · Hard' beside the band of its colour; null for a segment without a zone. */
export const zoneLabel = (segment: RideSegment): string | null =>
  segment.zone === null ? null : ZONE_INFO[segment.zone].label;

/**
 * How hard a segment is, 0 to 1, for the profile's heights: its zone when it has one (the effort
 * itself), else its resistance, else its cadence (60 to 120 RPM across the range), else easy.
 */
export function intensity(segment: RideSegment): number {
  if (segment.zone !== null) return segment.zone / 5;
  if (segment.resistance !== null) return segment.resistance / 10;
  if (segment.cadence) return Math.min(1, Math.max(0.1, (segment.cadence.max - 60) / 60));
  return 0.1;
}

export interface ProfileBar {
  /** Percentages of the strip's width and height. */
  left: number;
  width: number;
  height: number;
  color: string;
}

/** The lowest bar's height: an easy segment still shows. */
const MIN_BAR = 22;

/** The class's profile, like a course's elevation: a bar per segment, as wide as it lasts, as high as it is hard. */
export function profileBars(segments: readonly RideSegment[]): ProfileBar[] {
  const end = segments[segments.length - 1]?.endSeconds ?? 0;
  if (end <= 0) return [];
  return segments.map((segment) => ({
    left: (segment.startSeconds / end) * 100,
    width: ((segment.endSeconds - segment.startSeconds) / end) * 100,
    height: MIN_BAR + (100 - MIN_BAR) * intensity(segment),
    color: segmentColor(segment),
  }));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isWhole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isNumberOrNull = (value: unknown) => value === null || typeof value === 'number';

function readSegment(value: unknown): RideSegment | null {
  if (!isObject(value)) return null;
  const { startSeconds, endSeconds, name, cadence, resistance, zone, position, cue } = value;
  if (!isWhole(startSeconds) || !isWhole(endSeconds) || endSeconds <= startSeconds) return null;
  if (typeof name !== 'string' || (cue !== undefined && typeof cue !== 'string')) return null;
  if (!isNumberOrNull(resistance ?? null)) return null;
  if (zone != null && !ZONES.includes(zone as never)) return null;
  if (position !== undefined && !POSITIONS.includes(position as never)) return null;
  let range: RideSegment['cadence'] = null;
  if (cadence != null) {
    if (!isObject(cadence) || typeof cadence.min !== 'number' || typeof cadence.max !== 'number')
      return null;
    range = { min: cadence.min, max: cadence.max };
  }
  return {
    startSeconds,
    endSeconds,
    name,
    cadence: range,
    resistance: (resistance ?? null) as number | null,
    zone: (zone ?? null) as RideSegment['zone'],
    position: (position ?? 'seated') as RideSegment['position'],
    cue: (cue as string | undefined) ?? '',
  };
}

/**
 * The public answer `{ segments }` read without zod (the gym build has none): the segments in
 * order, each starting where the one before ends; null when the answer is not such a track (the
 * class then plays without one).
 */
export function readRideTrack(body: unknown): RideSegment[] | null {
  if (!isObject(body) || !Array.isArray(body.segments) || body.segments.length === 0) return null;
  const segments: RideSegment[] = [];
  for (const value of body.segments) {
    const segment = readSegment(value);
    const previous = segments[segments.length - 1];
    if (!segment || (previous && segment.startSeconds !== previous.endSeconds)) return null;
    segments.push(segment);
  }
  return segments;
}
