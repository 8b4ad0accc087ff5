/**
 * The ride track (issue #20 part 3): a class's timeline of segments with the targets an instructor
 * would call (cadence, resistance or effort zone, seated or standing, a short cue). Zod-free: the
 * public page's player reads these types and helpers (docs/decisions/0017); the rules that check a
 * track are here too, so the owner's editor shows the server's own words before it saves.
 */
import { formatClock } from './format';

export const POSITIONS = ['seated', 'standing'] as const;
export type Position = (typeof POSITIONS)[number];

export const ZONES = [1, 2, 3, 4, 5] as const;
export type Zone = (typeof ZONES)[number];

/** The usual five effort zones and their colours (grey, blue, green, yellow, red). */
export const ZONE_INFO: Record<Zone, { label: string; color: string }> = {
  1: { label: 'Zone 1 · Very light', color: '#9ca3af' },
  2: { label: 'Zone 2 · Light', color: '#3b82f6' },
  3: { label: 'Zone 3 · Moderate', color: '#22c55e' },
  4: { label: 'Zone 4 · Hard', color: '#f59e0b' },
  5: { label: 'Zone 5 · Maximum', color: '#ef4444' },
};

/** The colour of a segment without a zone (the strip and the band stay neutral). */
export const NO_ZONE_COLOR = '#64748b';

/** Names offered as quick choices; an owner may type their own. */
export const SEGMENT_NAMES = [
  'Warm-up',
  'Flat road',
  'Climb',
  'Sprint',
  'Jumps',
  'Recovery',
  'Cool-down',
] as const;

export const RIDE_TRACK_LIMITS = {
  segments: 200,
  name: 40,
  cue: 120,
  /** The shortest segment, in seconds (a whole class shorter than this is one segment). */
  minSegmentSeconds: 5,
  cadenceMin: 30,
  cadenceMax: 150,
  resistanceMin: 1,
  resistanceMax: 10,
} as const;

export interface Cadence {
  min: number;
  max: number;
}

/** One stretch of the class: whole seconds, start inclusive, end exclusive. */
export interface RideSegment {
  startSeconds: number;
  endSeconds: number;
  name: string;
  /** Target pedal strokes per minute, or null: none called. */
  cadence: Cadence | null;
  /** Resistance 1 to 10, or null. */
  resistance: number | null;
  /** Effort zone 1 to 5, or null. */
  zone: Zone | null;
  position: Position;
  /** A short cue ('' for none). */
  cue: string;
}

export interface RideTrack {
  segments: RideSegment[];
}

export const RIDE_TRACK_MESSAGES = {
  tooMany: `A ride track has up to ${RIDE_TRACK_LIMITS.segments} segments`,
  empty: 'Add at least one segment',
  name: `Name each segment, in under ${RIDE_TRACK_LIMITS.name} characters`,
  cue: `A cue must be under ${RIDE_TRACK_LIMITS.cue} characters`,
  seconds: 'Times are whole seconds within the class',
  cadence: `Cadence is ${RIDE_TRACK_LIMITS.cadenceMin} to ${RIDE_TRACK_LIMITS.cadenceMax} RPM, the lower figure first`,
  resistance: `Resistance is ${RIDE_TRACK_LIMITS.resistanceMin} to ${RIDE_TRACK_LIMITS.resistanceMax}`,
  zone: 'Effort is zone 1 to 5',
  position: 'Choose seated or standing',
  firstStart: 'The first segment starts at 0:00',
  gap: 'Each segment starts where the one before it ends',
  order: 'A segment ends after it starts',
  short: `A segment lasts at least ${RIDE_TRACK_LIMITS.minSegmentSeconds} seconds`,
  lastEnd: (duration: string) => `The last segment ends where the class ends (${duration})`,
  lengthUnknown: 'This class’s length is not known yet. Try again when its preview is ready.',
  saved: 'Ride track saved',
  removed: 'Ride track removed',
  noTempo: 'No tempo was detected in this class’s music, so there is nothing to suggest yet.',
} as const;

export interface TrackIssue {
  /** The field, as `segments.3.endSeconds`. */
  field: string;
  message: string;
}

/**
 * Where segments break the track's shape for a class of `durationSeconds`: they cover it from 0 to
 * its end, each starting where the one before ends (so none overlap), none shorter than the
 * minimum. Field ranges are the contract's (zod) work; this checks how segments fit together.
 */
export function trackIssues(
  segments: readonly RideSegment[],
  durationSeconds: number,
): TrackIssue[] {
  if (segments.length === 0) return [{ field: 'segments', message: RIDE_TRACK_MESSAGES.empty }];
  const minimum = Math.min(RIDE_TRACK_LIMITS.minSegmentSeconds, durationSeconds);
  const issues: TrackIssue[] = [];
  segments.forEach((segment, i) => {
    const at = `segments.${i}`;
    if (i === 0 && segment.startSeconds !== 0)
      issues.push({ field: `${at}.startSeconds`, message: RIDE_TRACK_MESSAGES.firstStart });
    if (i > 0 && segment.startSeconds !== segments[i - 1]!.endSeconds)
      issues.push({ field: `${at}.startSeconds`, message: RIDE_TRACK_MESSAGES.gap });
    if (segment.endSeconds <= segment.startSeconds)
      issues.push({ field: `${at}.endSeconds`, message: RIDE_TRACK_MESSAGES.order });
    else if (segment.endSeconds - segment.startSeconds < minimum)
      issues.push({ field: `${at}.endSeconds`, message: RIDE_TRACK_MESSAGES.short });
  });
  const last = segments.length - 1;
  if (segments[last]!.endSeconds !== durationSeconds)
    issues.push({
      field: `segments.${last}.endSeconds`,
      message: RIDE_TRACK_MESSAGES.lastEnd(formatClock(durationSeconds)),
    });
  return issues;
}

/** The index of the segment playing at `seconds` (the last one past the end), or -1 for none. */
export function segmentIndexAt(segments: readonly RideSegment[], seconds: number): number {
  if (segments.length === 0 || !Number.isFinite(seconds)) return -1;
  let low = 0;
  let high = segments.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (segments[mid]!.startSeconds <= seconds) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** A segment's targets in words: '80–90 RPM · resistance 7 · standing'. */
export function targetsText(segment: RideSegment): string {
  const parts: string[] = [];
  if (segment.cadence) parts.push(`${segment.cadence.min}–${segment.cadence.max} RPM`);
  if (segment.resistance !== null) parts.push(`resistance ${segment.resistance}`);
  if (segment.zone !== null) parts.push(`zone ${segment.zone}`);
  if (segment.position === 'standing') parts.push('standing');
  return parts.join(' · ');
}

/** The colour the strip and the band give a segment. */
export const segmentColor = (segment: Pick<RideSegment, 'zone'>): string =>
  segment.zone === null ? NO_ZONE_COLOR : ZONE_INFO[segment.zone].color;

/** The music's tempo around a moment of the class; bpm null where no steady beat was heard. */
export interface TempoPoint {
  atSeconds: number;
  bpm: number | null;
}
