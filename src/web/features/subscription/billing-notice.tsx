import { AlertTriangle, Info } from 'lucide-react';
import { BILLING_NOT_CONNECTED, type SubscriptionView } from '@shared/plans.contract';
import { cn } from '@web/lib/utils';

/** Billing dates in words (the grace end, the paid period's end). */
export const billingDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** What the plan's billing means right now, said plainly above the plan. */
export function BillingNotice({ subscription }: { subscription: SubscriptionView }) {
  const { billing, plan } = subscription;
  const notice = !billing.connected
    ? { alert: false, text: BILLING_NOT_CONNECTED }
    : billing.graceUntil
      ? {
          alert: true,
          text: `Your last payment failed. Update your card in Manage Billing by ${billingDate.format(new Date(billing.graceUntil))} to keep ${plan.name}: if Stripe cannot charge it, your account moves to Spin Starter (your videos stay).`,
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
