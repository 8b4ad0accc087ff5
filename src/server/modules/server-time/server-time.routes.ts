import { serverTimeEndpointsWithSchemas as endpoints } from '@shared/server-time.contract';
import type { RouteCollector } from '../../plugins/routes';

/** Per IP: a room of tablets measures a few round trips each minute; this stops a flood. */
export const SERVER_TIME_LIMIT = { max: 600, timeWindow: 60_000 } as const;

/**
 * GET /api/time: the server's clock, for the tablets of a room riding a class together (their
 * clock offset is measured against it, docs/decisions/0046). Never cached: a stored answer is a
 * wrong time.
 */
export function serverTimeRoutes(routes: RouteCollector, now: () => number = Date.now): void {
  routes.route(
    endpoints.now,
    async ({ reply }) => reply.header('cache-control', 'no-store').send({ now: now() }),
    { config: { rateLimit: SERVER_TIME_LIMIT } },
  );
}
