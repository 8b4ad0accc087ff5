import { AlertTriangle, Check } from 'lucide-react';
import { describeChange, isUnmetBackground, type EnhancementReport } from '@shared/videos.contract';

/**
 * What automatic enhancement changed on this class, from the enhance job's own notes (issue #15),
 * in plain words; a background request that could not be honoured as written is said so.
 */
export function EnhancementChanges({ report }: { report: EnhancementReport }) {
  if (report.changes.length === 0) return null;
  return (
    <section
      className="space-y-2 rounded-lg border bg-muted/30 p-3"
      data-testid="enhancement-changes"
    >
      <h3 className="text-sm font-semibold">What enhancement changed</h3>
      <ul className="space-y-1.5 text-sm">
        {report.changes.map((change) => {
          const unmet = isUnmetBackground(change);
          return (
            <li key={change.kind} className="flex gap-2" data-unmet={unmet || undefined}>
              {unmet ? (
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
              ) : (
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              )}
              <span>{describeChange(change)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
