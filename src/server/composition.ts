import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import type { UploadQuota } from '@shared/uploads.contract';
import type { Config } from './config';
import type { Database } from './db/client';
import { createMediaPipeline, type MediaPipeline } from './jobs/media-pipeline';
import type { MediaJobs } from './jobs/media-jobs';
import { attemptLimiter } from './lib/attempt-limiter';
import { logSerializers } from './lib/log-redaction';
import { createMailQueue, type MailQueueSettings } from './mail/mail-queue';
import { createMailer } from './mail/mailer';
import { createMetrics } from './metrics/metrics';
import { accountRepository } from './modules/account/account.repository';
import { accountService } from './modules/account/account.service';
import { apiKeysRepository } from './modules/api-keys/api-keys.repository';
import { apiKeysService } from './modules/api-keys/api-keys.service';
import { idempotencyRepository } from './modules/api-v1/idempotency.repository';
import { idempotencyService } from './modules/api-v1/idempotency.service';
import { adminDomainsRepository } from './modules/admin/admin-domains.repository';
import { adminDomainsService } from './modules/admin/admin-domains.service';
import { adminRepository } from './modules/admin/admin.repository';
import { adminService } from './modules/admin/admin.service';
import { analyticsRepository } from './modules/analytics/analytics.repository';
import { analyticsService } from './modules/analytics/analytics.service';
import { authService } from './modules/auth/auth.service';
import { usersRepository } from './modules/auth/users.repository';
import { brandingRepository } from './modules/branding/branding.repository';
import { brandingService, gymLogoKey } from './modules/branding/branding.service';
import { systemTxtResolver, type TxtResolver } from './modules/branding/txt-resolver';
import { emailConfirmationsRepository } from './modules/email-verification/email-confirmations.repository';
import { emailVerificationService } from './modules/email-verification/email-verification.service';
import { gymsRepository } from './modules/gyms/gyms.repository';
import { gymsService } from './modules/gyms/gyms.service';
import { publicGymCache } from './modules/gyms/public-gym-cache';
import { notificationsRepository } from './modules/notifications/notifications.repository';
import { notificationsService } from './modules/notifications/notifications.service';
import { unsubscribeTokens } from './modules/notifications/unsubscribe-token';
import { onboardingService } from './modules/onboarding/onboarding.service';
import { passwordResetService } from './modules/password-reset/password-reset.service';
import { passwordResetsRepository } from './modules/password-reset/password-resets.repository';
import { manualBilling } from './modules/plans/billing-provider';
import { plansRepository } from './modules/plans/plans.repository';
import { plansService } from './modules/plans/plans.service';
import { stripeBilling } from './modules/plans/stripe-billing';
import { playbackRepository } from './modules/playback/playback.repository';
import { playbackService } from './modules/playback/playback.service';
import { slugService } from './modules/slug/slug.service';
import { slugsRepository } from './modules/slug/slugs.repository';
import { createTusServer } from './modules/uploads/tus.server';
import { uploadsRepository } from './modules/uploads/uploads.repository';
import { uploadsService } from './modules/uploads/uploads.service';
import { ladderUpgradeRepository } from './modules/videos/ladder-upgrade.repository';
import { ladderUpgradeService } from './modules/videos/ladder-upgrade.service';
import { videoLifecycle } from './modules/videos/lifecycle';
import { lifecycleRepository } from './modules/videos/lifecycle.repository';
import { processingTimeRepository } from './modules/videos/processing-time.repository';
import { processingTimeService } from './modules/videos/processing-time.service';
import { videoMediaRepository } from './modules/videos/video-media.repository';
import { videosRepository } from './modules/videos/videos.repository';
import { videosService, type OnVideoCreated } from './modules/videos/videos.service';
import { reenhanceService } from './modules/videos/reenhance.service';
import { instructorsRepository } from './modules/instructors/instructors.repository';
import { instructorsService } from './modules/instructors/instructors.service';
import { rideTrackRepository } from './modules/ride-track/ride-track.repository';
import { rideTrackService } from './modules/ride-track/ride-track.service';
import { locationsRepository } from './modules/locations/locations.repository';
import { locationsService } from './modules/locations/locations.service';
import { programsRepository } from './modules/programs/programs.repository';
import { programsService } from './modules/programs/programs.service';
import { screensRepository } from './modules/screens/screens.repository';
import { screensService } from './modules/screens/screens.service';
import { backgroundsService } from './modules/backgrounds/backgrounds.service';
import { systemResolver, type HostResolver } from './modules/webhooks/address-policy';
import { createWebhookQueue, type WebhookQueueSettings } from './modules/webhooks/webhook-queue';
import { createWebhookSender } from './modules/webhooks/webhook-sender';
import { webhooksRepository } from './modules/webhooks/webhooks.repository';
import { webhooksService, type WebhookSettings } from './modules/webhooks/webhooks.service';
import { mediaTempRoot } from './media/media-files';
import { createGuards } from './plugins/guards';
import { API_RATE_LIMIT } from '@shared/api-v1.contract';
import { SessionManager } from './plugins/session';
import { openObjectStore } from './storage/create-object-store';
import { resolveSigningSecret } from './storage/signing';
import type { ObjectStore } from './storage/object-store';
import { hotFiles } from './storage/hot-files';

