import { AlertTriangle, Info } from 'lucide-react';
import { BILLING_NOT_CONNECTED, type SubscriptionView } from '@shared/plans.contract';
import { cn } from '@web/lib/utils';

/** Billing dates in words (the grace end, the paid period's end). */
export const billingDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/**
 * The words for a failed payment. The grace period's end is a promise while it is ahead; once it
 * has passed while Stripe still retries the charge (its retries may run past the seven days), the
 * plan is still on and the date is no deadline any more: the words say "now" instead.
 */
export function paymentFailedWords(
  planName: string,
  graceUntil: string,
  now: number = Date.now(),
): { notice: string; banner: string } {
  const end = new Date(graceUntil);
  const otherwise =
    'if Stripe cannot charge it, your account moves to Spin Starter (your videos stay).';
  if (end.getTime() > now) {
    const date = billingDate.format(end);
    return {
      notice: `Your last payment failed. Update your card in Manage Billing by ${date} to keep ${planName}: ${otherwise}`,
      banner: `Your last payment failed. ${planName} stays active until ${date}.`,
    };
  }
  const retrying = 'Your last payment failed and Stripe is still trying to charge it';
  return {
    notice: `${retrying}. Update your card in Manage Billing now to keep ${planName}: ${otherwise}`,
    banner: `${retrying}: ${planName} stays active until it gives up.`,
  };
}

/** What the plan's billing means right now, said plainly above the plan. */
export function BillingNotice({ subscription }: { subscription: SubscriptionView }) {
  const { billing, plan } = subscription;
  const notice = !billing.connected
    ? { alert: false, text: BILLING_NOT_CONNECTED }
    : billing.graceUntil
      ? {
          alert: true,
          text: paymentFailedWords(plan.name, billing.graceUntil).notice,
        }
      : billing.cancelAtPeriodEnd && billing.currentPeriodEnd
        ? {
            alert: false,
            text: `Your subscription is cancelled: ${plan.name} runs until ${billingDate.format(new Date(billing.currentPeriodEnd))}, then your account moves to Spin Starter.`,
          }
        : undefined;
  if (!notice) return null;
  const Icon = notice.alert ? AlertTriangle : Info;
  return (
    <div
      role={notice.alert ? 'alert' : 'note'}
      data-testid={notice.alert ? 'grace-banner' : 'billing-notice'}
      className={cn(
        'flex items-start gap-3 rounded-lg border px-4 py-3 text-sm',
        notice.alert ? 'border-destructive/40 bg-destructive/10' : 'border-primary/30 bg-primary/5',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'mt-0.5 size-4 shrink-0',
          notice.alert ? 'text-destructive-text' : 'text-primary',
        )}
      />
      <p>{notice.text}</p>
    </div>
  );
}
