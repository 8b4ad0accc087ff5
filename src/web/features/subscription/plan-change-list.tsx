import { Check, Minus } from 'lucide-react';
import { FEATURES } from '@shared/plan-features';
import type { Plan } from '@shared/plans';
import { planChange, videoLimitWords } from './plan-changes';

/** A dialog's rows around the list: the title, the list taking what height is left, the buttons. */
export const DIALOG_ROWS = 'max-h-[calc(100dvh-2rem)] grid-rows-[auto_minmax(0,1fr)_auto]';

/**
 * What moving from `from` to `to` changes, before the owner confirms (issue #18 part 6): an
 * upgrade's new features, a downgrade's lost ones, in the comparison's words, and the video limit.
 * In a dialog (DIALOG_ROWS) it scrolls between the title and the buttons, which stay in view.
 */
export function PlanChangeList({ from, to }: { from: Plan; to: Plan }) {
  const change = planChange(from.id, to.id);
  if (change.direction === 'none') return null;
  const upgrade = change.direction === 'upgrade';
  const features = upgrade ? change.gained : change.lost;
  const Mark = upgrade ? Check : Minus;
  return (
    <section
      aria-labelledby="plan-change-title"
      // Scrolls when long (Spin Starter to Elite Studio on a phone): reachable by keyboard.
      tabIndex={0}
      className="-mx-2 min-h-0 space-y-3 overflow-y-auto rounded-md px-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      data-testid="plan-change"
    >
      <h3 id="plan-change-title" className="font-medium">
        {upgrade ? `What ${to.name} adds` : `What you would lose on ${to.name}`}
      </h3>
      <ul className="space-y-2.5">
        <li className="flex gap-2.5">
          <Mark aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span className="font-medium">
            {videoLimitWords(to.videoLimit)} instead of {from.videoLimit}
          </span>
        </li>
        {features.map((feature) => (
          <li key={feature} className="flex gap-2.5" data-feature={feature}>
            <Mark
              aria-hidden="true"
              className={
                upgrade
                  ? 'mt-0.5 size-4 shrink-0 text-primary'
                  : 'mt-0.5 size-4 shrink-0 text-muted-foreground'
              }
            />
            <span>
              <span className="block font-medium">{FEATURES[feature].name}</span>
              <span className="block text-muted-foreground">{FEATURES[feature].detail}</span>
            </span>
          </li>
        ))}
      </ul>
      {!upgrade && (
        <p className="text-muted-foreground">
          Nothing is deleted: your branding and your classes stay saved, and what {to.name} leaves
          out comes back when you upgrade again.
          {change.lost.includes('multiLocation') &&
            ' Your first location’s page stays live; the others go offline until you return to Elite Studio.'}
        </p>
      )}
    </section>
  );
}