/** The hourly pg-boss schedule that sends the digests and weekly reports that are due. */
export const NOTIFICATIONS_TICK = 'notifications-tick';
/** The hourly pg-boss schedule of webhooks: the daily analytics.summary, lost attempts queued again. */
export const WEBHOOKS_TICK = 'webhooks-tick';

/** How the logger is set up: a level, and optionally where lines go (tests) or a transport. */
export type LogOptions = Pick<LoggerOptions, 'level' | 'transport'> & {
  stream?: DestinationStream;
};

/** The one pino logger of a process (the app's requests and the media pipeline log through it). */
export function createLogger(options: LogOptions): FastifyBaseLogger {
  const { stream, ...rest } = options;
  const settings: LoggerOptions = {
    ...rest,
    // Fastify's own serializers when it makes the logger, with signed links' secrets redacted.
    serializers: {
      ...logSerializers,
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: pino.stdSerializers.err,
    },
  };
  return stream ? pino(settings, stream) : pino(settings);
}

/** The logger `npm start` and `npm run worker` use: pretty lines in development. */
export function processLogOptions(config: Pick<Config, 'env' | 'logLevel'>): LogOptions {
  return config.env === 'development'
    ? { level: config.logLevel, transport: { target: 'pino-pretty' } }
    : { level: config.logLevel };
}

export interface ServiceDeps {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** The clock, injectable so expiry can be tested. */
  now?: () => number;
  /** Where files live; default: the store STORAGE configures (closed by `close`). */
  objectStore?: ObjectStore;
  /** Start the media pipeline (its queue; the worker starts with `pipeline.startWorker()`). */
  pipeline?: boolean;
  /** The media pipeline's queue, when it is built elsewhere (tests). */
  media?: MediaJobs;
  /** Called for every new video (status 'uploaded'); default: the pipeline's ingest. */
  onVideoCreated?: OnVideoCreated;
  /** Looks up custom-domain TXT records; default: the system's DNS (node:dns). */
  txtResolver?: TxtResolver;
  /** What one owner's unfinished uploads may hold (default UPLOAD_QUOTA). */
  uploadQuota?: UploadQuota;
  /** Requests per API key per window (default API_RATE_LIMIT); tests lower it. */
  apiRateLimit?: { max: number; windowMs: number };
  /** The mail queue: send from this process (`worker`, npm start), and retry settings (tests). */
  mail?: { worker?: boolean; settings?: Partial<MailQueueSettings> };
  /**
   * Webhooks (decision 0040): run their worker here (default: where mail is sent), retries and
   * limits, the queue's polling, how hosts resolve and an attempt's timeout (tests).
   */
  webhooks?: {
    worker?: boolean;
    settings?: Partial<WebhookSettings>;
    queue?: Partial<WebhookQueueSettings>;
    resolve?: HostResolver;
    timeoutMs?: number;
  };
}

/**
 * The composition root: every repository and service of the app, and the media pipeline, built
 * once here. Routes receive these services (never a database); a module reaches another module
 * through its service.
 */
