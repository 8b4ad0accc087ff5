import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryDto,
  type WebhookEventType,
} from '@shared/webhooks.contract';

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "in 2 hours"; under a minute either way, "just now". */
export function relativeTime(iso: string, now: number = Date.now(), locale?: string): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** A key's last use: "Never used" or "Last used 5 minutes ago". */
export function lastUsed(iso: string | null, now: number = Date.now(), locale?: string): string {
  return iso ? `Last used ${relativeTime(iso, now, locale)}` : 'Never used';
}

/** An event's name as the screen says it (the contract's label; the test event its own). */
export function eventLabel(type: string): string {
  if (type === WEBHOOK_TEST_EVENT) return 'Test event';
  return WEBHOOK_EVENT_LABELS[type as WebhookEventType]?.label ?? type;
}

export type DeliveryTone = 'success' | 'danger' | 'waiting';

/** A delivery's status badge: its words and its tone. */
export const DELIVERY_STATUS: Record<
  WebhookDeliveryDto['status'],
  { label: string; tone: DeliveryTone }
> = {
  succeeded: { label: 'Succeeded', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  pending: { label: 'Pending', tone: 'waiting' },
};

/** "HTTP 200", or "No response" (a timeout, a refused address, a delivery not sent). */
export function responseLabel(status: number | null): string {
  return status === null ? 'No response' : `HTTP ${status}`;
}

/** "85 ms", "1.2 s"; null when nothing was timed. */
export function durationLabel(ms: number | null): string | null {
  if (ms === null) return null;
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export function attemptsLabel(attempts: number): string {
  return `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
}

/** The line under a delivery: response, duration, attempts, and when the next one is due. */
export function deliveryFacts(
  delivery: WebhookDeliveryDto,
  now: number = Date.now(),
  locale?: string,
): string[] {
  const facts = [responseLabel(delivery.responseStatus)];
  const duration = durationLabel(delivery.durationMs);
  if (duration) facts.push(duration);
  facts.push(attemptsLabel(delivery.attempts));
  if (delivery.status === 'pending' && delivery.nextAttemptAt) {
    facts.push(`next attempt ${relativeTime(delivery.nextAttemptAt, now, locale)}`);
  }
  return facts;
}

/** What "Send test event" says of its one attempt: "Delivered: HTTP 200 in 34 ms", or the error. */
export function testOutcome(delivery: WebhookDeliveryDto): string {
  const how = [responseLabel(delivery.responseStatus), durationLabel(delivery.durationMs)]
    .filter(Boolean)
    .join(' in ');
  if (delivery.status === 'succeeded') return `Delivered: ${how}`;
  return `Not delivered: ${delivery.error ?? how}`;
}
