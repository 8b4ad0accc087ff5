import { AlertTriangle } from 'lucide-react';
import type { PlanId } from '@shared/plans';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { useChangePlan } from './api/change-plan';
import { usePlans, useSubscription } from './api/plans';
import { BillingNotice } from './billing-notice';
import { CurrentPlanCard } from './current-plan-card';
import { PlanCard } from './plan-card';
import { SubscriptionFaq } from './subscription-faq';

/** Subscription (product.md §2, §9): the current plan, real usage, the four plans and the FAQ. */
export function SubscriptionPage() {
  const plans = usePlans();
  const subscription = useSubscription();
  const changePlan = useChangePlan();

  function choose(planId: PlanId) {
    changePlan.mutate(planId, {
      onSuccess: (response) => toast({ title: 'Plan updated', description: response.message }),
      onError: (error) =>
        toast({
          title: 'Plan not changed',
          description:
            (error instanceof ApiError && error.serverMessage) ||
            'Failed to change your plan. Please try again.',
          variant: 'destructive',
        }),
    });
  }

  const loading = plans.isLoading || subscription.isLoading;
  const failed = plans.isError || subscription.isError;
  const current = plans.data?.find((p) => p.isCurrentPlan);

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Subscription</h1>
        <p className="text-muted-foreground">
          Your plan, your video usage and what each plan includes.
        </p>
      </div>

      <BillingNotice />

      {loading && (
        <div className="flex min-h-40 items-center justify-center">
          <Spinner size="lg" label="Loading..." className="flex-col gap-3" />
        </div>
      )}
      {failed && (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-destructive-text" />
          Unable to load your subscription. Please reload the page.
        </div>
      )}

      {subscription.data && <CurrentPlanCard subscription={subscription.data} />}

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
                pending={changePlan.isPending}
                onChoose={() => choose(plan.id)}
              />
            ))}
          </ul>
        </section>
      )}

      <SubscriptionFaq />
    </div>
  );
}
