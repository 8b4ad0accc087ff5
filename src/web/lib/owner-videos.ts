import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { videoEndpoints, type VideoDto } from '@shared/videos.contract';
import { api } from './api';

/** product.md §4/§9: the owner's video list refetches every 30 s. */
export const OWNER_VIDEOS_REFETCH_MS = 30_000;

/** The owner's videos in the cache (the library, the dashboard and the upload screen share them). */
export const videoKeys = {
  all: ['videos'] as const,
  list: () => [...videoKeys.all, 'list'] as const,
};

/** GET /api/auth/user/videos: the signed-in owner's videos, newest first. */
export const ownerVideosQuery = queryOptions({
  queryKey: videoKeys.list(),
  queryFn: ({ signal }) => api(videoEndpoints.list, { signal }),
  refetchInterval: OWNER_VIDEOS_REFETCH_MS,
});

export function useOwnerVideos() {
  return useQuery(ownerVideosQuery);
}

export function refetchOwnerVideos(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: videoKeys.all });
}

/**
 * The card status of product.md §2: failed -> error; ready only when riders can play it (enhanced,
 * with its file: what the public page lists); otherwise processing.
 */
export type VideoCardStatus = 'ready' | 'processing' | 'error';

export function videoCardStatus(
  video: Pick<VideoDto, 'processingStatus' | 'enhancedFileUrl'>,
): VideoCardStatus {
  if (video.processingStatus === 'failed') return 'error';
  if (video.processingStatus === 'enhanced' && video.enhancedFileUrl) return 'ready';
  return 'processing';
}

export const VIDEO_CARD_STATUS_LABELS: Record<VideoCardStatus, string> = {
  processing: 'Processing',
  ready: 'Ready',
  error: 'Error',
};

/** The counts behind the dashboard's four stat cards (product.md §2), by processingStatus. */
export function videoStats(videos: readonly Pick<VideoDto, 'processingStatus'>[]) {
  let enhanced = 0;
  let processing = 0;
  let pending = 0;
  for (const v of videos) {
    if (v.processingStatus === 'enhanced') enhanced += 1;
    else if (v.processingStatus === 'processing') processing += 1;
    else if (v.processingStatus === 'uploaded') pending += 1;
  }
  return { total: videos.length, enhanced, processing, pending };
}
