import { apiDocsEndpoints } from '@shared/api-v1.contract';
import { systemEndpoints } from '@shared/system.contract';
import type { RouteCollector } from '../../plugins/routes';
import { apiOrigin } from '../api-v1/api-class';
import { apiDocsRoutes } from './api-docs.routes';
import { apiV1Document } from './api-v1-document';
import { openApiDocument } from './openapi';

/**
 * GET /api/openapi.json: the document of every route declared on `routes`; GET
 * /api/v1/openapi.json: the API-key routes' (issue #19), with PUBLIC_URL or the app's address it
 * was asked at as its server; GET /api/docs: the interactive reference of the latter. Each document
 * is made once, at its first request.
 */
export function openApiRoutes(
  routes: RouteCollector,
  { origin }: { origin: Parameters<typeof apiOrigin>[1] },
): void {
  let document: ReturnType<typeof openApiDocument> | undefined;
  routes.route(
    systemEndpoints.openApi,
    async () => (document ??= openApiDocument(routes.descriptors())),
  );

  let v1: ReturnType<typeof apiV1Document> | undefined;
  routes.route(apiDocsEndpoints.openApi, async ({ request }) => {
    const { openapi, info, ...rest } = (v1 ??= apiV1Document(routes.descriptors()));
    // Another host than the app's own gets a relative server: the document's own address.
    return { openapi, info, servers: [{ url: apiOrigin(request, origin) || '/' }], ...rest };
  });

  apiDocsRoutes(routes);
}
