import { describe, expect, it } from 'vitest';
import type { WebhookDeliveryDto } from '@shared/webhooks.contract';
import {
  attemptsLabel,
  deliveryFacts,
  durationLabel,
  eventLabel,
  lastUsed,
  relativeTime,
  responseLabel,
  testOutcome,
} from './format';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

function delivery(overrides: Partial<WebhookDeliveryDto> = {}): WebhookDeliveryDto {
  return {
    id: 'msg_0123456789abcdef0123456789abcdef',
    eventType: 'webhook.test',
    status: 'succeeded',
    attempts: 1,
    responseStatus: 200,
    durationMs: 34,
    error: null,
    createdAt: ago(10),
    lastAttemptAt: ago(10),
    nextAttemptAt: null,
    ...overrides,
  };
}

describe('relativeTime', () => {
  it('says "just now" under a minute, either way', () => {
    expect(relativeTime(ago(0), NOW, 'en')).toBe('just now');
    expect(relativeTime(ago(59), NOW, 'en')).toBe('just now');
    expect(relativeTime(ago(-30), NOW, 'en')).toBe('just now');
  });

  it('picks the largest whole unit, rounding towards now', () => {
    expect(relativeTime(ago(60), NOW, 'en')).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60 + 59), NOW, 'en')).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), NOW, 'en')).toBe('3 hours ago');
    expect(relativeTime(ago(86_400), NOW, 'en')).toBe('yesterday');
    expect(relativeTime(ago(3 * 86_400), NOW, 'en')).toBe('3 days ago');
    expect(relativeTime(ago(14 * 86_400), NOW, 'en')).toBe('2 weeks ago');
    expect(relativeTime(ago(400 * 86_400), NOW, 'en')).toBe('last year');
  });

  it('speaks of the future too (a retry that is due)', () => {
    expect(relativeTime(ago(-10 * 60), NOW, 'en')).toBe('in 10 minutes');
  });
});

describe('lastUsed', () => {
  it('says never for a key not used yet', () => {
    expect(lastUsed(null, NOW, 'en')).toBe('Never used');
    expect(lastUsed(ago(7200), NOW, 'en')).toBe('Last used 2 hours ago');
  });
});

describe('delivery words', () => {
  it('names events with the contract labels and the test event its own way', () => {
    expect(eventLabel('class.ready')).toBe('Class ready');
    expect(eventLabel('analytics.summary')).toBe('Daily analytics summary');
    expect(eventLabel('webhook.test')).toBe('Test event');
    expect(eventLabel('something.new')).toBe('something.new');
  });

  it('says the response, the duration and the attempts', () => {
    expect(responseLabel(200)).toBe('HTTP 200');
    expect(responseLabel(null)).toBe('No response');
    expect(durationLabel(null)).toBeNull();
    expect(durationLabel(85)).toBe('85 ms');
    expect(durationLabel(1250)).toBe('1.3 s');
    expect(attemptsLabel(1)).toBe('1 attempt');
    expect(attemptsLabel(3)).toBe('3 attempts');
    expect(deliveryFacts(delivery(), NOW, 'en')).toEqual(['HTTP 200', '34 ms', '1 attempt']);
  });

  it('says when a pending delivery is tried next, and nothing timed when nothing was', () => {
    const pending = delivery({
      status: 'pending',
      attempts: 2,
      responseStatus: null,
      durationMs: null,
      nextAttemptAt: ago(-300),
    });
    expect(deliveryFacts(pending, NOW, 'en')).toEqual([
      'No response',
      '2 attempts',
      'next attempt in 5 minutes',
    ]);
  });

  it('words the outcome of a test event', () => {
    expect(testOutcome(delivery())).toBe('Delivered: HTTP 200 in 34 ms');
    expect(
      testOutcome(
        delivery({
          status: 'failed',
          responseStatus: 500,
          error: 'The receiver answered HTTP 500',
        }),
      ),
    ).toBe('Not delivered: The receiver answered HTTP 500');
    expect(testOutcome(delivery({ status: 'failed', responseStatus: 502, error: null }))).toBe(
      'Not delivered: HTTP 502 in 34 ms',
    );
  });
});
