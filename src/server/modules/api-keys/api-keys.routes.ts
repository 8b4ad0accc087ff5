import { apiKeyEndpoints } from '@shared/api-keys.contract';
import type { RouteCollector } from '../../plugins/routes';
import type { ApiKeysService } from './api-keys.service';

/** Settings > API: the owner's keys (issue #19). */
export function apiKeysRoutes(routes: RouteCollector, { apiKeys }: { apiKeys: ApiKeysService }) {
  routes.route(apiKeyEndpoints.list, ({ user }) => apiKeys.view(user));
  routes.route(apiKeyEndpoints.create, ({ user, body }) => apiKeys.create(user, body));
  routes.route(apiKeyEndpoints.revoke, ({ user, params }) => apiKeys.revoke(user, params.id));
}
