import { analyticsEndpoints } from '@shared/analytics.contract';
import type { RouteCollector } from '../../plugins/routes';
import type { AnalyticsService } from './analytics.service';

/** The owner's analytics (product.md §2 Analytics) on the playback sessions the player records. */
export function analyticsRoutes(
  routes: RouteCollector,
  { analytics }: { analytics: AnalyticsService },
): void {
  routes.route(analyticsEndpoints.overview, async ({ user, query, reply }) => {
    const body = await analytics.overview(user.id, query);
    return reply.header('Cache-Control', 'private, no-cache').send(body);
  });
}
