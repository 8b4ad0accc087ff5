import { analyticsEndpoints } from '@shared/analytics.contract';
import type { RouteCollector } from '../../plugins/routes';
import type { AnalyticsService } from './analytics.service';

/**
 * The owner's analytics (product.md §2 Analytics) on the playback sessions the player records:
 * the four totals for every plan, the dashboard from Power Cycle, a date range, audience retention
 * and CSV export from Spin Master (the service refuses what the plan lacks).
 */
export function analyticsRoutes(
  routes: RouteCollector,
  { analytics }: { analytics: AnalyticsService },
): void {
  routes.route(analyticsEndpoints.overview, async ({ user, query, reply }) => {
    const body = await analytics.overview(user, query);
    return reply.header('Cache-Control', 'private, no-cache').send(body);
  });
  routes.route(analyticsEndpoints.summary, async ({ user, query, reply }) => {
    const body = await analytics.summary(user, query);
    return reply.header('Cache-Control', 'private, no-cache').send(body);
  });
  routes.route(analyticsEndpoints.retention, async ({ user, query, reply }) => {
    const body = await analytics.retention(user, query);
    return reply.header('Cache-Control', 'private, no-cache').send(body);
  });
  routes.route(analyticsEndpoints.csv, async ({ user, query, reply }) => {
    const { fileName, body } = await analytics.csv(user, query);
    return reply
      .header('Cache-Control', 'private, no-store')
      .header('Content-Type', 'text/csv; charset=utf-8; header=present')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);
  });
}
