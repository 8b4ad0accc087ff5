import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, type SubscriptionView } from '@shared/plans.contract';
import { billingAccounts, planChanges } from '../../db/schema/billing';
import { users } from '../../db/schema/users';
import { quotaMessage } from '@shared/videos.contract';
import { billingDate } from './plans.service';
import { BILLING_CALL_LIMIT } from './plans.routes';
import { seedVideo } from '../../test/analytics-fixtures';
import { TUS_CREATE_HEADERS } from '../../test/security/route-world';
import { registerOwner, startTestApp, type TestApp } from '../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { startStripeServer, type SentEvent, type StripeStandIn } from '../../test/stripe-server';
import { PAYMENT_FAILED_SUBJECT } from '../../mail/templates/payment-failed';

/** Stripe billing end to end through the app's routes, against the stand-in Stripe server. */
let t: TestApp;
let stripe: StripeStandIn;
let smtp: TestSmtpServer;
/** What the app logged (warn and above). */
const logLines: string[] = [];
const stripeEnv = () => ({
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_BASE: stripe.url,
});
beforeAll(async () => {
  stripe = await startStripeServer();
  smtp = await startSmtpServer();
  t = await startTestApp({
    env: {
      ...stripeEnv(),
      PUBLIC_URL: 'https://app.cadence.example',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Cadence <no-reply@cadence.test>',
    },
    deps: {
      mail: { worker: true, settings: { pollingIntervalSeconds: 0.5, retryDelay: 1 } },
      logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } },
    },
  });
  stripe.deliverTo(async (event) => {
    const res = await webhook(event.payload, event.signature);
    if (res.statusCode !== 200) throw new Error(`${event.type}: ${res.statusCode} ${res.body}`);
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
  await smtp.close();
});

type Owner = Awaited<ReturnType<typeof registerOwner>>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const webhook = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature !== undefined ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });
const subscriptionOf = async (owner: Owner): Promise<SubscriptionView> =>
  (await call('GET', '/api/auth/subscription', owner.cookie)).json();
const changesOf = (owner: Owner) =>
  t.database.db
    .select()
    .from(planChanges)
    .where(eq(planChanges.userId, owner.id))
    .orderBy(planChanges.createdAt);
const accountOf = async (owner: Owner) =>
  (
    await t.database.db.select().from(billingAccounts).where(eq(billingAccounts.userId, owner.id))
  )[0];

/** Checkout for a plan, paid on the stand-in's page; answers the session id. */
async function subscribe(owner: Owner, planId: string): Promise<string> {
  const res = await call('POST', '/api/auth/billing/checkout', owner.cookie, { planId });
  expect(res.statusCode).toBe(200);
  const sessionId = /\/checkout\/(cs_\w+)$/.exec(res.json().url)![1]!;
  await stripe.pay(sessionId);
  await stripe.settled();
  return sessionId;
}

async function subscriptionIdOf(owner: Owner): Promise<string> {
  return (await accountOf(owner))!.subscriptionId!;
}

