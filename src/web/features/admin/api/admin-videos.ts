import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  ADMIN_REFETCH_MS,
  ADMIN_VIDEOS_PATH,
  type AdminVideosResponse,
} from '@shared/admin.contract';
import type { VideoStatus } from '@shared/videos.contract';
import { getQueryFn } from '@web/lib/api';

export interface AdminVideoFilters {
  status?: VideoStatus;
  ownerId?: string;
  q?: string;
  page: number;
}

/** The list's query string: only the filters that are set. */
export function adminVideosSearch(filters: AdminVideoFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.ownerId) params.set('ownerId', filters.ownerId);
  if (filters.q) params.set('q', filters.q);
  if (filters.page > 1) params.set('page', String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/admin/videos (spec §7), refetched every 30 s (spec §9). */
export function adminVideosQuery(filters: AdminVideoFilters) {
  return queryOptions({
    queryKey: [`${ADMIN_VIDEOS_PATH}${adminVideosSearch(filters)}`],
    queryFn: getQueryFn<AdminVideosResponse>({ on401: 'throw' }),
    refetchInterval: ADMIN_REFETCH_MS,
    placeholderData: keepPreviousData,
    select: (data) => data!,
  });
}
