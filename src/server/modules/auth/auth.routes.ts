import type { FastifyInstance } from 'fastify';
import {
  loginBody,
  registerBody,
  tooManySignIns,
  tooManySignUps,
  type AuthResponse,
} from '@shared/auth.contract';
import { ConflictError, UnauthorizedError } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { failureLimit, underLimits, type Limit } from '../../plugins/attempt-limit';
import { clientAddress } from '../../plugins/client-address';
import type { Guards } from '../../plugins/guards';
import type { SessionManager } from '../../plugins/session';
import type { AuthService } from './auth.service';
import { toPublicUser } from './public-user';

export const LOGIN_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 };
/** Password spraying (one address, many accounts): failed sign-ins per IP address. */
export const LOGIN_FAILURES_PER_IP = { max: 30, windowMs: 15 * 60 * 1000 };
/** Guessing one account's password from many addresses: failed sign-ins per account (email). */
export const LOGIN_FAILURES_PER_ACCOUNT = { max: 20, windowMs: 15 * 60 * 1000 };
/**
 * Sign-ups per IP address: `perIp` counts every sign-up (creating accounts in bulk), `takenPerIp`
 * the "already exists" answers (what a flood learns about who has an account).
 */
export interface SignUpLimits {
  perIp: Limit;
  takenPerIp: Limit;
}
export const SIGN_UP_LIMITS: SignUpLimits = {
  perIp: { max: 30, windowMs: 60 * 60 * 1000 },
  takenPerIp: { max: 10, windowMs: 60 * 60 * 1000 },
};

interface Deps {
  auth: AuthService;
  sessions: SessionManager;
  guards: Guards;
  signUpLimits: SignUpLimits;
}

function emailOf(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
}

const minutesLeft = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 60_000));

export function authRoutes(
  app: FastifyInstance,
  { auth, sessions, guards, signUpLimits }: Deps,
): void {
  const failedSignIns = [
    failureLimit(app, LOGIN_FAILURES_PER_IP, (r) => `ip:${clientAddress(r.ip)}`, tooManySignIns),
    failureLimit(
      app,
      LOGIN_FAILURES_PER_ACCOUNT,
      (r) => `email:${emailOf(r.body)}`,
      tooManySignIns,
    ),
  ];
  const takenEmails = failureLimit(
    app,
    signUpLimits.takenPerIp,
    (r) => `ip:${clientAddress(r.ip)}`,
    tooManySignUps,
  );

  app.post(
    '/api/auth/register',
    {
      config: {
        rateLimit: {
          max: signUpLimits.perIp.max,
          timeWindow: signUpLimits.perIp.windowMs,
          keyGenerator: (request) => clientAddress(request.ip),
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            message: tooManySignUps(minutesLeft(context.ttl)),
          }),
        },
      },
    },
    async (request, reply) => {
      const input = parse(registerBody, request.body);
      const user = await underLimits(
        request,
        [takenEmails],
        (error) => error instanceof ConflictError,
        () => auth.register(input),
      );
      await sessions.start(request, reply, user.id);
      const body: AuthResponse = { message: 'Account created', user: toPublicUser(user) };
      return reply.status(201).send(body);
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: {
        rateLimit: {
          max: LOGIN_LIMIT.max,
          timeWindow: LOGIN_LIMIT.windowMs,
          keyGenerator: (request) => `${clientAddress(request.ip)}|${emailOf(request.body)}`,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            message: tooManySignIns(minutesLeft(context.ttl)),
          }),
        },
      },
    },
    async (request, reply) => {
      const input = parse(loginBody, request.body);
      const user = await underLimits(
        request,
        failedSignIns,
        (error) => error instanceof UnauthorizedError,
        () => auth.login(input),
      );
      await sessions.start(request, reply, user.id);
      const body: AuthResponse = { message: 'Signed in', user: toPublicUser(user) };
      return body;
    },
  );

  app.post('/api/auth/logout', async (request, reply) => {
    await sessions.end(request, reply);
    return { message: 'Signed out' };
  });

  app.get('/api/auth/user', async (request, reply) => {
    const user = await guards.user(request, reply);
    return toPublicUser(user);
  });
}
