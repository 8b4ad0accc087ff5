import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { UploadQuota } from '@shared/uploads.contract';
import type { Config } from './config';
import type { Database } from './db/client';
import { accountRoutes } from './modules/account/account.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { authRoutes, SIGN_UP_LIMITS, type SignUpLimits } from './modules/auth/auth.routes';
import { authService } from './modules/auth/auth.service';
import { usersRepository } from './modules/auth/users.repository';
import { brandingRoutes } from './modules/branding/branding.routes';
import { systemTxtResolver, type TxtResolver } from './modules/branding/txt-resolver';
import { gymsRoutes } from './modules/gyms/gyms.routes';
import type { MediaJobs } from './jobs/media-jobs';
import { healthRoutes } from './modules/health/health.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { onboardingService } from './modules/onboarding/onboarding.service';
import { playbackRoutes } from './modules/playback/playback.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { slugRoutes } from './modules/slug/slug.routes';
import { slugService } from './modules/slug/slug.service';
import { slugsRepository } from './modules/slug/slugs.repository';
import { registerVideoUploads } from './modules/videos/videos.module';
import type { OnVideoCreated } from './modules/videos/videos.service';
import { logSerializers } from './lib/log-redaction';
import { registerErrorHandler } from './plugins/error-handler';
import { registerHsts } from './plugins/hsts';
import { createGuards } from './plugins/guards';
import { trackRoutes } from './plugins/route-table';
import { SessionManager } from './plugins/session';
import { openObjectStore } from './storage/create-object-store';
import type { ObjectStore } from './storage/object-store';

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
  /** Where files live; default: the store STORAGE configures (closed with the app). */
  objectStore?: ObjectStore;
  /** Called for every new video (status 'uploaded'): where the media pipeline enqueues processing. */
  onVideoCreated?: OnVideoCreated;
  /** The media pipeline's queue: every new video is ingested through it (unless onVideoCreated is given). */
  media?: MediaJobs;
  /** Looks up custom-domain TXT records; default: the system's DNS (node:dns). */
  txtResolver?: TxtResolver;
  /** Sign-ups per IP address (default SIGN_UP_LIMITS); test apps that register many owners raise them. */
  signUpLimits?: SignUpLimits;
  /** What one owner's unfinished uploads may hold (default UPLOAD_QUOTA). */
  uploadQuota?: UploadQuota;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const { trustProxy } = config;
  const app = Fastify({
    logger: withLogRedaction(deps.logger ?? { level: config.logLevel }),
    // A hop count as proxy-addr's function (Fastify's types take addresses or a function).
    trustProxy:
      typeof trustProxy === 'number' ? (_a: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
  });
  trackRoutes(app);
  const objectStore = deps.objectStore ?? (await openObjectStore(config, deps.now ?? Date.now));
  if (!deps.objectStore) app.addHook('onClose', () => objectStore.close());
  // With S3, browsers PUT to and load from the bucket's origin.
  const storeOrigins = objectStore.browserOrigins;

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
              imgSrc: ["'self'", 'data:', 'blob:', ...storeOrigins],
              mediaSrc: ["'self'", 'blob:', ...storeOrigins],
              connectSrc: ["'self'", ...storeOrigins],
              workerSrc: ["'self'", 'blob:'],
              upgradeInsecureRequests: null,
            },
          },
    // Sent by registerHsts, on https requests only.
    strictTransportSecurity: false,
  });
  registerHsts(app, config.appHosts);
  await app.register(rateLimit, { global: false, hook: 'preHandler' });

  const users = usersRepository(database.db);
  const sessions = new SessionManager(database.db, { secure: config.cookieSecure, now: deps.now });
  app.decorate('sessionManager', sessions);
  const guards = createGuards(sessions, users);

  healthRoutes(app, { database });
  authRoutes(app, {
    auth: authService(users),
    sessions,
    guards,
    signUpLimits: deps.signUpLimits ?? SIGN_UP_LIMITS,
  });
  const slugs = slugService(slugsRepository(database.db));
  onboardingRoutes(app, { onboarding: onboardingService(slugs), guards });
  slugRoutes(app, { slugs, guards });
  accountRoutes(app, { db: database.db, users, sessions, guards, now: deps.now });
  plansRoutes(app, { db: database.db, guards });
  analyticsRoutes(app, { db: database.db, guards, now: deps.now });
  brandingRoutes(app, {
    db: database.db,
    store: objectStore,
    guards,
    appHosts: config.appHosts,
    resolveTxt: deps.txtResolver ?? systemTxtResolver(),
    now: deps.now ?? Date.now,
  });
  gymsRoutes(app, {
    db: database.db,
    store: objectStore,
    now: deps.now,
    appHosts: config.appHosts,
    web: deps.web ?? 'static',
    webDist: deps.webDist ?? WEB_DIST,
  });
  playbackRoutes(app, { db: database.db, now: deps.now });
  registerVideoUploads(app, {
    config,
    uploadQuota: deps.uploadQuota,
    database,
    guards,
    store: objectStore,
    now: deps.now ?? Date.now,
    onVideoCreated:
      deps.onVideoCreated ?? (deps.media ? (video) => deps.media!.ingest(video.id) : undefined),
  });
  mediaRoutes(app, { db: database.db, store: objectStore, guards });
  adminRoutes(app, {
    db: database.db,
    store: objectStore,
    guards,
    media: deps.media,
    now: deps.now ?? Date.now,
  });

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

/** Logger options with the request serializer that redacts signed links' secrets. */
function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, ...logSerializers } };
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
    // The build writes .br and .gz beside each text file (vite.config.ts precompress).
    preCompressed: true,
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
