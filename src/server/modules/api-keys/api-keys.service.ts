import { createHash, randomInt } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEYS_LIMIT,
  type ApiKeyDto,
  type ApiKeyScope,
  type ApiKeysView,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@shared/api-keys.contract';
import { API_MESSAGES } from '@shared/api-v1.contract';
import { planIncludes } from '@shared/plan-features';
import type { UserRow } from '../../db/schema/users';
import { attemptLimiter } from '../../lib/attempt-limiter';
import {
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  UnauthorizedError,
} from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository';

/** The one answer to every key that does not authenticate: no hint which part was wrong. */
export const API_KEY_INVALID =
  'A valid API key is required: send it as "Authorization: Bearer cad_live_…".';
export const API_KEY_READ_ONLY =
  'This API key may only read. Make a key with read and write access to change anything.';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 43 characters of 62: 256 bits, in one word a double-click selects whole. */
const SECRET_LENGTH = 43;
const SECRET = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${SECRET_LENGTH}}$`);
/** `Bearer <secret>`, the scheme in any case (RFC 9110), nothing around it. */
const BEARER = /^bearer +(\S{1,200})$/i;
/**
 * Requests with a key that does not authenticate, per client address: past this, the address gets
 * 429 without a lookup (a 256-bit key cannot be guessed; this keeps a flood off the database).
 */
export const API_KEY_FAILURES = { max: 120, windowMs: 60_000 };
/** A key's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

function newSecret(): string {
  let body = '';
  for (let i = 0; i < SECRET_LENGTH; i++) body += ALPHABET[randomInt(ALPHABET.length)];
  return API_KEY_PREFIX + body;
}

export function toApiKeyDto(row: ApiKeyRow): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as ApiKeyScope,
    hint: `${API_KEY_PREFIX}…${row.lastFour}`,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The key a request authenticated with, and its owner. */
export interface ApiCaller {
  user: UserRow;
  key: ApiKeyRow;
}

interface Deps {
  repo: ApiKeysRepository;
  now?: () => number;
}

/** API keys (issue #19): made and revoked under Settings > API; they open /api/v1 only. */
export function apiKeysService({ repo, now = Date.now }: Deps) {
  const failures = attemptLimiter({ ...API_KEY_FAILURES, now });
  const refuse = (address: string): never => {
    if (!failures.take(address)) throw new HttpError(429, API_MESSAGES.tooManyFailures);
    throw new UnauthorizedError(API_KEY_INVALID);
  };

  return {
    async view(user: UserRow): Promise<ApiKeysView> {
      const rows = await repo.listByOwner(user.id);
      return { keys: rows.map(toApiKeyDto), allowed: planIncludes(user.plan, 'apiAccess') };
    },

    async create(user: UserRow, body: CreateApiKeyBody): Promise<CreatedApiKey> {
      if (!planIncludes(user.plan, 'apiAccess')) throw new ForbiddenError(API_KEY_MESSAGES.locked);
      const secret = newSecret();
      const row = await repo.createWithin(
        {
          userId: user.id,
          name: body.name,
          scope: body.scope,
          lastFour: secret.slice(-4),
          secretHash: hash(secret),
        },
        API_KEYS_LIMIT,
      );
      if (!row) throw new ConflictError(API_KEY_MESSAGES.limit);
      return { message: API_KEY_MESSAGES.created, key: toApiKeyDto(row), secret };
    },

    /** Revoking is allowed on any plan: a key must always be stoppable. */
    async revoke(user: UserRow, id: string): Promise<{ message: string }> {
      const row = await repo.revoke(
        user.id,
        idOrNotFound(id, API_KEY_MESSAGES.notFound),
        new Date(now()),
      );
      if (!row) throw new NotFoundError(API_KEY_MESSAGES.notFound);
      return { message: API_KEY_MESSAGES.revoked };
    },

    /**
     * The caller of an /api/v1 request from its Authorization header: 401 for a missing, malformed,
     * unknown or revoked key (the same words for each; 429 once an address has sent too many), 403
     * when the owner's plan no longer includes API access or a read key asks to write.
     */
    async authenticate(
      authorization: string | undefined,
      need: ApiKeyScope,
      address: string,
    ): Promise<ApiCaller> {
      if (failures.spent(address)) throw new HttpError(429, API_MESSAGES.tooManyFailures);
      const secret = BEARER.exec(authorization ?? '')?.[1];
      if (!secret || !SECRET.test(secret)) return refuse(address);
      const found = await repo.findLive(hash(secret));
      if (!found) return refuse(address);
      if (!planIncludes(found.user.plan, 'apiAccess'))
        throw new ForbiddenError(API_KEY_MESSAGES.locked);
      if (need === 'write' && found.key.scope !== 'write')
        throw new ForbiddenError(API_KEY_READ_ONLY);
      // The row just read says when the key was last used: most requests write nothing.
      const at = now();
      const lastUsed = found.key.lastUsedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
      if (at - lastUsed >= TOUCH_EVERY_MS) {
        await repo.touch(found.key.id, new Date(at), TOUCH_EVERY_MS);
      }
      return found;
    },
  };
}

export type ApiKeysService = ReturnType<typeof apiKeysService>;
