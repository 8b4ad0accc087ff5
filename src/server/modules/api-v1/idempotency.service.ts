import { createHash } from 'node:crypto';
import { API_MESSAGES, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_TTL_MS } from '@shared/api-v1.contract';
import { HttpError, ValidationError } from '../../lib/errors';
import type { IdempotencyRepository } from './idempotency.repository';

/** Visible ASCII only, bounded: what Stripe and the IETF draft allow. */
const KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);
/** A first request still unanswered after this long is taken to have died with its process. */
const STALE_MS = 5 * 60 * 1000;

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** What a POST with an Idempotency-Key does: run (first time) or replay the first answer. */
export type IdempotentStart =
  { kind: 'run' } | { kind: 'replay'; status: number; body: string; contentType: string | null };

/**
 * Idempotency keys on the API's POSTs (issue #19): the same key with the same request gives the
 * first answer again, once it is known; with another request it is refused (422); while the first
 * is still running, a second is told to retry (409). Answers are kept a day; a 5xx is not kept.
 */
export function idempotencyService({
  repo,
  now = Date.now,
}: {
  repo: IdempotencyRepository;
  now?: () => number;
}) {
  return {
    async start(apiKeyId: string, key: string, request: string): Promise<IdempotentStart> {
      if (!KEY.test(key)) {
        throw new ValidationError(API_MESSAGES.idempotencyKey, {
          errors: [{ field: 'Idempotency-Key', message: API_MESSAGES.idempotencyKey }],
        });
      }
      const fingerprint = createHash('sha256').update(request).digest('hex');
      const at = now();
      const outcome = await repo.claim(
        { apiKeyId, key, fingerprint },
        new Date(at),
        new Date(at - STALE_MS),
        new Date(at - IDEMPOTENCY_TTL_MS),
      );
      if (outcome.claimed) return { kind: 'run' };
      const { row } = outcome;
      if (row.fingerprint !== fingerprint) {
        throw new HttpError(422, API_MESSAGES.idempotencyReused, {
          code: 'idempotency_key_reused',
        });
      }
      if (row.status === null) {
        throw new HttpError(409, API_MESSAGES.idempotencyInFlight, {
          code: 'idempotency_key_in_use',
        });
      }
      return {
        kind: 'replay',
        status: row.status,
        body: row.body ?? '',
        contentType: row.contentType,
      };
    },

    /** Keeps the answer (a 5xx frees the key instead, so the request may be tried again). */
    async finish(
      apiKeyId: string,
      key: string,
      answer: { status: number; body: string; contentType: string | null },
    ): Promise<void> {
      if (answer.status >= 500) await repo.release(apiKeyId, key);
      else await repo.complete(apiKeyId, key, answer);
    },

    sweep: () => repo.sweep(new Date(now() - IDEMPOTENCY_TTL_MS)),
  };
}

export type IdempotencyService = ReturnType<typeof idempotencyService>;
