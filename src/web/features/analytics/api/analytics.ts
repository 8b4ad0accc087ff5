import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsResponse } from '@shared/analytics.contract';
import { apiJson } from '@web/lib/api';

export const ANALYTICS_KEY = '/api/analytics';

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
  const params = new URLSearchParams({ tz: timeZone });
  if (videoId) params.set('video', videoId);
  return queryOptions({
    queryKey: [ANALYTICS_KEY, { video: videoId, tz: timeZone }],
    queryFn: () => apiJson<AnalyticsResponse>('GET', `${ANALYTICS_KEY}?${params.toString()}`),
    // Figures move as riders ride: read them fresh on every visit.
    staleTime: 0,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(videoId: string | null) {
  return useQuery(analyticsQuery(videoId, browserTimeZone()));
}
