import { Check } from 'lucide-react';
import { formatPrice } from '@shared/plans';
import type { PlanView } from '@shared/plans.contract';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';

interface PlanCardProps {
  plan: PlanView;
  current: PlanView | undefined;
  videoCount: number;
  pending: boolean;
  onChoose: () => void;
}

/** One of the four plans of §9: 'Most Popular' on Spin Master, 'Current Plan' on the account's plan. */
export function PlanCard({ plan, current, videoCount, pending, onChoose }: PlanCardProps) {
  const tooSmall = videoCount > plan.videoLimit;
  const noteId = `plan-${plan.id}-note`;
  const direction = current && plan.price < current.price ? 'Downgrade' : 'Upgrade';

  return (
    <li
      data-plan={plan.id}
      data-current={plan.isCurrentPlan || undefined}
      className={cn(
        'relative flex flex-col rounded-xl border bg-card p-6 text-card-foreground shadow-sm',
        plan.isPopular && 'border-primary ring-1 ring-primary',
        plan.isCurrentPlan && 'bg-primary/5',
      )}
    >
      <div className="flex min-h-6 flex-wrap items-center gap-2">
        {plan.isPopular && <Badge className="rounded-full">Most Popular</Badge>}
        {plan.isCurrentPlan && (
          <Badge variant="secondary" className="rounded-full">
            Current Plan
          </Badge>
        )}
      </div>
      <h3 className="mt-3 text-lg font-semibold">{plan.name}</h3>
      <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-3xl font-extrabold tracking-tight">{formatPrice(plan)}</span>
        <span className="text-sm font-medium text-muted-foreground">/month</span>
      </p>
      <ul className="mt-5 flex-1 space-y-2.5 border-t pt-5">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5 text-sm">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-6 space-y-2">
        {plan.isCurrentPlan ? (
          <Button variant="secondary" className="w-full" disabled>
            Current Plan
          </Button>
        ) : (
          <Button
            variant={plan.isPopular ? 'default' : 'outline'}
            className="w-full"
            disabled={pending || tooSmall}
            aria-describedby={tooSmall ? noteId : undefined}
            onClick={onChoose}
          >
            {direction} to {plan.name}
          </Button>
        )}
        {tooSmall && !plan.isCurrentPlan && (
          <p id={noteId} className="text-xs text-muted-foreground">
            You have {videoCount} videos; this plan allows {plan.videoLimit}.
          </p>
        )}
      </div>
    </li>
  );
}
