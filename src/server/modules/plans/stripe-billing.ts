import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Plan, PlanId } from '@shared/plans';
import { BILLING_MESSAGES } from '@shared/plans.contract';
import type { StripeConfig } from '../../config';
import {
  BadGatewayError,
  HttpError,
  PaymentRequiredError,
  ValidationError,
} from '../../lib/errors';
import type {
  BillingEvent,
  BillingProvider,
  HostedBilling,
  SubscriptionState,
} from './billing-provider';

/**
 * The Stripe price lookup key of each paid plan (README "Billing with Stripe"): prices are read
 * from Stripe by these keys, never hard-coded by id.
 */
export const STRIPE_LOOKUP_KEYS: Readonly<Record<Exclude<PlanId, 'spin-starter'>, string>> = {
  'power-cycle': 'cadence_power_cycle_monthly',
  'spin-master': 'cadence_spin_master_monthly',
  'elite-studio': 'cadence_elite_studio_monthly',
};

/** The metadata key that names the Cadence owner on Stripe's customer and subscription. */
export const OWNER_METADATA_KEY = 'cadence_user_id';

function lookupKey(plan: Plan): string {
  const key = (STRIPE_LOOKUP_KEYS as Record<string, string | undefined>)[plan.id];
  if (!key) throw new ValidationError(BILLING_MESSAGES.freePlan);
  return key;
}

function planOfLookupKey(key: string | null | undefined): PlanId | null {
  const entry = Object.entries(STRIPE_LOOKUP_KEYS).find(([, k]) => k === key);
  return (entry?.[0] as PlanId | undefined) ?? null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The SDK's client, pointed at STRIPE_API_BASE when it is set (the tests' stand-in server). */
export function stripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    ...(config.apiBase ?? {}),
  });
}

/** API keys as they may appear in a Stripe error message ("Invalid API Key provided: sk_live_…"). */
const KEY_PATTERN = /\b(sk|rk|pk|whsec)_\w+/g;

/**
 * Stripe's failure as one of the app's typed errors, logged without secrets: a declined card is
 * the owner's 402 (Stripe changed nothing); anything else (a wrong key, Stripe down, no network,
 * a request Stripe refused) is the app's problem, a 502 with a fixed message. Stripe's own words
 * never reach the client.
 */
function billingFailure(
  error: unknown,
  operation: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): Error {
  if (error instanceof HttpError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) {
    log.error({ err: error, operation }, 'billing call failed');
    return new BadGatewayError(BILLING_MESSAGES.unavailable);
  }
  const details = {
    operation,
    stripeType: error.type,
    statusCode: error.statusCode,
    code: error.code,
    declineCode: error.decline_code,
    requestId: error.requestId,
    message: error.message.replace(KEY_PATTERN, '$1_[redacted]'),
  };
  if (error instanceof Stripe.errors.StripeCardError) {
    log.warn(details, 'card declined by Stripe');
    return new PaymentRequiredError(BILLING_MESSAGES.cardDeclined);
  }
  log.error(details, 'Stripe call failed');
  return new BadGatewayError(BILLING_MESSAGES.unavailable);
}

