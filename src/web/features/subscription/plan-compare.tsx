import { Check, Minus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  FEATURES,
  planAndUp,
  planIncludes,
  unlockingPlan,
  type Feature,
} from '@shared/plan-features';
import { formatPrice } from '@shared/plans';
import type { PlanView } from '@shared/plans.contract';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import { FEATURE_KEYS, videoLimitWords } from './plan-changes';

/** A table cell's mark: a check or a dash, with words for a screen reader. */
function IncludedMark({ included }: { included: boolean }) {
  return included ? (
    <>
      <Check aria-hidden="true" className="size-5 text-primary" />
      <span className="sr-only">Included</span>
    </>
  ) : (
    <>
      <Minus aria-hidden="true" className="size-5 text-muted-foreground" />
      <span className="sr-only">Not included</span>
    </>
  );
}

/**
 * The plan shown beside the current one on a narrow screen: the one asked for, else the next up (the
 * one below for the last plan).
 */
function firstShown(plans: PlanView[], highlight: Feature | null): PlanView['id'] {
  if (highlight) return unlockingPlan(highlight).id;
  const current = plans.findIndex((p) => p.isCurrentPlan);
  return (plans[current + 1] ?? plans[current - 1] ?? plans[0]!).id;
}

/**
 * The plans side by side (issue #18 part 6): a row per feature, named as the plan cards and every
 * lock name it (FEATURES), with what it means; the current plan's column marked. Too narrow for five
 * columns (a phone), it shows the current plan beside one other, chosen with the plan buttons. A
 * lock's 'Upgrade to {plan}' link (`highlight`) lands here with its feature's row marked and the
 * plan that unlocks it shown.
 */
export function PlanCompare({
  plans,
  highlight,
}: {
  plans: PlanView[];
  highlight: Feature | null;
}) {
  const [shown, setShown] = useState(() => firstShown(plans, highlight));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rowRef = useRef<HTMLTableRowElement>(null);

  useEffect(() => {
    if (!highlight) return;
    setShown(unlockingPlan(highlight).id);
    headingRef.current?.focus({ preventScroll: true });
    rowRef.current?.scrollIntoView({ block: 'center' });
  }, [highlight]);

  /** Wide, every column; narrow, the current plan's and the chosen one's. */
  const column = (plan: PlanView) =>
    plan.isCurrentPlan || plan.id === shown ? undefined : 'hidden @xl:table-cell';
  const tint = (plan: PlanView) => plan.isCurrentPlan && 'bg-primary/5';

  return (
    <section aria-labelledby="compare-title" id="compare" className="@container space-y-4">
      <div className="space-y-1">
        <h2
          id="compare-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold tracking-tight outline-none"
        >
          Compare plans
        </h2>
        <p className="text-sm text-muted-foreground">
          What each plan includes. A feature your plan lacks is locked where you would use it, under
          the same name.
        </p>
        {highlight && (
          <p className="text-sm font-medium" data-testid="compare-highlight">
            {FEATURES[highlight].name} comes with {planAndUp(unlockingPlan(highlight))}.
          </p>
        )}
      </div>

      <div role="group" aria-labelledby="compare-with" className="space-y-2 @xl:hidden">
        <p id="compare-with" className="text-sm font-medium">
          Compare {plans.find((p) => p.isCurrentPlan)?.name ?? 'your plan'} with
        </p>
        <div className="grid grid-cols-3 gap-2">
          {plans
            .filter((p) => !p.isCurrentPlan)
            .map((plan) => (
              <button
                key={plan.id}
                type="button"
                aria-pressed={plan.id === shown}
                onClick={() => setShown(plan.id)}
                className={cn(
                  'rounded-md border px-2 py-2 text-sm font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                  plan.id === shown
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'bg-card hover:bg-accent',
                )}
              >
                {plan.name}
              </button>
            ))}
        </div>
      </div>

      <div className="overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm">
        <table aria-labelledby="compare-title" className="w-full table-fixed text-sm">
          <colgroup>
            <col className="w-[44%] @xl:w-[34%]" />
          </colgroup>
          <thead>
            <tr className="border-b">
              <th scope="col" className="p-3 text-left align-bottom font-medium @xl:p-4">
                <span className="sr-only">Feature</span>
              </th>
              {plans.map((plan) => (
                <th
                  key={plan.id}
                  scope="col"
                  data-compare-plan={plan.id}
                  data-compare-current={plan.isCurrentPlan || undefined}
                  className={cn('p-2 text-center align-bottom @xl:p-4', column(plan), tint(plan))}
                >
                  {plan.isCurrentPlan && (
                    <Badge variant="secondary" className="mb-1.5 rounded-full">
                      Current Plan
                    </Badge>
                  )}
                  <span className="block font-semibold">{plan.name}</span>
                  <span className="block text-xs font-normal text-muted-foreground">
                    {formatPrice(plan)}/month
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            <tr data-feature="videos">
              <th scope="row" className="p-3 text-left align-top font-normal @xl:px-4">
                <span className="block font-medium">Videos</span>
                <span className="mt-0.5 block text-muted-foreground">
                  How many classes your library can hold.
                </span>
              </th>
              {plans.map((plan) => (
                <td
                  key={plan.id}
                  className={cn('p-2 text-center align-middle @xl:p-4', column(plan), tint(plan))}
                >
                  {videoLimitWords(plan.videoLimit)}
                </td>
              ))}
            </tr>
            {FEATURE_KEYS.map((feature) => {
              const marked = feature === highlight;
              return (
                <tr
                  key={feature}
                  ref={marked ? rowRef : undefined}
                  data-feature={feature}
                  data-highlighted={marked || undefined}
                  className={cn(marked && 'bg-primary/10')}
                >
                  <th scope="row" className="p-3 text-left align-top font-normal @xl:px-4">
                    <span className="block font-medium">{FEATURES[feature].name}</span>
                    <span className="mt-0.5 block text-muted-foreground">
                      {FEATURES[feature].detail}
                    </span>
                  </th>
                  {plans.map((plan) => (
                    <td
                      key={plan.id}
                      data-compare-plan={plan.id}
                      className={cn(
                        'p-2 align-middle @xl:p-4',
                        column(plan),
                        !marked && tint(plan),
                      )}
                    >
                      <span
                        className={cn(
                          'mx-auto flex size-8 items-center justify-center rounded-full',
                          marked && plan.id === FEATURES[feature].plan && 'ring-2 ring-primary',
                        )}
                      >
                        <IncludedMark included={planIncludes(plan.id, feature)} />
                      </span>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
