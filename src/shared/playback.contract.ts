import { z } from 'zod';
import { PLAYBACK_EVENTS } from './playback';

/**
 * The class player's playback beacons and resume (issue 7). Riders are anonymous: a random viewer
 * id kept on the device, a session id the player chooses per playback (retries are idempotent).
 */
const uuid = z.uuid({ message: 'Invalid id' });
/** What the device keeps: a uuid in practice; letters, digits and hyphens, 8 to 64. */
const viewerId = z.string().regex(/^[A-Z0-9-]{8,64}$/i, 'Invalid viewer id');
/** A class longer than a day is not a class. */
const MAX_SECONDS = 24 * 60 * 60;
const seconds = z.number({ message: 'Expected a number of seconds' }).min(0).max(MAX_SECONDS);

export const playbackBeacon = z.strictObject({
  sessionId: uuid,
  viewerId,
  videoId: uuid,
  /** The gym page the class was started from: a video of another gym is refused. */
  gymSlug: z
    .string()
    .regex(/^[a-z0-9-]{1,50}$/, 'Invalid gym')
    .optional(),
  event: z.enum(PLAYBACK_EVENTS, { message: 'Invalid event' }),
  /** Where the playhead is now (seconds). */
  position: seconds,
  /**
   * Seconds really played in this session so far (a running total, measured from timeupdate while
   * not seeking). The server adds only the growth since its last beacon, capped by the wall-clock
   * time between them, so a resent beacon adds nothing and a forged total cannot run ahead.
   */
  playedSeconds: seconds,
});
export type PlaybackBeacon = z.infer<typeof playbackBeacon>;

export interface PlaybackBeaconResponse {
  /** True once this session counts as a view. */
  viewCounted: boolean;
  watchedSeconds: number;
}

export const playbackResumeQuery = z.object({ videoId: uuid, viewerId });
export type PlaybackResumeQuery = z.infer<typeof playbackResumeQuery>;

export interface PlaybackResumeResponse {
  /** Where this viewer last stopped in this video (seconds), or null when never played (or finished). */
  position: number | null;
  /** When that position was recorded (ISO), to compare with the device's own copy. */
  at: string | null;
}
