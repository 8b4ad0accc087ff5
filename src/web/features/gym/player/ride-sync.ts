/**
 * Keeping a tablet in step with the room (issue #21 part 4, docs/decisions/0046): where the class
 * should be now, by the server's clock and the ride's shared start, against where this tablet's
 * video is. Far off: a hard seek. Close: the playback rate nudged, in proportion to the drift, so
 * it converges without a jump (browsers keep the pitch at rates near 1). Pure and zod-free.
 */

/** Past this drift (s) the video jumps to the right point instead of catching up. */
export const HARD_SEEK_SECONDS = 2;
/** Within this drift (s) the rate is 1. */
export const IN_STEP_SECONDS = 0.05;
/** The rate stays within 1 ± this. */
export const MAX_RATE_CHANGE = 0.1;
/** Rate change per second of drift: 0.2 s behind plays at 1.1, 0.1 s at 1.05 (a drift halves in about 1.4 s). */
export const RATE_GAIN = 0.5;
/** After a hard seek, none again for this long (ms): the seek itself takes time to land. */
export const SEEK_SETTLE_MS = 3_000;

export interface RideSyncInput {
  /** The server's clock now (epoch ms). */
  serverNow: number;
  /** The ride's start on the server's clock (epoch ms). */
  startAt: number;
  /** The video's position (s). */
  currentTime: number;
  /** The class's length (s); 0 when not known yet. */
  duration: number;
}

export type RideSyncAction =
  /** Before the start: wait at the beginning, with a countdown. */
  | { kind: 'countdown'; secondsLeft: number }
  /** Jump to `to` (s), rate 1. */
  | { kind: 'seek'; to: number; drift: number }
  /** Play at `rate`. */
  | { kind: 'rate'; rate: number; drift: number }
  /** The ride is past the class's end. */
  | { kind: 'over' };

/** Where the ride is (s) at `serverNow`: negative before the start. */
export const ridePosition = (serverNow: number, startAt: number) => (serverNow - startAt) / 1000;

/** The playback rate for a drift (s; positive: this tablet is behind). */
export function rateFor(drift: number): number {
  if (Math.abs(drift) <= IN_STEP_SECONDS) return 1;
  const change = Math.max(-MAX_RATE_CHANGE, Math.min(MAX_RATE_CHANGE, drift * RATE_GAIN));
  // In hundredths: the element is not told of every millisecond of drift.
  return Math.round((1 + change) * 100) / 100 || 1;
}

/** What to do now. */
export function rideSyncStep({
  serverNow,
  startAt,
  currentTime,
  duration,
}: RideSyncInput): RideSyncAction {
  const position = ridePosition(serverNow, startAt);
  if (position < 0) return { kind: 'countdown', secondsLeft: Math.ceil(-position) };
  if (duration > 0 && position >= duration) return { kind: 'over' };
  const drift = position - currentTime;
  if (Math.abs(drift) > HARD_SEEK_SECONDS) return { kind: 'seek', to: position, drift };
  return { kind: 'rate', rate: rateFor(drift), drift };
}

/**
 * A start for a new ride: `leadMs` ahead of the server's clock, rounded up to the next whole
 * `roundMs` (a start easy to read: 18:42:30), so the other tablets have time to open the link.
 */
export function pickRideStart(serverNow: number, leadMs = 30_000, roundMs = 10_000): number {
  return Math.ceil((serverNow + leadMs) / roundMs) * roundMs;
}
