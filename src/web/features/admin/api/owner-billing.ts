import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '@shared/plans';
import { plansEndpoints } from '@shared/plans.contract';
import { api } from '@web/lib/api';

const ownerBillingKey = (ownerId: string) => ['admin', 'owner-billing', ownerId] as const;

/** GET /api/admin/owners/:id/billing: the owner's plan, billing state and plan changes. */
export const ownerBillingQuery = (ownerId: string) =>
  queryOptions({
    queryKey: ownerBillingKey(ownerId),
    queryFn: ({ signal }) => api(plansEndpoints.adminBilling, { params: { id: ownerId }, signal }),
    staleTime: 0,
  });

/** PUT /api/admin/owners/:id/plan: a plan granted by hand; the answer is the owner's billing. */
export function useGrantPlan(ownerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (planId: PlanId) =>
      api(plansEndpoints.adminGrant, { params: { id: ownerId }, body: { planId } }),
    onSuccess: ({ message: _message, ...billing }) =>
      client.setQueryData(ownerBillingKey(ownerId), billing),
  });
}
