import type { ProbedInfo } from './probe-args';

/**
 * What Cadence processes: a class of up to 3 hours, up to 4K (4096 pixels on either side), up to
 * 120 frames per second. A file outside them would hold a worker for hours (or a day); a gym's
 * camera never makes one.
 */
export const MEDIA_LIMITS = {
  maxDurationSeconds: 3 * 60 * 60,
  maxSide: 4096,
  maxFps: 120,
  /**
   * Fewer bits per second than this, over a clip longer than `plausibleAfterSeconds`, and the file
   * claims a length its bytes cannot hold (a 250 KB file "lasting" hours): no real encode of a
   * moving picture is that small (a still frame with no sound is around 10 kbit/s).
   */
  minBitsPerSecond: 4_000,
  plausibleAfterSeconds: 60,
} as const;

export type LimitBreach = 'too-long' | 'too-large' | 'too-many-frames' | 'too-small-for-length';

/** Thrown by the probe when a readable file is outside MEDIA_LIMITS. */
export class MediaLimitError extends Error {
  constructor(readonly breach: LimitBreach) {
    super(`media outside the limits: ${breach}`);
    this.name = 'MediaLimitError';
  }
}

/** The first limit the file breaks, or null. `fileBytes` is the file's real size on disk. */
export function limitBreach(info: ProbedInfo, fileBytes: number): LimitBreach | null {
  const L = MEDIA_LIMITS;
  const seconds = info.durationSeconds;
  if (seconds > L.maxDurationSeconds) return 'too-long';
  if (info.video.width > L.maxSide || info.video.height > L.maxSide) return 'too-large';
  // The frame count at most the length at the top frame rate (one frame of rounding either way).
  if ((info.video.fps ?? 0) > L.maxFps) return 'too-many-frames';
  if ((info.video.frames ?? 0) > Math.ceil(seconds * L.maxFps) + 1) return 'too-many-frames';
  if (seconds > L.plausibleAfterSeconds && (fileBytes * 8) / seconds < L.minBitsPerSecond) {
    return 'too-small-for-length';
  }
  return null;
}
