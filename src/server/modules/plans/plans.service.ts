import type { FastifyBaseLogger } from 'fastify';
import { topRungFor } from '@shared/plan-features';
import { PLANS, type Plan } from '@shared/plans';
import {
  BILLING_MESSAGES,
  BILLING_NOT_CONNECTED,
  DEFAULT_PLAN_ID,
  findPlan,
  GRACE_DAYS,
  planTooSmallMessage,
  type AdminBilling,
  type ChangePreview,
  type PlanView,
  type SubscriptionView,
} from '@shared/plans.contract';
import type { BillingAccountRow, PlanChangeRow } from '../../db/schema/billing';
import type { MailOutbox } from '../../mail/mail-queue';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { RungTop } from '../../media/hls-args';
import type { BillingEvent, BillingProvider, HostedBilling } from './billing-provider';
import type { PublicGymCache } from '../gyms/public-gym-cache';
import type { PlansRepository, RecordedChange } from './plans.repository';

/** The account's plan; an unknown stored id reads as the plan every account starts on. */
export function currentPlan(user: Pick<UserRow, 'plan'>): Plan {
  return findPlan(user.plan) ?? findPlan(DEFAULT_PLAN_ID)!;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Subscription statuses under which the owner has the paid plan (past_due: the grace period). */
const PAYING = new Set(['active', 'trialing', 'past_due']);
/** Statuses that mean Stripe has given up or the subscription ended: back to Spin Starter. */
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired']);
/** The events Cadence acts on; any other is acknowledged and ignored. */
const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** 'December 25, 2026' (UTC): the date a cancelled plan runs until. */
export function billingDate(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export interface PlansServiceDeps {
  repo: PlansRepository;
  billing: BillingProvider;
  /** Where the failed-payment email is queued. */
  mail: MailOutbox;
  /** PUBLIC_URL's origin: the email links to the Subscription page when it is known. */
  publicOrigin: string | undefined;
  /** Where a duplicate subscription's cancellation is reported. */
  log: Pick<FastifyBaseLogger, 'error'>;
  now?: () => number;
  /** Told after a change a gym's public answer is made of (decision 0028). */
  publicGyms: Pick<PublicGymCache, 'invalidate'>;
  /**
   * Told after every plan change, whatever its source (owner, checkout, portal, webhook, admin),
   * with the plan before and after: an upgrade re-packages the owner's classes (quality per plan).
   * Its failure is logged; the change stands.
   */
  onPlanChanged?: (change: { userId: string; from: string; to: string }) => Promise<unknown>;
}

export function plansService({
  repo,
  billing,
  mail,
  publicOrigin,
  log,
  now = Date.now,
  publicGyms,
  onPlanChanged,
}: PlansServiceDeps) {
  /**
   * Every plan write: a plan decides whether the gym's custom domain serves its page, and what
   * its classes stream (onPlanChanged).
   */
  async function applyChange(change: RecordedChange): Promise<UserRow | undefined> {
    const before = onPlanChanged ? await repo.findUser(change.userId) : undefined;
    const updated = await repo.applyChange(change);
    if (updated) await publicGyms.invalidate(change.userId);
    if (updated && before && before.plan !== updated.plan) {
      await onPlanChanged?.({ userId: updated.id, from: before.plan, to: updated.plan }).catch(
        (err: unknown) =>
          log.error({ err, userId: updated.id }, 'queuing the work a plan change brings failed'),
      );
    }
    return updated;
  }

  function view(plan: Plan, current: Plan): PlanView {
    return { ...plan, features: [...plan.features], isCurrentPlan: plan.id === current.id };
  }

  async function subscription(user: UserRow): Promise<SubscriptionView> {
    const plan = currentPlan(user);
    const [videoCount, last, account] = await Promise.all([
      repo.countVideos(user.id),
      repo.lastChange(user.id),
      repo.findAccount(user.id),
    ]);
    return {
      plan: view(plan, plan),
      usage: { videoCount, videoLimit: plan.videoLimit },
      billing: {
        provider: billing.name,
        connected: billing.connected,
        status: account?.subscriptionId ? account.status : null,
        currentPeriodEnd:
          account?.subscriptionId && account.currentPeriodEnd
            ? account.currentPeriodEnd.toISOString()
            : null,
        cancelAtPeriodEnd: Boolean(account?.subscriptionId && account.cancelAtPeriodEnd),
        graceUntil: account?.graceUntil?.toISOString() ?? null,
      },
      planChangedAt: last && last.toPlan === plan.id ? last.createdAt.toISOString() : null,
    };
  }

  function hostedBilling(): HostedBilling {
    if (!billing.hosted) throw new ConflictError(BILLING_NOT_CONNECTED);
    return billing.hosted;
  }

  /** The owner's billing account, its Stripe customer created the first time and kept. */
  async function account(user: UserRow): Promise<BillingAccountRow> {
    const existing = await repo.findAccount(user.id);
    if (existing) return existing;
    const customerId = await hostedBilling().createCustomer({
      userId: user.id,
      email: user.email,
      name: user.companyName,
    });
    return repo.insertAccount(user.id, customerId);
  }

  /** The owner's live paid subscription, or the 409 saying there is none. */
  async function paidSubscription(
    user: UserRow,
  ): Promise<BillingAccountRow & { subscriptionId: string }> {
    const existing = await repo.findAccount(user.id);
    if (!existing?.subscriptionId || !PAYING.has(existing.status ?? '')) {
      throw new ConflictError(BILLING_MESSAGES.noSubscription);
    }
    return { ...existing, subscriptionId: existing.subscriptionId };
  }

  function paidPlan(planId: Plan['id']): Plan {
    const plan = findPlan(planId)!;
    if (plan.price === 0) throw new ValidationError(BILLING_MESSAGES.freePlan);
    return plan;
  }

  async function checkFits(user: UserRow, plan: Plan): Promise<void> {
    const videoCount = await repo.countVideos(user.id);
    if (videoCount > plan.videoLimit)
      throw new ConflictError(planTooSmallMessage(plan, videoCount));
  }

  /** Applies a plan the provider (or an admin) decided on: whatever the video count. */
  async function applyDecided(
    userId: string,
    to: Plan,
    source: string,
    externalRef: string | null,
    actorId?: string,
  ): Promise<UserRow | undefined> {
    return applyChange({
      userId,
      toPlan: to.id,
      videoLimit: null,
      provider: source === 'admin' ? 'admin' : billing.name,
      amountCents: 0,
      externalRef,
      source,
      actorId,
    });
  }

  async function ownerBilling(ownerId: string): Promise<AdminBilling> {
    const owner = await repo.findUser(ownerId);
    if (!owner) throw new NotFoundError('No such owner');
    const changes = await repo.listChanges(owner.id);
    return {
      owner: { id: owner.id, email: owner.email, companyName: owner.companyName },
      subscription: await subscription(owner),
      changes: changes.map((c) => ({
        fromPlan: c.fromPlan,
        toPlan: c.toPlan,
        source: c.source,
        provider: c.provider,
        amountCents: c.amountCents,
        actorId: c.actorId,
        createdAt: c.createdAt.toISOString(),
      })),
    };
  }

  return {
    list(user: UserRow): PlanView[] {
      const current = currentPlan(user);
      return PLANS.map((plan) => view(plan, current));
    },

    subscription,

    /** The tallest streaming rung the owner's plan offers now (an unknown owner: the free plan's). */
    async topRungOf(ownerId: string): Promise<RungTop> {
      return topRungFor((await repo.findUser(ownerId))?.plan);
    },

    /** The owner's plan changes, oldest first (the account export lists them). */
    listChanges(userId: string): Promise<PlanChangeRow[]> {
      return repo.listChanges(userId);
    },

    /**
     * Changes the plan; refuses a plan whose limit is below the owner's video count. Without a
     * payment provider the change applies at once; with Stripe, a paid subscription moves to the
     * new price (the prorated difference charged at once), a first paid plan goes through Checkout
     * and a return to Spin Starter through Cancel.
     */
    async changePlan(
      user: UserRow,
      planId: Plan['id'],
    ): Promise<{ user: UserRow; subscription: SubscriptionView; changed: boolean }> {
      const from = currentPlan(user);
      const to = findPlan(planId)!;
      if (from.id === to.id && user.plan === to.id) {
        return { user, subscription: await subscription(user), changed: false };
      }
      await checkFits(user, to);

      let subscriptionId: string | null = null;
      if (billing.hosted) {
        if (to.price === 0) throw new ConflictError(BILLING_MESSAGES.toFree);
        const existing = await repo.findAccount(user.id);
        if (!existing?.subscriptionId || !PAYING.has(existing.status ?? '')) {
          throw new ConflictError(BILLING_MESSAGES.useCheckout);
        }
        subscriptionId = existing.subscriptionId;
      }
      const receipt = await billing.changePlan({ userId: user.id, from, to, subscriptionId });
      const updated = await applyChange({
        userId: user.id,
        toPlan: to.id,
        videoLimit: to.videoLimit,
        provider: billing.name,
        amountCents: receipt.amountCents,
        externalRef: receipt.externalRef,
        source: 'owner',
      });
      if (!updated) {
        throw new ConflictError(planTooSmallMessage(to, await repo.countVideos(user.id)));
      }
      return { user: updated, subscription: await subscription(updated), changed: true };
    },

    /** Stripe Checkout for a first paid plan: answers the hosted page's address. */
    async checkout(user: UserRow, planId: Plan['id'], origin: string): Promise<string> {
      const hosted = hostedBilling();
      const plan = paidPlan(planId);
      const existing = await repo.findAccount(user.id);
      if (existing?.subscriptionId && PAYING.has(existing.status ?? '')) {
        throw new ConflictError(BILLING_MESSAGES.alreadySubscribed);
      }
      await checkFits(user, plan);
      const { customerId } = await account(user);
      return hosted.checkoutUrl({
        customerId,
        userId: user.id,
        plan,
        successUrl: `${origin}/subscription?checkout=success`,
        cancelUrl: `${origin}/subscription?checkout=cancelled`,
      });
    },

    /** What moving the paid subscription to another plan charges now. */
    async preview(user: UserRow, planId: Plan['id']): Promise<ChangePreview> {
      const hosted = hostedBilling();
      const plan = paidPlan(planId);
      const paid = await paidSubscription(user);
      const preview = await hosted.previewChange({
        customerId: paid.customerId,
        subscriptionId: paid.subscriptionId,
        to: plan,
      });
      return { planId: plan.id, ...preview };
    },

    /** The Customer Portal (card, invoices), for an owner who has a Stripe customer. */
    async portal(user: UserRow, origin: string): Promise<string> {
      const hosted = hostedBilling();
      const { customerId } = await account(user);
      return hosted.portalUrl({ customerId, returnUrl: `${origin}/subscription` });
    },

    /** Cancels at the period's end: the plan runs until then. */
    async cancel(user: UserRow): Promise<{ message: string; subscription: SubscriptionView }> {
      const hosted = hostedBilling();
      const paid = await paidSubscription(user);
      const state = await hosted.cancelAtPeriodEnd(paid.subscriptionId);
      await repo.updateAccount(user.id, {
        status: state.status,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      });
      const plan = currentPlan(user);
      const until = state.currentPeriodEnd ? ` until ${billingDate(state.currentPeriodEnd)}` : '';
      return {
        message: `Your subscription is cancelled: ${plan.name} runs${until}, then your account moves to Spin Starter.`,
        subscription: await subscription(user),
      };
    },

    /**
     * A Stripe webhook: verified on the raw body, each event id handled once, the subscription
     * read fresh from Stripe (events may arrive in any order). Answers false for a replay.
     */
    async handleWebhook(rawBody: string, signature: string | undefined): Promise<boolean> {
      if (!billing.hosted) throw new ValidationError(BILLING_MESSAGES.badSignature);
      const hosted = billing.hosted;
      const event = hosted.verifyEvent(rawBody, signature);
      if (!HANDLED.has(event.type) || !event.subscriptionId) return true;
      if (!(await repo.claimEvent(event.id, event.type))) return false;
      try {
        await applyEvent(hosted, event, event.subscriptionId);
      } catch (error) {
        // Not handled: Stripe retries it, and the retry must not be taken for a replay.
        await repo.releaseEvent(event.id);
        throw error;
      }
      return true;
    },

    /** The admin desk: an owner's plan, billing state and plan changes. */
    ownerBilling,

    /**
     * The admin desk grants a plan by hand (a comped account), whatever the video count and
     * without charging: recorded with source 'admin' and the admin's id.
     */
    async grant(
      admin: UserRow,
      ownerId: string,
      planId: Plan['id'],
    ): Promise<AdminBilling & { message: string }> {
      const owner = await repo.findUser(ownerId);
      if (!owner) throw new NotFoundError('No such owner');
      const to = findPlan(planId)!;
      await applyDecided(owner.id, to, 'admin', null, admin.id);
      return { message: `${owner.email} is now on ${to.name}.`, ...(await ownerBilling(owner.id)) };
    },
  };

  async function applyEvent(hosted: HostedBilling, event: BillingEvent, subscriptionId: string) {
    const state = await hosted.subscription(subscriptionId);
    const owner = await repo.findAccountByCustomer(state.customerId);
    if (!owner) return; // A customer Cadence did not create.
    const user = await repo.findUser(owner.userId);
    if (!user) return;
    const other = owner.subscriptionId && owner.subscriptionId !== state.id;
    if (other && PAYING.has(owner.status ?? '')) {
      // An older subscription's news never overrides a newer live one.
      if (!PAYING.has(state.status)) return;
      // A second paying subscription (two Checkout tabs, both paid): the live one is read fresh;
      // while it still pays, the newcomer is cancelled at once, its unused time credited.
      const live = await hosted.subscription(owner.subscriptionId!);
      if (PAYING.has(live.status)) {
        await hosted.cancelNow(state.id);
        log.error(
          { userId: owner.userId, kept: live.id, cancelled: state.id },
          'duplicate Stripe subscription cancelled: refund its payment in the Stripe Dashboard if asked',
        );
        return;
      }
    }

    const graceStarts = event.type === 'invoice.payment_failed' && !owner.graceUntil;
    const graceUntil =
      event.type === 'invoice.payment_failed'
        ? (owner.graceUntil ?? new Date(now() + GRACE_DAYS * DAY_MS))
        : event.type === 'invoice.paid' || state.status === 'active' || ENDED.has(state.status)
          ? null
          : owner.graceUntil;
    await repo.updateAccount(owner.userId, {
      subscriptionId: state.id,
      status: state.status,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      graceUntil,
    });

    if (graceStarts && graceUntil && PAYING.has(state.status)) {
      // Once per failure: the grace period's first failed payment, queued (never sent here).
      await mail.enqueue({
        template: 'payment-failed',
        to: user.email,
        planName: currentPlan(user).name,
        graceUntil: billingDate(graceUntil),
        ...(publicOrigin ? { link: `${publicOrigin}/subscription` } : {}),
      });
    }

    if (ENDED.has(state.status)) {
      await applyDecided(user.id, findPlan(DEFAULT_PLAN_ID)!, 'webhook', state.id);
    } else if (PAYING.has(state.status) && state.planId) {
      const source = event.type === 'checkout.session.completed' ? 'checkout' : 'portal';
      // A first subscription is checkout's doing, whichever of its events arrives first.
      const first = currentPlan(user).price === 0;
      await applyDecided(user.id, findPlan(state.planId)!, first ? 'checkout' : source, state.id);
    }
  }
}

export type PlansService = ReturnType<typeof plansService>;
