import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_MESSAGES } from '@shared/api-v1.contract';
import { HttpError } from '../../lib/errors';
import type { ApiRateLimiter } from './rate-limit';
import { IDEMPOTENCY_HEADER, type IdempotencyService } from './idempotency.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** A POST's Idempotency-Key being run for the first time: its answer is kept on send. */
    idempotencyKey: string | null;
  }
}

const bodyText = (payload: unknown): string | null =>
  typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;

/** The request an Idempotency-Key stands for: method, path and query, and the JSON body. */
const requestText = (request: FastifyRequest) =>
  `${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`;

/**
 * What every /api/v1 route does after its guard found the key (routes.ts registerAudiences): the
 * key's rate limit with RateLimit-* headers (429 past it), idempotent POSTs, and answers never cached.
 */
export function apiScope({
  limiter,
  idempotency,
}: {
  limiter: ApiRateLimiter;
  idempotency: IdempotencyService;
}) {
  return (scope: FastifyInstance) => {
    scope.decorateRequest('idempotencyKey', null);

    scope.addHook('onRequest', async (request, reply) => {
      const decision = limiter.take(request.apiKey!.id);
      reply
        .header('cache-control', 'no-store')
        .header('ratelimit-policy', `${decision.limit};w=${decision.windowSeconds}`)
        .header('ratelimit-limit', decision.limit)
        .header('ratelimit-remaining', decision.remaining)
        .header('ratelimit-reset', decision.resetSeconds);
      if (!decision.allowed) {
        reply.header('retry-after', decision.resetSeconds);
        throw new HttpError(429, API_MESSAGES.rateLimited);
      }
    });

    // tus' POST streams its body and has its own resumption: keys apply to JSON POSTs.
    scope.addHook('preHandler', async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (request.method !== 'POST' || key === undefined) return;
      if (request.routeOptions.config.endpoint?.rawBody) return;
      const start = await idempotency.start(request.apiKey!.id, String(key), requestText(request));
      if (start.kind === 'run') {
        request.idempotencyKey = String(key);
        return;
      }
      if (start.contentType) reply.header('content-type', start.contentType);
      return reply.status(start.status).header('idempotent-replayed', 'true').send(start.body);
    });

    scope.addHook('onSend', async (request, reply, payload) => {
      const key = request.idempotencyKey;
      if (key === null) return payload;
      request.idempotencyKey = null;
      const contentType = reply.getHeader('content-type');
      await idempotency.finish(request.apiKey!.id, key, {
        status: reply.statusCode,
        body: bodyText(payload) ?? '',
        contentType: typeof contentType === 'string' ? contentType : null,
      });
      return payload;
    });
  };
}
