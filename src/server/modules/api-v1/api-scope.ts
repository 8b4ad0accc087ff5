import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_MESSAGES } from '@shared/api-v1.contract';
import { HttpError, ValidationError } from '../../lib/errors';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import { IDEMPOTENCY_HEADER, type IdempotencyService } from './idempotency.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** A POST's Idempotency-Key being run for the first time: its answer is kept on send. */
    idempotencyKey: string | null;
  }
}

const bodyText = (payload: unknown): string | null =>
  typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;

/**
 * The request an Idempotency-Key stands for: method, path and query, and the JSON body. A body
 * nested too deeply to write out again (the parser took it) is refused as the route would.
 */
function requestText(request: FastifyRequest): string {
  try {
    return `${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`;
  } catch {
    throw new ValidationError(API_MESSAGES.tooDeep);
  }
}

/**
 * What every /api/v1 route does after its guard found the key (routes.ts registerAudiences): the
 * key's rate limit with RateLimit-* headers (429 past it), idempotent POSTs, and answers never cached.
 */
export function apiScope({
  limiter,
  idempotency,
}: {
  limiter: AttemptLimiter;
  idempotency: IdempotencyService;
}) {
  return (scope: FastifyInstance) => {
    scope.decorateRequest('idempotencyKey', null);

    scope.addHook('onRequest', async (request, reply) => {
      const state = limiter.attempt(request.apiKey!.id);
      const reset = Math.max(1, Math.ceil(state.resetMs / 1000));
      reply
        .header('ratelimit-limit', state.limit)
        .header('ratelimit-remaining', state.remaining)
        .header('ratelimit-reset', reset);
      if (!state.allowed) {
        reply.header('retry-after', reset);
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
