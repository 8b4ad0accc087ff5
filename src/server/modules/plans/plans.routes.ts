import type { FastifyInstance, FastifyRequest } from 'fastify';
import { plansEndpoints } from '@shared/plans.contract';
import type { RouteCollector } from '../../plugins/routes';
import { toPublicUser } from '../auth/public-user';
import type { PlansService } from './plans.service';

/** Stripe's events are small; the signature is checked on these exact bytes. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** The webhook's scope: JSON kept as the raw text its signature was computed on. */
function rawJson(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
}

/** Where Stripe sends the browser back to: PUBLIC_URL's origin, else the request's own. */
function originOf(request: FastifyRequest, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}

/** Plans (product.md §3, §9), the owner's subscription, plan changes and Stripe billing. */
export function plansRoutes(
  routes: RouteCollector,
  { plans, publicOrigin }: { plans: PlansService; publicOrigin: string | undefined },
): void {
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

  routes.route(plansEndpoints.checkout, async ({ user, body, request }) => ({
    url: await plans.checkout(user, body.planId, originOf(request, publicOrigin)),
  }));

  routes.route(plansEndpoints.preview, async ({ user, query }) =>
    plans.preview(user, query.planId),
  );

  routes.route(plansEndpoints.portal, async ({ user, request }) => ({
    url: await plans.portal(user, originOf(request, publicOrigin)),
  }));

  routes.route(plansEndpoints.cancel, async ({ user }) => plans.cancel(user));

  routes.route(plansEndpoints.adminBilling, async ({ params }) => plans.ownerBilling(params.id));

  routes.route(plansEndpoints.adminGrant, async ({ user, params, body }) =>
    plans.grant(user, params.id, body.planId),
  );

  routes.group(rawJson, (scope) =>
    scope.route(plansEndpoints.webhook, async ({ request }) => {
      const signature = request.headers['stripe-signature'];
      await plans.handleWebhook(
        typeof request.body === 'string' ? request.body : '',
        typeof signature === 'string' ? signature : undefined,
      );
      return { received: true as const };
    }),
  );
}
