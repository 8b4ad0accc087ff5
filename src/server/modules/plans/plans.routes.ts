import { plansEndpoints } from '@shared/plans.contract';
import type { RouteCollector } from '../../plugins/routes';
import { toPublicUser } from '../auth/public-user';
import type { PlansService } from './plans.service';

/** Plans (product.md §3, §9), the owner's subscription and plan changes. */
export function plansRoutes(routes: RouteCollector, { plans }: { plans: PlansService }): void {
  routes.route(plansEndpoints.list, async ({ user }) => plans.list(user));

  routes.route(plansEndpoints.subscription, async ({ user }) => plans.subscription(user));

  routes.route(plansEndpoints.change, async ({ user, body }) => {
    const result = await plans.changePlan(user, body.planId);
    return {
      message: result.changed
        ? `You are now on ${result.subscription.plan.name}.`
        : `You are already on ${result.subscription.plan.name}.`,
      subscription: result.subscription,
      user: toPublicUser(result.user),
    };
  });
}
