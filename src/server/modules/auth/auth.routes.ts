import type { FastifyInstance } from 'fastify';
import { loginBody, registerBody, type AuthResponse } from '@shared/auth.contract';
import { parse } from '../../lib/validate';
import type { Guards } from '../../plugins/guards';
import type { SessionManager } from '../../plugins/session';
import type { AuthService } from './auth.service';
import { toPublicUser } from './public-user';

export const LOGIN_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 };

interface Deps {
  auth: AuthService;
  sessions: SessionManager;
  guards: Guards;
}

function loginKey(ip: string, body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return `${ip}|${typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : ''}`;
}

export function authRoutes(app: FastifyInstance, { auth, sessions, guards }: Deps): void {
  app.post('/api/auth/register', async (request, reply) => {
    const input = parse(registerBody, request.body);
    const user = await auth.register(input);
    await sessions.start(request, reply, user.id);
    const body: AuthResponse = { message: 'Account created', user: toPublicUser(user) };
    return reply.status(201).send(body);
  });

  app.post(
    '/api/auth/login',
    {
      config: {
        rateLimit: {
          max: LOGIN_LIMIT.max,
          timeWindow: LOGIN_LIMIT.windowMs,
          keyGenerator: (request) => loginKey(request.ip, request.body),
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            message: `Too many sign-in attempts. Please try again in ${Math.ceil(context.ttl / 60_000)} minutes.`,
          }),
        },
      },
    },
    async (request, reply) => {
      const input = parse(loginBody, request.body);
      const user = await auth.login(input);
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
