import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { planIncludes } from '@shared/plan-features';
import {
  WEBHOOK_DELIVERIES_PAGE,
  WEBHOOK_ENDPOINTS_LIMIT,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_URL_MAX,
  WEBHOOKS_SCREEN_PATH,
  type CreatedWebhook,
  type CreateWebhookValues,
  type UpdateWebhookValues,
  type WebhookDeliveriesView,
  type WebhookDeliveryDto,
  type WebhookDeliveryEventType,
  type WebhookEndpointDto,
  type WebhookEventType,
  type WebhookPayload,
  type WebhookResponse,
  type WebhooksView,
  type WebhookTestResponse,
} from '@shared/webhooks.contract';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema/webhooks';
import type { VideoRow } from '../../db/schema/videos';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { addDays, localTime, startOfDay } from '../../lib/local-time';
import type { MailOutbox } from '../../mail/mail-queue';
import type { AnalyticsService } from '../analytics/analytics.service';
import { toApiClass } from '../api-v1/api-class';
import type { VideoEventNotice } from '../videos/lifecycle';
import {
  parseWebhookUrl,
  resolveTarget,
  WebhookAddressError,
  type HostResolver,
} from './address-policy';
import type { DeliveryJob, WebhookQueue } from './webhook-queue';
import type { WebhookSender } from './webhook-sender';
import { messageId, newWebhookSecret, secretHint, webhookHeaders } from './webhook-signing';
import type { EndpointOwner, WebhooksRepository } from './webhooks.repository';

/** Retries and the failure limit (tests give seconds). */
export interface WebhookSettings {
  /**
   * The wait before each retry, in seconds: a delivery is tried once, then once after each of these;
   * after the last it is 'failed'.
   */
  retryDelaysSeconds: number[];
  /** Deliveries given up in a row after which an endpoint is disabled (and its owner emailed). */
  failureLimit: number;
  /** A pending delivery this long past its due time lost its job (a dead worker): queued again. */
  overdueSeconds: number;
}

/**
 * Standard Webhooks' schedule: at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h
 * (8 attempts over about 27.6 hours). Five deliveries given up in a row disable the endpoint.
 */
export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  retryDelaysSeconds: [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600],
  failureLimit: 5,
  overdueSeconds: 15 * 60,
};

const READY_ACTIONS = new Set(['enhanced', 'enhanced_uploaded']);
const FAILED_ACTIONS = new Set([
  'ingest_failed',
  'enhance_failed',
  'package_failed',
  'marked_failed',
]);

/** The owner as the routes know them (the session's user row). */
export interface WebhookOwner {
  id: string;
  plan: string;
}

