import { describe, expect, it } from 'vitest';
import { billingDate, paymentFailedWords } from './billing-notice';

describe('the words for a failed payment', () => {
  const graceUntil = '2026-12-04T10:00:00.000Z';
  const date = billingDate.format(new Date(graceUntil));

  it('name the grace period’s end while it is ahead', () => {
    const words = paymentFailedWords('Power Cycle', graceUntil, Date.parse('2026-11-30T10:00:00Z'));
    expect(words.notice).toBe(
      `Your last payment failed. Update your card in Manage Billing by ${date} to keep Power Cycle: if Stripe cannot charge it, your account moves to Spin Starter (your videos stay).`,
    );
    expect(words.banner).toBe(`Your last payment failed. Power Cycle stays active until ${date}.`);
  });

  it('never name a date in the past: Stripe still retrying past the seven days means now', () => {
    const words = paymentFailedWords('Power Cycle', graceUntil, Date.parse('2026-12-09T10:00:00Z'));
    expect(`${words.notice} ${words.banner}`).not.toContain(date);
    expect(words.notice).toContain('Update your card in Manage Billing now to keep Power Cycle');
    expect(words.banner).toBe(
      'Your last payment failed and Stripe is still trying to charge it: Power Cycle stays active until it gives up.',
    );
  });
});
