import { useId, useMemo } from 'react';
import { TIME_ZONE_DESCRIPTION, TIME_ZONE_LABEL } from '@shared/account.contract';
import { Label } from '@web/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';

/** Every IANA zone the browser knows, UTC first, and the saved one even if this browser lacks it. */
function zoneNames(current: string): string[] {
  const names = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  names.add(current);
  return [...names];
}

/** The browser's own zone, offered as the first choice. */
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Settings > Notifications: the time zone the Monday report and the daily digest follow. */
export function TimeZoneSelect({
  value,
  disabled,
  onChange,
}: {
  value: string;
  disabled: boolean;
  onChange: (timeZone: string) => void;
}) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const here = deviceZone();
  const names = useMemo(() => zoneNames(value), [value]);

  return (
    <div className="flex flex-col gap-3 py-4 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <Label htmlFor={id}>{TIME_ZONE_LABEL}</Label>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {TIME_ZONE_DESCRIPTION}
        </p>
      </div>
      <Select value={value} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger id={id} aria-describedby={descriptionId} className="w-full sm:w-64">
          <SelectValue />
        </SelectTrigger>
        <SelectContent className="max-h-80">
          {here && here !== value && (
            <SelectItem value={here}>{`${here.replaceAll('_', ' ')} (this device)`}</SelectItem>
          )}
          {names
            .filter((name) => name !== here || name === value)
            .map((name) => (
              <SelectItem key={name} value={name}>
                {name.replaceAll('_', ' ')}
              </SelectItem>
            ))}
        </SelectContent>
      </Select>
    </div>
  );
}
