import { queryOptions, useQuery } from '@tanstack/react-query';
import { rideTrackEndpoints } from '@shared/ride-track.contract';
import { api } from './api';

/** A class's ride track in the cache (the editor and the library's edit dialog share it). */
export const rideTrackKeys = {
  all: ['ride-track'] as const,
  byVideo: (videoId: string) => [...rideTrackKeys.all, videoId] as const,
};

/**
 * GET /api/auth/videos/:id/ride-track: the class's length, its saved track (or null), the tempo
 * detected in its music and the track suggested from it.
 */
export function rideTrackQuery(videoId: string) {
  return queryOptions({
    queryKey: rideTrackKeys.byVideo(videoId),
    queryFn: ({ signal }) => api(rideTrackEndpoints.get, { params: { id: videoId }, signal }),
  });
}

export function useRideTrack(videoId: string | null) {
  return useQuery({ ...rideTrackQuery(videoId ?? ''), enabled: videoId !== null });
}

/** The owner's ride track editor of a class (the route is RIDE_TRACK_SCREEN_PATH). */
export const RIDE_TRACK_SCREEN_PATH = '/videos/:id/ride-track';
export const rideTrackScreenUrl = (videoId: string) =>
  `/videos/${encodeURIComponent(videoId)}/ride-track`;
