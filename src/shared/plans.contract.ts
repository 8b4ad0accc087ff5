import { z } from 'zod';
import { publicUser } from './auth.contract';
import { endpoint } from './endpoint';
import { withSchemas, type Same } from './endpoint-schemas';
import { PLANS, type Plan, type PlanId } from './plans';

export const DEFAULT_PLAN_ID: PlanId = 'spin-starter';

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

const planIds = PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];

/** plans.ts's Plan, the catalogue's plain data (the schema's type is exactly it). */
const plan = z.object({
  id: z.enum(planIds),
  name: z.string(),
  price: z.number(),
  interval: z.literal('month'),
  description: z.string(),
  features: z.array(z.string()),
  videoLimit: z.number(),
  isPopular: z.boolean(),
});
true satisfies Same<z.output<typeof plan>, Plan>;

/** A plan as GET /api/plans answers it (product.md §3 Plan): the catalogue plus isCurrentPlan. */
const planView = plan.extend({ isCurrentPlan: z.boolean() });
export type PlanView = z.infer<typeof planView>;

export const changePlanBody = z.object({
  planId: z.enum(planIds, { error: 'Unknown plan' }),
});
export type ChangePlanBody = z.infer<typeof changePlanBody>;

/** The billing seam's state, said plainly on the subscription page. */
const billingStatus = z.object({
  /** Which BillingProvider adapter runs ('manual' until a payment provider is connected). */
  provider: z.string(),
  /** True when a real payment provider charges cards, issues invoices and hosts a billing portal. */
  connected: z.boolean(),
});
export type BillingStatus = z.infer<typeof billingStatus>;

/** GET /api/auth/subscription */
const subscriptionView = z.object({
  plan: planView,
  usage: z.object({
    /** Every video row of the owner, whatever its status: the same count the upload quota uses. */
    videoCount: z.number(),
    videoLimit: z.number(),
  }),
  billing: billingStatus,
  /** When the current plan was chosen; null for the plan every account starts on. */
  planChangedAt: z.string().nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

/** PUT /api/auth/plan */
const changePlanResponse = z.object({
  message: z.string(),
  subscription: subscriptionView,
  user: publicUser,
});
export type ChangePlanResponse = z.infer<typeof changePlanResponse>;

export const plansEndpoints = {
  list: withSchemas(
    endpoint<{ response: PlanView[] }>()({
      method: 'GET',
      path: '/api/plans',
      access: 'owner',
      summary: "The plan catalogue, the caller's current plan marked",
    }),
    { response: z.array(planView) },
  ),
  subscription: withSchemas(
    endpoint<{ response: SubscriptionView }>()({
      method: 'GET',
      path: '/api/auth/subscription',
      access: 'owner',
      summary: "The caller's plan, usage and billing state",
    }),
    { response: subscriptionView },
  ),
  change: withSchemas(
    endpoint<{ body: ChangePlanBody; response: ChangePlanResponse }>()({
      method: 'PUT',
      path: '/api/auth/plan',
      access: 'owner',
      summary: 'Moves the caller to another plan',
    }),
    { body: changePlanBody, response: changePlanResponse },
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
