import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsEndpoints, type CsvTable } from '@shared/analytics.contract';
import { buildPath } from '@shared/endpoint';
import { api } from '@web/lib/api';

/** A custom date range (Advanced analytics): local days, both included; null for the last 30 days. */
export type DayRange = { from: string; to: string } | null;

/**
 * One location's playbacks (Multi-location): MAIN_LOCATION (the gym's own page) or a further
 * location's id; null for every page.
 */
export type LocationFilter = string | null;

export const analyticsKeys = {
  all: ['analytics'] as const,
  figures: (videoId: string | null, timeZone: string, range: DayRange, location: LocationFilter) =>
    [...analyticsKeys.all, { video: videoId, tz: timeZone, location, ...range }] as const,
  summary: (timeZone: string) => [...analyticsKeys.all, 'summary', { tz: timeZone }] as const,
  retention: (videoId: string, timeZone: string, range: DayRange, location: LocationFilter) =>
    [
      ...analyticsKeys.all,
      'retention',
      { video: videoId, tz: timeZone, location, ...range },
    ] as const,
};

/** The browser's IANA time zone, so days and hours are the owner's own; UTC when unknown. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Figures move as riders ride: read them fresh on every visit. */
const FRESH = {
  staleTime: 0,
  refetchOnMount: 'always',
  placeholderData: keepPreviousData,
} as const;

/** GET /api/analytics[?video=][&location=][&tz=][&from=&to=]: the dashboard (Power Cycle and up). */
export function analyticsQuery(
  videoId: string | null,
  timeZone: string,
  range: DayRange = null,
  location: LocationFilter = null,
) {
  return queryOptions({
    queryKey: analyticsKeys.figures(videoId, timeZone, range, location),
    queryFn: ({ signal }) =>
      api(analyticsEndpoints.overview, {
        query: {
          tz: timeZone,
          video: videoId ?? undefined,
          location: location ?? undefined,
          ...range,
        },
        signal,
      }),
    ...FRESH,
  });
}

export function useAnalytics(
  videoId: string | null,
  range: DayRange,
  location: LocationFilter = null,
  enabled = true,
) {
  return useQuery({ ...analyticsQuery(videoId, browserTimeZone(), range, location), enabled });
}

/** GET /api/analytics/summary: the four totals (every plan). */
export function useAnalyticsSummary(enabled = true) {
  const tz = browserTimeZone();
  return useQuery({
    queryKey: analyticsKeys.summary(tz),
    queryFn: ({ signal }) => api(analyticsEndpoints.summary, { query: { tz }, signal }),
    ...FRESH,
    enabled,
  });
}

/** GET /api/analytics/retention: one class's audience retention (Spin Master and up). */
export function useRetention(videoId: string | null, range: DayRange, location: LocationFilter) {
  const tz = browserTimeZone();
  return useQuery({
    queryKey: analyticsKeys.retention(videoId ?? '', tz, range, location),
    queryFn: ({ signal }) =>
      api(analyticsEndpoints.retention, {
        query: { video: videoId!, location: location ?? undefined, tz, ...range },
        signal,
      }),
    ...FRESH,
    enabled: videoId !== null,
  });
}

/** The address of one table's CSV download, over the screen's period (the server names the file). */
export function csvUrl(
  table: CsvTable,
  videoId: string | null,
  range: DayRange,
  location: LocationFilter,
): string {
  return buildPath(
    analyticsEndpoints.csv,
    {},
    {
      table,
      video: videoId ?? undefined,
      location: location ?? undefined,
      tz: browserTimeZone(),
      ...range,
    },
  );
}
