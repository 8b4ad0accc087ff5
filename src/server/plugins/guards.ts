import type { FastifyReply, FastifyRequest } from 'fastify';
import { isFlagSet } from '@shared/flags';
import type { UserRow } from '../db/schema/users';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import type { AuthService } from '../modules/auth/auth.service';
import type { SessionManager } from './session';

export const ADMIN_REQUIRED =
  'Admin access required. Please contact support if you believe this is an error.';

/** Route guards: each answers the signed-in user or throws 401/403. */
export function createGuards(sessions: SessionManager, auth: Pick<AuthService, 'findUser'>) {
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

  return { currentUser, user, admin };
}

export type Guards = ReturnType<typeof createGuards>;
