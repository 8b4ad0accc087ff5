import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_MESSAGES,
  WEBHOOKS_PATH,
  type CreatedWebhook,
  type WebhookDeliveriesView,
  type WebhookDeliveryDto,
  type WebhooksView,
  type WebhookTestResponse,
} from '@shared/webhooks.contract';
import { videos } from '../../db/schema/videos';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks';
import { seedPlayback, seedVideo } from '../../test/analytics-fixtures';
import { onboardedGym, setPlan } from '../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { toApiClass } from '../api-v1/api-class';
import { SYSTEM } from '../videos/lifecycle';
import { startReceiver, startWebhookTestApp, type WebhookTestApp } from './webhook-test-support';

const ORIGIN = 'https://app.cadence.test';
const RETRY_SECONDS = [1, 1];
const FAILURE_LIMIT = 2;

let t: WebhookTestApp;
let smtp: TestSmtpServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

/** What each receiver path answers, by how many requests it had. */
const scripts = new Map<string, (nth: number) => number | 'hang'>();

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startReceiver((path, nth) => scripts.get(path)?.(nth) ?? 204);
  // Delivery tests send to a receiver on loopback: the operator's development setting.
  t = await startWebhookTestApp({
    env: {
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
      PUBLIC_URL: ORIGIN,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Cadence <no-reply@cadence.test>',
    },
    webhooks: {
      worker: true,
      settings: { retryDelaysSeconds: RETRY_SECONDS, failureLimit: FAILURE_LIMIT },
      queue: { pollingIntervalSeconds: 0.5 },
      timeoutMs: 700,
    },
    mail: { worker: true, settings: { pollingIntervalSeconds: 0.5, retryDelay: 1 } },
  });
}, 240_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await smtp?.close();
});

type Owner = Awaited<ReturnType<typeof onboardedGym>>;
let paths = 0;
const nextPath = (name: string) => `/${name}-${(paths += 1)}`;

