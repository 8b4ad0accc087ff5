import { queryOptions, useQuery } from '@tanstack/react-query';
import { GYM_API_PREFIX, GYM_BY_HOST_PATH, type GymLookupResponse } from '@shared/gyms.contract';
import { getQueryFn } from '@web/lib/api';

/** GET /api/gym/{gymSlug} (spec §7): the gym, or a hint to its current slug. */
export function gymQuery(slug: string) {
  return queryOptions({
    queryKey: [GYM_API_PREFIX, encodeURIComponent(slug)],
    queryFn: getQueryFn<GymLookupResponse>({ on401: 'throw' }),
    // The server caches for 60 s: a rider reopening the page gets fresh classes after that.
    staleTime: 60_000,
  });
}

/** GET /api/gym/by-host: the gym whose custom domain this page was opened on (spec §9). */
export function gymByHostQuery() {
  return queryOptions({
    queryKey: [GYM_BY_HOST_PATH],
    queryFn: getQueryFn<GymLookupResponse>({ on401: 'throw' }),
    staleTime: 60_000,
  });
}

export function useGym(source: { slug: string } | { byHost: true }) {
  return useQuery('slug' in source ? gymQuery(source.slug) : gymByHostQuery());
}
