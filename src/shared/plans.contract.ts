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
  /** The subscription's status at the provider (active, past_due, canceled, ...); null: none. */
  status: z.string().nullable(),
  /** When the paid period ends (the plan runs until then after a cancel); null: no subscription. */
  currentPeriodEnd: z.string().nullable(),
  /** Cancelled: the plan runs until currentPeriodEnd, then the account returns to Spin Starter. */
  cancelAtPeriodEnd: z.boolean(),
  /** A payment failed: the plan is kept (banner) while Stripe retries, until this date. */
  graceUntil: z.string().nullable(),
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

/** POST /api/auth/billing/checkout and /portal: where the browser goes next (Stripe's hosted page). */
const billingRedirect = z.object({ url: z.string() });
export type BillingRedirect = z.infer<typeof billingRedirect>;

export const planQuery = z.object({
  planId: z.enum(planIds, { error: 'Unknown plan' }),
});
export type PlanQuery = z.infer<typeof planQuery>;

/** GET /api/auth/billing/preview: what switching to the plan charges now (prorated). */
const changePreview = z.object({
  planId: z.enum(planIds),
  /** Charged at once for the rest of the period (0 when the change credits more than it costs). */
  amountDueCents: z.number(),
  currency: z.string(),
});
export type ChangePreview = z.infer<typeof changePreview>;

/** POST /api/auth/billing/cancel */
const cancelResponse = z.object({
  message: z.string(),
  subscription: subscriptionView,
});
export type CancelResponse = z.infer<typeof cancelResponse>;

/** The admin desk's view of an owner's plan and billing, with every plan change (the audit trail). */
const adminBilling = z.object({
  owner: z.object({ id: z.string(), email: z.string(), companyName: z.string().nullable() }),
  subscription: subscriptionView,
  changes: z.array(
    z.object({
      fromPlan: z.string(),
      toPlan: z.string(),
      /** owner, checkout, portal, webhook or admin. */
      source: z.string(),
      provider: z.string(),
      amountCents: z.number(),
      /** The admin who granted it (source admin). */
      actorId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminBilling = z.infer<typeof adminBilling>;

const ownerParams = z.object({ id: z.uuid({ error: 'No such owner' }) });

/** PUT /api/admin/owners/:id/plan */
const grantResponse = adminBilling.extend({ message: z.string() });
export type GrantResponse = z.infer<typeof grantResponse>;

const webhookResponse = z.object({ received: z.literal(true) });
export type WebhookResponse = z.infer<typeof webhookResponse>;

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
  checkout: withSchemas(
    endpoint<{ body: ChangePlanBody; response: BillingRedirect }>()({
      method: 'POST',
      path: '/api/auth/billing/checkout',
      access: 'owner',
      summary: 'Starts Stripe Checkout for a paid plan (answers the hosted page to go to)',
    }),
    { body: changePlanBody, response: billingRedirect },
  ),
  preview: withSchemas(
    endpoint<{ query: PlanQuery; response: ChangePreview }>()({
      method: 'GET',
      path: '/api/auth/billing/preview',
      access: 'owner',
      summary: 'What switching the paid subscription to another plan charges now',
    }),
    { query: planQuery, response: changePreview },
  ),
  portal: withSchemas(
    endpoint<{ response: BillingRedirect }>()({
      method: 'POST',
      path: '/api/auth/billing/portal',
      access: 'owner',
      summary: 'Opens the Stripe Customer Portal (card, invoices)',
    }),
    { response: billingRedirect },
  ),
  cancel: withSchemas(
    endpoint<{ response: CancelResponse }>()({
      method: 'POST',
      path: '/api/auth/billing/cancel',
      access: 'owner',
      summary: 'Cancels the subscription at the end of the paid period',
    }),
    { response: cancelResponse },
  ),
  adminBilling: withSchemas(
    endpoint<{ response: AdminBilling }>()({
      method: 'GET',
      path: '/api/admin/owners/:id/billing',
      access: 'admin',
      summary: "An owner's plan, billing state and plan changes",
    }),
    { params: ownerParams, response: adminBilling },
  ),
  adminGrant: withSchemas(
    endpoint<{ body: ChangePlanBody; response: GrantResponse }>()({
      method: 'PUT',
      path: '/api/admin/owners/:id/plan',
      access: 'admin',
      summary: 'Grants an owner a plan by hand (a comped account), recorded with the admin',
    }),
    { params: ownerParams, body: changePlanBody, response: grantResponse },
  ),
  webhook: withSchemas(
    endpoint<{ response: WebhookResponse }>()({
      method: 'POST',
      path: '/api/billing/webhook',
      access: 'public',
      summary: "Stripe's events, verified by their signature (Stripe-Signature) on the raw body",
    }),
    { response: webhookResponse },
  ),
} as const;

export const BILLING_NOT_CONNECTED =
  'Billing is not connected yet: plan changes apply immediately and no card is charged.';

export const BILLING_MESSAGES = {
  notConnected: 'Billing is not connected.',
  badSignature: 'Invalid webhook signature',
  freePlan: 'Spin Starter is free: there is nothing to pay for.',
  useCheckout: 'Paid plans start with Stripe Checkout: choose Upgrade.',
  alreadySubscribed: 'You already have a subscription: change its plan instead.',
  noSubscription: 'You have no paid subscription.',
  cardDeclined:
    'Your card was declined. Update your payment method in Manage Billing, then try again.',
  unavailable: 'Billing is unavailable right now. Please try again in a few minutes.',
  notAppHost: "Billing opens only at Cadence's own address: open Cadence there and try again.",
  tooMany: 'Too many billing requests. Please wait a minute and try again.',
  toFree:
    'To return to Spin Starter, cancel your subscription: your plan runs until the end of the paid period.',
} as const;

/** The grace period after a failed payment: the plan is kept while Stripe retries the card. */
export const GRACE_DAYS = 7;

/** The 409 for a plan whose limit is below the owner's video count. */
export function planTooSmallMessage(plan: Plan, videoCount: number): string {
  const excess = videoCount - plan.videoLimit;
  return (
    `${plan.name} allows up to ${plan.videoLimit} videos and you have ${videoCount}. ` +
    `Delete ${excess} ${excess === 1 ? 'video' : 'videos'} or choose a larger plan.`
  );
}
