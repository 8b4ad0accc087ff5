import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePlanResponse, PlanView } from '@shared/plans.contract';
import type { PlanId } from '@shared/plans';
import { apiJson } from '@web/lib/api';
import { setCurrentUser } from '@web/lib/session';
import { PLANS_KEY, SUBSCRIPTION_KEY } from './plans';

/** PUT /api/auth/plan: applies at once; the plans, the subscription and the user (plan badge) follow. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: PlanId) => apiJson<ChangePlanResponse>('PUT', '/api/auth/plan', { planId }),
    onSuccess: (response) => {
      queryClient.setQueryData(SUBSCRIPTION_KEY, response.subscription);
      queryClient.setQueryData<PlanView[]>(PLANS_KEY, (plans) =>
        plans?.map((p) => ({ ...p, isCurrentPlan: p.id === response.subscription.plan.id })),
      );
      setCurrentUser(queryClient, response.user);
    },
  });
}
