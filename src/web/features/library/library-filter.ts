import type { VideoDto } from '@shared/videos.contract';
import { videoCardStatus, type VideoCardStatus } from '@web/lib/owner-videos';

export type StatusFilter = 'all' | VideoCardStatus;
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'ready', 'processing', 'error'];
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  all: 'All',
  ready: 'Ready',
  processing: 'Processing',
  error: 'Error',
};

/** Cards shown at first and added by each 'Load more', so 1,000 videos stay smooth. */
export const LIBRARY_PAGE_SIZE = 24;

export type StatusCounts = Record<StatusFilter, number>;

export function countByStatus(videos: readonly VideoDto[]): StatusCounts {
  const counts: StatusCounts = { all: videos.length, ready: 0, processing: 0, error: 0 };
  for (const video of videos) counts[videoCardStatus(video)] += 1;
  return counts;
}

/** The videos matching a search (title or description, any case) and a status filter, in order. */
export function filterVideos(
  videos: readonly VideoDto[],
  search: string,
  status: StatusFilter,
): VideoDto[] {
  const needle = search.trim().toLowerCase();
  return videos.filter((video) => {
    if (status !== 'all' && videoCardStatus(video) !== status) return false;
    if (!needle) return true;
    return (
      video.title.toLowerCase().includes(needle) ||
      (video.description ?? '').toLowerCase().includes(needle)
    );
  });
}
