import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { billingAccounts } from '@server/db/schema/billing';
import { users } from '@server/db/schema/users';
import { startStripeServer, type SentEvent, type StripeStandIn } from '@server/test/stripe-server';
import {
  screenshot,
  seriousA11yViolations,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { onboardOwner, seedVideos, signIn, type SeededOwner } from './support/seed';

/** Stripe billing in the browser, against the stand-in Stripe server and its checkout page. */
let e2e: E2E;
let stripe: StripeStandIn;
let webhookUrl: string;
beforeAll(async () => {
  stripe = await startStripeServer();
  e2e = await startE2E({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    },
  });
  webhookUrl = `${e2e.baseUrl}/api/billing/webhook`;
  stripe.deliverTo(webhookUrl);
});
afterAll(async () => {
  await e2e?.close();
  await stripe?.close();
});

const postWebhook = (payload: string, signature: string) =>
  fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });

async function ownerPage(owner: SeededOwner, options: { width?: number; dark?: boolean } = {}) {
  const page = await e2e.newPage(options);
  await page.goto('/');
  await signIn(page, owner);
  return page;
}

async function waitForToast(page: Page, title: string) {
  await page.locator('[data-slot=toast]', { hasText: title }).first().waitFor({ timeout: 15_000 });
}

async function subscriptionIdOf(owner: SeededOwner): Promise<string> {
  const [row] = await e2e.database.db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, owner.id));
  return row!.subscriptionId!;
}

const planName = (page: Page) => page.getByTestId('current-plan-name');

/** Subscribes through the API and the stand-in's Pay, the webhook delivered (no browser). */
async function subscribed(owner: SeededOwner, planId: string): Promise<void> {
  const res = await e2e.app.inject({
    method: 'POST',
    url: '/api/auth/billing/checkout',
    headers: { cookie: owner.cookie },
    payload: { planId },
  });
  await stripe.pay(/\/checkout\/(cs_\w+)$/.exec(res.json().url)![1]!);
  await stripe.settled();
}

