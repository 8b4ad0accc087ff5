import { z } from 'zod';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';
import {
  POSITIONS,
  RIDE_TRACK_LIMITS as LIMITS,
  RIDE_TRACK_MESSAGES as MESSAGES,
  ZONES,
  type RideSegment,
  type RideTrack,
} from './ride-track';
import { VIDEOS_PATH } from './videos.contract';

/**
 * The ride track's endpoints (issue #20 part 3): the owner reads and saves a class's track beside
 * its video (with the tempo detected in its music and the track suggested from it), the player
 * reads it publicly once the class is public, and it exports as JSON or a WebVTT metadata track.
 */
export const RIDE_TRACK_PUBLIC_PATH = '/api/classes/:id/ride-track' as const;
/** The public track of a class, as the player fetches it. */
export const rideTrackUrl = (videoId: string) => `/api/classes/${videoId}/ride-track`;

/** A whole second within a class (6 hours at most, the media limits' longest). */
const second = z
  .number({ error: MESSAGES.seconds })
  .int(MESSAGES.seconds)
  .min(0, MESSAGES.seconds)
  .max(6 * 60 * 60, MESSAGES.seconds);

const cadenceBound = z
  .number({ error: MESSAGES.cadence })
  .int(MESSAGES.cadence)
  .min(LIMITS.cadenceMin, MESSAGES.cadence)
  .max(LIMITS.cadenceMax, MESSAGES.cadence);

export const rideSegment = z.object({
  startSeconds: second,
  endSeconds: second,
  name: z
    .string({ error: MESSAGES.name })
    .trim()
    .min(1, MESSAGES.name)
    .max(LIMITS.name, MESSAGES.name),
  cadence: z
    .object({ min: cadenceBound, max: cadenceBound }, { error: MESSAGES.cadence })
    .refine((range) => range.min <= range.max, { message: MESSAGES.cadence, path: ['max'] })
    .nullable()
    .default(null),
  resistance: z
    .number({ error: MESSAGES.resistance })
    .int(MESSAGES.resistance)
    .min(LIMITS.resistanceMin, MESSAGES.resistance)
    .max(LIMITS.resistanceMax, MESSAGES.resistance)
    .nullable()
    .default(null),
  zone: z.literal(ZONES, { error: MESSAGES.zone }).nullable().default(null),
  position: z.enum(POSITIONS, { error: MESSAGES.position }).default('seated'),
  cue: z.string({ error: MESSAGES.cue }).trim().max(LIMITS.cue, MESSAGES.cue).default(''),
}) satisfies z.ZodType<RideSegment, unknown>;

/** A track as the editor and the API send it; how its segments fit the class is the service's check. */
export const rideTrackBody = z.object({
  segments: z
    .array(rideSegment, { error: MESSAGES.empty })
    .min(1, MESSAGES.empty)
    .max(LIMITS.segments, MESSAGES.tooMany),
});
export type RideTrackBody = z.input<typeof rideTrackBody>;
export type RideTrackValues = z.output<typeof rideTrackBody>;

const segmentView = z.object({
  startSeconds: z.number(),
  endSeconds: z.number(),
  name: z.string(),
  cadence: z.object({ min: z.number(), max: z.number() }).nullable(),
  resistance: z.number().nullable(),
  zone: z.literal(ZONES).nullable(),
  position: z.enum(POSITIONS),
  cue: z.string(),
});

/** The public answer (and the API's): the segments, in order. */
const rideTrackView = z.object({ segments: z.array(segmentView) }) satisfies z.ZodType<RideTrack>;

const tempoPoint = z.object({ atSeconds: z.number(), bpm: z.number().nullable() });

/** What the owner's editor opens with. */
const ownerRideTrack = z.object({
  /** The class's length in whole seconds (null until ingest measured it: nothing can be saved). */
  durationSeconds: z.number().nullable(),
  rideTrack: z.object({ segments: z.array(segmentView), updatedAt: z.string() }).nullable(),
  /** The music's tempo over time, one value every few seconds; null: not analysed (yet). */
  tempo: z.array(tempoPoint).nullable(),
  /** Segments proposed from the tempo, for the owner to accept or edit; null: no tempo. */
  suggestion: z.array(segmentView).nullable(),
});
export type OwnerRideTrack = z.infer<typeof ownerRideTrack>;

const savedRideTrack = z.object({
  message: z.string(),
  rideTrack: z.object({ segments: z.array(segmentView), updatedAt: z.string() }),
});
export type SavedRideTrack = z.infer<typeof savedRideTrack>;
const messageResponse = z.object({ message: z.string() });

const OWNER_PATH = `${VIDEOS_PATH}/:id/ride-track` as const;

export const rideTrackEndpoints = {
  get: withSchemas(
    endpoint<{ response: OwnerRideTrack }>()({
      method: 'GET',
      path: OWNER_PATH,
      access: 'owner',
      summary: "A class's ride track with its music's tempo and the track suggested from it",
    }),
    { response: ownerRideTrack },
  ),
  save: withSchemas(
    endpoint<{ body: RideTrackBody; response: SavedRideTrack }>()({
      method: 'PUT',
      path: OWNER_PATH,
      access: 'owner',
      summary: "Saves a class's ride track (segments covering the class in order)",
    }),
    { body: rideTrackBody, response: savedRideTrack },
  ),
  remove: withSchemas(
    endpoint<{ response: { message: string } }>()({
      method: 'DELETE',
      path: OWNER_PATH,
      access: 'owner',
      summary: "Removes a class's ride track (the class plays without one)",
    }),
    { response: messageResponse },
  ),
  publicJson: withSchemas(
    endpoint<{ response: RideTrack }>()({
      method: 'GET',
      path: RIDE_TRACK_PUBLIC_PATH,
      access: 'public',
      summary: "A class's ride track, public once the class is (before: its owner's or an admin's)",
    }),
    { response: rideTrackView },
  ),
  publicVtt: endpoint()({
    method: 'GET',
    path: `${RIDE_TRACK_PUBLIC_PATH}.vtt` as const,
    access: 'public',
    summary: "A class's ride track as a WebVTT metadata track (one JSON cue per segment)",
    produces: 'text/vtt',
  }),
} as const;

export { rideTrackView, segmentView };
