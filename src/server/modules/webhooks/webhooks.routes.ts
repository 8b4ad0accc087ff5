import { WEBHOOK_MESSAGES, WEBHOOK_TEST_LIMIT, webhookEndpoints } from '@shared/webhooks.contract';
import type { RouteCollector } from '../../plugins/routes';
import { perSession } from '../../plugins/session';
import type { WebhooksService } from './webhooks.service';

/** An owner's webhook endpoints (issue #19, Elite Studio): the rules are the service's. */
export function webhooksRoutes(
  routes: RouteCollector,
  { webhooks }: { webhooks: WebhooksService },
): void {
  routes.route(webhookEndpoints.list, ({ user }) => webhooks.view(user));
  routes.route(webhookEndpoints.create, ({ user, body }) => webhooks.create(user, body));
  routes.route(webhookEndpoints.update, ({ user, params, body }) =>
    webhooks.update(user, params.id, body),
  );
  routes.route(webhookEndpoints.remove, ({ user, params }) => webhooks.remove(user, params.id));
  // Each test is a request to the owner's URL made now: bounded per session.
  routes.route(webhookEndpoints.test, ({ user, params }) => webhooks.test(user, params.id), {
    config: {
      rateLimit: {
        max: WEBHOOK_TEST_LIMIT.max,
        timeWindow: WEBHOOK_TEST_LIMIT.windowMs,
        keyGenerator: perSession,
        errorResponseBuilder: () => ({ statusCode: 429, message: WEBHOOK_MESSAGES.tooManyTests }),
      },
    },
  });
  routes.route(webhookEndpoints.deliveries, ({ user, params, query }) =>
    webhooks.deliveries(user, params.id, query.cursor),
  );
}
