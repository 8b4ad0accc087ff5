import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStripeForm, startStripeServer, type StripeStandIn } from './stripe-server';

/** The stand-in answers as Stripe does, through the real SDK, for the calls Cadence makes. */
let stripe: StripeStandIn;
let client: Stripe;
beforeAll(async () => {
  stripe = await startStripeServer();
  const { port } = new URL(stripe.url);
  client = new Stripe(stripe.secretKey, { host: '127.0.0.1', port, protocol: 'http' });
});
afterAll(() => stripe.close());

describe('the stand-in Stripe server', () => {
  it('reads bracketed form keys as Stripe does', () => {
    expect(
      parseStripeForm(
        'line_items[0][price]=p&line_items[0][quantity]=1&metadata[a]=b&expand[]=x&expand[]=y',
      ),
    ).toEqual({
      line_items: [{ price: 'p', quantity: '1' }],
      metadata: { a: 'b' },
      expand: ['x', 'y'],
    });
  });

  it('refuses a wrong key with an authentication error', async () => {
    const wrong = new Stripe('sk_test_wrong', {
      host: '127.0.0.1',
      port: new URL(stripe.url).port,
      protocol: 'http',
    });
    await expect(wrong.customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it('answers 400 parameter_missing for a required parameter, 404 resource_missing for an unknown id', async () => {
    const missing = await client.checkout.sessions
      .create({ mode: 'subscription', success_url: 'https://x.example/ok' })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'line_items',
    });

    const portal = await client.billingPortal.sessions
      .create({} as Stripe.BillingPortal.SessionCreateParams)
      .catch((e: unknown) => e);
    expect(portal).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'customer' });

    const unknown = await client.subscriptions.retrieve('sub_nope').catch((e: unknown) => e);
    expect(unknown).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('lists prices by lookup key and creates one customer per idempotency key', async () => {
    const prices = await client.prices.list({
      lookup_keys: ['cadence_spin_master_monthly'],
      active: true,
    });
    expect(prices.data.map((p) => [p.lookup_key, p.unit_amount])).toEqual([
      ['cadence_spin_master_monthly', 19_900],
    ]);
    const a = await client.customers.create({ email: 'a@x.example' }, { idempotencyKey: 'k1' });
    const b = await client.customers.create({ email: 'a@x.example' }, { idempotencyKey: 'k1' });
    expect(a.id).toBe(b.id);
  });

  it('signs events that the SDK verifies', async () => {
    const customer = await client.customers.create({});
    const price = (await client.prices.list({ lookup_keys: ['cadence_power_cycle_monthly'] }))
      .data[0]!;
    const session = await client.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'https://x.example/ok',
    });
    const received: Stripe.Event[] = [];
    stripe.deliverTo(async (event) => {
      received.push(
        client.webhooks.constructEvent(event.payload, event.signature, stripe.webhookSecret),
      );
    });
    await stripe.pay(session.id);
    await stripe.settled();
    expect(received.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'checkout.session.completed',
      'invoice.paid',
    ]);
  });

  it('honours payment_behavior when a declining card cannot pay a prorated change', async () => {
    const customer = await client.customers.create({});
    const prices = await client.prices.list({
      lookup_keys: ['cadence_power_cycle_monthly', 'cadence_elite_studio_monthly'],
    });
    const priceOf = (key: string) => prices.data.find((p) => p.lookup_key === key)!.id;
    const session = await client.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: priceOf('cadence_power_cycle_monthly'), quantity: 1 }],
      success_url: 'https://x.example/ok',
    });
    await stripe.pay(session.id);
    const created = stripe.events
      .map((e) => JSON.parse(e.payload).data.object as { id: string; customer: string })
      .find((o) => o.id.startsWith('sub_') && o.customer === customer.id)!;
    const sub = await client.subscriptions.retrieve(created.id);
    stripe.declineCard(customer.id);
    const change = (payment_behavior?: 'error_if_incomplete' | 'allow_incomplete') =>
      client.subscriptions.update(sub.id, {
        items: [{ id: sub.items.data[0]!.id, price: priceOf('cadence_elite_studio_monthly') }],
        proration_behavior: 'always_invoice',
        ...(payment_behavior ? { payment_behavior } : {}),
        expand: ['latest_invoice'],
      });

    const refused = await change('error_if_incomplete').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(refused).toMatchObject({ statusCode: 402, code: 'card_declined' });
    const unchanged = await client.subscriptions.retrieve(sub.id);
    expect([unchanged.status, unchanged.items.data[0]!.price.lookup_key]).toEqual([
      'active',
      'cadence_power_cycle_monthly',
    ]);

    // Stripe's default, allow_incomplete: the price moves anyway, its invoice unpaid.
    const moved = await change();
    expect([moved.status, moved.items.data[0]!.price.lookup_key]).toEqual([
      'past_due',
      'cadence_elite_studio_monthly',
    ]);
    expect(moved.latest_invoice).toMatchObject({ status: 'open', amount_paid: 0 });
  });
});
