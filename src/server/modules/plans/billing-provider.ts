import type { Plan, PlanId } from '@shared/plans';

/** What a provider did for a plan change, to be recorded with it. */
export interface BillingReceipt {
  /** Charged now, in cents (0 when nothing was charged). */
  amountCents: number;
  /** The provider's id for the change (subscription item, invoice), when there is one. */
  externalRef: string | null;
}

/** A subscription as the provider reports it now (read fresh, never from an event's copy). */
export interface SubscriptionState {
  id: string;
  customerId: string;
  /** The provider's status: active, trialing, past_due, unpaid, canceled, incomplete, ... */
  status: string;
  /** The plan its price stands for; null when the price is none of Cadence's lookup keys. */
  planId: PlanId | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** A verified webhook event, reduced to what Cadence acts on. */
export interface BillingEvent {
  id: string;
  type: string;
  /** The subscription the event is about, when it names one. */
  subscriptionId: string | null;
  /** The customer the event is about, when it names one. */
  customerId: string | null;
}

/**
 * A provider that hosts billing: customers, a checkout page, prorated changes, a customer portal
 * with invoices, cancellation, and signed webhooks (Stripe).
 */
export interface HostedBilling {
  createCustomer(input: { userId: string; email: string; name: string | null }): Promise<string>;
  /** The hosted checkout page for a subscription to `plan`. */
  checkoutUrl(input: {
    customerId: string;
    userId: string;
    plan: Plan;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string>;
  /** What moving the subscription to `to` charges now. */
  previewChange(input: {
    customerId: string;
    subscriptionId: string;
    to: Plan;
  }): Promise<{ amountDueCents: number; currency: string }>;
  portalUrl(input: { customerId: string; returnUrl: string }): Promise<string>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionState>;
  /** Ends a subscription now, the unused time credited to the customer (a duplicate). */
  cancelNow(subscriptionId: string): Promise<SubscriptionState>;
  subscription(subscriptionId: string): Promise<SubscriptionState>;
  /** Verifies the signature on the raw body; throws when it is missing or wrong. */
  verifyEvent(rawBody: string, signature: string | undefined): BillingEvent;
}

/**
 * The billing seam. Plan changes go through it: the 'manual' adapter applies them at once and
 * charges nothing; the Stripe adapter (stripe-billing.ts) charges, prorates, may refuse (throw),
 * and hosts checkout, invoices and the billing portal (`hosted`).
 */
export interface BillingProvider {
  readonly name: string;
  /** True when cards are really charged and invoices exist. */
  readonly connected: boolean;
  /** Moves a plan; with a hosted provider, `subscriptionId` is the paid subscription to move. */
  changePlan(input: {
    userId: string;
    from: Plan;
    to: Plan;
    subscriptionId: string | null;
  }): Promise<BillingReceipt>;
  /** The hosted part; null for the manual adapter. */
  readonly hosted: HostedBilling | null;
}

/** No payment provider: the change applies at once, nothing is charged, no invoice exists. */
export function manualBilling(): BillingProvider {
  return {
    name: 'manual',
    connected: false,
    async changePlan() {
      return { amountCents: 0, externalRef: null };
    },
    hosted: null,
  };
}