describe('Stripe billing: checkout', () => {
  it('reports Stripe as connected, with no subscription yet', async () => {
    const owner = await registerOwner(t.app);
    expect((await subscriptionOf(owner)).billing).toEqual({
      provider: 'stripe',
      connected: true,
      status: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      graceUntil: null,
    });
  });

  it('refuses signed-out callers, unknown and free plans', async () => {
    const owner = await registerOwner(t.app);
    expect((await call('POST', '/api/auth/billing/checkout', undefined, {})).statusCode).toBe(401);
    const gold = await call('POST', '/api/auth/billing/checkout', owner.cookie, { planId: 'gold' });
    expect([gold.statusCode, gold.json().message]).toEqual([400, 'Unknown plan']);
    const free = await call('POST', '/api/auth/billing/checkout', owner.cookie, {
      planId: 'spin-starter',
    });
    expect([free.statusCode, free.json().message]).toEqual([
      400,
      'Spin Starter is free: there is nothing to pay for.',
    ]);
    expect(await accountOf(owner)).toBeUndefined();
  });

  it('creates the Stripe customer once and opens Checkout with the owner and the price by lookup key', async () => {
    const owner = await registerOwner(t.app);
    const before = stripe.requests.length;
    const first = await call('POST', '/api/auth/billing/checkout', owner.cookie, {
      planId: 'power-cycle',
    });
    const second = await call('POST', '/api/auth/billing/checkout', owner.cookie, {
      planId: 'spin-master',
    });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_\\w+$`));

    const made = stripe.requests.slice(before);
    expect(made.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
    const sessions = made.filter((r) => r.path === '/v1/checkout/sessions');
    expect(sessions).toHaveLength(2);
    const customerId = (await accountOf(owner))!.customerId;
    expect(sessions[0]!.params).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: owner.id,
      success_url: 'https://app.cadence.example/subscription?checkout=success',
      cancel_url: 'https://app.cadence.example/subscription?checkout=cancelled',
      metadata: { cadence_user_id: owner.id },
      subscription_data: { metadata: { cadence_user_id: owner.id } },
      line_items: [{ quantity: '1' }],
    });
    // Cancelled checkout changes nothing.
    expect((await subscriptionOf(owner)).plan.id).toBe('spin-starter');
  });

  it('applies the plan when the webhook says the checkout is paid, recorded with its source', async () => {
    const owner = await registerOwner(t.app);
    await subscribe(owner, 'spin-master');
    const sub = await subscriptionOf(owner);
    expect(sub.plan.id).toBe('spin-master');
    expect(sub.billing).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(Date.parse(sub.billing.currentPeriodEnd!)).toBeGreaterThan(Date.now());
    const changes = await changesOf(owner);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      fromPlan: 'spin-starter',
      toPlan: 'spin-master',
      provider: 'stripe',
      source: 'checkout',
    });
    // A second checkout while subscribed is refused.
    const again = await call('POST', '/api/auth/billing/checkout', owner.cookie, {
      planId: 'elite-studio',
    });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'You already have a subscription: change its plan instead.',
    ]);
  });

  it('refuses a first paid plan or Spin Starter through PUT /api/auth/plan', async () => {
    const owner = await registerOwner(t.app);
    const up = await call('PUT', '/api/auth/plan', owner.cookie, { planId: 'power-cycle' });
    expect([up.statusCode, up.json().message]).toEqual([
      409,
      'Paid plans start with Stripe Checkout: choose Upgrade.',
    ]);
    await subscribe(owner, 'power-cycle');
    const down = await call('PUT', '/api/auth/plan', owner.cookie, { planId: 'spin-starter' });
    expect(down.statusCode).toBe(409);
    expect((await subscriptionOf(owner)).plan.id).toBe('power-cycle');
  });
});

describe('Stripe billing: webhooks', () => {
  it('answers 400 to a missing, forged or tampered signature and changes nothing', async () => {
    const owner = await registerOwner(t.app);
    const res = await call('POST', '/api/auth/billing/checkout', owner.cookie, {
      planId: 'elite-studio',
    });
    const sessionId = /\/checkout\/(cs_\w+)$/.exec(res.json().url)![1]!;
    const held: SentEvent[] = [];
    stripe.deliverTo(async (event) => {
      held.push(event);
    });
    try {
      await stripe.pay(sessionId);
      await stripe.settled();
    } finally {
      stripe.deliverTo(async (event) => {
        const answer = await webhook(event.payload, event.signature);
        if (answer.statusCode !== 200) throw new Error(`${event.type}: ${answer.statusCode}`);
      });
    }
    const completed = held.find((e) => e.type === 'checkout.session.completed')!;
    const forgedSignature = completed.signature.replace(/v1=\w+/, `v1=${'0'.repeat(64)}`);
    for (const [payload, signature] of [
      [completed.payload, undefined],
      [completed.payload, ''],
      [completed.payload, forgedSignature],
      [completed.payload.replace('"livemode": false', '"livemode": true'), completed.signature],
      ['{"id": ', completed.signature],
    ] as const) {
      const answer = await webhook(payload, signature);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('Invalid webhook signature');
    }
    expect((await subscriptionOf(owner)).plan.id).toBe('spin-starter');
    expect(await changesOf(owner)).toHaveLength(0);

    // The genuine events apply the plan.
    for (const event of held) await stripe.resend(event);
    expect((await subscriptionOf(owner)).plan.id).toBe('elite-studio');
  });

  it('handles each event id once: a replay changes nothing, even after later events', async () => {
    const owner = await registerOwner(t.app);
    await subscribe(owner, 'power-cycle');
    const created = [...stripe.events]
      .reverse()
      .find((e) => e.type === 'customer.subscription.created')!;

    await stripe.giveUp(await subscriptionIdOf(owner));
    await stripe.settled();
    expect((await subscriptionOf(owner)).plan.id).toBe('spin-starter');
    const changes = await changesOf(owner);

    const replay = await webhook(created.payload, created.signature);
    expect(replay.statusCode).toBe(200);
    expect((await subscriptionOf(owner)).plan.id).toBe('spin-starter');
    expect(await changesOf(owner)).toEqual(changes);
  });

  it('acknowledges event types it does not handle and changes nothing', async () => {
    const payload = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_x', object: 'customer' } },
    });
    const signature = (await import('stripe')).default.webhooks.generateTestHeaderString({
      payload,
      secret: stripe.webhookSecret,
    });
    const res = await webhook(payload, signature);
    expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
  });

  it('keeps the plan for a 7-day grace period when a payment fails, then falls back to Spin Starter keeping every video', async () => {
    const owner = await registerOwner(t.app);
    await subscribe(owner, 'power-cycle');
    for (let i = 0; i < 5; i++) await seedVideo(t.database.db, owner.id, { title: `Ride ${i}` });
    const subscriptionId = await subscriptionIdOf(owner);

    await stripe.failPayment(subscriptionId);
    await stripe.settled();
    const failing = await subscriptionOf(owner);
    expect(failing.plan.id).toBe('power-cycle');
    expect(failing.billing.status).toBe('past_due');
    const grace = Date.parse(failing.billing.graceUntil!) - t.now();
    expect(grace).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(grace).toBeLessThanOrEqual(7 * 24 * 3600_000);
    // One email, naming the plan, the grace period's end and the Subscription page.
    const email = await smtp.waitFor(
      (m) => m.subject === PAYMENT_FAILED_SUBJECT && JSON.stringify(m.to).includes(owner.email),
    );
    expect(email.text).toContain(
      `You keep Power Cycle until ${billingDate(new Date(failing.billing.graceUntil!))}`,
    );
    expect(email.text).toContain('Open Subscription: https://app.cadence.example/subscription');

    // A second failure in the same grace period sends no second email.
    await stripe.failPayment(subscriptionId);
    await stripe.settled();
    expect((await subscriptionOf(owner)).billing.graceUntil).toBe(failing.billing.graceUntil);

    await stripe.giveUp(subscriptionId);
    await stripe.settled();
    const after = await subscriptionOf(owner);
    expect(after.plan.id).toBe('spin-starter');
    // Nothing deleted or hidden: 5 videos on a plan of 2; new uploads meet the quota message.
    expect(after.usage).toEqual({ videoCount: 5, videoLimit: 2 });
    expect(after.billing.graceUntil).toBeNull();
    expect((await changesOf(owner)).at(-1)).toMatchObject({
      fromPlan: 'power-cycle',
      toPlan: 'spin-starter',
      source: 'webhook',
    });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie: owner.cookie, ...TUS_CREATE_HEADERS },
    });
    expect(upload.statusCode).toBe(403);
    expect(JSON.parse(upload.body).message).toBe(quotaMessage('Spin Starter', 2));
    const sent = smtp.messages.filter(
      (m) => m.subject === PAYMENT_FAILED_SUBJECT && JSON.stringify(m.to).includes(owner.email),
    );
    expect(sent).toHaveLength(1);
  });

  it('clears the grace period when the retried payment succeeds', async () => {
    const owner = await registerOwner(t.app);
    await subscribe(owner, 'spin-master');
    const subscriptionId = await subscriptionIdOf(owner);
    await stripe.failPayment(subscriptionId);
    await stripe.settled();
    expect((await subscriptionOf(owner)).billing.graceUntil).not.toBeNull();
    await stripe.recover(subscriptionId);
    await stripe.settled();
    const sub = await subscriptionOf(owner);
    expect(sub.billing).toMatchObject({ status: 'active', graceUntil: null });
    expect(sub.plan.id).toBe('spin-master');
  });
});

describe('Stripe billing: change, portal, cancel', () => {
  it('previews the prorated charge, then moves the subscription and the plan', async () => {
    const owner = await registerOwner(t.app);
    const none = await call('GET', '/api/auth/billing/preview?planId=elite-studio', owner.cookie);
    expect([none.statusCode, none.json().message]).toEqual([409, 'You have no paid subscription.']);
    await subscribe(owner, 'power-cycle');

    const bad = await call('GET', '/api/auth/billing/preview?planId=gold', owner.cookie);
    expect(bad.statusCode).toBe(400);
    const preview = await call(
      'GET',
      '/api/auth/billing/preview?planId=elite-studio',
      owner.cookie,
    );
    expect(preview.statusCode).toBe(200);
    // (349 - 99) dollars for (nearly) the whole month left.
    expect(preview.json()).toMatchObject({ planId: 'elite-studio', currency: 'usd' });
    expect(preview.json().amountDueCents).toBeGreaterThan(24_900);
    expect(preview.json().amountDueCents).toBeLessThanOrEqual(25_000);

    const res = await call('PUT', '/api/auth/plan', owner.cookie, { planId: 'elite-studio' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('You are now on Elite Studio.');
    await stripe.settled();
    const changes = await changesOf(owner);
    expect(changes).toHaveLength(2);
    expect(changes[1]).toMatchObject({
      fromPlan: 'power-cycle',
      toPlan: 'elite-studio',
      provider: 'stripe',
      source: 'owner',
    });
    expect(changes[1]!.amountCents).toBeGreaterThan(24_900);
    const item = (
      stripe.subscription(await subscriptionIdOf(owner))!.items as {
        data: Array<{ price: { lookup_key: string } }>;
      }
    ).data[0]!;
    expect(item.price.lookup_key).toBe('cadence_elite_studio_monthly');
    // A failed proration charge must refuse the change, never apply it unpaid.
    const update = stripe.requests.findLast(
      (r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/'),
    );
    expect(update!.params).toMatchObject({
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
  });

  it('refuses a change the card cannot pay with a 402: neither Stripe nor the plan changes', async () => {
    const owner = await registerOwner(t.app);
    await subscribe(owner, 'power-cycle');
    stripe.declineCard((await accountOf(owner))!.customerId);
    const res = await call('PUT', '/api/auth/plan', owner.cookie, { planId: 'elite-studio' });
    expect([res.statusCode, res.json()]).toEqual([402, { message: BILLING_MESSAGES.cardDeclined }]);
    await stripe.settled();
    const sub = stripe.subscription(await subscriptionIdOf(owner))!;
    expect(sub.status).toBe('active');
    expect(
      (sub.items as { data: Array<{ price: { lookup_key: string } }> }).data[0]!.price.lookup_key,
    ).toBe('cadence_power_cycle_monthly');
    expect((await subscriptionOf(owner)).plan.id).toBe('power-cycle');
    expect(await changesOf(owner)).toHaveLength(1);
  });

  it('opens the Customer Portal for the owner’s customer, returning to the Subscription page', async () => {
    const owner = await registerOwner(t.app);
    const res = await call('POST', '/api/auth/billing/portal', owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${stripe.url}/portal/bps_\\w+$`));
    expect(stripe.requests.at(-1)!.params).toEqual({
      customer: (await accountOf(owner))!.customerId,
      return_url: 'https://app.cadence.example/subscription',
    });
    expect((await call('POST', '/api/auth/billing/portal')).statusCode).toBe(401);
  });

  it('cancels at the end of the period and says until when the plan runs', async () => {
    const owner = await registerOwner(t.app);
    const none = await call('POST', '/api/auth/billing/cancel', owner.cookie);
    expect(none.statusCode).toBe(409);
    await subscribe(owner, 'spin-master');
    const res = await call('POST', '/api/auth/billing/cancel', owner.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toMatch(
      /^Your subscription is cancelled: Spin Master runs until [A-Z][a-z]+ \d{1,2}, \d{4}, then your account moves to Spin Starter\.$/,
    );
    expect(body.subscription.plan.id).toBe('spin-master');
    expect(body.subscription.billing.cancelAtPeriodEnd).toBe(true);
    await stripe.settled();
    expect((await subscriptionOf(owner)).billing.cancelAtPeriodEnd).toBe(true);
  });
});

