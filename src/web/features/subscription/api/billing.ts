import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '@shared/plans';
import { plansEndpoints } from '@shared/plans.contract';
import { api } from '@web/lib/api';
import { planKeys, subscriptionQuery } from './plans';

/** Leaves the app for Stripe's hosted page (Checkout or the Customer Portal). */
function go(url: string): void {
  window.location.assign(url);
}

/** POST /api/auth/billing/checkout: a first paid plan is bought on Stripe Checkout. */
export function useCheckout() {
  return useMutation({
    mutationFn: (planId: PlanId) => api(plansEndpoints.checkout, { body: { planId } }),
    onSuccess: ({ url }) => go(url),
  });
}

/** POST /api/auth/billing/portal: card and invoices in the Stripe Customer Portal. */
export function usePortal() {
  return useMutation({
    mutationFn: () => api(plansEndpoints.portal),
    onSuccess: ({ url }) => go(url),
  });
}

/** POST /api/auth/billing/cancel: the plan runs until the end of the paid period. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(plansEndpoints.cancel),
    onSuccess: (response) =>
      queryClient.setQueryData(subscriptionQuery.queryKey, response.subscription),
  });
}

/** GET /api/auth/billing/preview: what a switch charges now; read fresh each time it is asked. */
export function usePreview(planId: PlanId | null) {
  return useQuery(
    queryOptions({
      queryKey: [...planKeys.all, 'preview', planId] as const,
      queryFn: ({ signal }) => api(plansEndpoints.preview, { query: { planId: planId! }, signal }),
      enabled: planId !== null,
      staleTime: 0,
      gcTime: 0,
    }),
  );
}
