import { useId } from 'react';
import { MapPin } from 'lucide-react';
import type { LocationDto } from '@shared/locations.contract';
import { Label } from '@web/components/ui/label';
import type { LocationFilter } from './api/analytics';

/**
 * Multi-location: the figures of the plays started from one location's page, or from all. Shown
 * when the account has further locations (offline ones too: their past plays still count).
 */
export function LocationSelect({
  locations,
  value,
  onChange,
}: {
  locations: readonly Pick<LocationDto, 'id' | 'name' | 'online'>[];
  value: LocationFilter;
  onChange: (next: LocationFilter) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-lg border bg-card px-4 py-3">
      <MapPin aria-hidden="true" className="mb-2 hidden size-5 text-muted-foreground sm:block" />
      <div className="grid min-w-0 flex-1 gap-1.5 sm:max-w-sm">
        <Label htmlFor={`${id}-location`}>Location</Label>
        <select
          id={`${id}-location`}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value || null)}
          aria-describedby={`${id}-hint`}
          className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
        >
          <option value="">All locations</option>
          {locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.online ? l.name : `${l.name} (offline)`}
            </option>
          ))}
        </select>
      </div>
      <p
        id={`${id}-hint`}
        className="basis-full text-sm text-muted-foreground sm:basis-auto sm:pb-2"
      >
        Plays started from that location&rsquo;s page.
      </p>
    </div>
  );
}
