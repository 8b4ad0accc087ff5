import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsEndpoints } from '@shared/analytics.contract';
import { api } from '@web/lib/api';

export const analyticsKeys = {
  all: ['analytics'] as const,
  figures: (videoId: string | null, timeZone: string) =>
    [...analyticsKeys.all, { video: videoId, tz: timeZone }] as const,
};

/** The browser's IANA time zone, so days and hours are the owner's own; UTC when unknown. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** GET /api/analytics[?video=][&tz=]: the owner's figures over the last 30 days. */
export function analyticsQuery(videoId: string | null, timeZone: string) {
  return queryOptions({
    queryKey: analyticsKeys.figures(videoId, timeZone),
    queryFn: ({ signal }) =>
      api(analyticsEndpoints.overview, {
        query: { tz: timeZone, video: videoId ?? undefined },
        signal,
      }),
    // Figures move as riders ride: read them fresh on every visit.
    staleTime: 0,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(videoId: string | null) {
  return useQuery(analyticsQuery(videoId, browserTimeZone()));
}
