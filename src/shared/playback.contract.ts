import { z } from 'zod';
import { withSchemas, type Same } from './endpoint-schemas';
import {
  BEACON_MAX_AGE_MS,
  PLAYBACK_EVENTS,
  playbackEndpoints,
  type PlaybackBeaconInput,
  type PlaybackBeaconResponse,
  type PlaybackResumeResponse,
} from './playback';

export type { PlaybackBeaconResponse, PlaybackResumeResponse };

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
const AGE_MESSAGE = 'ageMs must be a number of milliseconds from 0 to 14 days';

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
  /**
   * A beacon kept on the device while offline and sent later (decision 0051): how long ago it was
   * made, on the device's own clock (its difference is right even when the clock is hours off).
   * The server uses its own now − ageMs as the beacon's moment everywhere it would use now (never
   * before the class's upload: playback-rules.ts beaconMoment).
   */
  ageMs: z
    .number({ message: AGE_MESSAGE })
    .min(0, AGE_MESSAGE)
    .max(BEACON_MAX_AGE_MS, AGE_MESSAGE)
    .optional(),
});
export type PlaybackBeacon = z.infer<typeof playbackBeacon>;

export const playbackResumeQuery = z.object({ videoId: uuid, viewerId });
export type PlaybackResumeQuery = z.infer<typeof playbackResumeQuery>;

const beaconResponse = z.object({ viewCounted: z.boolean(), watchedSeconds: z.number() });
const resumeResponse = z.object({ position: z.number().nullable(), at: z.string().nullable() });

// The zod-free beacon the player sends and the schema's input are the same (withSchemas checks
// the responses).
true satisfies Same<PlaybackBeaconInput, z.input<typeof playbackBeacon>>;

/** The player's endpoints (playback.ts) with the schemas the server validates them with. */
export const playbackEndpointsWithSchemas = {
  beacon: withSchemas(playbackEndpoints.beacon, { body: playbackBeacon, response: beaconResponse }),
  resume: withSchemas(playbackEndpoints.resume, {
    query: playbackResumeQuery,
    response: resumeResponse,
  }),
} as const;
