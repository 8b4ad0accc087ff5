import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_ENDPOINTS_LIMIT,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_LIMIT,
  WEBHOOK_URL_MAX,
  WEBHOOKS_PATH,
  type CreatedWebhook,
  type WebhookDeliveriesView,
  type WebhooksView,
  type WebhookTestResponse,
} from '@shared/webhooks.contract';
import type { PlanId } from '@shared/plans';
import { webhookEndpoints } from '../../db/schema/webhooks';
import { onboardedGym, setPlan } from '../../test/harness';
import { isPublicAddress, resolveTarget, systemResolver } from './address-policy';
import { createWebhookSender } from './webhook-sender';
import {
  fakeResolver,
  startReceiver,
  startWebhookTestApp,
  type WebhookTestApp,
} from './webhook-test-support';

/** Public addresses (documentation ranges are refused, so real ones stand in; nothing is sent there). */
const PUBLIC_V4 = '93.184.215.14';
const dns = fakeResolver({
  'hooks.example.com': [PUBLIC_V4],
  localhost: ['127.0.0.1', '::1'],
  'rebind.example.com': [PUBLIC_V4],
  'mixed.example.com': [PUBLIC_V4, '10.1.2.3'],
});

let t: WebhookTestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  // No WEBHOOKS_ALLOW_PRIVATE_NETWORKS: every private address is refused. No worker: nothing is
  // sent here but the test events.
  t = await startWebhookTestApp({ webhooks: { resolve: dns.resolve, worker: false } });
}, 240_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

type Owner = Awaited<ReturnType<typeof onboardedGym>>;
const gym = (plan: PlanId = 'elite-studio') => onboardedGym(t, plan);

