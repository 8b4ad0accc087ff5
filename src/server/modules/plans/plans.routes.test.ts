import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_NOT_CONNECTED,
  type PlanView,
  type SubscriptionView,
} from '@shared/plans.contract';
import { planChanges } from '../../db/schema/billing';
import { registerOwner, startTestApp, type TestApp } from '../../test/harness';
import { seedVideo } from '../../test/analytics-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const changePlan = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/plan',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });

describe('GET /api/plans', () => {
  it('answers 401 when signed out', async () => {
    expect((await get('/api/plans')).statusCode).toBe(401);
  });

  it('answers the four plans of §9, a new account on Spin Starter', async () => {
    const owner = await registerOwner(t.app);
    const res = await get('/api/plans', owner.cookie);
    expect(res.statusCode).toBe(200);
    const plans: PlanView[] = res.json();
    expect(
      plans.map((p) => [p.name, p.price, p.interval, p.videoLimit, p.isPopular, p.isCurrentPlan]),
    ).toEqual([
      ['Spin Starter', 0, 'month', 2, false, true],
      ['Power Cycle', 99, 'month', 10, false, false],
      ['Spin Master', 199, 'month', 25, true, false],
      ['Elite Studio', 349, 'month', 50, false, false],
    ]);
    for (const plan of plans) {
      expect(plan.description).toBeTruthy();
      expect(plan.features[0]).toBe(`Up to ${plan.videoLimit} videos`);
    }
  });
});

describe('GET /api/auth/subscription', () => {
  it('answers 401 when signed out', async () => {
    expect((await get('/api/auth/subscription')).statusCode).toBe(401);
  });

  it('shows the plan, the real video count against its limit and the billing seam', async () => {
    const owner = await registerOwner(t.app);
    const other = await registerOwner(t.app);
    await seedVideo(t.database.db, owner.id, { processingStatus: 'failed' });
    await seedVideo(t.database.db, other.id);
    await seedVideo(t.database.db, other.id);

    const res = await get('/api/auth/subscription', owner.cookie);
    expect(res.statusCode).toBe(200);
    const sub: SubscriptionView = res.json();
    expect(sub.plan).toMatchObject({ id: 'spin-starter', isCurrentPlan: true });
    // Every video row counts, whatever its status; another owner's videos never do.
    expect(sub.usage).toEqual({ videoCount: 1, videoLimit: 2 });
    expect(sub.billing).toEqual({
      provider: 'manual',
      connected: false,
      status: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      graceUntil: null,
    });
    expect(sub.planChangedAt).toBeNull();
  });
});

describe('PUT /api/auth/plan', () => {
  it('answers 401 when signed out', async () => {
    expect((await changePlan(undefined, { planId: 'power-cycle' })).statusCode).toBe(401);
  });

  it.each([[{}], [{ planId: 'gold' }], [{ planId: 7 }], [{ planId: null }]])(
    'refuses %j with 400 "Unknown plan"',
    async (payload) => {
      const owner = await registerOwner(t.app);
      const res = await changePlan(owner.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Unknown plan');
    },
  );

  it('refuses malformed JSON with 400', async () => {
    const owner = await registerOwner(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/plan',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '{"planId": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Malformed JSON in request body');
  });

  it('changes the plan at once, records it with the manual provider and charges nothing', async () => {
    const owner = await registerOwner(t.app);
    const res = await changePlan(owner.cookie, { planId: 'spin-master' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('You are now on Spin Master.');
    expect(body.user.plan).toBe('spin-master');
    expect(body.subscription.usage).toEqual({ videoCount: 0, videoLimit: 25 });
    expect(body.subscription.planChangedAt).not.toBeNull();
    expect(res.body).not.toContain('argon2');

    expect((await get('/api/auth/user', owner.cookie)).json().plan).toBe('spin-master');
    const plans: PlanView[] = (await get('/api/plans', owner.cookie)).json();
    expect(plans.filter((p) => p.isCurrentPlan).map((p) => p.id)).toEqual(['spin-master']);

    const recorded = await t.database.db
      .select()
      .from(planChanges)
      .where(eq(planChanges.userId, owner.id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      fromPlan: 'spin-starter',
      toPlan: 'spin-master',
      provider: 'manual',
      amountCents: 0,
      externalRef: null,
      source: 'owner',
    });

    // Choosing the current plan again changes and records nothing.
    const again = await changePlan(owner.cookie, { planId: 'spin-master' });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('You are already on Spin Master.');
    expect(
      await t.database.db.select().from(planChanges).where(eq(planChanges.userId, owner.id)),
    ).toHaveLength(1);
  });

  it('refuses a plan whose limit is below the owner’s video count with a 409 naming the limit', async () => {
    const owner = await registerOwner(t.app);
    expect((await changePlan(owner.cookie, { planId: 'power-cycle' })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) await seedVideo(t.database.db, owner.id, { title: `Ride ${i}` });

    const res = await changePlan(owner.cookie, { planId: 'spin-starter' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Spin Starter allows up to 2 videos and you have 3. Delete 1 video or choose a larger plan.',
    );
    const sub: SubscriptionView = (await get('/api/auth/subscription', owner.cookie)).json();
    expect(sub.plan.id).toBe('power-cycle');
    expect(sub.usage).toEqual({ videoCount: 3, videoLimit: 10 });

    // Exactly at the limit is fine.
    for (let i = 3; i < 10; i++) await seedVideo(t.database.db, owner.id, { title: `Ride ${i}` });
    const toTen = await changePlan(owner.cookie, { planId: 'elite-studio' });
    expect(toTen.statusCode).toBe(200);
    const back = await changePlan(owner.cookie, { planId: 'power-cycle' });
    expect(back.statusCode).toBe(200);
    expect(back.json().subscription.usage).toEqual({ videoCount: 10, videoLimit: 10 });
  });

  it('changes only the caller’s own plan', async () => {
    const owner = await registerOwner(t.app);
    const other = await registerOwner(t.app);
    await changePlan(owner.cookie, { planId: 'elite-studio' });
    expect((await get('/api/auth/user', other.cookie)).json().plan).toBe('spin-starter');
    const theirs: SubscriptionView = (await get('/api/auth/subscription', other.cookie)).json();
    expect(theirs.plan.id).toBe('spin-starter');
  });
});

describe('Stripe routes without Stripe keys (the manual adapter)', () => {
  it.each([
    ['POST', '/api/auth/billing/checkout', { planId: 'power-cycle' }],
    ['GET', '/api/auth/billing/preview?planId=power-cycle', undefined],
    ['POST', '/api/auth/billing/portal', undefined],
    ['POST', '/api/auth/billing/cancel', undefined],
  ] as const)('%s %s answers 409 "Billing is not connected yet"', async (method, url, payload) => {
    const owner = await registerOwner(t.app);
    const res = await t.app.inject({
      method,
      url,
      headers: { cookie: owner.cookie },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BILLING_NOT_CONNECTED);
  });

  it('refuses every webhook with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{"id":"evt_1","type":"invoice.paid"}',
    });
    expect(res.statusCode).toBe(400);
  });
});
