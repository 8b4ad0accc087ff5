import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { PLANS } from '@shared/plans';
import { STRIPE_LOOKUP_KEYS } from '../modules/plans/stripe-billing';

/**
 * A stand-in for Stripe's API, for exactly the calls Cadence makes (docs: the API reference and
 * stripe/openapi's spec3): form-encoded bodies with bracketed keys, `expand[]`, Bearer secret keys,
 * errors as `{ error: { type, message, code, param } }`, a 400 for a missing required parameter and
 * a 404 for an unknown id. State lives in memory. It also serves a checkout page that "pays" and a
 * portal page, and sends signed webhook events to the app the way Stripe does.
 */

type Params = Record<string, unknown>;
type Obj = Record<string, unknown> & { id: string };

export interface SentEvent {
  id: string;
  type: string;
  payload: string;
  signature: string;
}

export interface StripeStandIn {
  /** http://127.0.0.1:port: STRIPE_API_BASE. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every API request, in order: method, path, parsed parameters. */
  requests: Array<{ method: string; path: string; params: Params }>;
  /** Every webhook event sent, in order. */
  events: SentEvent[];
  /** Where events go: an HTTP URL, or a function (route tests inject into the app). */
  deliverTo(target: string | ((event: SentEvent) => Promise<void>)): void;
  /** What the checkout page's Pay button does: the subscription starts, events are sent. */
  pay(sessionId: string): Promise<string>;
  /** The renewal payment fails: past_due, invoice.payment_failed. */
  failPayment(subscriptionId: string): Promise<void>;
  /** Stripe gives up retrying: the subscription is canceled (customer.subscription.deleted). */
  giveUp(subscriptionId: string): Promise<void>;
  /** The retry succeeds: active again, invoice.paid. */
  recover(subscriptionId: string): Promise<void>;
  /**
   * The customer's card attaches but every charge fails (Stripe's test payment method
   * pm_card_chargeCustomerFail): a prorated change answers 402 card_error under
   * payment_behavior=error_if_incomplete, and goes through unpaid (past_due) under the default.
   */
  declineCard(customerId: string): void;
  /** Until called with null, every API request answers this error (an outage, a wrong key). */
  failApi(error: { status: number; type: string; message: string } | null): void;
  /** Sends an event again, byte for byte and with its signature (a replay). */
  resend(event: SentEvent): Promise<void>;
  /** Resolves once every event sent so far has been delivered (rejects with a failed delivery). */
  settled(): Promise<void>;
  subscription(id: string): Obj | undefined;
  close(): Promise<void>;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: string;
      message: string;
      code?: string;
      param?: string;
      decline_code?: string;
    },
  ) {
    super(body.message);
  }
}

const missing = (param: string) =>
  new StripeError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  });
