import { Link } from 'wouter';
import { Lock } from 'lucide-react';
import { unlockingPlan, type Feature } from '@shared/plan-features';
import { cn } from '@web/lib/utils';

/**
 * A locked option's words (the server's 403 says the same: the *_LOCKS of the shared contracts) and a link to the plan
 * that unlocks it on the Subscription page (issue #18 parts 3 and 6).
 */
export function LockedNote({
  feature,
  message,
  className,
}: {
  feature: Feature;
  message: string;
  className?: string;
}) {
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-lg border border-dashed bg-muted/40 px-3 py-2 text-sm',
        className,
      )}
      data-testid="locked-note"
      data-feature={feature}
    >
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span>
        {message}{' '}
        <Link
          href="/subscription"
          // The Subscription page's comparison shows this feature's row and the plan that unlocks it.
          state={{ compare: feature }}
          className="font-medium whitespace-nowrap text-foreground underline underline-offset-4 hover:text-primary"
        >
          Upgrade to {unlockingPlan(feature).name}
        </Link>
      </span>
    </p>
  );
}
