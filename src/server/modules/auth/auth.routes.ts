import type { FastifyInstance } from 'fastify';
import { authEndpoints, tooManySignIns, tooManySignUps } from '@shared/auth.contract';
import type { Config } from '../../config';
import { ConflictError, UnauthorizedError } from '../../lib/errors';
import { appOrigin } from '../../plugins/app-origin';
import { failureLimit, underLimits, type Limit } from '../../plugins/attempt-limit';
import { clientAddress } from '../../plugins/client-address';
import type { RouteCollector } from '../../plugins/routes';
import type { SessionManager } from '../../plugins/session';
import type { EmailVerificationService } from '../email-verification/email-verification.service';
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
  signUpLimits: SignUpLimits;
  emailVerification: Pick<EmailVerificationService, 'sendVerification'>;
  config: Pick<Config, 'publicOrigin' | 'appHosts'>;
}

function emailOf(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
}

const minutesLeft = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 60_000));

/** Sign-up, sign-in and sessions. The limiters are made on the app (their store is the app's). */
export function authRoutes(
  app: FastifyInstance,
  routes: RouteCollector,
  { auth, sessions, signUpLimits, emailVerification, config }: Deps,
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

  routes.route(
    authEndpoints.register,
    async ({ body, request, reply }) => {
      const user = await underLimits(
        request,
        [takenEmails],
        (error) => error instanceof ConflictError,
        () => auth.register(body),
      );
      await sessions.start(request, reply, user.id);
      const origin = appOrigin(request, config);
      if (origin) await emailVerification.sendVerification(user, origin);
      else
        request.log.warn({ host: request.hostname }, "verification not sent: not the app's host");
      return { message: 'Account created', user: toPublicUser(user) };
    },
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
  );

  routes.route(
    authEndpoints.login,
    async ({ body, request, reply }) => {
      const user = await underLimits(
        request,
        failedSignIns,
        (error) => error instanceof UnauthorizedError,
        () => auth.login(body),
      );
      await sessions.start(request, reply, user.id);
      return { message: 'Signed in', user: toPublicUser(user) };
    },
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
  );

  routes.route(authEndpoints.logout, async ({ request, reply }) => {
    await sessions.end(request, reply);
    return { message: 'Signed out' };
  });

  routes.route(authEndpoints.user, async ({ user }) => toPublicUser(user));
}