const noSuch = (kind: string, id: string) =>
  new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such ${kind}: '${id}'`,
  });
const invalid = (param: string, message: string) =>
  new StripeError(400, {
    type: 'invalid_request_error',
    code: 'parameter_invalid',
    param,
    message,
  });

/** `a[b][0][c]=v` pairs into nested objects and arrays, as Stripe reads them (`[]` appends). */
export function parseStripeForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1]!);
      const key: string | number =
        Array.isArray(node) && part === ''
          ? node.length
          : Array.isArray(node)
            ? Number(part)
            : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[key] = value;
      else {
        container[key] ??= nextIsIndex ? [] : {};
        node = container[key] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const MONTH_SECONDS = 30 * 24 * 60 * 60;

export async function startStripeServer(): Promise<StripeStandIn> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const signer = new Stripe(secretKey);
  const customers = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const portals = new Map<string, Obj>();
  const idempotent = new Map<string, unknown>();
  /** The default payment method that attaches and then declines every charge. */
  const DECLINING_CARD = 'pm_card_chargeCustomerFail';
  let outage: { status: number; type: string; message: string } | null = null;
  const requests: StripeStandIn['requests'] = [];
  const events: SentEvent[] = [];
  let target: string | ((event: SentEvent) => Promise<void>) | undefined;

  for (const plan of PLANS) {
    const key = (STRIPE_LOOKUP_KEYS as Record<string, string | undefined>)[plan.id];
    if (!key) continue;
    const id = newId('price');
    prices.set(id, {
      id,
      object: 'price',
      active: true,
      currency: 'usd',
      lookup_key: key,
      unit_amount: plan.price * 100,
      recurring: { interval: 'month', interval_count: 1 },
      type: 'recurring',
      product: newId('prod'),
    });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, Buffer.concat(chunks).toString('utf8'))
        .then(({ status, body, type = 'application/json', location }) => {
          res.writeHead(status, {
            'content-type': type,
            'request-id': newId('req'),
            ...(location ? { location } : {}),
          });
          res.end(typeof body === 'string' ? body : JSON.stringify(body));
        })
        .catch((error: unknown) => {
          const e =
            error instanceof StripeError
              ? error
              : new StripeError(500, { type: 'api_error', message: String(error) });
          res.writeHead(e.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: e.body }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  interface Answer {
    status: number;
    body: unknown;
    type?: string;
    location?: string;
  }
  const ok = (body: unknown): Answer => ({ status: 200, body });
  const page = (html: string): Answer => ({ status: 200, body: html, type: 'text/html' });

  async function handle(req: http.IncomingMessage, text: string): Promise<Answer> {
    const address = new URL(req.url ?? '/', url);
    const method = req.method ?? 'GET';
    const path = address.pathname;

    // The stand-in's own pages (not Stripe's API): checkout and portal.
    let m = /^\/checkout\/(cs_\w+)$/.exec(path);
    if (m && method === 'GET') return page(checkoutPage(session(m[1]!)));
    m = /^\/checkout\/(cs_\w+)\/pay$/.exec(path);
    if (m && method === 'POST') {
      const back = await pay(m[1]!);
      return { status: 303, body: '', type: 'text/plain', location: back };
    }
    m = /^\/checkout\/(cs_\w+)\/cancel$/.exec(path);
    if (m && method === 'POST') {
      const s = session(m[1]!);
      return { status: 303, body: '', type: 'text/plain', location: String(s.cancel_url) };
    }
    m = /^\/portal\/(bps_\w+)$/.exec(path);
    if (m && method === 'GET') {
      const portal = portals.get(m[1]!);
      if (!portal) throw noSuch('billing portal session', m[1]!);
      return page(portalPage(portal));
    }

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      throw new StripeError(401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided.',
      });
    }
    const params = {
      ...parseStripeForm(address.search.slice(1)),
      ...(method === 'GET' ? {} : parseStripeForm(text)),
    };
    requests.push({ method, path, params });
    if (outage)
      throw new StripeError(outage.status, { type: outage.type, message: outage.message });
    const key = req.headers['idempotency-key'];
    const replayKey = typeof key === 'string' ? `${method} ${path} ${key}` : undefined;
    if (replayKey && idempotent.has(replayKey)) return ok(idempotent.get(replayKey));
    const answer = await api(method, path, params);
    if (replayKey) idempotent.set(replayKey, answer);
    return ok(answer);
  }

  function required(params: Params, ...names: string[]): void {
    for (const name of names) {
      if (params[name] === undefined || params[name] === '') throw missing(name);
    }
  }

  function session(id: string): Obj {
    const found = sessions.get(id);
    if (!found) throw noSuch('checkout.session', id);
    return found;
  }
  function subscriptionOf(id: string): Obj {
    const found = subscriptions.get(id);
    if (!found) throw noSuch('subscription', id);
    return found;
  }
  function price(id: unknown): Obj {
    const found = prices.get(String(id));
    if (!found) throw noSuch('price', String(id));
    return found;
  }
  function itemsOf(
    sub: Obj,
  ): Array<Obj & { price: Obj; current_period_start: number; current_period_end: number }> {
    return (sub.items as { data: never[] }).data;
  }
  /** `expand[]` on a subscription: latest_invoice as the object. */
  function expanded(sub: Obj, params: Params): Obj {
    const expand = (params.expand as string[] | undefined) ?? [];
    for (const path of expand) {
      if (path !== 'latest_invoice')
        throw invalid('expand', `This property cannot be expanded (${path}).`);
    }
    return expand.includes('latest_invoice')
      ? { ...sub, latest_invoice: invoices.get(String(sub.latest_invoice)) ?? null }
      : sub;
  }

  async function api(method: string, path: string, params: Params): Promise<unknown> {
    if (method === 'POST' && path === '/v1/customers') {
      const id = newId('cus');
      const customer = {
        id,
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        invoice_settings: { default_payment_method: null },
        created: nowSeconds(),
        livemode: false,
      };
      customers.set(id, customer);
      return customer;
    }
    if (method === 'GET' && path === '/v1/prices') {
      const keys = (params.lookup_keys as string[] | undefined) ?? [];
      const data = [...prices.values()].filter(
        (p) =>
          (keys.length === 0 || keys.includes(String(p.lookup_key))) &&
          (params.active !== 'true' || p.active),
      );
      return { object: 'list', data, has_more: false, url: '/v1/prices' };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      required(params, 'mode');
      if (params.mode !== 'subscription') throw invalid('mode', 'Only subscription mode here.');
      const items = params.line_items as Array<Params> | undefined;
      if (!items?.length) throw missing('line_items');
      if (params.customer && !customers.has(String(params.customer))) {
        throw noSuch('customer', String(params.customer));
      }
      required(params, 'success_url');
      items.forEach((item, i) => {
        if (!item.price) throw missing(`line_items[${i}][price]`);
        // A recurring price's line item needs its quantity in subscription mode.
        if (item.quantity === undefined) throw missing(`line_items[${i}][quantity]`);
        price(item.price);
      });
      const id = newId('cs_test');
      const created = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: params.customer ?? null,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        success_url: params.success_url,
        cancel_url: params.cancel_url ?? null,
        subscription: null,
        url: `${url}/checkout/${id}`,
        line_items_input: items,
        subscription_data: params.subscription_data ?? {},
        livemode: false,
      };
      sessions.set(id, created);
      return created;
    }
    const m = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
    if (m && method === 'GET') return expanded(subscriptionOf(m[1]!), params);
    if (m && method === 'POST') {
      const sub = subscriptionOf(m[1]!);
      const items = params.items as Array<Params> | undefined;
      if (items?.length) {
        const item = itemsOf(sub).find((it) => it.id === items[0]!.id);
        if (!item)
          throw invalid('items[0][id]', `No such subscription item: '${String(items[0]!.id)}'`);
        const next = price(items[0]!.price);
        const due = proration(item, next);
        const behavior = params.payment_behavior ?? 'allow_incomplete';
        if (behavior !== 'allow_incomplete' && behavior !== 'error_if_incomplete') {
          throw invalid('payment_behavior', `The stand-in does not do ${String(behavior)}.`);
        }
        const charged = params.proration_behavior === 'always_invoice' && due > 0;
        const declined = charged && declines(sub.customer);
        // error_if_incomplete: a failed payment is a 402 and the subscription stays as it was.
        if (declined && behavior === 'error_if_incomplete') {
          throw new StripeError(402, {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          });
        }
        item.price = next;
        if (params.proration_behavior === 'always_invoice') {
          sub.latest_invoice = invoice(sub, due, declined ? 'open' : 'paid').id;
        }
        // allow_incomplete: the new price applies and an unpaid change leaves it past_due.
        if (declined) sub.status = 'past_due';
      }
      if (params.cancel_at_period_end !== undefined) {
        sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
      }
      await send('customer.subscription.updated', sub);
      return expanded(sub, params);
    }
    if (m && method === 'DELETE') {
      const sub = subscriptionOf(m[1]!);
      if (sub.status === 'canceled') {
        throw invalid('id', `A canceled subscription can only update its metadata: '${sub.id}'`);
      }
      sub.status = 'canceled';
      sub.canceled_at = nowSeconds();
      if (params.invoice_now === 'true' && params.prorate === 'true') {
        // The unused time as a credit note on the customer's balance.
        sub.latest_invoice = invoice(sub, 0, 'paid').id;
      }
      await send('customer.subscription.deleted', sub);
      return sub;
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      if (!params.customer && !params.subscription) throw missing('customer');
      const sub = subscriptionOf(String(params.subscription));
      const details = params.subscription_details as { items?: Params[] } | undefined;
      const change = details?.items?.[0];
      const item = itemsOf(sub).find((it) => it.id === change?.id);
      const due = item && change?.price ? proration(item, price(change.price)) : 0;
      return {
        id: `upcoming_in_${randomBytes(6).toString('hex')}`,
        object: 'invoice',
        amount_due: due,
        currency: 'usd',
        customer: sub.customer,
        status: 'draft',
        lines: { object: 'list', data: [], has_more: false },
      };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      required(params, 'customer');
      if (!customers.has(String(params.customer)))
        throw noSuch('customer', String(params.customer));
      const id = newId('bps');
      const portal = {
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url ?? null,
        url: `${url}/portal/${id}`,
        livemode: false,
      };
      portals.set(id, portal);
      return portal;
    }
    throw new StripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  /** The prorated difference for the rest of the period, in cents (never below 0 here). */
  function proration(
    item: { price: Obj; current_period_start: number; current_period_end: number },
    next: Obj,
  ): number {
    const left =
      (item.current_period_end - nowSeconds()) /
      (item.current_period_end - item.current_period_start);
    const diff = Number(next.unit_amount) - Number(item.price.unit_amount);
    return Math.max(0, Math.round(diff * Math.min(1, Math.max(0, left))));
  }

  function declines(customerId: unknown): boolean {
    const customer = customers.get(String(customerId));
    const settings = customer?.invoice_settings as { default_payment_method?: string } | undefined;
    return settings?.default_payment_method === DECLINING_CARD;
  }

  function invoice(sub: Obj, amount: number, status: 'paid' | 'open'): Obj {
    const id = newId('in');
    const created = {
      id,
      object: 'invoice',
      customer: sub.customer,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      currency: 'usd',
      status,
      attempt_count: 1,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      livemode: false,
    };
    invoices.set(id, created);
    return created;
  }

  /** An event as Stripe sends it, signed with the endpoint's secret, delivered to the app. */
  async function send(type: string, object: Obj): Promise<void> {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
    const payload = JSON.stringify(event, null, 2);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const sent = { id: event.id, type, payload, signature };
    events.push(sent);
    // Like Stripe: delivered after the API call has answered, one at a time, in order.
    queue = queue
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => deliver(sent))
      .catch((error: unknown) => {
        failures.push(error);
      });
  }
  let queue: Promise<void> = Promise.resolve();
  const failures: unknown[] = [];

  async function deliver(event: SentEvent): Promise<void> {
    if (!target) return;
    if (typeof target === 'function') return target(event);
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.payload,
    });
    if (!res.ok) throw new Error(`webhook ${event.type} answered ${res.status}`);
  }

  async function pay(sessionId: string): Promise<string> {
    const s = session(sessionId);
    if (s.status !== 'open') return String(s.success_url);
    const start = nowSeconds();
    const subId = newId('sub');
    const items = s.line_items_input as Params[];
    const sub: Obj = {
      id: subId,
      object: 'subscription',
      customer: s.customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata: (s.subscription_data as { metadata?: Params }).metadata ?? {},
      items: {
        object: 'list',
        data: items.map((item) => ({
          id: newId('si'),
          object: 'subscription_item',
          price: price(item.price),
          quantity: Number(item.quantity ?? 1),
          current_period_start: start,
          current_period_end: start + MONTH_SECONDS,
        })),
        has_more: false,
      },
      latest_invoice: null,
      livemode: false,
    };
    subscriptions.set(subId, sub);
    const amount = itemsOf(sub).reduce((sum, it) => sum + Number(it.price.unit_amount), 0);
    const paid = invoice(sub, amount, 'paid');
    sub.latest_invoice = paid.id;
    Object.assign(s, { status: 'complete', payment_status: 'paid', subscription: subId });
    await send('customer.subscription.created', sub);
    await send('checkout.session.completed', s);
    await send('invoice.paid', paid);
    return String(s.success_url);
  }

  function checkoutPage(s: Obj): string {
    const items = (s.line_items_input as Params[]).map((item) => price(item.price));
    const total = items.reduce((sum, p) => sum + Number(p.unit_amount), 0) / 100;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in Checkout</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">
<h1>Stand-in Checkout</h1><p>Subscribe: ${items.map((p) => String(p.lookup_key)).join(', ')}</p>
<p>$${total.toFixed(2)} per month, test card 4242 4242 4242 4242</p>
<form method="post" action="/checkout/${s.id}/pay"><button type="submit">Pay and subscribe</button></form>
<form method="post" action="/checkout/${s.id}/cancel"><button type="submit">Back</button></form>
</body></html>`;
  }

  function portalPage(portal: Obj): string {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in Customer Portal</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">
<h1>Stand-in Customer Portal</h1><p>Invoices and the card on file would be here.</p>
<a href="${String(portal.return_url ?? '/')}">Return to Cadence</a></body></html>`;
  }

  async function setStatus(subscriptionId: string, status: string): Promise<Obj> {
    const sub = subscriptionOf(subscriptionId);
    sub.status = status;
    return sub;
  }

  return {
    url,
    secretKey,
    webhookSecret,
    requests,
    events,
    deliverTo(next) {
      target = next;
    },
    pay,
    async failPayment(subscriptionId) {
      const sub = await setStatus(subscriptionId, 'past_due');
      const amount = itemsOf(sub).reduce((sum, it) => sum + Number(it.price.unit_amount), 0);
      const failed = invoice(sub, amount, 'open');
      sub.latest_invoice = failed.id;
      await send('invoice.payment_failed', failed);
      await send('customer.subscription.updated', sub);
    },
    async giveUp(subscriptionId) {
      const sub = await setStatus(subscriptionId, 'canceled');
      await send('customer.subscription.deleted', sub);
    },
    async recover(subscriptionId) {
      const sub = await setStatus(subscriptionId, 'active');
      const last = invoices.get(String(sub.latest_invoice));
      if (last) Object.assign(last, { status: 'paid', amount_paid: last.amount_due });
      await send('invoice.paid', last ?? invoice(sub, 0, 'paid'));
      await send('customer.subscription.updated', sub);
    },
    declineCard(customerId) {
      const customer = customers.get(customerId);
      if (!customer) throw new Error(`no customer ${customerId}`);
      customer.invoice_settings = { default_payment_method: DECLINING_CARD };
    },
    failApi(error) {
      outage = error;
    },
    resend: deliver,
    async settled() {
      await queue;
      if (failures.length > 0) throw failures.splice(0)[0];
    },
    subscription: (id) => subscriptions.get(id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