function call(owner: Owner | null, method: string, url: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: owner ? { cookie: owner.cookie } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

const create = (owner: Owner, body: unknown) => call(owner, 'POST', WEBHOOKS_PATH, body);
const good = { url: 'https://hooks.example.com/cadence', events: ['class.ready'] };

async function created(owner: Owner, body: unknown = good): Promise<CreatedWebhook> {
  const res = await create(owner, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreatedWebhook;
}

/** An endpoint stored as is (as if registered when its address was allowed, or by an old rule). */
async function stored(owner: Owner, url: string): Promise<string> {
  const [row] = await t.database.db
    .insert(webhookEndpoints)
    .values({
      userId: owner.id,
      url,
      events: ['class.ready'],
      secret: `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
    })
    .returning({ id: webhookEndpoints.id });
  return row!.id;
}

function fieldErrors(res: { json(): unknown }): Record<string, string> {
  const body = res.json() as { errors?: { field: string; message: string }[] };
  return Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));
}

describe('webhook endpoints: the lifecycle', () => {
  it('lists, registers (secret once), changes, disables, re-enables and deletes', async () => {
    const owner = await gym();
    const empty = await call(owner, 'GET', WEBHOOKS_PATH);
    expect(empty.statusCode).toBe(200);
    const view = empty.json() as WebhooksView;
    expect(view).toMatchObject({ endpoints: [], allowed: true, notice: null });
    expect(view.limit).toBe(WEBHOOK_ENDPOINTS_LIMIT);
    expect(view.eventTypes.map((e) => e.type)).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect(view.eventTypes.every((e) => e.label.length > 0)).toBe(true);

    const made = await created(owner, {
      url: '  https://hooks.example.com/cadence  ',
      description: 'Booking site',
      // Repeats and order do not matter: the list is kept in the product's order.
      events: ['class.deleted', 'class.ready', 'class.ready'],
    });
    expect(made.message).toBe(WEBHOOK_MESSAGES.created);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(made.secret.slice(6), 'base64')).toHaveLength(24);
    expect(made.endpoint).toMatchObject({
      url: 'https://hooks.example.com/cadence',
      description: 'Booking site',
      events: ['class.ready', 'class.deleted'],
      enabled: true,
      failureStreak: 0,
      secretHint: `whsec_…${made.secret.slice(-4)}`,
    });
    // The secret is never shown again.
    const listed = await call(owner, 'GET', WEBHOOKS_PATH);
    expect(listed.body).not.toContain(made.secret);
    expect((listed.json() as WebhooksView).endpoints).toHaveLength(1);

    const url = `${WEBHOOKS_PATH}/${made.endpoint.id}`;
    const changed = await call(owner, 'PATCH', url, {
      events: ['analytics.summary'],
      description: '',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: WEBHOOK_MESSAGES.saved,
      endpoint: { events: ['analytics.summary'], description: null },
    });

    const off = await call(owner, 'PATCH', url, { enabled: false });
    expect(off.json()).toMatchObject({
      message: WEBHOOK_MESSAGES.disabled,
      endpoint: { enabled: false, disabledReason: WEBHOOK_MESSAGES.disabledByOwner },
    });
    // Re-enabling clears the failure streak.
    await t.database.db.update(webhookEndpoints).set({ failureStreak: 3 });
    const on = await call(owner, 'PATCH', url, { enabled: true });
    expect(on.json()).toMatchObject({
      message: WEBHOOK_MESSAGES.enabled,
      endpoint: { enabled: true, disabledReason: null, disabledAt: null, failureStreak: 0 },
    });

    // A change is checked as a registration is, and says what it changes.
    const cases: [unknown, string, string][] = [
      [{ url: 'http://169.254.169.254/latest' }, 'url', WEBHOOK_MESSAGES.urlPrivate],
      [{ url: 'https://a:b@hooks.example.com/x' }, 'url', WEBHOOK_MESSAGES.urlCredentials],
      [{ events: [] }, 'events', WEBHOOK_MESSAGES.eventsRequired],
      [{ enabled: 'yes' }, 'enabled', WEBHOOK_MESSAGES.enabledChoice],
      [{}, '', WEBHOOK_MESSAGES.nothingToChange],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(owner, 'PATCH', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const errors = fieldErrors(res);
      expect(field ? errors[field] : res.json().message, JSON.stringify(body)).toBe(message);
    }

    const removed = await call(owner, 'DELETE', url);
    expect(removed.json()).toEqual({ message: WEBHOOK_MESSAGES.deleted });
    expect((await call(owner, 'DELETE', url)).statusCode).toBe(404);
    expect(((await call(owner, 'GET', WEBHOOKS_PATH)).json() as WebhooksView).endpoints).toEqual(
      [],
    );
  });

  it('refuses bad input with the field, never a 500', async () => {
    const owner = await gym();
    const cases: [unknown, string, string][] = [
      [{ events: ['class.ready'] }, 'url', WEBHOOK_MESSAGES.urlRequired],
      [{ url: '', events: ['class.ready'] }, 'url', WEBHOOK_MESSAGES.urlRequired],
      [{ url: 42, events: ['class.ready'] }, 'url', WEBHOOK_MESSAGES.urlRequired],
      [
        {
          url: `https://hooks.example.com/${'a'.repeat(WEBHOOK_URL_MAX)}`,
          events: ['class.ready'],
        },
        'url',
        WEBHOOK_MESSAGES.urlLong,
      ],
      [{ url: 'not a url', events: ['class.ready'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
      [
        { url: 'ftp://hooks.example.com/x', events: ['class.ready'] },
        'url',
        WEBHOOK_MESSAGES.urlInvalid,
      ],
      [{ url: 'javascript:alert(1)', events: ['class.ready'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
      [
        { url: 'https://user:pw@hooks.example.com/x', events: ['class.ready'] },
        'url',
        WEBHOOK_MESSAGES.urlCredentials,
      ],
      [
        { url: 'https://hooks.example.com:22/x', events: ['class.ready'] },
        'url',
        WEBHOOK_MESSAGES.urlPort,
      ],
      [
        { url: 'https://nowhere.example.com/x', events: ['class.ready'] },
        'url',
        WEBHOOK_MESSAGES.urlUnresolvable,
      ],
      [{ url: good.url }, 'events', WEBHOOK_MESSAGES.eventsRequired],
      [{ url: good.url, events: [] }, 'events', WEBHOOK_MESSAGES.eventsRequired],
      [{ url: good.url, events: 'class.ready' }, 'events', WEBHOOK_MESSAGES.eventsRequired],
      [{ url: good.url, events: ['webhook.test'] }, 'events.0', WEBHOOK_MESSAGES.eventUnknown],
      [{ url: good.url, events: ['class.ready', 7] }, 'events.1', WEBHOOK_MESSAGES.eventUnknown],
      [
        { url: good.url, events: Array(50).fill('class.ready') },
        'events',
        WEBHOOK_MESSAGES.eventUnknown,
      ],
      [{ ...good, description: 'x'.repeat(201) }, 'description', WEBHOOK_MESSAGES.descriptionLong],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(owner, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(fieldErrors(res)[field], JSON.stringify(body).slice(0, 80)).toBe(message);
    }
    // Nothing was stored.
    expect(((await call(owner, 'GET', WEBHOOKS_PATH)).json() as WebhooksView).endpoints).toEqual(
      [],
    );
  });

  it('holds an account to its limit of endpoints', async () => {
    const owner = await gym();
    await Promise.all(
      Array.from({ length: WEBHOOK_ENDPOINTS_LIMIT + 3 }, () => create(owner, good)),
    );
    const view = (await call(owner, 'GET', WEBHOOKS_PATH)).json() as WebhooksView;
    expect(view.endpoints).toHaveLength(WEBHOOK_ENDPOINTS_LIMIT);
    const over = await create(owner, good);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(WEBHOOK_MESSAGES.limit);
  });

  it('answers 404 for another owner’s endpoint and for ids that are not ids', async () => {
    const owner = await gym();
    const stranger = await gym();
    const { endpoint } = await created(owner);
    const paths = [
      ['PATCH', `${WEBHOOKS_PATH}/${endpoint.id}`, { description: 'mine now' }],
      ['DELETE', `${WEBHOOKS_PATH}/${endpoint.id}`],
      ['POST', `${WEBHOOKS_PATH}/${endpoint.id}/test`],
      ['GET', `${WEBHOOKS_PATH}/${endpoint.id}/deliveries`],
    ] as const;
    for (const [method, url, body] of paths) {
      const res = await call(stranger, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(WEBHOOK_MESSAGES.notFound);
    }
    for (const id of ['nope', randomUUID(), `${endpoint.id}x`, "1' or '1'='1", '%00']) {
      const res = await call(owner, 'GET', `${WEBHOOKS_PATH}/${encodeURIComponent(id)}/deliveries`);
      expect(res.statusCode, id).toBe(404);
    }
    // Untouched.
    const view = (await call(owner, 'GET', WEBHOOKS_PATH)).json() as WebhooksView;
    expect(view.endpoints[0]).toMatchObject({ id: endpoint.id, description: null });
    // A malformed cursor is a 400 on the field, not a 500.
    const bad = await call(owner, 'GET', `${WEBHOOKS_PATH}/${endpoint.id}/deliveries?cursor=zzz`);
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad).cursor).toBe(WEBHOOK_MESSAGES.cursor);
  });

  it('limits test events per session', async () => {
    const owner = await gym();
    const id = await stored(owner, 'http://127.0.0.1:9/hook');
    const answers = [];
    for (let i = 0; i < WEBHOOK_TEST_LIMIT.max; i++) {
      answers.push((await call(owner, 'POST', `${WEBHOOKS_PATH}/${id}/test`)).statusCode);
    }
    expect(answers.every((status) => status === 200)).toBe(true);
    const over = await call(owner, 'POST', `${WEBHOOKS_PATH}/${id}/test`);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(WEBHOOK_MESSAGES.tooManyTests);
  });

  it('needs a session', async () => {
    expect((await call(null, 'GET', WEBHOOKS_PATH)).statusCode).toBe(401);
    expect((await call(null, 'POST', WEBHOOKS_PATH, good)).statusCode).toBe(401);
  });
});

describe('webhook endpoints per plan', () => {
  it('lets only Elite Studio register, change and test; every plan may list and delete', async () => {
    const owner = await gym('spin-master');
    const list = await call(owner, 'GET', WEBHOOKS_PATH);
    expect(list.json()).toMatchObject({ allowed: false, notice: WEBHOOK_MESSAGES.locked });
    const refused = await create(owner, good);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(WEBHOOK_MESSAGES.locked);
    expect(WEBHOOK_MESSAGES.locked).toBe('Webhooks comes with API access, on Elite Studio.');

    // Registered on Elite, then the plan changed: listed, not changeable, deletable.
    const elite = await gym();
    const { endpoint } = await created(elite);
    await setPlan(t.database, elite.id, 'power-cycle');
    const url = `${WEBHOOKS_PATH}/${endpoint.id}`;
    expect((await call(elite, 'PATCH', url, { description: 'x' })).statusCode).toBe(403);
    expect((await call(elite, 'POST', `${url}/test`)).statusCode).toBe(403);
    expect((await call(elite, 'GET', `${url}/deliveries`)).statusCode).toBe(200);
    expect(
      ((await call(elite, 'GET', WEBHOOKS_PATH)).json() as WebhooksView).endpoints,
    ).toHaveLength(1);
    expect((await call(elite, 'DELETE', url)).statusCode).toBe(200);
  });
});

describe('SSRF: private, loopback and link-local addresses are refused', () => {
  const refusedUrls = [
    'http://127.0.0.1/hook',
    'http://127.1/hook',
    'http://2130706433/hook',
    'http://10.0.0.5/hook',
    'http://172.16.3.4/hook',
    'http://192.168.1.1/hook',
    'http://100.64.0.1/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0/hook',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::ffff:169.254.169.254]/hook',
    'http://[fe80::1]/hook',
    'http://[fd00::1]/hook',
    'http://[::]/hook',
    'http://224.0.0.1/hook',
    'http://localhost/hook',
    'http://LOCALHOST./hook',
    'http://mixed.example.com/hook',
  ];

  it('at registration', async () => {
    const owner = await gym();
    for (const url of refusedUrls) {
      const res = await create(owner, { url, events: ['class.ready'] });
      expect(res.statusCode, url).toBe(400);
      expect(fieldErrors(res).url, url).toBe(WEBHOOK_MESSAGES.urlPrivate);
    }
  });

  it('at send time, for every address (a stored row, or a name that now resolves elsewhere)', async () => {
    const owner = await gym();
    for (const url of [...refusedUrls, receiver.url('/direct')]) {
      const id = await stored(owner, url);
      const res = await call(owner, 'POST', `${WEBHOOKS_PATH}/${id}/test`);
      expect(res.statusCode, url).toBe(200);
      expect((res.json() as WebhookTestResponse).delivery, url).toMatchObject({
        eventType: 'webhook.test',
        status: 'failed',
        attempts: 1,
        responseStatus: null,
        error: WEBHOOK_MESSAGES.urlPrivate,
      });
    }
    // DNS rebinding: public when registered, loopback when sent.
    dns.set('rebind.example.com', [PUBLIC_V4]);
    const rebound = await gym();
    const { endpoint } = await created(rebound, {
      url: `http://rebind.example.com:${receiver.port}/rebound`,
      events: ['class.ready'],
    });
    dns.set('rebind.example.com', ['127.0.0.1']);
    const res = await call(rebound, 'POST', `${WEBHOOKS_PATH}/${endpoint.id}/test`);
    expect((res.json() as WebhookTestResponse).delivery).toMatchObject({
      status: 'failed',
      error: WEBHOOK_MESSAGES.urlPrivate,
    });
    // The receiver on loopback never heard a thing.
    expect(receiver.received).toEqual([]);
    // The log has the test.
    const log = await call(rebound, 'GET', `${WEBHOOKS_PATH}/${endpoint.id}/deliveries`);
    expect((log.json() as WebhookDeliveriesView).deliveries).toMatchObject([
      { eventType: 'webhook.test', status: 'failed', attempts: 1 },
    ]);
  });

  it('in the sender itself, with the system resolver (localhost) and with the setting on', async () => {
    const refuse = createWebhookSender({
      httpsOnly: false,
      allowPrivate: false,
      resolve: systemResolver,
    });
    const result = await refuse({
      url: `http://localhost:${receiver.port}/sender`,
      headers: {},
      body: '{}',
    });
    expect(result).toMatchObject({ ok: false, status: null, error: WEBHOOK_MESSAGES.urlPrivate });
    await expect(
      resolveTarget(new URL('http://localhost/'), { allowPrivate: false, resolve: systemResolver }),
    ).rejects.toThrow(WEBHOOK_MESSAGES.urlPrivate);
    expect(receiver.received).toEqual([]);

    // https only in production.
    const production = createWebhookSender({
      httpsOnly: true,
      allowPrivate: true,
      resolve: systemResolver,
    });
    expect(
      await production({ url: receiver.url('/sender'), headers: {}, body: '{}' }),
    ).toMatchObject({ ok: false, error: WEBHOOK_MESSAGES.urlHttps });

    const allow = createWebhookSender({
      httpsOnly: false,
      allowPrivate: true,
      resolve: systemResolver,
    });
    const sent = await allow({ url: receiver.url('/sender'), headers: {}, body: '{}' });
    expect(sent).toMatchObject({ ok: true, status: 204, error: null });
    expect(receiver.received.map((r) => r.path)).toEqual(['/sender']);
  });

  it('classifies addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.255.255.255',
      '172.31.0.1',
      '192.168.0.1',
      '100.127.255.255',
      '169.254.169.254',
      '0.1.2.3',
      '224.0.0.251',
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::127.0.0.1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '2001:db8::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of [
      PUBLIC_V4,
      '8.8.8.8',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});
