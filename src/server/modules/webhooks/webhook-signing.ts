import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@shared/webhooks.contract';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of
 * random bytes; the signature is `v1,` + base64 of HMAC-SHA256, keyed with the decoded bytes, over
 * `${id}.${timestamp}.${body}`.
 */

/** A new endpoint secret: `whsec_` + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** `whsec_` and the secret's last 4 characters, for the screen (never the secret). */
export function secretHint(secret: string): string {
  return `${WEBHOOK_SECRET_PREFIX}…${secret.slice(-4)}`;
}

/** The message id of a delivery (the `webhook-id` header): `msg_` + its uuid's hex. */
export function messageId(deliveryId: string): string {
  return `msg_${deliveryId.replace(/-/g, '')}`;
}

/** The delivery's uuid from a message id, or null when it is not one. */
export function deliveryIdOf(message: string): string | null {
  const hex = /^msg_([0-9a-f]{32})$/.exec(message)?.[1];
  if (!hex) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `v1,<base64 HMAC-SHA256>` of `${id}.${timestamp}.${body}` with the secret's key. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers of one attempt. */
export function webhookHeaders(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}
