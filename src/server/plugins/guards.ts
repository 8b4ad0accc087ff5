import type { FastifyReply, FastifyRequest } from 'fastify';
import { isFlagSet } from '@shared/flags';
import type { UserRow } from '../db/schema/users';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import type { ApiKeyRow } from '../modules/api-keys/api-keys.repository';
import type { ApiKeysService } from '../modules/api-keys/api-keys.service';
import type { AuthService } from '../modules/auth/auth.service';
import type { SessionManager } from './session';

export const ADMIN_REQUIRED =
  'Admin access required. Please contact support if you believe this is an error.';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of an /api/v1 request (its guard sets it): its rate limit and idempotency. */
    apiKey: ApiKeyRow | null;
  }
}

/**
 * Route guards: each answers the signed-in user (the API's: the key's owner) or throws 401/403. A
 * session never opens the API and a key never opens a session route: each guard reads only its own.
 */
export function createGuards(
  sessions: SessionManager,
  auth: Pick<AuthService, 'findUser'>,
  apiKeys: Pick<ApiKeysService, 'authenticate'>,
) {
  async function currentUser(request: FastifyRequest, reply: FastifyReply) {
    const session = await sessions.read(request, reply);
    if (!session) return null;
    return (await auth.findUser(session.userId)) ?? null;
  }

  async function user(request: FastifyRequest, reply: FastifyReply): Promise<UserRow> {
    const found = await currentUser(request, reply);
    if (!found) throw new UnauthorizedError();
    return found;
  }

  async function admin(request: FastifyRequest, reply: FastifyReply): Promise<UserRow> {
    const found = await user(request, reply);
    if (!isFlagSet(found.isAdmin)) throw new ForbiddenError(ADMIN_REQUIRED);
    return found;
  }

  const apiCaller =
    (need: 'read' | 'write') => async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      try {
        const caller = await apiKeys.authenticate(request.headers.authorization, need, request.ip);
        request.apiKey = caller.key;
        return caller.user;
      } catch (error) {
        // RFC 6750: a 401 names the scheme the API wants.
        if (error instanceof UnauthorizedError) {
          reply.header('www-authenticate', 'Bearer realm="Cadence API"');
        }
        throw error;
      }
    };

  return { currentUser, user, admin, apiRead: apiCaller('read'), apiWrite: apiCaller('write') };
}

export type Guards = ReturnType<typeof createGuards>;
