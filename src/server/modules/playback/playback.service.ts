import type {
  PlaybackBeacon,
  PlaybackBeaconResponse,
  PlaybackResumeQuery,
  PlaybackResumeResponse,
} from '@shared/playback.contract';
import { classDurationSeconds } from '@shared/gyms.contract';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { BeaconMeter } from '../../metrics/metrics';
import { isReadyForRiders } from '../gyms/gyms.service';
import {
  beaconMoment,
  countsAsView,
  furthestPosition,
  nextWatchedSeconds,
  resumePosition,
} from './playback-rules';
import type { PlaybackRepository } from './playback.repository';

export const PLAYBACK_MESSAGES = {
  classNotFound: 'Class not found',
  otherSession: 'This playback session belongs to another class',
} as const;

interface Deps {
  repo: PlaybackRepository;
  now: () => number;
  /** Told of every recorded beacon (the process's metrics). */
  meter: BeaconMeter;
}

/** Beacons become sessions, watch time and views (playback-rules); resume reads them back. */
export function playbackService({ repo, now, meter }: Deps) {
  return {
    /**
     * Records one beacon, at its moment (now − ageMs for one the device kept offline). Refused
     * (nothing changes): a video that is unknown, not ready for riders or not of the named gym
     * (404), a session of another video or viewer (400).
     */
    async record(beacon: PlaybackBeacon): Promise<PlaybackBeaconResponse> {
      const video = await repo.findVideo(beacon.videoId);
      if (!video || !isReadyForRiders(video))
        throw new NotFoundError(PLAYBACK_MESSAGES.classNotFound);
      // Started from the gym's own page, or from a further location's page that offers it.
      let locationId: string | null = null;
      if (beacon.gymSlug !== undefined && video.ownerSlug !== beacon.gymSlug) {
        locationId = await repo.locationOffering(video.ownerId, beacon.gymSlug, video.id);
        if (!locationId) throw new NotFoundError(PLAYBACK_MESSAGES.classNotFound);
      }
      const durationSeconds = classDurationSeconds(video.duration);
      // The beacon's moment: now, or when a beacon kept offline was made (decision 0051). The
      // device's age of it is right even when its clock is off; the contract bounds it to 14 days.
      const at = beaconMoment(now(), beacon.ageMs, video.uploadedAt);
      const answer = await repo.inSession(async (tx) => {
        const session = await tx.lockOrCreate({
          id: beacon.sessionId,
          videoId: video.id,
          ownerId: video.ownerId,
          viewerId: beacon.viewerId,
          at: new Date(at),
          locationId,
        });
        if (session.videoId !== video.id || session.viewerId !== beacon.viewerId) {
          throw new ValidationError(PLAYBACK_MESSAGES.otherSession);
        }
        const watchedSeconds = nextWatchedSeconds(session, beacon.playedSeconds, at);
        const alreadyCounted = session.viewCountedAt !== null;
        const countNow = countsAsView({
          alreadyCounted,
          watchedSeconds,
          durationSeconds,
          nearestViewOfVideoAt: alreadyCounted
            ? null
            : await tx.nearestCountedView(beacon.viewerId, video.id, new Date(at)),
          at,
        });
        const ended = beacon.event === 'end';
        // A beacon older than the session's last (sent late) moves neither its time nor its
        // resume position back.
        const older = at < session.lastSeenAt.getTime();
        await tx.update(session.id, {
          lastSeenAt: older ? session.lastSeenAt : new Date(at),
          watchedSeconds,
          lastPosition: older
            ? session.lastPosition
            : resumePosition(beacon.position, durationSeconds, ended),
          furthestPosition: furthestPosition(
            session.furthestPosition,
            beacon.position,
            durationSeconds,
            ended,
          ),
          ...(countNow ? { viewCountedAt: new Date(at) } : {}),
        });
        return { viewCounted: alreadyCounted || countNow, watchedSeconds };
      });
      meter.beacon();
      return answer;
    },

    /** Where this viewer stopped in this video last time (null when never, or when it ended). */
    async resume(query: PlaybackResumeQuery): Promise<PlaybackResumeResponse> {
      const last = await repo.latestSession(query.viewerId, query.videoId);
      if (!last || last.lastPosition <= 0)
        return { position: null, at: last?.lastSeenAt.toISOString() ?? null };
      return { position: last.lastPosition, at: last.lastSeenAt.toISOString() };
    },
  };
}
