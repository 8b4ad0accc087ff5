import { useMutation, useQueryClient } from '@tanstack/react-query';
import { plansEndpoints } from '@shared/plans.contract';
import type { PlanId } from '@shared/plans';
import { api } from '@web/lib/api';
import { setCurrentUser } from '@web/lib/session';
import { plansQuery, subscriptionQuery } from './plans';

/** PUT /api/auth/plan: applies at once; the plans, the subscription and the user (plan badge) follow. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: PlanId) => api(plansEndpoints.change, { body: { planId } }),
    onSuccess: (response) => {
      queryClient.setQueryData(subscriptionQuery.queryKey, response.subscription);
      queryClient.setQueryData(plansQuery.queryKey, (plans) =>
        plans?.map((p) => ({ ...p, isCurrentPlan: p.id === response.subscription.plan.id })),
      );
      setCurrentUser(queryClient, response.user);
    },
  });
}
