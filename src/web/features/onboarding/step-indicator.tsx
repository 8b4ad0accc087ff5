import { Check } from 'lucide-react';
import { cn } from '@web/lib/utils';
import { WIZARD_STEPS, type WizardStep } from './wizard-data';

/** The visible 1-2-3 progress indicator at the top of the wizard. */
export function StepIndicator({ current }: { current: WizardStep }) {
  return (
    <nav aria-label="Onboarding progress">
      <ol className="flex items-start">
        {WIZARD_STEPS.map(({ step, label }, index) => {
          const done = step < current;
          const active = step === current;
          const last = index === WIZARD_STEPS.length - 1;
          return (
            <li
              key={step}
              aria-current={active ? 'step' : undefined}
              className={cn('relative flex flex-1 flex-col items-center gap-2 text-center')}
            >
              {!last && (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-4 left-[calc(50%+1.25rem)] h-0.5 w-[calc(100%-2.5rem)] rounded-full transition-colors',
                    done ? 'bg-primary' : 'bg-border',
                  )}
                />
              )}
              <span
                aria-hidden="true"
                className={cn(
                  'relative z-[1] flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold transition-colors',
                  done && 'border-primary bg-primary text-primary-foreground',
                  active && 'border-primary bg-background text-primary ring-4 ring-primary/15',
                  !done && !active && 'border-border bg-background text-muted-foreground',
                )}
              >
                {done ? <Check className="size-4" strokeWidth={3} /> : step}
              </span>
              <span
                className={cn(
                  'text-xs font-medium sm:text-sm',
                  active || done ? 'text-foreground' : 'text-muted-foreground',
                )}
              >
                <span className="sr-only">{`Step ${step}: `}</span>
                {label}
                {done && <span className="sr-only"> (completed)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
