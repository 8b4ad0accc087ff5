import { z } from 'zod';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';
import { lockedMessage } from './plan-features';

/**
 * Signed webhooks (issue #19, Elite Studio): the owner registers endpoint URLs under Settings > API
 * and picks the events each receives. Every delivery is signed the Standard Webhooks way
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`) with the
 * endpoint's secret (`whsec_…`, shown once at creation), retried with backoff for about a day, and
 * logged. Off Elite the endpoints stay listed but receive nothing.
 */
export const WEBHOOKS_PATH = '/api/auth/webhooks';
/** The screen where the owner manages webhooks (Settings > API): the disabled endpoint's email links here. */
export const WEBHOOKS_SCREEN_PATH = '/settings/api';

/** The events an endpoint may subscribe to, in the order the screen lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'class.ready',
  'class.failed',
  'class.deleted',
  'analytics.summary',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent only by "Send test event"; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveryEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, { label: string; detail: string }> = {
  'class.ready': {
    label: 'Class ready',
    detail: 'A class finished processing and riders can watch it.',
  },
  'class.failed': {
    label: 'Class failed',
    detail: 'A class could not be processed.',
  },
  'class.deleted': {
    label: 'Class deleted',
    detail: 'A class was deleted.',
  },
  'analytics.summary': {
    label: 'Daily analytics summary',
    detail: "Yesterday's views, unique riders and minutes watched, once a day.",
  },
};

/** Every secret starts with this (Standard Webhooks); the rest is base64 of 24 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Endpoints an account may register. */
export const WEBHOOK_ENDPOINTS_LIMIT = 10;
/** Test events per session in WEBHOOK_TEST_LIMIT.windowMs: the button is not a way to flood a URL. */
export const WEBHOOK_TEST_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 };
/** Deliveries the log shows per page. */
export const WEBHOOK_DELIVERIES_PAGE = 50;

