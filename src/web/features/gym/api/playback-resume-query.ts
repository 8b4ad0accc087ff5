import { queryOptions, useQuery } from '@tanstack/react-query';
import { PLAYBACK_RESUME_PATH } from '@shared/playback';
import type { PlaybackResumeResponse } from '@shared/playback.contract';
import { getQueryFn } from '@web/lib/api';

/** GET /api/playback/resume: where this device's viewer stopped in a class (read fresh at every open). */
export function playbackResumeQuery(videoId: string, viewerId: string) {
  const search = new URLSearchParams({ videoId, viewerId });
  return queryOptions({
    queryKey: [`${PLAYBACK_RESUME_PATH}?${search.toString()}`],
    queryFn: getQueryFn<PlaybackResumeResponse>({ on401: 'throw' }),
    staleTime: 0,
    gcTime: 0,
  });
}

export function usePlaybackResume(videoId: string, viewerId: string) {
  return useQuery(playbackResumeQuery(videoId, viewerId));
}
