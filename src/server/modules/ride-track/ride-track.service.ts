import { createHash } from 'node:crypto';
import { isFlagSet } from '@shared/flags';
import {
  RIDE_TRACK_MESSAGES as MESSAGES,
  trackIssues,
  type RideSegment,
  type RideTrack,
} from '@shared/ride-track';
import type { OwnerRideTrack, RideTrackValues, SavedRideTrack } from '@shared/ride-track.contract';
import type { UserRow } from '../../db/schema/users';
import type { RideTrackRow } from '../../db/schema/ride-tracks';
import { isForeignKeyViolation, NotFoundError, ValidationError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import type { PublicGymCache } from '../gyms/public-gym-cache';
import { VIDEO_NOT_FOUND, type VideosService } from '../videos/videos.service';
import type { RideTrackRepository } from './ride-track.repository';
import { suggestRideTrack } from './suggest';
import { rideTrackVtt } from './ride-track-vtt';

export const RIDE_TRACK_NOT_FOUND = 'Ride track not found';

interface Deps {
  repo: RideTrackRepository;
  videos: Pick<VideosService, 'get' | 'findForMedia'>;
  publicGyms: Pick<PublicGymCache, 'invalidate'>;
  now?: () => number;
}

/** A class's length in whole seconds (ingest's rounding), or null until ingest measured it. */
function durationOf(duration: string | null): number | null {
  const seconds = duration === null ? Number.NaN : Math.round(Number(duration));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

const savedView = (row: RideTrackRow) => ({
  segments: row.segments,
  updatedAt: row.updatedAt.toISOString(),
});

/** What the player's answer is: the track, a tag of its content, and whether anyone may keep it. */
export interface PublicRideTrack {
  track: RideTrack;
  etag: string;
  /** The class is public: the answer may be cached by anyone (else it is its owner's or an admin's). */
  isPublic: boolean;
}

/**
 * Ride tracks (issue #20 part 3): the owner builds a class's timeline of segments; riders read it
 * once the class is public. Every id is checked against the caller (another owner's class: 404).
 */
export function rideTrackService({ repo, videos, publicGyms, now = Date.now }: Deps) {
  const videoId = (id: string) => idOrNotFound(id, VIDEO_NOT_FOUND);

  return {
    /** The editor's start: the saved track, the music's tempo and the track suggested from it. */
    async ownerView(owner: Pick<UserRow, 'id'>, id: string): Promise<OwnerRideTrack> {
      const video = await videos.get(owner.id, videoId(id));
      const [row, tempo] = await Promise.all([repo.find(video.id), repo.findTempo(video.id)]);
      const durationSeconds = durationOf(video.duration);
      return {
        durationSeconds,
        rideTrack: row ? savedView(row) : null,
        tempo: tempo?.points ?? null,
        suggestion:
          tempo && durationSeconds !== null
            ? suggestRideTrack(tempo.points, durationSeconds)
            : null,
      };
    },

    /** Saves the track when its segments cover the class in order (400 naming each field otherwise). */
    async save(
      owner: Pick<UserRow, 'id'>,
      id: string,
      body: RideTrackValues,
    ): Promise<SavedRideTrack> {
      const video = await videos.get(owner.id, videoId(id));
      const durationSeconds = durationOf(video.duration);
      if (durationSeconds === null) throw new ValidationError(MESSAGES.lengthUnknown);
      const segments: RideSegment[] = body.segments;
      const issues = trackIssues(segments, durationSeconds);
      if (issues.length > 0) throw new ValidationError(issues[0]!.message, { errors: issues });
      const row = await repo.save(video.id, segments, new Date(now())).catch((error: unknown) => {
        if (isForeignKeyViolation(error)) throw new NotFoundError(VIDEO_NOT_FOUND);
        throw error;
      });
      await publicGyms.invalidate(owner.id);
      return { message: MESSAGES.saved, rideTrack: savedView(row) };
    },

    async remove(owner: Pick<UserRow, 'id'>, id: string): Promise<{ message: string }> {
      const video = await videos.get(owner.id, videoId(id));
      if (!(await repo.remove(video.id))) throw new NotFoundError(RIDE_TRACK_NOT_FOUND);
      await publicGyms.invalidate(owner.id);
      return { message: MESSAGES.removed };
    },

    /** The owner's own track, as the API exports it (404 when the class has none). */
    async ownTrack(owner: Pick<UserRow, 'id'>, id: string): Promise<RideTrack> {
      const video = await videos.get(owner.id, videoId(id));
      const row = await repo.find(video.id);
      if (!row) throw new NotFoundError(RIDE_TRACK_NOT_FOUND);
      return { segments: row.segments };
    },

    /**
     * A class's track for the player: anyone's once the class is public (enhanced), before that
     * only its owner's or an admin's (`viewer` is asked only then). Anything else: 404.
     */
    async publicTrack(
      id: string,
      viewer: () => Promise<Pick<UserRow, 'id' | 'isAdmin'> | null>,
    ): Promise<PublicRideTrack> {
      const video = await videos.findForMedia(videoId(id));
      if (!video) throw new NotFoundError(RIDE_TRACK_NOT_FOUND);
      const isPublic = video.processingStatus === 'enhanced';
      if (!isPublic) {
        const user = await viewer();
        if (!user || (user.id !== video.userId && !isFlagSet(user.isAdmin)))
          throw new NotFoundError(RIDE_TRACK_NOT_FOUND);
      }
      const row = await repo.find(video.id);
      if (!row) throw new NotFoundError(RIDE_TRACK_NOT_FOUND);
      // Of the content itself: two saves within one millisecond still differ.
      const etag = `"${createHash('sha256')
        .update(JSON.stringify(row.segments))
        .digest('base64url')
        .slice(0, 22)}"`;
      return { track: { segments: row.segments }, etag, isPublic };
    },

    /** A track as a WebVTT metadata track. */
    vtt: (track: RideTrack): string => rideTrackVtt(track.segments),
  };
}

export type RideTrackService = ReturnType<typeof rideTrackService>;
