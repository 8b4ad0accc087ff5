import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BILLING_MESSAGES, plansEndpoints } from '@shared/plans.contract';
import type { Config } from '../../config';
import { ValidationError } from '../../lib/errors';
import { appOrigin } from '../../plugins/app-origin';
import type { RouteCollector } from '../../plugins/routes';
import { perSession } from '../../plugins/session';
import { toPublicUser } from '../auth/public-user';
import type { PlansService } from './plans.service';

/** Stripe's events are small; the signature is checked on these exact bytes. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** Calls to the payment provider per owner per minute, on each route that makes them. */
export const BILLING_CALL_LIMIT = { max: 20, windowMs: 60 * 1000 };

const billingCallLimit = {
  config: {
    rateLimit: {
      max: BILLING_CALL_LIMIT.max,
      timeWindow: BILLING_CALL_LIMIT.windowMs,
      keyGenerator: perSession,
      errorResponseBuilder: () => ({ statusCode: 429, message: BILLING_MESSAGES.tooMany }),
    },
  },
};

/** The webhook's scope: JSON kept as the raw text its signature was computed on. */
function rawJson(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
}

/** Plans (product.md §3, §9), the owner's subscription, plan changes and Stripe billing. */
export function plansRoutes(
  routes: RouteCollector,
  { plans, config }: { plans: PlansService; config: Pick<Config, 'publicOrigin' | 'appHosts'> },
): void {
  /** Where Stripe sends the browser back to: never built from a Host the app does not own. */
  function returnOrigin(request: FastifyRequest): string {
    const origin = appOrigin(request, config);
    if (!origin) throw new ValidationError(BILLING_MESSAGES.notAppHost);
    return origin;
  }

  routes.route(plansEndpoints.list, async ({ user }) => plans.list(user));

  routes.route(plansEndpoints.subscription, async ({ user }) => plans.subscription(user));

  routes.route(
    plansEndpoints.change,
    async ({ user, body }) => {
      const result = await plans.changePlan(user, body.planId);
      return {
        message: result.changed
          ? `You are now on ${result.subscription.plan.name}.`
          : `You are already on ${result.subscription.plan.name}.`,
        subscription: result.subscription,
        user: toPublicUser(result.user),
      };
    },
    billingCallLimit,
  );

  routes.route(
    plansEndpoints.checkout,
    async ({ user, body, request }) => ({
      url: await plans.checkout(user, body.planId, returnOrigin(request)),
    }),
    billingCallLimit,
  );

  routes.route(
    plansEndpoints.preview,
    async ({ user, query }) => plans.preview(user, query.planId),
    billingCallLimit,
  );

  routes.route(
    plansEndpoints.portal,
    async ({ user, request }) => ({
      url: await plans.portal(user, returnOrigin(request)),
    }),
    billingCallLimit,
  );

  routes.route(plansEndpoints.cancel, async ({ user }) => plans.cancel(user), billingCallLimit);

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
