import { CreditCard, FileText, XCircle } from 'lucide-react';
import { formatPrice } from '@shared/plans';
import type { SubscriptionView } from '@shared/plans.contract';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { cn } from '@web/lib/utils';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

interface CurrentPlanCardProps {
  subscription: SubscriptionView;
  /** Manage Billing and View Invoices: the Stripe Customer Portal. */
  onPortal: () => void;
  onCancel: () => void;
  busy: boolean;
}

/**
 * The plan the account is on, its video usage and the billing actions: the Stripe Customer Portal
 * and Cancel when Stripe is connected, else shown unavailable with the reason.
 */
export function CurrentPlanCard({ subscription, onPortal, onCancel, busy }: CurrentPlanCardProps) {
  const { plan, usage, billing, planChangedAt } = subscription;
  const over = usage.videoCount > usage.videoLimit;
  const paying =
    billing.status !== null && ['active', 'trialing', 'past_due'].includes(billing.status);
  const percent =
    usage.videoLimit > 0 ? Math.round((usage.videoCount / usage.videoLimit) * 100) : 100;
  const atLimit = usage.videoCount >= usage.videoLimit;
  const billingNote = !billing.connected
    ? 'Available once a payment provider is connected. No card has been charged, so there are no invoices and nothing to cancel. To stop paying later, switch to Spin Starter, the free plan.'
    : billing.cancelAtPeriodEnd || !paying
      ? undefined
      : 'Cancelling keeps your plan until the end of the period you paid for; then your account moves to Spin Starter.';

  return (
    <Card>
      <CardHeader>
        <CardDescription>Current plan</CardDescription>
        <CardTitle className="flex flex-wrap items-center gap-3 text-2xl">
          <h2 data-testid="current-plan-name">{plan.name}</h2>
          <Badge variant="secondary">Current Plan</Badge>
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          <span className="text-base font-semibold text-foreground">{formatPrice(plan)}</span>
          {plan.price > 0 && ' per month'}
          {planChangedAt && <> · since {dateFormat.format(new Date(planChangedAt))}</>}
        </p>
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-labelledby="usage-title" className="space-y-2">
          <div className="flex items-baseline justify-between gap-2">
            <h3 id="usage-title" className="text-sm font-medium">
              Video usage
            </h3>
            <p className="text-sm tabular-nums text-muted-foreground" data-testid="usage-text">
              {usage.videoCount} of {usage.videoLimit} videos used
            </p>
          </div>
          <Progress
            value={Math.min(percent, 100)}
            aria-label={`${usage.videoCount} of ${usage.videoLimit} videos used`}
            indicatorClassName={cn(atLimit && 'bg-destructive')}
          />
          <p
            className={cn(
              'text-sm',
              atLimit ? 'font-medium text-destructive-text' : 'text-muted-foreground',
            )}
          >
            {over
              ? `You have more videos than ${plan.name} allows. Every video stays in your library and on your gym page; to upload new ones, delete ${usage.videoCount - usage.videoLimit + 1} or choose a larger plan.`
              : atLimit
                ? 'You have reached your plan’s video limit. Choose a larger plan to upload more.'
                : `${usage.videoLimit - usage.videoCount} more ${usage.videoLimit - usage.videoCount === 1 ? 'video' : 'videos'} can be uploaded on this plan.`}
          </p>
        </section>

        <section aria-labelledby="billing-title" className="space-y-3 border-t pt-5">
          <h3 id="billing-title" className="text-sm font-medium">
            Billing
          </h3>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button
              variant="outline"
              disabled={!billing.connected || busy}
              aria-describedby={billingNote ? 'billing-note' : undefined}
              onClick={onPortal}
            >
              <CreditCard aria-hidden="true" />
              Manage Billing
            </Button>
            <Button
              variant="outline"
              disabled={!billing.connected || busy}
              aria-describedby={billingNote ? 'billing-note' : undefined}
              onClick={onPortal}
            >
              <FileText aria-hidden="true" />
              View Invoices
            </Button>
            <Button
              variant="outline"
              disabled={!billing.connected || !paying || billing.cancelAtPeriodEnd || busy}
              aria-describedby={billingNote ? 'billing-note' : undefined}
              onClick={onCancel}
            >
              <XCircle aria-hidden="true" />
              Cancel Subscription
            </Button>
          </div>
          {billingNote && (
            <p id="billing-note" className="text-sm text-muted-foreground">
              {billingNote}
            </p>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
