import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { clientAddress } from './client-address';
import { sessions } from '../db/schema/sessions';

export const SESSION_COOKIE = 'cadence.sid';

/**
 * The rate-limit key of every per-user limit: the signed-in account, so signing in again (a new
 * session) starts no new count; without a live session (the route's guard answers 401) the IP.
 */
export async function perSession(request: FastifyRequest): Promise<string> {
  const userId = await request.server.sessionManager.accountOf(request);
  return userId ? `user:${userId}` : `ip:${clientAddress(request.ip)}`;
}
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often per session, not on every request. */
const SLIDE_AFTER_MS = 60 * 60 * 1000;

/** What services need from sessions: sign a user out everywhere, or everywhere but one session. */
export interface SessionRevoker {
  endAllFor(userId: string, exceptSid?: string): Promise<void>;
}

export interface ActiveSession {
  sid: string;
  userId: string;
}

/** The id stored in the table is a hash of the cookie's token: a leaked table row is no login. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Sessions are rows of the `session` table behind an httpOnly, SameSite=Lax cookie, with sliding
 * 30-day expiry. `now` is injectable so expiry can be tested without waiting.
 */
export class SessionManager {
  constructor(
    private readonly db: Db,
    private readonly options: { secure: 'auto' | boolean; now?: () => number },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private setCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
    const secure =
      this.options.secure === 'auto' ? request.protocol === 'https' : this.options.secure;
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: SESSION_TTL_MS / 1000,
    });
  }

  /** Starts a fresh session (a new id every time: rotation at login), replacing any current one. */
  async start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
    await this.end(request, reply);
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.db.insert(sessions).values({
      sid: hashToken(token),
      sess: { userId, createdAt: new Date(now).toISOString() },
      expire: new Date(now + SESSION_TTL_MS),
    });
    this.setCookie(request, reply, token);
    request.activeSession = { sid: hashToken(token), userId };
  }

  /** The account of the request's live session, if any, without touching the session. */
  async accountOf(request: FastifyRequest): Promise<string | null> {
    if (request.activeSession !== undefined) return request.activeSession?.userId ?? null;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return null;
    const [row] = await this.db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(and(eq(sessions.sid, hashToken(token)), gt(sessions.expire, new Date(this.now()))))
      .limit(1);
    return row?.sess.userId ?? null;
  }

  /** The request's live session, if any, sliding its expiry forward. Cached per request. */
  async read(request: FastifyRequest, reply: FastifyReply): Promise<ActiveSession | null> {
    if (request.activeSession !== undefined) return request.activeSession;
    const token = request.cookies[SESSION_COOKIE];
    request.activeSession = null;
    if (!token || token.length > 100) return null;
    const sid = hashToken(token);
    const now = this.now();
    const [row] = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, new Date(now))))
      .limit(1);
    if (!row) return null;
    if (row.expire.getTime() - now < SESSION_TTL_MS - SLIDE_AFTER_MS) {
      await this.db
        .update(sessions)
        .set({ expire: new Date(now + SESSION_TTL_MS) })
        .where(eq(sessions.sid, sid));
      this.setCookie(request, reply, token);
    }
    request.activeSession = { sid, userId: row.sess.userId };
    return request.activeSession;
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      await this.db.delete(sessions).where(eq(sessions.sid, hashToken(token)));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }
    request.activeSession = null;
  }

  /** Signs a user out everywhere, except (optionally) the session making the request. */
  async endAllFor(userId: string, exceptSid?: string): Promise<void> {
    const forUser = sql`${sessions.sess}->>'userId' = ${userId}`;
    await this.db
      .delete(sessions)
      .where(exceptSid ? and(forUser, ne(sessions.sid, exceptSid)) : forUser);
  }

  /** Deletes expired rows; returns how many. */
  async sweep(): Promise<number> {
    const deleted = await this.db
      .delete(sessions)
      .where(lt(sessions.expire, new Date(this.now())))
      .returning({ sid: sessions.sid });
    return deleted.length;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    activeSession?: ActiveSession | null;
  }
  interface FastifyInstance {
    /** The app's sessions (decorated in buildApp), for rate-limit keys. */
    sessionManager: SessionManager;
  }
}
