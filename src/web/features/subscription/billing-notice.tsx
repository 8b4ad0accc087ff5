import { Info } from 'lucide-react';
import { BILLING_NOT_CONNECTED } from '@shared/plans.contract';

/** Said plainly while no payment provider is connected: nothing is charged, nothing is invoiced. */
export function BillingNotice() {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm"
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <p>{BILLING_NOT_CONNECTED}</p>
    </div>
  );
}
