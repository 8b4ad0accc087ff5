import { webhookEndpoints } from '@shared/webhooks.contract';
import type { RouteCollector } from '../../plugins/routes';
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
  routes.route(webhookEndpoints.test, ({ user, params }) => webhooks.test(user, params.id));
  routes.route(webhookEndpoints.deliveries, ({ user, params, query }) =>
    webhooks.deliveries(user, params.id, query.cursor),
  );
}