describe('Stripe billing', () => {
  it('upgrades through Checkout: Confirming your payment… until the webhook applies the plan', async () => {
    const owner = await onboardOwner(e2e.app, {
      email: 'sol@spinhaus.example',
      companyName: 'Spin Haus',
      slug: 'spin-haus',
    });
    const page = await ownerPage(owner, { width: 1440 });
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Manage Billing' }).waitFor();
    expect(await page.getByText('Billing is not connected yet', { exact: false }).count()).toBe(0);
    expect(await planName(page).textContent()).toBe('Spin Starter');

    // Held back: the page must wait for the webhook, not for the redirect.
    const held: SentEvent[] = [];
    stripe.deliverTo(async (event) => {
      held.push(event);
    });
    await page
      .locator('[data-plan=spin-master]')
      .getByRole('button', { name: 'Upgrade to Spin Master' })
      .click();
    // The change asks first, with what the plan adds (issue #18 part 6).
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Continue to Checkout' })
      .click();
    await page.getByRole('heading', { name: 'Stand-in Checkout' }).waitFor();
    expect(page.url()).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    await page.getByRole('button', { name: 'Pay and subscribe' }).click();
    await page.waitForURL(/\/subscription\?checkout=success$/);
    await page.getByText('Confirming your payment…').waitFor();
    await stripe.settled();
    await screenshot(page, 'billing-confirming-desktop-light');

    stripe.deliverTo(webhookUrl);
    for (const event of held) await stripe.resend(event);
    await waitForToast(page, 'Payment confirmed');
    expect(await planName(page).textContent()).toBe('Spin Master');
    await page.waitForURL(/\/subscription$/);
    expect(await page.getByText('Confirming your payment…').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('a cancelled checkout changes nothing', async () => {
    const owner = await onboardOwner(e2e.app, {
      email: 'kai@loop.example',
      companyName: 'Loop',
      slug: 'loop-studio',
    });
    const page = await ownerPage(owner);
    await page.goto('/subscription');
    await page
      .locator('[data-plan=power-cycle]')
      .getByRole('button', { name: 'Upgrade to Power Cycle' })
      .click();
    // The change asks first, with what the plan adds (issue #18 part 6).
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Continue to Checkout' })
      .click();
    await page.getByRole('heading', { name: 'Stand-in Checkout' }).waitFor();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(/\/subscription\?checkout=cancelled$/);
    await page
      .getByText('Checkout cancelled: nothing was charged and your plan is unchanged.')
      .waitFor();
    expect(await planName(page).textContent()).toBe('Spin Starter');
  });

  it('switches plan with the prorated charge shown first, opens the portal, cancels at the period’s end', async () => {
    const owner = await onboardOwner(e2e.app, {
      email: 'ren@pedal.example',
      companyName: 'Pedal Lab',
      slug: 'pedal-lab',
    });
    await subscribed(owner, 'power-cycle');
    const page = await ownerPage(owner, { width: 1024 });
    await page.goto('/subscription');
    expect(await planName(page).textContent()).toBe('Power Cycle');

    await page
      .locator('[data-plan=elite-studio]')
      .getByRole('button', { name: 'Upgrade to Elite Studio' })
      .click();
    const preview = page.getByTestId('proration-preview');
    await preview.getByText(/is charged now/).waitFor();
    expect(await preview.textContent()).toMatch(/^\$2(49|50)\.\d\d is charged now/);
    await screenshot(page, 'billing-proration-tablet-light');
    await page.getByRole('button', { name: 'Switch to Elite Studio' }).click();
    await waitForToast(page, 'Plan updated');
    expect(await planName(page).textContent()).toBe('Elite Studio');

    await page.getByRole('button', { name: 'Manage Billing' }).click();
    await page.getByRole('heading', { name: 'Stand-in Customer Portal' }).waitFor();
    await page.getByRole('link', { name: 'Return to Cadence' }).click();
    await page.waitForURL(/\/subscription$/);

    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Cancel Subscription' })
      .click();
    await waitForToast(page, 'Subscription cancelled');
    await page
      .getByTestId('billing-notice')
      .getByText(/^Your subscription is cancelled: Elite Studio runs until /)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Cancel Subscription' }).isDisabled()).toBe(true);
  });

  it('a failed payment shows the grace banner, then falls back to Spin Starter when Stripe gives up', async () => {
    const owner = await onboardOwner(e2e.app, {
      email: 'ivy@cadence-gym.example',
      companyName: 'Ivy Cycle',
      slug: 'ivy-cycle',
    });
    await subscribed(owner, 'power-cycle');
    const subscriptionId = await subscriptionIdOf(owner);
    await stripe.failPayment(subscriptionId);
    await stripe.settled();

    for (const vp of VIEWPORTS) {
      for (const dark of [false, true]) {
        const page = await ownerPage(owner, { width: vp.width, dark });
        await page.goto('/subscription');
        await page
          .getByTestId('grace-banner')
          .getByText(/^Your last payment failed/)
          .waitFor();
        expect(await planName(page).textContent()).toBe('Power Cycle');
        // Subscription says it once, in its own notice: the shell's banner stays away.
        expect(await page.getByTestId('payment-failed-banner').count()).toBe(0);
        await screenshot(page, `billing-grace-${vp.name}-${dark ? 'dark' : 'light'}`);
        if (vp.name === 'desktop' && !dark) {
          expect(await seriousA11yViolations(page)).toEqual([]);
        }
        await page.close();
      }
    }

    // Every other owner screen shows the shell's banner, at the tablet and phone sizes.
    const graceBanner = (page: Page) => page.getByTestId('payment-failed-banner');
    const graceText =
      /^Your last payment failed\. Power Cycle stays active until .+\. Update your payment method$/;
    for (const vp of VIEWPORTS.filter((v) => v.name !== 'desktop')) {
      for (const dark of [false, true]) {
        // Signed in by its session cookie: the login route's rate limit counts the pages above.
        const page = await e2e.newPage({ width: vp.width, height: vp.height, dark });
        await signIn(page, owner, e2e.baseUrl);
        for (const path of ['/dashboard', '/videos']) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await graceBanner(page).waitFor();
          expect(await graceBanner(page).innerText()).toMatch(graceText);
          await screenshot(
            page,
            `billing-grace-banner${path.replace('/', '-')}-${vp.name}-${dark ? 'dark' : 'light'}`,
          );
        }
        if (vp.name === 'tablet' && !dark) {
          expect(await seriousA11yViolations(page)).toEqual([]);
          // Dismissed, it stays away while the owner moves around; a reload brings it back.
          await page.getByRole('button', { name: 'Dismiss the payment notice' }).click();
          expect(await graceBanner(page).count()).toBe(0);
          await page.getByRole('link', { name: 'Dashboard' }).first().click();
          await page.waitForURL('**/dashboard');
          await page.getByRole('heading', { level: 1 }).waitFor();
          expect(await graceBanner(page).count()).toBe(0);
          await page.reload();
          await graceBanner(page).waitFor();
          // Its button opens the Customer Portal, where the card is updated.
          await graceBanner(page)
            .getByRole('button', { name: 'Update your payment method' })
            .click();
          await page.getByRole('heading', { name: 'Stand-in Customer Portal' }).waitFor();
        }
        await page.close();
      }
    }

    // Stripe retries past the 7 days: the grace date is behind, and no screen names it.
    const [account] = await e2e.database.db
      .update(billingAccounts)
      .set({ graceUntil: new Date(Date.now() - 24 * 60 * 60 * 1000) })
      .where(eq(billingAccounts.userId, owner.id))
      .returning();
    const pastDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(
      account!.graceUntil!,
    );
    for (const vp of VIEWPORTS) {
      for (const dark of [false, true]) {
        const theme = dark ? 'dark' : 'light';
        const page = await e2e.newPage({ width: vp.width, height: vp.height, dark });
        await signIn(page, owner, e2e.baseUrl);
        await page.goto('/subscription');
        const notice = page.getByTestId('grace-banner');
        await notice.getByText(/^Your last payment failed and Stripe is still trying/).waitFor();
        expect(await notice.innerText()).toContain('Update your card in Manage Billing now');
        expect(await notice.innerText()).not.toContain(pastDate);
        await screenshot(page, `billing-grace-overdue-${vp.name}-${theme}`);
        await page.goto('/dashboard');
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await graceBanner(page).innerText()).toBe(
          'Your last payment failed and Stripe is still trying to charge it: Power Cycle stays active until it gives up. Update your payment method',
        );
        await screenshot(page, `billing-grace-overdue-banner-${vp.name}-${theme}`);
        await page.close();
      }
    }

    await stripe.giveUp(subscriptionId);
    await stripe.settled();
    const page = await ownerPage(owner);
    await page.goto('/subscription');
    await planName(page).waitFor();
    expect(await planName(page).textContent()).toBe('Spin Starter');
    expect(await page.getByTestId('grace-banner').count()).toBe(0);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByTestId('payment-failed-banner').count()).toBe(0);
  }, 240_000); // screenshots and axe at three widths, light and dark, of the grown Subscription page

  it('a replayed webhook changes nothing and a forged one is refused with 400', async () => {
    const owner = await onboardOwner(e2e.app, {
      email: 'max@replay.example',
      companyName: 'Replay Rides',
      slug: 'replay-rides',
    });
    await subscribed(owner, 'spin-master');
    const created = stripe.events.findLast((e) => e.type === 'customer.subscription.created')!;
    await stripe.giveUp(await subscriptionIdOf(owner));
    await stripe.settled();

    const replay = await postWebhook(created.payload, created.signature);
    expect(replay.status).toBe(200);
    const forged = await postWebhook(
      created.payload,
      created.signature.replace(/v1=\w+/, `v1=${'f'.repeat(64)}`),
    );
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ message: 'Invalid webhook signature' });

    const page = await ownerPage(owner);
    await page.goto('/subscription');
    await planName(page).waitFor();
    expect(await planName(page).textContent()).toBe('Spin Starter');
  });

  it('the admin desk shows an owner’s plan and billing and grants a plan by hand', async () => {
    const owner = await onboardOwner(e2e.app, {
      email: 'zoe@comped.example',
      companyName: 'Comped Cycle',
      slug: 'comped-cycle',
    });
    await subscribed(owner, 'power-cycle');
    await seedVideos(e2e.database, owner.id, [
      { title: 'Comped Climb', status: 'enhanced', minutesAgo: 30 },
    ]);
    const admin = await onboardOwner(e2e.app, {
      email: 'desk@cadence.example',
      companyName: 'Desk',
      slug: 'desk-admin',
    });
    await e2e.database.db.update(users).set({ isAdmin: 'true' }).where(eq(users.id, admin.id));

    const page = await e2e.newPage({ width: 1440 });
    await signIn(page, admin, e2e.baseUrl);
    await page.goto('/admin/videos');
    await page
      .getByTestId('admin-video-card')
      .filter({ hasText: 'Comped Climb' })
      .getByRole('link', { name: 'Plan and billing' })
      .click();
    await page.getByRole('heading', { name: 'Comped Cycle', level: 1 }).waitFor();
    expect(await page.getByTestId('owner-plan').textContent()).toBe('Power Cycle');
    await page.getByText('Stripe: active').waitFor();
    await page.getByText('Spin Starter → Power Cycle').waitFor();

    await page.getByRole('button', { name: 'Grant Elite Studio' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Grant Elite Studio' }).click();
    await waitForToast(page, 'Plan granted');
    expect(await page.getByTestId('owner-plan').textContent()).toBe('Elite Studio');
    await page.getByText('Power Cycle → Elite Studio').waitFor();
    await page.getByText('Admin (granted)', { exact: false }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (const vp of VIEWPORTS) {
      for (const dark of [false, true]) {
        const shot = await e2e.newPage({ width: vp.width, dark });
        await signIn(shot, admin, e2e.baseUrl);
        await shot.goto(`/admin/owners/${owner.id}`);
        await shot.getByTestId('owner-plan').waitFor();
        await screenshot(shot, `billing-admin-owner-${vp.name}-${dark ? 'dark' : 'light'}`);
        await shot.close();
      }
    }
  });
});
