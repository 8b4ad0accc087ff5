import { AlertTriangle, X } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@web/components/ui/button';
import { usePortal } from './api/billing';
import { useSubscription } from './api/plans';
import { paymentFailedWords } from './billing-notice';
import { failed } from './failed-toast';

/**
 * A failed payment, under the top bar of every screen of the app shell but Subscription (which says
 * it in its own notice): the plan stays until the grace period ends, the card is updated in the
 * Stripe Customer Portal. Dismissed, it stays away until the app is loaded again.
 */
export function GraceBanner() {
  const subscription = useSubscription();
  const portal = usePortal();
  const [pathname] = useLocation();
  const [dismissed, setDismissed] = useState(false);
  const billing = subscription.data?.billing;
  // As on Subscription: without Stripe connected there is no portal to send the owner to.
  const graceUntil = billing?.connected ? billing.graceUntil : null;
  if (!subscription.data || !graceUntil || dismissed || pathname === '/subscription') return null;

  return (
    <div
      role="status"
      data-testid="payment-failed-banner"
      className="flex items-center gap-2 border-b border-destructive/30 bg-destructive/10 py-1.5 pr-1.5 pl-3 text-sm sm:pl-4"
    >
      <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-destructive-text" />
      <p className="min-w-0 flex-1">
        {paymentFailedWords(subscription.data.plan.name, graceUntil).banner}{' '}
        <Button
          variant="link"
          className="h-auto p-0 font-semibold whitespace-normal text-foreground underline"
          disabled={portal.isPending}
          onClick={() => portal.mutate(undefined, { onError: failed('Billing not opened') })}
        >
          Update your payment method
        </Button>
      </p>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label="Dismiss the payment notice"
        onClick={() => setDismissed(true)}
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
