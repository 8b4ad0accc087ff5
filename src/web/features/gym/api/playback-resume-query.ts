import { queryOptions, useQuery } from '@tanstack/react-query';
import { playbackEndpoints } from '@shared/playback';
import { api } from '@web/lib/api';

export const playbackKeys = {
  all: ['playback'] as const,
  resume: (videoId: string, viewerId: string) =>
    [...playbackKeys.all, 'resume', videoId, viewerId] as const,
};

/** GET /api/playback/resume: where this device's viewer stopped in a class (read fresh at every open). */
export function playbackResumeQuery(videoId: string, viewerId: string) {
  return queryOptions({
    queryKey: playbackKeys.resume(videoId, viewerId),
    queryFn: ({ signal }) =>
      api(playbackEndpoints.resume, { query: { videoId, viewerId }, signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

export function usePlaybackResume(videoId: string, viewerId: string) {
  return useQuery(playbackResumeQuery(videoId, viewerId));
}
