import { queryOptions, useQuery } from '@tanstack/react-query';
import { plansEndpoints } from '@shared/plans.contract';
import { api } from '@web/lib/api';

export const planKeys = {
  all: ['plans'] as const,
  list: () => [...planKeys.all, 'list'] as const,
  subscription: () => [...planKeys.all, 'subscription'] as const,
};

/** GET /api/plans: the four plans with isCurrentPlan. */
export const plansQuery = queryOptions({
  queryKey: planKeys.list(),
  queryFn: ({ signal }) => api(plansEndpoints.list, { signal }),
});

/**
 * GET /api/auth/subscription: the plan, the owner's real video count against its limit, the billing
 * seam. Read fresh on every visit: videos come and go on other screens.
 */
export const subscriptionQuery = queryOptions({
  queryKey: planKeys.subscription(),
  queryFn: ({ signal }) => api(plansEndpoints.subscription, { signal }),
  staleTime: 0,
  refetchOnMount: 'always',
});

export function usePlans() {
  return useQuery(plansQuery);
}

/** The subscription; `refetchInterval` while a paid checkout waits for its webhook. */
export function useSubscription(options?: { refetchInterval: number }) {
  return useQuery({ ...subscriptionQuery, ...options });
}
