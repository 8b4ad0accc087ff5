import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  EMBEDDED_GYM_ID,
  gymEndpoints,
  type EmbeddedGym,
  type GymLookupResponse,
} from '@shared/gyms.contract';
import { api } from '@web/lib/api';
import { gymKeys } from '@web/lib/gym-keys';

/** GET /api/gym/{gymSlug} (product.md §7): the gym, or a hint to its current slug. */
export function gymQuery(slug: string) {
  return queryOptions({
    queryKey: gymKeys.bySlug(slug),
    queryFn: ({ signal }) => api(gymEndpoints.bySlug, { params: { gymSlug: slug }, signal }),
    // The server caches for 60 s: a rider reopening the page gets fresh classes after that.
    staleTime: 60_000,
  });
}

/** GET /api/gym/by-host: the gym whose custom domain this page was opened on (product.md §9). */
export function gymByHostQuery() {
  return queryOptions({
    queryKey: gymKeys.byHost(),
    // Typed as the lookup by slug (which may also answer a redirect): the page reads both alike.
    queryFn: ({ signal }): Promise<GymLookupResponse> => api(gymEndpoints.byHost, { signal }),
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
