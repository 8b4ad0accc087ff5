import { existsSync, realpathSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { UploadQuota } from '@shared/uploads.contract';
import {
  buildServices,
  createLogger,
  type LogOptions,
  type ServiceDeps,
  type Services,
} from './composition';
import type { Config } from './config';
import type { Database } from './db/client';
import type { MediaJobs } from './jobs/media-jobs';
import { registerRequestMetrics } from './metrics/request-metrics';
import { publicReplay } from './plugins/public-replay';
import { accountRoutes } from './modules/account/account.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { authRoutes, SIGN_UP_LIMITS, type SignUpLimits } from './modules/auth/auth.routes';
import { brandingRoutes } from './modules/branding/branding.routes';
import type { TxtResolver } from './modules/branding/txt-resolver';
import { gymsRoutes } from './modules/gyms/gyms.routes';
import { healthRoutes } from './modules/health/health.routes';
import { serverTimeRoutes } from './modules/server-time/server-time.routes';
import { backgroundsRoutes } from './modules/backgrounds/backgrounds.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { programsRoutes } from './modules/programs/programs.routes';
import { screensRoutes } from './modules/screens/screens.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { mediaRoutes } from './modules/files/files.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { openApiRoutes } from './modules/openapi/openapi.routes';
import { emailVerificationRoutes } from './modules/email-verification/email-verification.routes';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import { playbackRoutes } from './modules/playback/playback.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { slugRoutes } from './modules/slug/slug.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import type { OnVideoCreated } from './modules/videos/videos.service';
import { videosRoutes } from './modules/videos/videos.routes';
import { instructorsRoutes } from './modules/instructors/instructors.routes';
import { rideTrackRoutes } from './modules/ride-track/ride-track.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { apiScope } from './modules/api-v1/api-scope';
import { apiV1Routes } from './modules/api-v1/api-v1.routes';
import { reshapeApiErrors } from './plugins/api-errors';
import { errorAnswer, notFoundAnswer, registerErrorHandler } from './plugins/error-handler';
import { registerHsts } from './plugins/hsts';
import { trackRoutes } from './plugins/route-table';
import { RouteCollector, registerAudiences } from './plugins/routes';
import { registerSecurityHeaders } from './plugins/security-headers';
import type { ObjectStore } from './storage/object-store';

/** The current web build: a link `npm run build` switches to each new build (scripts/build.mjs). */
export const WEB_DIST = fileURLToPath(new URL('../../dist/web', import.meta.url));
const HOUR_MS = 60 * 60 * 1000;
/**
 * Fastify's defaults, named because the app makes its server (serverFactory): idle keep-alive
 * connections close after 72 s, and no request timeout, so a long upload is never cut (Node's own
 * default would at 5 minutes).
 */
const SERVER_TIMEOUTS = { keepAliveTimeout: 72_000, requestTimeout: 0, connectionTimeout: 0 };
/** JSON bodies are small; file uploads have their own streaming routes with their own limits. */
export const JSON_BODY_LIMIT = 100 * 1024;

export interface AppDeps {
  config: Config;
  database: Database;
  /** The services, built by the caller (npm start: with the media pipeline); default: built here. */
  services?: Services;
  /** The clock, injectable so expiry can be tested. */
  now?: () => number;
  /** How the web app is served: the built files (default), Vite's dev middleware, or not at all. */
  web?: 'static' | 'vite' | 'none';
  /** Where the built web app is (default dist/web), resolved once when the app is built. */
  webDist?: string;
  /** The logger's settings when the services are built here (default: config.logLevel). */
  logger?: LogOptions;
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
  /** The mail queue's worker and retry settings, when the services are built here. */
  mail?: ServiceDeps['mail'];
  /** Requests per API key per window (default API_RATE_LIMIT), when the services are built here. */
  apiRateLimit?: ServiceDeps['apiRateLimit'];
  /** Tests: every JSON success answer is checked against its route's response schema (routes.ts). */
  checkResponses?: boolean;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const { trustProxy } = config;
  const services =
    deps.services ??
    (await buildServices({
      ...deps,
      log: createLogger(deps.logger ?? { level: config.logLevel }),
    }));
  const webDist = resolveWebBuild(deps.webDist ?? WEB_DIST);
  // Public media answers kept for a second go out before routing (decision 0053).
  const replay = publicReplay({
    metrics: services.metrics,
    keyByPeer: Array.isArray(trustProxy),
    hold: services.hotFiles.hold,
    now: deps.now,
  });
  const app = Fastify({
    loggerInstance: services.log,
    ...SERVER_TIMEOUTS,
    // Fastify's server, with a kept answer tried first; everything else reaches Fastify.
    serverFactory: (handler) => {
      const server = http.createServer((request, response) => {
        if (!replay.answer(request, response)) handler(request, response);
      });
      // Set up as Fastify sets up a server it makes.
      server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeout;
      server.requestTimeout = SERVER_TIMEOUTS.requestTimeout;
      server.setTimeout(SERVER_TIMEOUTS.connectionTimeout);
      return server;
    },
    // A hop count as proxy-addr's function (Fastify's types take addresses or a function).
    trustProxy:
      typeof trustProxy === 'number' ? (_a: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    // A URL Fastify cannot route (a malformed percent-escape) answers in the app's words and shape.
    frameworkErrors: (error, request, reply) => {
      const answer = errorAnswer(error, request as FastifyRequest);
      void (reply as FastifyReply)
        .status(answer.status)
        .send(reshapeApiErrors(request as FastifyRequest, answer));
    },
  });
  trackRoutes(app);
  registerRequestMetrics(app, services.metrics);
  if (!deps.services) app.addHook('onClose', () => services.close());
  // With S3, browsers PUT to and load from the bucket's origin.
  const storeOrigins = services.store.browserOrigins;

  // Under /api/v1 errors take the API's shape ({ error: { code, message } }).
  registerErrorHandler(app, reshapeApiErrors);
  await app.register(cookie);
  registerSecurityHeaders(app, {
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
  // After the security headers' onSend: an answer they made private is never kept.
  app.addHook('onSend', replay.keep);
  // Closing, every request reaches Fastify (which answers 503 and closes the connection).
  app.addHook('preClose', (done) => {
    replay.close();
    done();
  });
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  app.decorate('sessionManager', services.sessions);

  const routes = new RouteCollector();
  healthRoutes(routes, services);
  serverTimeRoutes(routes);
  authRoutes(app, routes, {
    auth: services.auth,
    sessions: services.sessions,
    signUpLimits: deps.signUpLimits ?? SIGN_UP_LIMITS,
    emailVerification: services.emailVerification,
    config,
  });
  passwordResetRoutes(routes, { passwordReset: services.passwordReset, config });
  notificationsRoutes(routes, services);
  onboardingRoutes(routes, services);
  slugRoutes(routes, services);
  emailVerificationRoutes(routes, {
    emailVerification: services.emailVerification,
    sessions: services.sessions,
    config,
  });
  accountRoutes(routes, { account: services.account, config });
  plansRoutes(routes, { plans: services.plans, config });
  analyticsRoutes(routes, services);
  brandingRoutes(routes, services);
  gymsRoutes(app, routes, {
    gyms: services.gyms,
    store: services.store,
    web: deps.web ?? 'static',
    webDist,
  });
  playbackRoutes(routes, services);
  uploadsRoutes(routes, { ...services, videoSlotsLeft: services.videos.videoSlotsLeft });
  videosRoutes(routes, services);
  instructorsRoutes(routes, services);
  rideTrackRoutes(routes, services);
  mediaRoutes(routes, services);
  backgroundsRoutes(routes, services);
  locationsRoutes(routes, services);
  programsRoutes(routes, services);
  screensRoutes(app, routes, services);
  webhooksRoutes(routes, services);
  adminRoutes(routes, { ...services, domains: services.adminDomains });
  apiKeysRoutes(routes, services);
  apiV1Routes(routes, { ...services, origin: config });
  openApiRoutes(routes, { origin: config });
  const api = apiScope({ limiter: services.apiLimiter, idempotency: services.idempotency });
  await registerAudiences(app, services.guards, routes, {
    checkResponses: deps.checkResponses,
    setup: { 'api-read': api, 'api-write': api },
  });

  sweepHourly(app, 'session', () => services.sessions.sweep());
  // Uploads never attached to a video.
  sweepHourly(app, 'upload', () => services.uploads.sweep());
  // Idempotency keys' answers past their day.
  sweepHourly(app, 'idempotency', () => services.idempotency.sweep());

  await serveWeb(app, deps.web ?? 'static', webDist);
  return app;
}

/**
 * Runs a sweep once the app is ready and then every hour; closing the app waits for a sweep under
 * way, so the database is never closed under it.
 */
function sweepHourly(app: FastifyInstance, name: string, sweep: () => Promise<unknown>): void {
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  const run = () => {
    sweeping = sweep().catch((err: unknown) => app.log.error({ err }, `${name} sweep failed`));
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, HOUR_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
}

/**
 * The folder a build link (dist/web) points at, read once: this process serves that build whole
 * until it restarts, while a newer build is switched in beside it (decision 0033). A plain folder,
 * or a missing one, is returned as it is.
 */
export function resolveWebBuild(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
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
      const answer = notFoundAnswer('GET', request.url);
      return reply.status(404).send(reshapeApiErrors(request, answer));
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
