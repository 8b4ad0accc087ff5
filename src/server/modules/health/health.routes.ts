import { systemEndpoints } from '@shared/system.contract';
import type { RouteCollector } from '../../plugins/routes';

export function healthRoutes(
  routes: RouteCollector,
  { databaseAnswers }: { databaseAnswers: () => Promise<boolean> },
): void {
  routes.route(systemEndpoints.health, async ({ reply }) => {
    if (await databaseAnswers()) return { status: 'ok' as const };
    return reply.status(503).send({ status: 'unavailable' });
  });
}
