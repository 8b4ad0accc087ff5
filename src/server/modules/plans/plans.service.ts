import { PLANS, type Plan } from '@shared/plans';
import {
  DEFAULT_PLAN_ID,
  findPlan,
  planTooSmallMessage,
  type PlanView,
  type SubscriptionView,
} from '@shared/plans.contract';
import type { PlanChangeRow } from '../../db/schema/billing';
import type { UserRow } from '../../db/schema/users';
import { ConflictError } from '../../lib/errors';
import type { BillingProvider } from './billing-provider';
import type { PlansRepository } from './plans.repository';

/** The account's plan; an unknown stored id reads as the plan every account starts on. */
export function currentPlan(user: Pick<UserRow, 'plan'>): Plan {
  return findPlan(user.plan) ?? findPlan(DEFAULT_PLAN_ID)!;
}

export function plansService(repo: PlansRepository, billing: BillingProvider) {
  function view(plan: Plan, current: Plan): PlanView {
    return { ...plan, features: [...plan.features], isCurrentPlan: plan.id === current.id };
  }

  async function subscription(user: UserRow): Promise<SubscriptionView> {
    const plan = currentPlan(user);
    const [videoCount, last] = await Promise.all([
      repo.countVideos(user.id),
      repo.lastChange(user.id),
    ]);
    return {
      plan: view(plan, plan),
      usage: { videoCount, videoLimit: plan.videoLimit },
      billing: { provider: billing.name, connected: billing.connected },
      planChangedAt: last && last.toPlan === plan.id ? last.createdAt.toISOString() : null,
    };
  }

  return {
    list(user: UserRow): PlanView[] {
      const current = currentPlan(user);
      return PLANS.map((plan) => view(plan, current));
    },

    subscription,

    /** The owner's plan changes, oldest first (the account export lists them). */
    listChanges(userId: string): Promise<PlanChangeRow[]> {
      return repo.listChanges(userId);
    },

    /** Changes the plan at once; refuses a plan whose limit is below the owner's video count. */
    async changePlan(
      user: UserRow,
      planId: Plan['id'],
    ): Promise<{ user: UserRow; subscription: SubscriptionView; changed: boolean }> {
      const from = currentPlan(user);
      const to = findPlan(planId)!;
      if (from.id === to.id && user.plan === to.id) {
        return { user, subscription: await subscription(user), changed: false };
      }
      const videoCount = await repo.countVideos(user.id);
      if (videoCount > to.videoLimit) throw new ConflictError(planTooSmallMessage(to, videoCount));

      const receipt = await billing.changePlan({ userId: user.id, from, to });
      const updated = await repo.applyChange({
        userId: user.id,
        fromPlan: user.plan,
        toPlan: to.id,
        videoLimit: to.videoLimit,
        provider: billing.name,
        amountCents: receipt.amountCents,
        externalRef: receipt.externalRef,
      });
      if (!updated) {
        throw new ConflictError(planTooSmallMessage(to, await repo.countVideos(user.id)));
      }
      return { user: updated, subscription: await subscription(updated), changed: true };
    },
  };
}

export type PlansService = ReturnType<typeof plansService>;