export function stripeBilling(
  config: StripeConfig,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  client = stripeClient(config),
): BillingProvider {
  /** Runs a Stripe call; its failure becomes the app's typed error (billingFailure). */
  async function guarded<T>(operation: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw billingFailure(error, operation, log);
    }
  }

  /** Price ids by plan, read once by lookup key. */
  let prices: Promise<Map<PlanId, string>> | undefined;
  function priceIds(): Promise<Map<PlanId, string>> {
    prices ??= client.prices
      .list({ lookup_keys: Object.values(STRIPE_LOOKUP_KEYS), active: true, limit: 10 })
      .then((list) => {
        const map = new Map<PlanId, string>();
        for (const price of list.data) {
          const plan = planOfLookupKey(price.lookup_key);
          if (plan) map.set(plan, price.id);
        }
        return map;
      })
      .catch((error: unknown) => {
        prices = undefined;
        throw error;
      });
    return prices;
  }
  async function priceId(plan: Plan): Promise<string> {
    const key = lookupKey(plan);
    const id = (await priceIds()).get(plan.id);
    if (!id) throw new Error(`Stripe has no active price with the lookup key ${key}`);
    return id;
  }

  function state(sub: Stripe.Subscription): SubscriptionState {
    const item = sub.items.data[0];
    return {
      id: sub.id,
      customerId: idOf(sub.customer) ?? '',
      status: sub.status,
      planId: planOfLookupKey(item?.price.lookup_key),
      currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
    };
  }

  async function subscriptionItem(subscriptionId: string): Promise<string> {
    const sub = await client.subscriptions.retrieve(subscriptionId);
    const item = sub.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
    return item.id;
  }

  const hosted: HostedBilling = {
    createCustomer: ({ userId, email, name }) =>
      guarded('createCustomer', async () => {
        const customer = await client.customers.create(
          { email, ...(name ? { name } : {}), metadata: { [OWNER_METADATA_KEY]: userId } },
          // One customer per owner even when the request is retried.
          { idempotencyKey: `cadence-customer-${userId}` },
        );
        return customer.id;
      }),

    checkoutUrl: ({ customerId, userId, plan, successUrl, cancelUrl }) =>
      guarded('checkoutUrl', async () => {
        const session = await client.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: userId,
          line_items: [{ price: await priceId(plan), quantity: 1 }],
          success_url: successUrl,
          cancel_url: cancelUrl,
          metadata: { [OWNER_METADATA_KEY]: userId },
          subscription_data: { metadata: { [OWNER_METADATA_KEY]: userId } },
        });
        if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
        return session.url;
      }),

    previewChange: ({ customerId, subscriptionId, to }) =>
      guarded('previewChange', async () => {
        const invoice = await client.invoices.createPreview({
          customer: customerId,
          subscription: subscriptionId,
          subscription_details: {
            items: [{ id: await subscriptionItem(subscriptionId), price: await priceId(to) }],
            proration_behavior: 'always_invoice',
          },
        });
        return { amountDueCents: invoice.amount_due, currency: invoice.currency };
      }),

    portalUrl: ({ customerId, returnUrl }) =>
      guarded('portalUrl', async () => {
        const session = await client.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
        });
        return session.url;
      }),

    cancelAtPeriodEnd: (subscriptionId) =>
      guarded('cancelAtPeriodEnd', async () =>
        state(await client.subscriptions.update(subscriptionId, { cancel_at_period_end: true })),
      ),

    cancelNow: (subscriptionId) =>
      guarded('cancelNow', async () =>
        state(
          // The unused time is credited to the customer's balance (Stripe refunds no card itself).
          await client.subscriptions.cancel(subscriptionId, { prorate: true, invoice_now: true }),
        ),
      ),

    subscription: (subscriptionId) =>
      guarded('subscription', async () =>
        state(await client.subscriptions.retrieve(subscriptionId)),
      ),

    verifyEvent(rawBody, signature) {
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no signature');
        event = client.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        throw new ValidationError(BILLING_MESSAGES.badSignature);
      }
      return reduceEvent(event);
    },
  };

  return {
    name: 'stripe',
    connected: true,
    hosted,
    /**
     * Moves the paid subscription to the plan's price, charging the prorated difference at once.
     * error_if_incomplete: when that charge fails, Stripe answers 402 and changes nothing (its
     * default, allow_incomplete, would move the price anyway and leave the invoice unpaid).
     */
    changePlan: ({ to, subscriptionId }) =>
      guarded('changePlan', async () => {
        if (!subscriptionId) throw new ValidationError(BILLING_MESSAGES.useCheckout);
        const item = await subscriptionItem(subscriptionId);
        const price = await priceId(to);
        const sub = await client.subscriptions.update(subscriptionId, {
          items: [{ id: item, price }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
          cancel_at_period_end: false,
          expand: ['latest_invoice'],
        });
        const invoice = sub.latest_invoice;
        return {
          amountCents: invoice && typeof invoice !== 'string' ? invoice.amount_due : 0,
          externalRef: idOf(invoice) ?? sub.id,
        };
      }),
  };
}

/** The subscription and customer an event names (where each event type carries them). */
function reduceEvent(event: Stripe.Event): BillingEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return {
        ...base,
        subscriptionId: idOf(session.subscription),
        customerId: idOf(session.customer),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      return { ...base, subscriptionId: sub.id, customerId: idOf(sub.customer) };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        ...base,
        subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
        customerId: idOf(invoice.customer),
      };
    }
    default:
      return { ...base, subscriptionId: null, customerId: null };
  }
}
