import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { companySlug, onboardingEndpoints, type SlugPurpose } from '@shared/onboarding.contract';
import { api } from './api';

/** How long typing pauses before the slug is checked. */
export const SLUG_CHECK_DEBOUNCE_MS = 400;

/**
 * GET /api/auth/check-slug for one slug, for the gym or for a further location: available, the
 * message, and free slugs near a refused one.
 */
export function slugCheckQuery(slug: string, purpose: SlugPurpose = 'gym', location?: string) {
  return queryOptions({
    queryKey: ['slug-check', purpose, location ?? null, slug] as const,
    queryFn: ({ signal }) =>
      api(onboardingEndpoints.checkSlug, {
        // The gym's check is the default: its address stays /api/auth/check-slug?slug=….
        query: {
          slug,
          ...(purpose === 'location' ? { purpose, ...(location && { location }) } : {}),
        },
        signal,
      }),
    staleTime: 30_000,
  });
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export type SlugAvailability =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available'; message: string }
  | { state: 'unavailable'; message: string; suggestions: string[] }
  | { state: 'unknown' };

/**
 * The live check of a slug field (issue #15 part 7): once typing pauses, a slug that passes the
 * rules is asked about; `current` (the slug the field started from) and slugs breaking the rules
 * are not.
 */
export function useSlugAvailability(
  slug: string,
  current: string | null = null,
  purpose: SlugPurpose = 'gym',
  /** For a location being edited: its id (its own old slugs are free to it). */
  location?: string,
): SlugAvailability {
  const settled = useDebounced(slug, SLUG_CHECK_DEBOUNCE_MS);
  const checkable = settled === slug && slug !== current && companySlug.safeParse(slug).success;
  const query = useQuery({ ...slugCheckQuery(settled, purpose, location), enabled: checkable });
  if (slug === current || !companySlug.safeParse(slug).success) return { state: 'idle' };
  if (!checkable || query.isPending) return { state: 'checking' };
  if (query.isError) return { state: 'unknown' };
  const { available, message, suggestions } = query.data;
  return available
    ? { state: 'available', message }
    : { state: 'unavailable', message, suggestions };
}