describe('the admin desk: an owner’s billing and a plan granted by hand', () => {
  async function makeAdmin(): Promise<Owner> {
    const account = await registerOwner(t.app);
    await t.database.db.update(users).set({ isAdmin: 'true' }).where(eq(users.id, account.id));
    return account;
  }

  it('shows the plan, the billing state and every change with its source', async () => {
    const admin = await makeAdmin();
    const owner = await registerOwner(t.app);
    await subscribe(owner, 'power-cycle');
    const res = await call('GET', `/api/admin/owners/${owner.id}/billing`, admin.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.owner).toEqual({ id: owner.id, email: owner.email, companyName: null });
    expect(body.subscription.plan.id).toBe('power-cycle');
    expect(body.subscription.billing).toMatchObject({ provider: 'stripe', status: 'active' });
    expect(body.changes).toEqual([
      expect.objectContaining({
        fromPlan: 'spin-starter',
        toPlan: 'power-cycle',
        source: 'checkout',
      }),
    ]);

    // Owners cannot; unknown and malformed ids are refused.
    expect(
      (await call('GET', `/api/admin/owners/${owner.id}/billing`, owner.cookie)).statusCode,
    ).toBe(403);
    const unknown = await call(
      'GET',
      '/api/admin/owners/00000000-0000-4000-8000-000000000000/billing',
      admin.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect((await call('GET', '/api/admin/owners/nope/billing', admin.cookie)).statusCode).toBe(
      400,
    );
  });

  it('grants a plan by hand whatever the video count, recorded with the admin, nothing charged', async () => {
    const admin = await makeAdmin();
    const owner = await registerOwner(t.app);
    for (let i = 0; i < 3; i++) await seedVideo(t.database.db, owner.id, { title: `Ride ${i}` });
    const before = stripe.requests.length;
    const res = await call('PUT', `/api/admin/owners/${owner.id}/plan`, admin.cookie, {
      planId: 'elite-studio',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${owner.email} is now on Elite Studio.`);
    expect(res.json().changes.at(-1)).toMatchObject({
      fromPlan: 'spin-starter',
      toPlan: 'elite-studio',
      source: 'admin',
      provider: 'admin',
      amountCents: 0,
      actorId: admin.id,
    });
    expect(stripe.requests.length).toBe(before);
    expect((await subscriptionOf(owner)).plan.id).toBe('elite-studio');

    // Back to the free plan with 3 videos: allowed (a comp ends), nothing deleted.
    await call('PUT', `/api/admin/owners/${owner.id}/plan`, admin.cookie, {
      planId: 'spin-starter',
    });
    expect((await subscriptionOf(owner)).usage).toEqual({ videoCount: 3, videoLimit: 2 });
    const bad = await call('PUT', `/api/admin/owners/${owner.id}/plan`, admin.cookie, {
      planId: 'gold',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('Stripe billing: failures, duplicates, hosts and limits', () => {
  it('answers 502 with a fixed message when Stripe refuses the key or fails, logged without the key', async () => {
    const owner = await registerOwner(t.app);
    const leaked = `Invalid API Key provided: ${stripe.secretKey}`;
    try {
      stripe.failApi({ status: 401, type: 'invalid_request_error', message: leaked });
      const portal = await call('POST', '/api/auth/billing/portal', owner.cookie);
      stripe.failApi({ status: 500, type: 'api_error', message: 'Something broke at Stripe.' });
      const checkout = await call('POST', '/api/auth/billing/checkout', owner.cookie, {
        planId: 'power-cycle',
      });
      for (const res of [portal, checkout]) {
        expect([res.statusCode, res.json()]).toEqual([
          502,
          { message: BILLING_MESSAGES.unavailable },
        ]);
      }
    } finally {
      stripe.failApi(null);
    }
    // Nothing was kept from the failed calls: no customer.
    expect(await accountOf(owner)).toBeUndefined();
    const logged = logLines.filter((line) => line.includes('Stripe call failed'));
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect(logged.join('\n')).toContain('sk_[redacted]');
    expect(logLines.join('\n')).not.toContain(stripe.secretKey);
    // And Stripe back, billing works again.
    expect((await call('POST', '/api/auth/billing/portal', owner.cookie)).statusCode).toBe(200);
  });

  it('cancels a second paid subscription at once (two Checkout tabs), keeping the first', async () => {
    const owner = await registerOwner(t.app);
    const open = async (planId: string) =>
      /\/checkout\/(cs_\w+)$/.exec(
        (await call('POST', '/api/auth/billing/checkout', owner.cookie, { planId })).json().url,
      )![1]!;
    const first = await open('power-cycle');
    const second = await open('spin-master');
    await stripe.pay(first);
    await stripe.pay(second);
    await stripe.settled();

    const customerId = (await accountOf(owner))!.customerId;
    const created = stripe.events
      .filter((e) => e.type === 'customer.subscription.created')
      .map((e) => JSON.parse(e.payload).data.object as { id: string; customer: string })
      .filter((sub) => sub.customer === customerId)
      .map((sub) => sub.id);
    expect(created).toHaveLength(2);
    const [kept, duplicate] = created as [string, string];
    expect(await subscriptionIdOf(owner)).toBe(kept);
    expect(stripe.subscription(kept)!.status).toBe('active');
    expect(stripe.subscription(duplicate)!.status).toBe('canceled');
    expect(stripe.requests.find((r) => r.method === 'DELETE')).toMatchObject({
      path: `/v1/subscriptions/${duplicate}`,
      params: { prorate: 'true', invoice_now: 'true' },
    });
    const sub = await subscriptionOf(owner);
    expect([sub.plan.id, sub.billing.status]).toEqual(['power-cycle', 'active']);
    expect(logLines.some((l) => l.includes('duplicate Stripe subscription cancelled'))).toBe(true);
  });

  it('builds no Stripe return address from a Host the app does not own (400)', async () => {
    const hosted = await startTestApp({
      env: { ...stripeEnv(), APP_HOSTS: 'app.cadence.example' },
    });
    try {
      const owner = await registerOwner(hosted.app);
      const before = stripe.requests.length;
      const forged = { cookie: owner.cookie, host: 'evil.example' };
      const checkout = await hosted.app.inject({
        method: 'POST',
        url: '/api/auth/billing/checkout',
        headers: forged,
        payload: { planId: 'power-cycle' },
      });
      const portal = await hosted.app.inject({
        method: 'POST',
        url: '/api/auth/billing/portal',
        headers: forged,
      });
      for (const res of [checkout, portal]) {
        expect([res.statusCode, res.json()]).toEqual([
          400,
          { message: BILLING_MESSAGES.notAppHost },
        ]);
      }
      expect(stripe.requests.length).toBe(before);
      const own = await hosted.app.inject({
        method: 'POST',
        url: '/api/auth/billing/portal',
        headers: { cookie: owner.cookie, host: 'app.cadence.example' },
      });
      expect(own.statusCode).toBe(200);
      expect(stripe.requests.at(-1)!.params.return_url).toBe(
        'http://app.cadence.example/subscription',
      );
    } finally {
      await hosted.close();
    }
  });

  it('limits the calls that reach Stripe per owner (429), other owners unaffected', async () => {
    const owner = await registerOwner(t.app);
    for (let i = 0; i < BILLING_CALL_LIMIT.max; i++) {
      expect((await call('POST', '/api/auth/billing/portal', owner.cookie)).statusCode).toBe(200);
    }
    const before = stripe.requests.length;
    const limited = await call('POST', '/api/auth/billing/portal', owner.cookie);
    expect([limited.statusCode, limited.json().message]).toEqual([429, BILLING_MESSAGES.tooMany]);
    expect(stripe.requests.length).toBe(before);
    const other = await registerOwner(t.app);
    expect((await call('POST', '/api/auth/billing/portal', other.cookie)).statusCode).toBe(200);
  });
});
