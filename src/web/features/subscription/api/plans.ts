import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanView, SubscriptionView } from '@shared/plans.contract';
import { getQueryFn } from '@web/lib/api';

export const PLANS_KEY = ['/api/plans'] as const;
export const SUBSCRIPTION_KEY = ['/api/auth/subscription'] as const;

/** GET /api/plans: the four plans with isCurrentPlan. */
export const plansQuery = queryOptions({
  queryKey: PLANS_KEY,
  queryFn: getQueryFn<PlanView[]>({ on401: 'throw' }),
});

/**
 * GET /api/auth/subscription: the plan, the owner's real video count against its limit, the billing
 * seam. Read fresh on every visit: videos come and go on other screens.
 */
export const subscriptionQuery = queryOptions({
  queryKey: SUBSCRIPTION_KEY,
  queryFn: getQueryFn<SubscriptionView>({ on401: 'throw' }),
  staleTime: 0,
  refetchOnMount: 'always',
});

export function usePlans() {
  return useQuery(plansQuery);
}

export function useSubscription() {
  return useQuery(subscriptionQuery);
}