async function register(owner: Owner, path: string, events: string[]): Promise<CreatedWebhook> {
  const res = await t.app.inject({
    method: 'POST',
    url: WEBHOOKS_PATH,
    headers: { cookie: owner.cookie },
    payload: { url: receiver.url(path), events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreatedWebhook;
}

async function log(owner: Owner, endpointId: string): Promise<WebhookDeliveryDto[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${WEBHOOKS_PATH}/${endpointId}/deliveries`,
    headers: { cookie: owner.cookie },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as WebhookDeliveriesView).deliveries;
}

/** Polls until `check` answers something (or fails after `timeoutMs`). */
async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The Standard Webhooks verification, written here from the specification (not the app's signer):
 * the key is the base64 after `whsec_`; the signed content `${id}.${timestamp}.${body}`; the header
 * a space-separated list of `v1,<base64 HMAC-SHA256>`; the timestamp within five minutes.
 */
function verify(secret: string, headers: Record<string, unknown>, body: string): boolean {
  const id = String(headers['webhook-id'] ?? '');
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  const signatures = String(headers['webhook-signature'] ?? '');
  if (!id || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.split('_')[1]!, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

describe('signed deliveries', () => {
  it('signs a test event so that an independent verifier accepts it, and logs it', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const path = nextPath('test');
    const { endpoint, secret } = await register(owner, path, ['class.ready']);
    const res = await t.app.inject({
      method: 'POST',
      url: `${WEBHOOKS_PATH}/${endpoint.id}/test`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { delivery } = res.json() as WebhookTestResponse;
    expect(delivery).toMatchObject({
      eventType: 'webhook.test',
      status: 'succeeded',
      attempts: 1,
      responseStatus: 204,
      error: null,
      nextAttemptAt: null,
    });
    expect(delivery.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(delivery.durationMs).toBeGreaterThanOrEqual(0);

    const [got] = await receiver.waitFor(path);
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['webhook-id']).toBe(delivery.id);
    expect(verify(secret, got!.headers, got!.body)).toBe(true);
    // Another secret, a changed body or an old timestamp is refused by the same verifier.
    const other = `whsec_${Buffer.alloc(24, 1).toString('base64')}`;
    expect(verify(other, got!.headers, got!.body)).toBe(false);
    expect(verify(secret, got!.headers, `${got!.body} `)).toBe(false);
    expect(
      verify(
        secret,
        {
          ...got!.headers,
          'webhook-timestamp': String(Number(got!.headers['webhook-timestamp']) - 1),
        },
        got!.body,
      ),
    ).toBe(false);
    const body = JSON.parse(got!.body);
    expect(body).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);

    expect(await log(owner, endpoint.id)).toEqual([delivery]);
  });

  it('retries a receiver that fails (500, then a timeout) until it succeeds, the log showing each attempt', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const path = nextPath('flaky');
    scripts.set(path, (nth) => (nth === 1 ? 500 : nth === 2 ? 'hang' : 200));
    const { endpoint, secret } = await register(owner, path, ['class.ready']);
    const videoId = await seedVideo(t.database.db, owner.id, {
      processingStatus: 'processing',
      title: 'Hill Climb',
    });
    await t.services.lifecycle.publishEnhanced(videoId, {
      by: SYSTEM,
      version: 'v1',
      notes: null,
      at: new Date(),
    });

    const first = await until(async () =>
      (await log(owner, endpoint.id)).find(
        (d) => d.attempts === 1 && d.lastAttemptAt && d.responseStatus,
      ),
    );
    expect(first).toMatchObject({
      eventType: 'class.ready',
      status: 'pending',
      responseStatus: 500,
      error: 'The receiver answered HTTP 500',
    });
    expect(first.nextAttemptAt).not.toBeNull();
    const second = await until(async () =>
      (await log(owner, endpoint.id)).find(
        (d) => d.attempts === 2 && d.error?.startsWith('No answer'),
      ),
    );
    expect(second).toMatchObject({ status: 'pending', responseStatus: null });
    const done = await until(async () =>
      (await log(owner, endpoint.id)).find((d) => d.status === 'succeeded'),
    );
    expect(done).toMatchObject({
      attempts: 3,
      responseStatus: 200,
      error: null,
      nextAttemptAt: null,
    });

    const got = await receiver.waitFor(path, 3);
    // One message: the same id on every attempt, each signed afresh and verified.
    expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(new Set([done.id]));
    expect(got.every((r) => verify(secret, r.headers, r.body))).toBe(true);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    const body = JSON.parse(got[0]!.body);
    // The class as /api/v1 gives it, its addresses absolute from PUBLIC_URL.
    expect(body).toMatchObject({
      type: 'class.ready',
      data: {
        id: videoId,
        title: 'Hill Climb',
        status: 'enhanced',
        durationSeconds: 600,
        streamUrl: null,
      },
    });
    const [ready] = await t.database.db.select().from(videos).where(eq(videos.id, videoId));
    expect(body.data).toEqual(JSON.parse(JSON.stringify(toApiClass(ready!, ORIGIN))));
    // The retries waited (about a second each, plus the timeout).
    expect(got[2]!.at - got[0]!.at).toBeGreaterThanOrEqual(1500);
  }, 30_000);

  it('announces class.failed and class.deleted, and nothing to an endpoint not subscribed', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const path = nextPath('lifecycle');
    const quiet = nextPath('quiet');
    await register(owner, path, ['class.failed', 'class.deleted']);
    await register(owner, quiet, ['analytics.summary']);
    const failedId = await seedVideo(t.database.db, owner.id, { title: 'Broken Ride' });
    await t.services.lifecycle.transition(failedId, {
      to: 'failed',
      by: SYSTEM,
      action: 'ingest_failed',
      notes: 'Unreadable file',
    });
    const [failed] = await receiver.waitFor(path, 1);
    expect(JSON.parse(failed!.body)).toMatchObject({
      type: 'class.failed',
      data: { id: failedId, title: 'Broken Ride', status: 'failed' },
    });

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/videos/${failedId}`,
      headers: { cookie: owner.cookie },
    });
    expect(del.statusCode).toBe(204);
    const got = await receiver.waitFor(path, 2);
    expect(JSON.parse(got[1]!.body)).toMatchObject({
      type: 'class.deleted',
      data: { id: failedId, title: 'Broken Ride' },
    });
    expect(receiver.received.filter((r) => r.path === quiet)).toEqual([]);
  });

  it('sends nothing while the plan lacks API access, or to a disabled endpoint', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const path = nextPath('offplan');
    const { endpoint } = await register(owner, path, ['class.ready']);
    await setPlan(t.database, owner.id, 'spin-master');
    const a = await seedVideo(t.database.db, owner.id, { processingStatus: 'processing' });
    await t.services.lifecycle.publishEnhanced(a, {
      by: SYSTEM,
      version: 'v1',
      notes: null,
      at: new Date(),
    });

    await setPlan(t.database, owner.id, 'elite-studio');
    await t.app.inject({
      method: 'PATCH',
      url: `${WEBHOOKS_PATH}/${endpoint.id}`,
      headers: { cookie: owner.cookie },
      payload: { enabled: false },
    });
    const b = await seedVideo(t.database.db, owner.id, { processingStatus: 'processing' });
    await t.services.lifecycle.publishEnhanced(b, {
      by: SYSTEM,
      version: 'v1',
      notes: null,
      at: new Date(),
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await log(owner, endpoint.id)).toEqual([]);
    expect(receiver.received.filter((r) => r.path === path)).toEqual([]);
  });

  it('sends yesterday’s analytics.summary once per day, however often the tick runs', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const path = nextPath('summary');
    await register(owner, path, ['analytics.summary']);
    const videoId = await seedVideo(t.database.db, owner.id, { title: 'Sprint' });
    const today = new Date();
    const yesterday = new Date(today.getTime() - 24 * 3600 * 1000);
    await seedPlayback(t.database.db, [
      {
        videoId,
        ownerId: owner.id,
        viewerId: 'rider-1',
        startedAt: Date.UTC(
          yesterday.getUTCFullYear(),
          yesterday.getUTCMonth(),
          yesterday.getUTCDate(),
          12,
        ),
        watchedSeconds: 600,
        counted: true,
      },
    ]);
    const first = await t.services.webhooks.runDue(today);
    const second = await t.services.webhooks.runDue(today);
    expect(first.summaries).toBeGreaterThanOrEqual(1);
    // Every owner's day is sent: the second tick sends nothing.
    expect(second.summaries).toBe(0);
    const [got] = await receiver.waitFor(path, 1);
    const body = JSON.parse(got!.body);
    expect(body).toMatchObject({
      type: 'analytics.summary',
      data: {
        date: yesterday.toISOString().slice(0, 10),
        timeZone: 'UTC',
        views: 1,
        uniqueViewers: 1,
        minutesWatched: 10,
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received.filter((r) => r.path === path)).toHaveLength(1);
  });
});

