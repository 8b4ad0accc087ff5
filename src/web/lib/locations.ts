import { queryOptions, useQuery } from '@tanstack/react-query';
import { locationsEndpoints } from '@shared/locations.contract';
import { api } from './api';

/** The account's locations in the cache (the Locations screen and the analytics filter share them). */
export const locationKeys = {
  all: ['locations'] as const,
};

/** GET /api/auth/locations: the account's own gym first, then its further locations. */
export const locationsQuery = queryOptions({
  queryKey: locationKeys.all,
  queryFn: ({ signal }) => api(locationsEndpoints.list, { signal }),
  // A plan change (Subscription) takes pages online or offline: read afresh on each visit.
  staleTime: 0,
});

export function useLocations() {
  return useQuery(locationsQuery);
}
