import type { FastifyInstance } from 'fastify';
import { analyticsQuery } from '@shared/analytics.contract';
import type { Db } from '../../db/client';
import { parse } from '../../lib/validate';
import type { Guards } from '../../plugins/guards';
import { analyticsRepository } from './analytics.repository';
import { analyticsService } from './analytics.service';

interface Deps {
  db: Db;
  guards: Guards;
  now?: () => number;
}

/** The owner's analytics (spec §2 Analytics) on the playback sessions the player records. */
export function analyticsRoutes(app: FastifyInstance, { db, guards, now }: Deps): void {
  const analytics = analyticsService(analyticsRepository(db), now);

  app.get('/api/analytics', async (request, reply) => {
    const user = await guards.user(request, reply);
    const query = parse(analyticsQuery, request.query);
    const body = await analytics.overview(user.id, query);
    return reply.header('Cache-Control', 'private, no-cache').send(body);
  });
}
