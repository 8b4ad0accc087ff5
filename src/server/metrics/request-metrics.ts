import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

/**
 * Times every answered request on the app (one hook on the root instance, ahead of every route):
 * labelled by the matched route's pattern (`/api/gym/:slug`), never the URL, so unknown paths all
 * count as one `unmatched` series.
 */
export function registerRequestMetrics(
  app: FastifyInstance,
  metrics: Pick<Metrics, 'request'>,
): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(
      request.routeOptions.url,
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}
