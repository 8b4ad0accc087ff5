import { z } from 'zod';
import type { PublicUser } from './auth.contract';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';
import { PLANS, type Plan, type PlanId } from './plans';

export const DEFAULT_PLAN_ID: PlanId = 'spin-starter';

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

/** A plan as GET /api/plans answers it (product.md §3 Plan): the catalogue plus isCurrentPlan. */
export interface PlanView extends Plan {
  isCurrentPlan: boolean;
}

const planIds = PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];

export const changePlanBody = z.object({
  planId: z.enum(planIds, { error: 'Unknown plan' }),
});
export type ChangePlanBody = z.infer<typeof changePlanBody>;

/** The billing seam's state, said plainly on the subscription page. */
export interface BillingStatus {
  /** Which BillingProvider adapter runs ('manual' until a payment provider is connected). */
  provider: string;
  /** True when a real payment provider charges cards, issues invoices and hosts a billing portal. */
  connected: boolean;
}

/** GET /api/auth/subscription */
export interface SubscriptionView {
  plan: PlanView;
  usage: {
    /** Every video row of the owner, whatever its status: the same count the upload quota uses. */
    videoCount: number;
    videoLimit: number;
  };
  billing: BillingStatus;
  /** When the current plan was chosen; null for the plan every account starts on. */
  planChangedAt: string | null;
}

/** PUT /api/auth/plan */
export interface ChangePlanResponse {
  message: string;
  subscription: SubscriptionView;
  user: PublicUser;
}

export const plansEndpoints = {
  list: endpoint<{ response: PlanView[] }>()({
    method: 'GET',
    path: '/api/plans',
    access: 'owner',
    summary: "The plan catalogue, the caller's current plan marked",
  }),
  subscription: endpoint<{ response: SubscriptionView }>()({
    method: 'GET',
    path: '/api/auth/subscription',
    access: 'owner',
    summary: "The caller's plan, usage and billing state",
  }),
  change: withSchemas(
    endpoint<{ body: ChangePlanBody; response: ChangePlanResponse }>()({
      method: 'PUT',
      path: '/api/auth/plan',
      access: 'owner',
      summary: 'Moves the caller to another plan',
    }),
    { body: changePlanBody },
  ),
} as const;

export const BILLING_NOT_CONNECTED =
  'Billing is not connected yet: plan changes apply immediately and no card is charged.';

/** The 409 for a plan whose limit is below the owner's video count. */
export function planTooSmallMessage(plan: Plan, videoCount: number): string {
  const excess = videoCount - plan.videoLimit;
  return (
    `${plan.name} allows up to ${plan.videoLimit} videos and you have ${videoCount}. ` +
    `Delete ${excess} ${excess === 1 ? 'video' : 'videos'} or choose a larger plan.`
  );
}
