import { systemEndpoints } from '@shared/system.contract';
import type { RouteCollector } from '../../plugins/routes';
import { openApiDocument } from './openapi';

/** GET /api/openapi.json: the document of every route declared on `routes` (made once). */
export function openApiRoutes(routes: RouteCollector): void {
  let document: ReturnType<typeof openApiDocument> | undefined;
  routes.route(
    systemEndpoints.openApi,
    async () => (document ??= openApiDocument(routes.descriptors())),
  );
}