interface Deps {
  repo: WebhooksRepository;
  queue: WebhookQueue;
  send: WebhookSender;
  /** Resolves a URL's host at registration (the sender resolves again at each send). */
  resolve: HostResolver;
  /** WEBHOOKS_ALLOW_PRIVATE_NETWORKS. */
  allowPrivate: boolean;
  /** Production: https:// only. */
  httpsOnly: boolean;
  analytics: Pick<AnalyticsService, 'periodReport'>;
  mail: MailOutbox;
  /** The app's origin: the absolute addresses in events and the email's link. */
  origin: string;
  settings?: Partial<WebhookSettings>;
  now: () => number;
  log: FastifyBaseLogger;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The :id of a path: an endpoint's uuid, else 404 (never a query that fails). */
export function endpointIdOf(value: string): string {
  if (!UUID.test(value)) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
  return value.toLowerCase();
}

/** A uuid from a key: the same event for the same endpoint is the same delivery row. */
function deliveryIdFor(key: string): string {
  const h = createHash('sha256').update(`cadence webhook delivery ${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function toEndpointDto(row: WebhookEndpointRow): WebhookEndpointDto {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: WEBHOOK_EVENT_TYPES.filter((type) => row.events.includes(type)),
    secretHint: secretHint(row.secret),
    enabled: row.disabledAt === null,
    disabledReason: row.disabledAt ? row.disabledReason : null,
    disabledAt: iso(row.disabledAt),
    failureStreak: row.failureStreak,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDeliveryDto(row: WebhookDeliveryRow): WebhookDeliveryDto {
  const status = row.status === 'succeeded' || row.status === 'failed' ? row.status : 'pending';
  return {
    id: messageId(row.id),
    eventType: row.eventType,
    status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: status === 'pending' ? iso(row.nextAttemptAt) : null,
  };
}

/** The log's cursor: the last row's time and id, base64url. */
function cursorOf(row: WebhookDeliveryRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}
function parseCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (extra !== undefined || !id || !UUID.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new ValidationError(WEBHOOK_MESSAGES.cursor, {
      errors: [{ field: 'cursor', message: WEBHOOK_MESSAGES.cursor }],
    });
  }
  return { createdAt, id };
}

/**
 * Signed webhooks (issue #19, decision 0040): the owner's endpoints, the events they receive, each
 * delivery's attempts through the job queue with backoff, and the endpoint that turns itself off
 * after repeated failure. Only while the owner's plan includes API access.
 */
export function webhooksService(deps: Deps) {
  const { repo, queue, send, mail, log, now, origin } = deps;
  const settings = { ...DEFAULT_WEBHOOK_SETTINGS, ...deps.settings };

  function requireAllowed(owner: WebhookOwner): void {
    if (!planIncludes(owner.plan, 'apiAccess')) throw new ForbiddenError(WEBHOOK_MESSAGES.locked);
  }

  /** The URL's syntax, scheme, credentials, port and addresses; a 400 on `url` otherwise. */
  async function checkedUrl(raw: string): Promise<string> {
    try {
      const url = parseWebhookUrl(raw, { httpsOnly: deps.httpsOnly });
      await resolveTarget(url, { allowPrivate: deps.allowPrivate, resolve: deps.resolve });
      const normalized = url.toString();
      if (normalized.length > WEBHOOK_URL_MAX)
        throw new WebhookAddressError(WEBHOOK_MESSAGES.urlLong);
      return normalized;
    } catch (error) {
      if (!(error instanceof WebhookAddressError)) throw error;
      throw new ValidationError(error.message, {
        errors: [{ field: 'url', message: error.message }],
      });
    }
  }

  async function ownEndpoint(owner: WebhookOwner, id: string): Promise<WebhookEndpointRow> {
    const row = await repo.find(owner.id, endpointIdOf(id));
    if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
    return row;
  }

  /** One attempt: signed with the endpoint's secret at this moment, posted, timed. */
  async function post(endpoint: WebhookEndpointRow, delivery: WebhookDeliveryRow) {
    const timestamp = Math.floor(now() / 1000);
    const headers = webhookHeaders(
      endpoint.secret,
      messageId(delivery.id),
      timestamp,
      delivery.payload,
    );
    return send({ url: endpoint.url, headers, body: delivery.payload });
  }

  function payloadOf(type: WebhookDeliveryEventType, data: Record<string, unknown>): string {
    const body: WebhookPayload = { type, timestamp: new Date(now()).toISOString(), data };
    return JSON.stringify(body);
  }

  /**
   * A delivery of the event to each of the owner's enabled endpoints subscribed to it, and their
   * first attempts queued. `key` names the event: the same key never makes a second delivery.
   */
  async function emit(
    ownerId: string,
    type: WebhookEventType,
    data: Record<string, unknown>,
    key: string,
  ): Promise<number> {
    const { endpoints, owner } = await repo.subscribed(ownerId, type);
    if (!owner || endpoints.length === 0 || !planIncludes(owner.plan, 'apiAccess')) return 0;
    const payload = payloadOf(type, data);
    let queued = 0;
    for (const endpoint of endpoints) {
      const delivery = await repo.createDelivery({
        id: deliveryIdFor(`${key}:${endpoint.id}`),
        endpointId: endpoint.id,
        eventType: type,
        payload,
        at: new Date(now()),
      });
      if (!delivery) continue;
      await queue.enqueue({ deliveryId: delivery.id, attempt: 1 }, 0);
      queued += 1;
    }
    return queued;
  }

  /** A delivery given up after its last attempt: counted, and at the limit the endpoint is off. */
  async function givenUp(endpoint: WebhookEndpointRow, owner: EndpointOwner, at: Date) {
    const disabled = await repo.countFailure(
      endpoint.id,
      settings.failureLimit,
      WEBHOOK_MESSAGES.disabledAfterFailures(settings.failureLimit),
      at,
    );
    if (!disabled) return;
    log.warn({ endpointId: endpoint.id, userId: owner.id }, 'webhook endpoint disabled');
    await mail.enqueue(
      {
        template: 'webhook-disabled',
        to: owner.email,
        url: disabled.url,
        description: disabled.description,
        failures: settings.failureLimit,
        link: `${origin}${WEBHOOKS_SCREEN_PATH}`,
      },
      { key: `webhook-disabled:${disabled.id}:${at.getTime()}` },
    );
  }

  /** One attempt of a delivery (the queue's job): recorded on its row, then retried or settled. */
  async function attempt(job: DeliveryJob): Promise<void> {
    const found = await repo.delivery(job.deliveryId);
    if (!found || found.delivery.status !== 'pending') return;
    const { delivery, endpoint, owner } = found;
    const at = new Date(now());
    if (!(await repo.claimAttempt(delivery.id, job.attempt, at))) return;
    // Off the plan, or turned off: the delivery is dropped without counting against the endpoint.
    const refusal = !planIncludes(owner.plan, 'apiAccess')
      ? WEBHOOK_MESSAGES.locked
      : endpoint.disabledAt
        ? WEBHOOK_MESSAGES.notSentDisabled
        : null;
    if (refusal) {
      await repo.recordAttempt(delivery.id, {
        status: 'failed',
        responseStatus: null,
        durationMs: 0,
        error: refusal,
        at,
        nextAttemptAt: null,
      });
      return;
    }
    const result = await post(endpoint, delivery);
    const done = new Date(now());
    const delay = settings.retryDelaysSeconds[job.attempt - 1];
    const status = result.ok ? 'succeeded' : delay === undefined ? 'failed' : 'pending';
    await repo.recordAttempt(delivery.id, {
      status,
      responseStatus: result.status,
      durationMs: result.durationMs,
      error: result.error,
      at,
      nextAttemptAt: status === 'pending' ? new Date(done.getTime() + delay! * 1000) : null,
    });
    log.info(
      { deliveryId: delivery.id, attempt: job.attempt, status, responseStatus: result.status },
      'webhook attempt',
    );
    if (status === 'succeeded') await repo.clearStreak(endpoint.id);
    else if (status === 'pending') {
      await queue.enqueue({ deliveryId: delivery.id, attempt: job.attempt + 1 }, delay!);
    } else await givenUp(endpoint, owner, done);
  }

  /** Yesterday's figures (the owner's time zone) to each endpoint subscribed, once per day. */
  async function dailySummary(owner: EndpointOwner, at: Date): Promise<number> {
    const today = localTime(at, owner.timeZone).date;
    const day = addDays(today, -1);
    const key = `analytics.summary:${owner.id}:${day}`;
    // Sent already to every endpoint subscribed (the hourly tick's usual case): no report to compute.
    const { endpoints } = await repo.subscribed(owner.id, 'analytics.summary');
    const ids = endpoints.map((endpoint) => deliveryIdFor(`${key}:${endpoint.id}`));
    if ((await repo.countDeliveries(ids)) === ids.length) return 0;
    const report = await deps.analytics.periodReport(owner.id, {
      timeZone: owner.timeZone,
      end: startOfDay(today, owner.timeZone),
      days: 1,
    });
    const { totalViews, activeStudents, watchTimeHours, engagementRate } = report.summary;
    return emit(
      owner.id,
      'analytics.summary',
      {
        date: day,
        timeZone: owner.timeZone,
        views: totalViews.value,
        uniqueViewers: activeStudents.value,
        minutesWatched: Math.round(watchTimeHours.value * 60),
        engagementRate: engagementRate.value,
        topClasses: report.topVideos.map((v) => ({
          id: v.videoId,
          title: v.title,
          views: v.views,
        })),
      },
      key,
    );
  }

  return {
    async view(owner: WebhookOwner): Promise<WebhooksView> {
      const allowed = planIncludes(owner.plan, 'apiAccess');
      return {
        endpoints: (await repo.list(owner.id)).map(toEndpointDto),
        allowed,
        notice: allowed ? null : WEBHOOK_MESSAGES.locked,
        limit: WEBHOOK_ENDPOINTS_LIMIT,
        eventTypes: WEBHOOK_EVENT_TYPES.map((type) => ({ type, ...WEBHOOK_EVENT_LABELS[type] })),
      };
    },

    async create(owner: WebhookOwner, body: CreateWebhookValues): Promise<CreatedWebhook> {
      requireAllowed(owner);
      const url = await checkedUrl(body.url);
      const secret = newWebhookSecret();
      const row = await repo.create(
        owner.id,
        { url, description: body.description || null, events: body.events, secret },
        WEBHOOK_ENDPOINTS_LIMIT,
      );
      if (row === 'limit') throw new ConflictError(WEBHOOK_MESSAGES.limit);
      return { message: WEBHOOK_MESSAGES.created, endpoint: toEndpointDto(row), secret };
    },

    async update(
      owner: WebhookOwner,
      id: string,
      body: UpdateWebhookValues,
    ): Promise<WebhookResponse> {
      requireAllowed(owner);
      const before = await ownEndpoint(owner, id);
      const url = body.url === undefined ? undefined : await checkedUrl(body.url);
      const row = await repo.update(
        owner.id,
        before.id,
        {
          url,
          description: body.description === undefined ? undefined : body.description || null,
          events: body.events,
          enabled: body.enabled,
          disabledReason: WEBHOOK_MESSAGES.disabledByOwner,
        },
        new Date(now()),
      );
      if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
      const onlyToggled =
        body.enabled !== undefined &&
        body.url === undefined &&
        body.description === undefined &&
        body.events === undefined;
      const message = !onlyToggled
        ? WEBHOOK_MESSAGES.saved
        : body.enabled
          ? WEBHOOK_MESSAGES.enabled
          : WEBHOOK_MESSAGES.disabled;
      return { message, endpoint: toEndpointDto(row) };
    },

    /** Needs no plan: an owner off Elite may still clear their endpoints away. */
    async remove(owner: WebhookOwner, id: string): Promise<{ message: string }> {
      if (!(await repo.remove(owner.id, endpointIdOf(id)))) {
        throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
      }
      return { message: WEBHOOK_MESSAGES.deleted };
    },

    /**
     * 'Send test event': one attempt now, answered with its outcome. A test is not retried and does
     * not count against the endpoint (a disabled endpoint may be tested before it is enabled).
     */
    async test(owner: WebhookOwner, id: string): Promise<WebhookTestResponse> {
      requireAllowed(owner);
      const endpoint = await ownEndpoint(owner, id);
      const at = new Date(now());
      const delivery = await repo.createDelivery({
        endpointId: endpoint.id,
        eventType: WEBHOOK_TEST_EVENT,
        payload: payloadOf(WEBHOOK_TEST_EVENT, {
          endpointId: endpoint.id,
          message: 'This is a test event from Cadence.',
        }),
        at,
      });
      await repo.claimAttempt(delivery!.id, 1, at);
      const result = await post(endpoint, delivery!);
      const row = await repo.recordAttempt(delivery!.id, {
        status: result.ok ? 'succeeded' : 'failed',
        responseStatus: result.status,
        durationMs: result.durationMs,
        error: result.error,
        at,
        nextAttemptAt: null,
      });
      return { message: WEBHOOK_MESSAGES.testSent, delivery: toDeliveryDto(row) };
    },

    async deliveries(
      owner: WebhookOwner,
      id: string,
      cursor: string | undefined,
    ): Promise<WebhookDeliveriesView> {
      const endpoint = await ownEndpoint(owner, id);
      const after = cursor ? parseCursor(cursor) : null;
      const rows = await repo.deliveries(endpoint.id, after, WEBHOOK_DELIVERIES_PAGE + 1);
      const page = rows.slice(0, WEBHOOK_DELIVERIES_PAGE);
      return {
        deliveries: page.map(toDeliveryDto),
        nextCursor: rows.length > WEBHOOK_DELIVERIES_PAGE ? cursorOf(page[page.length - 1]!) : null,
      };
    },

    /** The queue's job: one attempt. */
    attempt,

    /**
     * The lifecycle's listener: a class ready for riders or failed is announced to its owner's
     * endpoints. Never throws (the video's change is made already).
     */
    async videoEvent(notice: VideoEventNotice): Promise<void> {
      try {
        const ready = READY_ACTIONS.has(notice.action) && notice.status === 'enhanced';
        const failed = FAILED_ACTIONS.has(notice.action);
        if (!ready && !failed) return;
        const row = await repo.video(notice.videoId);
        if (!row) return;
        await emit(
          row.userId,
          ready ? 'class.ready' : 'class.failed',
          toApiClass(row, origin),
          `video-event:${notice.eventId}`,
        );
      } catch (err) {
        log.error({ err, videoId: notice.videoId }, 'webhook event not queued');
      }
    },

    /** A class deleted (its row is gone already). Never throws. */
    async videoDeleted(row: Pick<VideoRow, 'id' | 'userId' | 'title'>): Promise<void> {
      try {
        await emit(
          row.userId,
          'class.deleted',
          { id: row.id, title: row.title, deletedAt: new Date(now()).toISOString() },
          `class.deleted:${row.id}`,
        );
      } catch (err) {
        log.error({ err, videoId: row.id }, 'webhook event not queued');
      }
    },

    /**
     * The hourly tick: yesterday's analytics.summary for every owner whose day has turned (once per
     * owner and day, whatever the number of ticks), and pending deliveries whose job was lost queued
     * again. `at` is the clock's now (a test passes its own).
     */
    async runDue(at: Date): Promise<{ summaries: number; requeued: number }> {
      let summaries = 0;
      for (const owner of await repo.ownersSubscribedTo('analytics.summary')) {
        if (!planIncludes(owner.plan, 'apiAccess')) continue;
        try {
          summaries += await dailySummary(owner, at);
        } catch (err) {
          log.error({ err, userId: owner.id }, 'analytics summary not queued');
        }
      }
      const overdue = await repo.overdue(
        new Date(at.getTime() - settings.overdueSeconds * 1000),
        500,
      );
      for (const row of overdue) {
        await queue.enqueue({ deliveryId: row.id, attempt: row.attempts + 1 }, 0);
      }
      return { summaries, requeued: overdue.length };
    },
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;
