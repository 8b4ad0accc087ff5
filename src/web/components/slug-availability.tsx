import { CheckCircle2, Loader2 } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import type { SlugAvailability } from '@web/lib/slug-availability';

export const SLUG_CHECK_UNKNOWN = 'Unable to check slug availability right now.';

/**
 * Under a slug field: whether the slug is free as the owner types, and free slugs to pick when it
 * is not. `fieldError` is the field's own error line: when it shows, the message is not repeated.
 */
export function SlugAvailabilityNote({
  id,
  availability,
  fieldError,
  onPick,
}: {
  id: string;
  availability: SlugAvailability;
  fieldError?: string;
  onPick: (slug: string) => void;
}) {
  const a = availability;
  return (
    <div id={id} aria-live="polite" className="grid gap-2 text-sm" data-testid="slug-availability">
      {a.state === 'checking' && (
        <p className="flex items-center gap-1.5 text-muted-foreground">
          <Loader2
            aria-hidden="true"
            className="size-3.5 animate-spin motion-reduce:animate-none"
          />
          Checking availability...
        </p>
      )}
      {a.state === 'available' && (
        <p className="flex items-center gap-1.5 font-medium text-emerald-700 dark:text-emerald-400">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {a.message}
        </p>
      )}
      {a.state === 'unknown' && <p className="text-muted-foreground">{SLUG_CHECK_UNKNOWN}</p>}
      {a.state === 'unavailable' && (
        <>
          {!fieldError && <p className="font-medium text-destructive-text">{a.message}</p>}
          {a.suggestions.length > 0 && (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-muted-foreground">Available:</span>
              {a.suggestions.map((s) => (
                <Button
                  key={s}
                  type="button"
                  size="sm"
                  variant="outline"
                  className="h-7 px-2 font-mono text-xs"
                  onClick={() => onPick(s)}
                >
                  {s}
                </Button>
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
