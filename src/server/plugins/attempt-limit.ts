import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';

export interface Limit {
  max: number;
  windowMs: number;
}

/** One attempt under way: it counts against the limit until it is settled. */
export interface Attempt {
  /** The attempt failed: one failure is counted for the window. */
  failed(): Promise<void>;
  /** The attempt succeeded (or ended before it could fail): nothing is counted. */
  done(): void;
}

/**
 * A limit on attempts that count only when they fail (a wrong password, an email already taken),
 * kept in @fastify/rate-limit's store like every other limit. `begin` refuses with 429 once `max`
 * failures were counted for the request's key within the window, counting attempts still under
 * way as failures: a burst of parallel requests cannot all pass before the first failure lands.
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
  /** Attempts under way per key (in this process). */
  const underWay = new Map<string, number>();
  const settle = (key: string) => {
    const left = (underWay.get(key) ?? 1) - 1;
    if (left > 0) underWay.set(key, left);
    else underWay.delete(key);
  };

  return {
    async begin(request: FastifyRequest): Promise<Attempt> {
      const key = keyOf(request);
      const state = await limiter(request, { increment: false });
      // isAllowed: the key is on the plugin's allow list (none here), nothing is counted.
      const failures = state.isAllowed ? 0 : limit.max - state.remaining;
      if (!state.isAllowed && failures + (underWay.get(key) ?? 0) >= limit.max) {
        throw new HttpError(429, message(Math.max(1, Math.ceil(state.ttl / 60_000))));
      }
      underWay.set(key, (underWay.get(key) ?? 0) + 1);
      let settled = false;
      const once = () => {
        if (settled) return false;
        settled = true;
        settle(key);
        return true;
      };
      return {
        async failed() {
          if (once()) await limiter(request);
        },
        done() {
          once();
        },
      };
    },
  };
}

export type FailureLimit = ReturnType<typeof failureLimit>;

/**
 * Begins an attempt under every limit (all or none: a refusal settles those already begun), runs
 * `work`, and counts a failure under each when `isFailure(error)` says the error was one.
 */
export async function underLimits<T>(
  request: FastifyRequest,
  limits: readonly FailureLimit[],
  isFailure: (error: unknown) => boolean,
  work: () => Promise<T>,
): Promise<T> {
  const attempts: Attempt[] = [];
  try {
    for (const limit of limits) attempts.push(await limit.begin(request));
  } catch (error) {
    for (const attempt of attempts) attempt.done();
    throw error;
  }
  try {
    const result = await work();
    for (const attempt of attempts) attempt.done();
    return result;
  } catch (error) {
    if (isFailure(error)) await Promise.all(attempts.map((a) => a.failed()));
    else for (const attempt of attempts) attempt.done();
    throw error;
  }
}