export const WEBHOOK_MESSAGES = {
  locked: lockedMessage('apiAccess', 'Webhooks'),
  limit: `An account can register up to ${WEBHOOK_ENDPOINTS_LIMIT} webhook endpoints. Delete one to add another.`,
  notFound: 'Webhook endpoint not found',
  urlRequired: 'Enter the URL that receives the events',
  urlLong: `The URL must be under ${WEBHOOK_URL_MAX} characters`,
  urlInvalid: 'Enter a full URL, like https://example.com/webhooks/cadence',
  urlHttps: 'The URL must start with https://',
  urlCredentials: 'The URL cannot contain a user name or password',
  urlPort: 'The URL must use the standard port (443 for https, 80 for http) or a port above 1023',
  urlPrivate:
    'This address is on a private, loopback or link-local network: Cadence only sends to public addresses',
  urlUnresolvable: 'The host name of this URL could not be found',
  descriptionLong: `Description must be under ${WEBHOOK_DESCRIPTION_MAX} characters`,
  eventsRequired: 'Choose at least one event to send',
  eventUnknown: `Events are chosen from ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  cursor: 'This page of the log is not valid: start from the first page',
  /** A delivery's error when it was not sent because the endpoint was disabled meanwhile. */
  notSentDisabled: 'Not sent: the endpoint is disabled',
  enabledChoice: 'Choose whether the endpoint is enabled: true or false',
  nothingToChange: 'Nothing to change: send the url, description, events or enabled',
  created: 'Webhook endpoint added. Copy its signing secret now: it will not be shown again.',
  saved: 'Webhook endpoint saved',
  enabled: 'Webhook endpoint enabled: deliveries start again',
  disabled: 'Webhook endpoint disabled: it receives nothing until you enable it',
  deleted: 'Webhook endpoint deleted',
  testSent: 'Test event sent',
  tooManyTests: 'Too many test events. Please wait a few minutes and try again.',
  /** The reason an endpoint turned itself off (shown on the screen and in the email). */
  disabledAfterFailures: (count: number) =>
    `Disabled after ${count} deliveries in a row failed. Fix the receiver, then enable the endpoint again.`,
  disabledByOwner: 'Disabled by you',
} as const;

const url = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlLong);
const description = z
  .string({ error: WEBHOOK_MESSAGES.descriptionLong })
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, WEBHOOK_MESSAGES.descriptionLong);
const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventUnknown }), {
    error: WEBHOOK_MESSAGES.eventsRequired,
  })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .refine((list) => list.length <= WEBHOOK_EVENT_TYPES.length * 2, WEBHOOK_MESSAGES.eventUnknown)
  .transform((list) => WEBHOOK_EVENT_TYPES.filter((type) => list.includes(type)));

/** POST /api/auth/webhooks. The URL's syntax, scheme, port and address are checked by the server. */
export const createWebhookBody = z.object({
  url,
  description: description.nullable().optional(),
  events,
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;
export type CreateWebhookValues = z.output<typeof createWebhookBody>;

/** PATCH /api/auth/webhooks/:id: only what is sent changes; `enabled: true` clears the failure streak. */
export const updateWebhookBody = z
  .object({
    url: url.optional(),
    description: description.nullable().optional(),
    events: events.optional(),
    enabled: z.boolean({ error: WEBHOOK_MESSAGES.enabledChoice }).optional(),
  })
  .refine(
    (b) => Object.values(b).some((value) => value !== undefined),
    WEBHOOK_MESSAGES.nothingToChange,
  );
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;
export type UpdateWebhookValues = z.output<typeof updateWebhookBody>;

const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** `whsec_…` and its last 4 characters (never the secret). */
  secretHint: z.string(),
  enabled: z.boolean(),
  /** Why it is disabled (after repeated failure, or by the owner); null while enabled. */
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  /** Deliveries given up in a row since the last success. */
  failureStreak: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpointDto = z.infer<typeof webhookEndpoint>;

const eventTypeInfo = z.object({
  type: z.enum(WEBHOOK_EVENT_TYPES),
  label: z.string(),
  detail: z.string(),
});

/** GET /api/auth/webhooks */
const webhooksView = z.object({
  endpoints: z.array(webhookEndpoint),
  /** The plan includes API access (otherwise the screen shows the lock; endpoints receive nothing). */
  allowed: z.boolean(),
  /** WEBHOOK_MESSAGES.locked when the plan lacks API access, else null. */
  notice: z.string().nullable(),
  limit: z.number(),
  eventTypes: z.array(eventTypeInfo),
});
export type WebhooksView = z.infer<typeof webhooksView>;

const createdWebhook = z.object({
  message: z.string(),
  endpoint: webhookEndpoint,
  /** The whole signing secret: shown this once, never again. */
  secret: z.string(),
});
export type CreatedWebhook = z.infer<typeof createdWebhook>;

const webhookResponse = z.object({ message: z.string(), endpoint: webhookEndpoint });
export type WebhookResponse = z.infer<typeof webhookResponse>;

const delivery = z.object({
  /** The `webhook-id` header: `msg_` + 32 hex characters, the same on every retry. */
  id: z.string(),
  eventType: z.string(),
  /** pending: an attempt is due; succeeded; failed: given up after the last retry. */
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number(),
  /** The last attempt's HTTP status (null: no answer, e.g. a timeout or a refused address). */
  responseStatus: z.number().nullable(),
  durationMs: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDeliveryDto = z.infer<typeof delivery>;

/** GET /api/auth/webhooks/:id/deliveries?cursor=…: newest first, WEBHOOK_DELIVERIES_PAGE a page. */
export const webhookDeliveriesQuery = z.object({
  cursor: z.string().max(200, WEBHOOK_MESSAGES.cursor).optional(),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuery>;

const deliveriesView = z.object({
  deliveries: z.array(delivery),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveriesView = z.infer<typeof deliveriesView>;

const testResponse = z.object({ message: z.string(), delivery });
export type WebhookTestResponse = z.infer<typeof testResponse>;

export const webhookEndpoints = {
  list: withSchemas(
    endpoint<{ response: WebhooksView }>()({
      method: 'GET',
      path: WEBHOOKS_PATH,
      access: 'owner',
      summary: "The account's webhook endpoints and the events they can receive",
    }),
    { response: webhooksView },
  ),
  create: withSchemas(
    endpoint<{ body: CreateWebhookBody; response: CreatedWebhook }>()({
      method: 'POST',
      path: WEBHOOKS_PATH,
      access: 'owner',
      summary:
        'Registers a webhook endpoint (Elite Studio); its signing secret is in this answer only',
      status: 201,
    }),
    { body: createWebhookBody, response: createdWebhook },
  ),
  update: withSchemas(
    endpoint<{ body: UpdateWebhookBody; response: WebhookResponse }>()({
      method: 'PATCH',
      path: `${WEBHOOKS_PATH}/:id`,
      access: 'owner',
      summary: "Changes a webhook endpoint's URL, description or events, or disables or enables it",
    }),
    { body: updateWebhookBody, response: webhookResponse },
  ),
  remove: withSchemas(
    endpoint<{ response: { message: string } }>()({
      method: 'DELETE',
      path: `${WEBHOOKS_PATH}/:id`,
      access: 'owner',
      summary: 'Deletes a webhook endpoint and its delivery log',
    }),
    { response: z.object({ message: z.string() }) },
  ),
  test: withSchemas(
    endpoint<{ response: WebhookTestResponse }>()({
      method: 'POST',
      path: `${WEBHOOKS_PATH}/:id/test`,
      access: 'owner',
      summary: 'Sends a webhook.test event to the endpoint now and answers the delivery',
    }),
    { response: testResponse },
  ),
  deliveries: withSchemas(
    endpoint<{ query: WebhookDeliveriesQuery; response: WebhookDeliveriesView }>()({
      method: 'GET',
      path: `${WEBHOOKS_PATH}/:id/deliveries`,
      access: 'owner',
      summary: "A webhook endpoint's delivery log, newest first",
    }),
    { query: webhookDeliveriesQuery, response: deliveriesView },
  ),
} as const;

/** The body of every delivery (what is signed, byte for byte). */
export interface WebhookPayload<D = Record<string, unknown>> {
  type: WebhookDeliveryEventType;
  /** When the event happened, ISO 8601. */
  timestamp: string;
  data: D;
}
