import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

export function healthRoutes(app: FastifyInstance, { database }: { database: Database }): void {
  app.get('/api/health', async (_request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
