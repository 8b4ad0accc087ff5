import type { FastifyInstance } from 'fastify';
import { updateSlugBody, type UpdateSlugResponse } from '@shared/slug.contract';
import { parse } from '../../lib/validate';
import type { Guards } from '../../plugins/guards';
import { perSession } from '../../plugins/session';
import { toPublicUser } from '../auth/public-user';
import type { SlugService } from './slug.service';

interface Deps {
  slugs: SlugService;
  guards: Guards;
}

/** Slug changes per owner per hour: enough for any real use, too few to squat on many old slugs. */
export const SLUG_CHANGE_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 };

export function slugRoutes(app: FastifyInstance, { slugs, guards }: Deps): void {
  app.put(
    '/api/auth/slug',
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
    async (request, reply) => {
      const user = await guards.user(request, reply);
      const { slug } = parse(updateSlugBody, request.body);
      const updated = await slugs.change(user.id, slug);
      const body: UpdateSlugResponse = {
        message: 'Public URL updated',
        user: toPublicUser(updated),
      };
      return body;
    },
  );
}