describe('an endpoint that keeps failing', () => {
  it('is disabled after repeated failure, with exactly one email to the owner', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const path = nextPath('down');
    scripts.set(path, () => 503);
    const { endpoint } = await register(owner, path, ['class.ready', 'class.failed']);
    // More failing deliveries than the limit, at once.
    const ids = await Promise.all(
      [1, 2, 3].map((n) => seedVideo(t.database.db, owner.id, { title: `Ride ${n}` })),
    );
    await Promise.all(
      ids.map((id) =>
        t.services.lifecycle.transition(id, {
          to: 'failed',
          by: SYSTEM,
          action: 'ingest_failed',
          notes: 'x',
        }),
      ),
    );
    const failed = await until(async () => {
      const rows = await log(owner, endpoint.id);
      return rows.length === 3 && rows.every((d) => d.status === 'failed') && rows;
    }, 20_000);
    // Those given up after every retry disabled it; a delivery still retrying then stopped there.
    const givenUp = failed.filter((d) => d.responseStatus === 503);
    expect(givenUp.length).toBeGreaterThanOrEqual(FAILURE_LIMIT);
    for (const d of givenUp) expect(d.attempts).toBe(RETRY_SECONDS.length + 1);
    for (const d of failed.filter((d) => d.responseStatus !== 503)) {
      expect(d.error).toBe(WEBHOOK_MESSAGES.notSentDisabled);
    }
    const view = await t.app.inject({
      method: 'GET',
      url: WEBHOOKS_PATH,
      headers: { cookie: owner.cookie },
    });
    expect((view.json() as WebhooksView).endpoints[0]).toMatchObject({
      enabled: false,
      disabledReason: WEBHOOK_MESSAGES.disabledAfterFailures(FAILURE_LIMIT),
    });

    const toOwner = (m: ParsedMail) =>
      [m.to ?? []].flat().some((a) => a.text === owner.email) &&
      m.subject === 'A Cadence webhook endpoint was disabled';
    const mail = await smtp.waitFor(toOwner);
    expect(mail.subject).toBe('A Cadence webhook endpoint was disabled');
    expect(mail.text).toContain(receiver.url(path));
    expect(mail.text).toContain(`${ORIGIN}/settings/api`);
    expect(mail.html).toContain(receiver.url(path));
    // Later events are not delivered; a little later there is still one message.
    const later = await seedVideo(t.database.db, owner.id, { title: 'Later' });
    await t.services.lifecycle.transition(later, {
      to: 'failed',
      by: SYSTEM,
      action: 'ingest_failed',
      notes: 'x',
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(smtp.messages.filter(toOwner)).toHaveLength(1);
    expect(await log(owner, endpoint.id)).toHaveLength(3);

    // Enabled again: the streak is cleared and events flow.
    scripts.set(path, () => 204);
    const on = await t.app.inject({
      method: 'PATCH',
      url: `${WEBHOOKS_PATH}/${endpoint.id}`,
      headers: { cookie: owner.cookie },
      payload: { enabled: true },
    });
    expect(on.json().endpoint).toMatchObject({ enabled: true, failureStreak: 0 });
    const again = await seedVideo(t.database.db, owner.id, { processingStatus: 'processing' });
    await t.services.lifecycle.publishEnhanced(again, {
      by: SYSTEM,
      version: 'v1',
      notes: null,
      at: new Date(),
    });
    await until(async () => (await log(owner, endpoint.id)).find((d) => d.status === 'succeeded'));
  }, 40_000);

  it('queues again a pending delivery whose job was lost', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const path = nextPath('lost');
    const { endpoint } = await register(owner, path, ['class.ready']);
    const [row] = await t.database.db
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        eventType: 'class.ready',
        payload: '{"type":"class.ready","timestamp":"2026-01-01T00:00:00.000Z","data":{}}',
        nextAttemptAt: new Date(Date.now() - 3600_000),
      })
      .returning();
    const { requeued } = await t.services.webhooks.runDue(new Date());
    expect(requeued).toBeGreaterThanOrEqual(1);
    await receiver.waitFor(path, 1);
    await until(async () => {
      const [d] = await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, row!.id));
      return d?.status === 'succeeded';
    });
    // Untouched endpoints stay as they were.
    const [ep] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(ep!.failureStreak).toBe(0);
  });
});
