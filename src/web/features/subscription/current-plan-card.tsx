import { CreditCard, FileText, XCircle } from 'lucide-react';
import { formatPrice } from '@shared/plans';
import type { SubscriptionView } from '@shared/plans.contract';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { cn } from '@web/lib/utils';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The plan the account is on, its video usage and the billing actions (honestly unavailable). */
export function CurrentPlanCard({ subscription }: { subscription: SubscriptionView }) {
  const { plan, usage, billing, planChangedAt } = subscription;
  const percent =
    usage.videoLimit > 0 ? Math.round((usage.videoCount / usage.videoLimit) * 100) : 100;
  const atLimit = usage.videoCount >= usage.videoLimit;
  const billingNote = billing.connected
    ? undefined
    : 'Available once a payment provider is connected. No card has been charged, so there are no invoices and nothing to cancel.';

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
            {atLimit
              ? 'You have reached your plan’s video limit. Choose a larger plan to upload more.'
              : `${usage.videoLimit - usage.videoCount} more ${usage.videoLimit - usage.videoCount === 1 ? 'video' : 'videos'} can be uploaded on this plan.`}
          </p>
        </section>

        <section aria-labelledby="billing-title" className="space-y-3 border-t pt-5">
          <h3 id="billing-title" className="text-sm font-medium">
            Billing
          </h3>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button variant="outline" disabled aria-describedby="billing-unavailable">
              <CreditCard aria-hidden="true" />
              Manage Billing
            </Button>
            <Button variant="outline" disabled aria-describedby="billing-unavailable">
              <FileText aria-hidden="true" />
              View Invoices
            </Button>
            <Button variant="outline" disabled aria-describedby="billing-unavailable">
              <XCircle aria-hidden="true" />
              Cancel Subscription
            </Button>
          </div>
          {billingNote && (
            <p id="billing-unavailable" className="text-sm text-muted-foreground">
              {billingNote} To stop paying later, switch to Spin Starter, the free plan.
            </p>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
