import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { PLANS, type Plan } from '@shared/plans';
import { findPlan } from '@shared/plans.contract';
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
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { failureMessage } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { ADMIN_HOME } from './admin-paths';
import { ownerBillingQuery, useGrantPlan } from './api/owner-billing';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const planName = (id: string) => findPlan(id)?.name ?? id;
const SOURCES: Record<string, string> = {
  owner: 'Owner (Subscription page)',
  checkout: 'Stripe Checkout',
  portal: 'Stripe Customer Portal',
  webhook: 'Stripe (subscription ended)',
  admin: 'Admin (granted)',
};

/** /admin/owners/:id: an owner's plan and billing state, every plan change, and a plan granted by hand. */
export function AdminOwnerBillingPage() {
  const { id = '' } = useParams<{ id: string }>();
  const query = useQuery(ownerBillingQuery(id));
  const grant = useGrantPlan(id);
  const [granting, setGranting] = useState<Plan | null>(null);
  const data = query.data;

  function confirm() {
    if (!granting) return;
    grant.mutate(granting.id, {
      onSuccess: (response) => {
        setGranting(null);
        toast({ title: 'Plan granted', description: response.message });
      },
      onError: (error) =>
        toast({
          title: 'Plan not granted',
          description: failureMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6">
      <Link href={ADMIN_HOME} className="text-sm text-primary underline-offset-4 hover:underline">
        Back to videos
      </Link>
      {query.isLoading ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading billing..." />
        </div>
      ) : query.isError || !data ? (
        <p role="alert" className="py-16 text-center text-sm text-destructive-text">
          Unable to load this owner&apos;s billing. {query.error?.message}
        </p>
      ) : (
        <>
          <div className="space-y-1">
            <h1 className="text-2xl font-bold tracking-tight break-words">
              {data.owner.companyName ?? data.owner.email}
            </h1>
            <p className="text-sm text-muted-foreground break-words">{data.owner.email}</p>
          </div>

          <section
            aria-labelledby="owner-plan-title"
            className="space-y-3 rounded-xl border bg-card p-5 shadow-sm"
          >
            <h2 id="owner-plan-title" className="text-lg font-semibold">
              Plan and billing
            </h2>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">Plan</dt>
                <dd data-testid="owner-plan" className="font-medium">
                  {data.subscription.plan.name}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Videos</dt>
                <dd>
                  {data.subscription.usage.videoCount} of {data.subscription.usage.videoLimit}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Billing</dt>
                <dd>
                  {data.subscription.billing.connected
                    ? `Stripe: ${data.subscription.billing.status ?? 'no subscription'}`
                    : 'Not connected (manual)'}
                  {data.subscription.billing.cancelAtPeriodEnd && (
                    <Badge variant="secondary" className="ml-2">
                      Cancelled
                    </Badge>
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Paid until</dt>
                <dd>
                  {data.subscription.billing.currentPeriodEnd
                    ? day.format(new Date(data.subscription.billing.currentPeriodEnd))
                    : '—'}
                </dd>
              </div>
              {data.subscription.billing.graceUntil && (
                <div className="sm:col-span-2 text-destructive-text">
                  Payment failed: grace period until{' '}
                  {day.format(new Date(data.subscription.billing.graceUntil))}
                </div>
              )}
            </dl>
          </section>

          <section
            aria-labelledby="grant-title"
            className="space-y-3 rounded-xl border bg-card p-5 shadow-sm"
          >
            <h2 id="grant-title" className="text-lg font-semibold">
              Grant a plan
            </h2>
            <p className="text-sm text-muted-foreground">
              A comped plan: it applies at once whatever the owner&apos;s video count, charges
              nothing and is recorded with your name. A later Stripe event for the owner&apos;s
              subscription still decides.
            </p>
            <div className="flex flex-wrap gap-2">
              {PLANS.map((plan) => (
                <Button
                  key={plan.id}
                  variant="outline"
                  disabled={plan.id === data.subscription.plan.id || grant.isPending}
                  onClick={() => setGranting(plan)}
                >
                  Grant {plan.name}
                </Button>
              ))}
            </div>
          </section>

          <section aria-labelledby="changes-title" className="space-y-3">
            <h2 id="changes-title" className="text-lg font-semibold">
              Plan changes
            </h2>
            {data.changes.length === 0 ? (
              <p className="text-sm text-muted-foreground">No plan change yet.</p>
            ) : (
              <ol className="divide-y rounded-xl border bg-card text-sm shadow-sm">
                {[...data.changes].reverse().map((change) => (
                  <li
                    key={change.createdAt + change.toPlan}
                    className="flex flex-wrap justify-between gap-2 px-4 py-3"
                  >
                    <span>
                      {planName(change.fromPlan)} → {planName(change.toPlan)}
                      <span className="text-muted-foreground">
                        {' '}
                        · {SOURCES[change.source] ?? change.source}
                        {change.amountCents > 0 && ` · $${(change.amountCents / 100).toFixed(2)}`}
                      </span>
                    </span>
                    <time dateTime={change.createdAt} className="text-muted-foreground">
                      {dateFormat.format(new Date(change.createdAt))}
                    </time>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}

      <AlertDialog
        open={granting !== null}
        onOpenChange={(open) => !open && !grant.isPending && setGranting(null)}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Grant {granting?.name}?</AlertDialogTitle>
            <AlertDialogDescription>
              The owner moves to {granting?.name} now, with nothing charged.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={grant.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={(event) => {
                event.preventDefault();
                confirm();
              }}
              disabled={grant.isPending}
            >
              {grant.isPending ? 'Granting...' : `Grant ${granting?.name}`}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </main>
  );
}