export async function buildServices(deps: ServiceDeps) {
  const { config, database, log } = deps;
  const { db } = database;
  const now = deps.now ?? Date.now;
  const store = deps.objectStore ?? (await openObjectStore(config, now));
  // The process's metrics: services and jobs report through its narrow interfaces (decision 0032).
  const metrics = createMetrics({ database });
  // Every owner of a change to a public gym answer tells it here (decision 0028).
  const publicGyms = await publicGymCache({ database, log: log.child({ area: 'public-gym' }) });

  const lifecycle = videoLifecycle({
    repo: lifecycleRepository(db),
    store,
    publicGyms,
    // Runs only once videos move, after `notifications` and `webhooks` below exist (neither throws).
    onEvent: async (notice) => {
      await Promise.all([notifications.videoEvent(notice), webhooks.videoEvent(notice)]);
    },
  });
  const pipeline: MediaPipeline | undefined = deps.pipeline
    ? await createMediaPipeline({
        config,
        database,
        store,
        lifecycle,
        log: log.child({ area: 'media' }),
        meter: metrics,
        // Ingest detects the music's tempo for the ride track's suggestion (issue #20 part 3).
        saveTempo: rideTrackRepository(db).saveTempo,
      })
    : undefined;
  if (pipeline) metrics.watchQueue(() => pipeline.queue.depth());
  // Public class files riders ask for, in memory (decision 0053); a monotonic clock unless a test
  // moves time.
  const memory = hotFiles(store, { budgetBytes: config.mediaMemoryBytes, now: deps.now });
  metrics.watchMediaMemory(() => memory.usedBytes);
  const media = deps.media ?? pipeline?.jobs;

  const mail = createMailQueue({
    database,
    mailer: createMailer({ mail: config.mail, dataDir: config.dataDir, log }),
    log: log.child({ area: 'mail' }),
    settings: deps.mail?.settings,
    scheduler: deps.mail?.worker,
  });
  const sessions = new SessionManager(db, { secure: config.cookieSecure, now: deps.now });
  const auth = authService(usersRepository(db));
  const analytics = analyticsService(analyticsRepository(db), deps.now);
  const notifications = notificationsService({
    repo: notificationsRepository(db),
    users: auth,
    analytics,
    mail,
    tokens: unsubscribeTokens(await resolveSigningSecret(config.signingSecret, config.dataDir)),
    origin: config.publicOrigin ?? `http://localhost:${config.port}`,
    autoEnhance: config.media.autoEnhance,
    log: log.child({ area: 'notifications' }),
  });
  const emailVerification = emailVerificationService({
    repo: emailConfirmationsRepository(db),
    users: auth,
    mail,
    sessions,
    now: deps.now,
  });
  const passwordReset = passwordResetService({
    repo: passwordResetsRepository(db),
    users: auth,
    sessions,
    emailVerification,
    mail,
    now: deps.now,
  });
  mail.handleRequests((request) => passwordReset.prepareReset(request));
  const webhookLog = log.child({ area: 'webhooks' });
  const webhookQueue = createWebhookQueue({
    database,
    log: webhookLog,
    settings: deps.webhooks?.queue,
  });
  const webhookRules = {
    httpsOnly: config.env === 'production',
    allowPrivate: config.webhooks.allowPrivateNetworks,
    resolve: deps.webhooks?.resolve ?? systemResolver,
  };
  const webhooks = webhooksService({
    ...webhookRules,
    repo: webhooksRepository(db),
    queue: webhookQueue,
    send: createWebhookSender({ ...webhookRules, timeoutMs: deps.webhooks?.timeoutMs, now }),
    analytics,
    mail,
    origin: config.publicOrigin ?? `http://localhost:${config.port}`,
    settings: deps.webhooks?.settings,
    now,
    log: webhookLog,
  });
  if (deps.webhooks?.worker ?? deps.mail?.worker) {
    await webhookQueue.startWorker((job) => webhooks.attempt(job));
  }
  if (deps.mail?.worker) {
    await mail.startWorker();
    // The digests and weekly reports: each owner's morning is found hourly.
    await mail.schedule(NOTIFICATIONS_TICK, '5 * * * *', async () => {
      await notifications.runDue(new Date(now()));
    });
    await mail.schedule(WEBHOOKS_TICK, '10 * * * *', async () => {
      await webhooks.runDue(new Date(now()));
    });
  }
  const slugs = slugService(slugsRepository(db), publicGyms);
  const billingLog = log.child({ area: 'billing' });
  // Quality per plan: an upgrade re-packages the owner's classes in the low band.
  const ladderUpgrade = ladderUpgradeService({ repo: ladderUpgradeRepository(db), jobs: media });
  const plans = plansService({
    repo: plansRepository(db),
    // Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set (decision 0023).
    billing: config.stripe ? stripeBilling(config.stripe, billingLog) : manualBilling(),
    log: billingLog,
    mail,
    publicOrigin: config.publicOrigin,
    now,
    publicGyms,
    onPlanChanged: (change) => ladderUpgrade.planChanged(change),
  });

  const tus = createTusServer({
    store,
    stagingDir: path.join(config.dataDir, 'tus'),
    // Runs only once requests flow, after `uploads` below exists.
    onComplete: (key, size) => uploads.markComplete(key, size),
    meter: metrics,
  });
  const uploads = uploadsService({
    repo: uploadsRepository(db),
    store,
    now,
    staging: tus.staging,
    quota: deps.uploadQuota,
    meter: metrics,
  });
  const instructors = instructorsService({
    repo: instructorsRepository(db),
    store,
    publicGyms,
    log: log.child({ area: 'instructors' }),
    now,
  });
  const videos = videosService({
    instructors,
    repo: videosRepository(db),
    media: videoMediaRepository(db),
    uploads,
    store,
    now,
    log,
    onVideoCreated: deps.onVideoCreated ?? (media ? (video) => media.ingest(video.id) : undefined),
    gymLogoKey,
    publicGyms,
    onDeleted: (row) => webhooks.videoDeleted(row),
  });
  const backgrounds = backgroundsService({
    store,
    tools: { ffmpeg: config.media.ffmpegPath, ffprobe: config.media.ffprobePath },
    tempRoot: mediaTempRoot(config.dataDir),
    log: log.child({ area: 'backgrounds' }),
  });

  const branding = brandingService({
    repo: brandingRepository(db),
    store,
    appHosts: config.appHosts,
    resolveTxt: deps.txtResolver ?? systemTxtResolver(),
    now,
    log,
    publicGyms,
  });
  const locations = locationsService({ repo: locationsRepository(db), publicGyms, branding });
  const programs = programsService({
    repo: programsRepository(db),
    store,
    publicGyms,
    log: log.child({ area: 'programs' }),
    now,
  });
  const apiKeys = apiKeysService({ repo: apiKeysRepository(db), now });
  const gyms = gymsService({
    repo: gymsRepository(db),
    locations,
    slugs,
    store,
    now,
    appHosts: config.appHosts,
    cache: publicGyms,
  });

  return {
    log,
    store,
    /** The process's metrics (served by the metrics listener, METRICS_PORT). */
    metrics,
    /** The one way a video's status changes (the media jobs' and the admin desk's). */
    lifecycle,
    pipeline,
    sessions,
    guards: createGuards(sessions, auth, apiKeys),
    /** API keys, and what every /api/v1 request goes through: its key's rate limit, idempotency. */
    apiKeys,
    apiLimiter: attemptLimiter({ ...(deps.apiRateLimit ?? API_RATE_LIMIT), now }),
    idempotency: idempotencyService({ repo: idempotencyRepository(db), now }),
    auth,
    slugs,
    onboarding: onboardingService(slugs),
    passwordReset,
    emailVerification,
    account: accountService({
      users: auth,
      account: accountRepository(db),
      plans,
      sessions,
      timeZones: analytics,
      emailVerification,
      now: deps.now,
      publicGyms,
    }),
    plans,
    analytics,
    notifications,
    /** Signed webhooks (decision 0040). */
    webhooks,
    branding,
    locations,
    /** The studio's programs (issue #20 part 2). */
    programs,
    gyms,
    /** Studio screens and their timetable (issue #21 part 3). */
    screens: screensService({ repo: screensRepository(db), gyms, now }),
    playback: playbackService({ repo: playbackRepository(db), now, meter: metrics }),
    tus,
    uploads,
    /** Public media files kept in memory for riders (decision 0053). */
    hotFiles: memory,
    videos,
    backgrounds,
    /** The studio's instructors (issue #20). */
    instructors,
    /** Classes' ride tracks (issue #20). */
    rideTracks: rideTrackService({ repo: rideTrackRepository(db), videos, publicGyms, now }),
    /** The owner's re-run of enhancement with a built-in background (decision 0027). */
    reenhance: reenhanceService({
      repo: videosRepository(db),
      lifecycle,
      jobs: media,
      label: backgrounds.label,
      now,
    }),
    processingTime: processingTimeService({
      repo: processingTimeRepository(db),
      autoEnhance: config.media.autoEnhance,
      now,
    }),
    admin: adminService({
      repo: adminRepository(db),
      lifecycle,
      uploads,
      store,
      jobs: media,
      now,
    }),
    adminDomains: adminDomainsService({ repo: adminDomainsRepository(db), log, publicGyms }),
    /** True while the database answers. */
    async databaseAnswers(): Promise<boolean> {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    /**
     * Stops the mail queue and closes the object store when it was opened here (the pipeline stops
     * on its own: `stop`).
     */
    async close(): Promise<void> {
      await mail.stop();
      await webhookQueue.stop();
      await publicGyms.close();
      if (!deps.objectStore) await store.close();
    },
  };
}

export type Services = Awaited<ReturnType<typeof buildServices>>;
