import type { Plan } from '@shared/plans';

/** What a provider did for a plan change, to be recorded with it. */
export interface BillingReceipt {
  /** Charged now, in cents (0 when nothing was charged). */
  amountCents: number;
  /** The provider's id for the change (subscription item, invoice), when there is one. */
  externalRef: string | null;
}

/**
 * The billing seam. Plan changes go through it; a real payment provider (Stripe, Paddle, ...)
 * becomes one more adapter: it charges or prorates, may refuse (throw), and hosts invoices and the
 * billing portal. Until one is connected, the 'manual' adapter runs.
 */
export interface BillingProvider {
  readonly name: string;
  /** True when cards are really charged and invoices exist. */
  readonly connected: boolean;
  changePlan(input: { userId: string; from: Plan; to: Plan }): Promise<BillingReceipt>;
}

/** No payment provider: the change applies at once, nothing is charged, no invoice exists. */
export function manualBilling(): BillingProvider {
  return {
    name: 'manual',
    connected: false,
    async changePlan() {
      return { amountCents: 0, externalRef: null };
    },
  };
}
