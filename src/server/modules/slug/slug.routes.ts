import { slugEndpoints } from '@shared/slug.contract';
import type { RouteCollector } from '../../plugins/routes';
import { perSession } from '../../plugins/session';
import { toPublicUser } from '../auth/public-user';
import type { SlugService } from './slug.service';

/** Slug changes per owner per hour: enough for any real use, too few to squat on many old slugs. */
export const SLUG_CHANGE_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 };

export function slugRoutes(routes: RouteCollector, { slugs }: { slugs: SlugService }): void {
  routes.route(
    slugEndpoints.update,
    async ({ user, body }) => {
      const updated = await slugs.change(user.id, body.slug);
      return { message: 'Public URL updated', user: toPublicUser(updated) };
    },
    {
      config: {
        rateLimit: {
          max: SLUG_CHANGE_LIMIT.max,
          timeWindow: SLUG_CHANGE_LIMIT.windowMs,
          keyGenerator: perSession,
          errorResponseBuilder: () => ({
            statusCode: 429,
            message: 'Too many URL changes. Please try again later.',
          }),
        },
      },
    },
  );
}
