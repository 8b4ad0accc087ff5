import { Check } from 'lucide-react';
import { PLANS, formatPrice } from '@shared/plans';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { SectionHeading } from './section-heading';

export function PricingSection({ onChoosePlan }: { onChoosePlan: () => void }) {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-16 bg-muted/50 px-4 py-20 sm:px-6 lg:px-8 lg:py-28"
    >
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple plans that grow with your studio"
          description="Start free, upgrade when your class library grows. Change plans at any time."
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {PLANS.map((plan) => (
            <li
              key={plan.id}
              className={cn(
                'relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm',
                plan.isPopular && 'border-primary shadow-xl shadow-primary/10 ring-1 ring-primary',
              )}
            >
              {plan.isPopular && (
                <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full px-3 py-1 shadow-sm">
                  Most Popular
                </Badge>
              )}
              <h3 className="text-lg font-semibold text-card-foreground">{plan.name}</h3>
              <p className="mt-1 min-h-10 text-sm text-muted-foreground">{plan.description}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-4xl font-extrabold tracking-tight text-card-foreground">
                  {formatPrice(plan)}
                </span>
                <span className="text-sm font-medium text-muted-foreground">/month</span>
              </p>
              <ul className="mt-6 flex-1 space-y-3 border-t pt-6">
                {plan.features.map((f) => (
                  <li key={f} className="flex gap-2.5 text-sm text-card-foreground">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                    {f}
                  </li>
                ))}
              </ul>
              <Button
                type="button"
                variant={plan.isPopular ? 'default' : 'outline'}
                className="mt-8 w-full"
                onClick={onChoosePlan}
              >
                {plan.price === 0 ? 'Start for free' : 'Get started'}
                <span className="sr-only"> with {plan.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
