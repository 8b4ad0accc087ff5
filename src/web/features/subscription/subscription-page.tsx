import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { PLANS, type PlanId } from '@shared/plans';
import type { PlanView, SubscriptionView } from '@shared/plans.contract';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Spinner } from '@web/components/ui/spinner';
import { refetchCurrentUser } from '@web/lib/session';
import { toast } from '@web/lib/use-toast';
import { useCancelSubscription, useCheckout, usePortal } from './api/billing';
import { useChangePlan } from './api/change-plan';
import { plansQuery, usePlans, useSubscription } from './api/plans';
import { BillingNotice, billingDate } from './billing-notice';
import { ChangePlanDialog, type ChangeKind } from './change-plan-dialog';
import { CurrentPlanCard } from './current-plan-card';
import { failed } from './failed-toast';
import { PlanCard } from './plan-card';
import { DIALOG_ROWS, PlanChangeList } from './plan-change-list';
import { comparedFeature } from './plan-changes';
import { PlanCompare } from './plan-compare';
import { SubscriptionFaq } from './subscription-faq';

/** How often the page asks whether the webhook has applied a paid checkout. */
const CONFIRM_POLL_MS = 1500;

/** The webhook has applied a paid subscription (what a successful checkout waits for). */
function paidAndActive(subscription: SubscriptionView | undefined): boolean {
  return Boolean(
    subscription &&
    subscription.plan.price > 0 &&
    subscription.billing.status !== null &&
    ['active', 'trialing'].includes(subscription.billing.status),
  );
}

/**
 * Subscription (product.md §2, §9): the current plan, real usage, the four plans, their comparison
 * and the FAQ. Choosing a plan first says what it adds or takes away. With Stripe: Upgrade goes on
 * to Checkout (then 'Confirming your payment…' until the webhook applies the plan), a paid plan
 * switches with the prorated charge shown first, Manage Billing and View Invoices open the Customer
 * Portal, Cancel ends the plan at the period's end.
 */
export function SubscriptionPage() {
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const confirming = search.get('checkout') === 'success';
  const plans = usePlans();
  const subscription = useSubscription(
    confirming ? { refetchInterval: CONFIRM_POLL_MS } : undefined,
  );
  const changePlan = useChangePlan();
  const checkout = useCheckout();
  const portal = usePortal();
  const cancel = useCancelSubscription();
  const [switching, setSwitching] = useState<PlanView | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const checkoutCancelled = search.get('checkout') === 'cancelled';
  // A lock's 'Upgrade to {plan}' link: the comparison shows its feature (LockedNote's history state).
  const highlight = comparedFeature(useHistoryState());

  const confirmed = confirming && paidAndActive(subscription.data);
  useEffect(() => {
    if (!confirmed) return;
    toast({
      title: 'Payment confirmed',
      description: `You are now on ${subscription.data?.plan.name}.`,
    });
    void queryClient.invalidateQueries({ queryKey: plansQuery.queryKey });
    void refetchCurrentUser(queryClient);
    navigate('/subscription', { replace: true });
  }, [confirmed, navigate, queryClient, subscription.data?.plan.name]);

  const connected = subscription.data?.billing.connected ?? false;
  const current = plans.data?.find((p) => p.isCurrentPlan);
  const kind: ChangeKind = !connected
    ? 'manual'
    : !current || current.price === 0
      ? 'checkout'
      : 'switch';

  function applyChange(planId: PlanId) {
    changePlan.mutate(planId, {
      onSuccess: (response) => {
        setSwitching(null);
        toast({ title: 'Plan updated', description: response.message });
      },
      onError: failed('Plan not changed'),
    });
  }

  /** Every change asks first with what it adds or takes away; with Stripe, Spin Starter is the cancel. */
  function choose(plan: PlanView) {
    if (connected && plan.price === 0) return setCancelling(true);
    setSwitching(plan);
  }

  function confirmChange(plan: PlanView) {
    if (kind !== 'checkout') return applyChange(plan.id);
    checkout.mutate(plan.id, { onError: failed('Checkout not started') });
  }

  function confirmCancel() {
    cancel.mutate(undefined, {
      onSuccess: (response) => {
        setCancelling(false);
        toast({ title: 'Subscription cancelled', description: response.message });
      },
      onError: failed('Subscription not cancelled'),
    });
  }

  const loading = plans.isLoading || subscription.isLoading;
  const loadFailed = plans.isError || subscription.isError;
  const busy = changePlan.isPending || checkout.isPending || portal.isPending || cancel.isPending;

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Subscription</h1>
        <p className="text-muted-foreground">
          Your plan, your video usage and what each plan includes.
        </p>
      </div>

      {confirming && !confirmed && (
        <div
          role="status"
          data-testid="confirming-payment"
          className="flex items-center gap-3 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm"
        >
          <Spinner size="sm" />
          Confirming your payment…
        </div>
      )}

      {checkoutCancelled && (
        <p
          role="status"
          className="rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm"
        >
          Checkout cancelled: nothing was charged and your plan is unchanged.
        </p>
      )}

      {subscription.data && <BillingNotice subscription={subscription.data} />}

      {loading && (
        <div className="flex min-h-40 items-center justify-center">
          <Spinner size="lg" label="Loading..." className="flex-col gap-3" />
        </div>
      )}
      {loadFailed && (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-destructive-text" />
          Unable to load your subscription. Please reload the page.
        </div>
      )}

      {subscription.data && (
        <CurrentPlanCard
          subscription={subscription.data}
          busy={busy}
          onPortal={() => portal.mutate(undefined, { onError: failed('Billing not opened') })}
          onCancel={() => setCancelling(true)}
        />
      )}

      {plans.data && (
        <section aria-labelledby="plans-title" className="space-y-4">
          <h2 id="plans-title" className="text-xl font-semibold tracking-tight">
            Choose Your Plan
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
            {plans.data.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                current={current}
                videoCount={subscription.data?.usage.videoCount ?? 0}
                pending={busy || (confirming && !confirmed)}
                onChoose={() => choose(plan)}
              />
            ))}
          </ul>
        </section>
      )}

      {plans.data && <PlanCompare plans={plans.data} highlight={highlight} />}

      <SubscriptionFaq connected={connected} />

      <ChangePlanDialog
        plan={switching}
        current={current}
        kind={kind}
        pending={changePlan.isPending || checkout.isPending}
        onConfirm={() => switching && confirmChange(switching)}
        onClose={() => setSwitching(null)}
      />

      <AlertDialog
        open={cancelling}
        onOpenChange={(open) => !open && !cancel.isPending && setCancelling(false)}
      >
        <AlertDialogContent className={DIALOG_ROWS}>
          <AlertDialogHeader>
            <AlertDialogTitle>Cancel your subscription?</AlertDialogTitle>
            <AlertDialogDescription>
              {subscription.data?.billing.currentPeriodEnd
                ? `${subscription.data.plan.name} stays until ${billingDate.format(new Date(subscription.data.billing.currentPeriodEnd))}, the end of the period you paid for; then your account moves to Spin Starter. Your videos stay.`
                : 'Your plan stays until the end of the period you paid for; then your account moves to Spin Starter. Your videos stay.'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          {current && <PlanChangeList from={current} to={PLANS[0]!} />}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={cancel.isPending}>Keep my plan</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={(event) => {
                event.preventDefault();
                confirmCancel();
              }}
              disabled={cancel.isPending}
            >
              {cancel.isPending ? 'Cancelling...' : 'Cancel Subscription'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
