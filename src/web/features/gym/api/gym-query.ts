import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  EMBEDDED_GYM_ID,
  GYM_API_PREFIX,
  GYM_BY_HOST_PATH,
  type EmbeddedGym,
  type GymLookupResponse,
} from '@shared/gyms.contract';
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

/** The gym the server wrote into the page's HTML (EMBEDDED_GYM_ID), as text, if any. */
export function embeddedGymText(): string | null {
  return document.getElementById(EMBEDDED_GYM_ID)?.textContent ?? null;
}

/**
 * Puts the gym the server wrote into the page's HTML in the cache, as if GET /api/gym had answered
 * it, so the page renders at once. Nothing happens without a gym (or with a broken one).
 */
export function seedEmbeddedGym(queryClient: QueryClient, text: string | null): void {
  if (!text) return;
  let embedded: EmbeddedGym;
  try {
    embedded = JSON.parse(text) as EmbeddedGym;
  } catch {
    return;
  }
  const query = embedded.slug === null ? gymByHostQuery() : gymQuery(embedded.slug);
  queryClient.setQueryData(query.queryKey, embedded.gym);
}
