import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { ADMIN_REFETCH_MS, adminEndpoints } from '@shared/admin.contract';
import type { VideoStatus } from '@shared/videos.contract';
import { api } from '@web/lib/api';

export interface AdminVideoFilters {
  status?: VideoStatus;
  ownerId?: string;
  q?: string;
  page: number;
}

/** The desk's videos in the cache: every list page and filter, and each video's history. */
export const adminVideoKeys = {
  all: ['admin', 'videos'] as const,
  lists: () => [...adminVideoKeys.all, 'list'] as const,
  list: (filters: AdminVideoFilters) => [...adminVideoKeys.lists(), filters] as const,
  events: (videoId: string) => [...adminVideoKeys.all, 'events', videoId] as const,
};

/** The list's query: only the filters that are set (page 1 is the default). */
function adminVideosSearch({ status, ownerId, q, page }: AdminVideoFilters) {
  return { status, ownerId, q: q || undefined, page: page > 1 ? page : undefined };
}

/** GET /api/admin/videos (product.md §7), refetched every 30 s (product.md §9). */
export function adminVideosQuery(filters: AdminVideoFilters) {
  return queryOptions({
    queryKey: adminVideoKeys.list(filters),
    queryFn: ({ signal }) =>
      api(adminEndpoints.videos, { query: adminVideosSearch(filters), signal }),
    refetchInterval: ADMIN_REFETCH_MS,
    placeholderData: keepPreviousData,
  });
}

/** Every page and filter of the desk's list, and the histories, read again after a change. */
export function refreshAdminVideos(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: adminVideoKeys.all });
}
