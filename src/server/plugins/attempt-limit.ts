import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * A limit on attempts that count only when they fail (a wrong password, an email already taken):
 * `check` refuses with 429 once `max` failures were counted for the request's key within the
 * window; `fail` counts one. Kept in @fastify/rate-limit's store like every other limit.
 */
export function failureLimit(
  app: FastifyInstance,
  limit: Limit,
  keyOf: (request: FastifyRequest) => string,
  message: (minutesLeft: number) => string,
) {
  const limiter = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: keyOf,
  });
  return {
    async check(request: FastifyRequest): Promise<void> {
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.remaining === 0) {
        throw new HttpError(429, message(Math.max(1, Math.ceil(state.ttl / 60_000))));
      }
    },
    async fail(request: FastifyRequest): Promise<void> {
      await limiter(request);
    },
  };
}

export type FailureLimit = ReturnType<typeof failureLimit>;
