import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { authRoutes } from './modules/auth/auth.routes';
import { authService } from './modules/auth/auth.service';
import { usersRepository } from './modules/auth/users.repository';
import { healthRoutes } from './modules/health/health.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { onboardingService } from './modules/onboarding/onboarding.service';
import { registerErrorHandler } from './plugins/error-handler';
import { createGuards } from './plugins/guards';
import { SessionManager } from './plugins/session';

export const WEB_DIST = fileURLToPath(new URL('../../dist/web', import.meta.url));
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** JSON bodies are small; file uploads have their own streaming routes with their own limits. */
export const JSON_BODY_LIMIT = 100 * 1024;

export interface AppDeps {
  config: Config;
  database: Database;
  /** The clock, injectable so expiry can be tested. */
  now?: () => number;
  /** How the web app is served: the built files (default), Vite's dev middleware, or not at all. */
  web?: 'static' | 'vite' | 'none';
  /** Where the built web app is (default dist/web). */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
  });

  registerErrorHandler(app);
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy:
      deps.web === 'vite'
        ? false
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'"],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:'],
              mediaSrc: ["'self'", 'blob:'],
              connectSrc: ["'self'"],
              workerSrc: ["'self'", 'blob:'],
              upgradeInsecureRequests: null,
            },
          },
  });
  await app.register(rateLimit, { global: false, hook: 'preHandler' });

  const users = usersRepository(database.db);
  const sessions = new SessionManager(database.db, { secure: config.cookieSecure, now: deps.now });
  const guards = createGuards(sessions, users);

  healthRoutes(app, { database });
  authRoutes(app, { auth: authService(users), sessions, guards });
  onboardingRoutes(app, { onboarding: onboardingService(users), guards });

  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sessions.sweep();
    sweeper = setInterval(() => {
      sessions.sweep().catch((err: unknown) => app.log.error({ err }, 'session sweep failed'));
    }, SWEEP_EVERY_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));

  await serveWeb(app, deps.web ?? 'static', deps.webDist ?? WEB_DIST);
  return app;
}

/** The single-page app: every non-API GET answers index.html, so client routes survive a reload. */
async function serveWeb(
  app: FastifyInstance,
  mode: 'static' | 'vite' | 'none',
  webDist: string,
): Promise<void> {
  if (mode === 'none') return;
  if (mode === 'vite') {
    const { default: middie } = await import('@fastify/middie');
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
      server: { middlewareMode: true },
      appType: 'spa',
    });
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook('onClose', async () => vite.close());
    return;
  }
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ dir: webDist }, 'web build missing: run npm run build');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders: (reply, filePath) => {
      // Vite names built assets by content hash: they never change, so browsers keep them.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // API paths and missing files (a name with an extension) are real 404s, not the app.
    if (pathname.startsWith('/api/') || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.status(404).send({ message: `No route for GET ${pathname}` });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
