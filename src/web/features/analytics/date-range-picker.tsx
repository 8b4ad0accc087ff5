import { useId, useState, type FormEvent } from 'react';
import { CalendarRange } from 'lucide-react';
import { ANALYTICS_MESSAGES, analyticsRange } from '@shared/analytics.contract';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import type { DayRange } from './api/analytics';

/** YYYY-MM-DD of an instant in the browser's time zone (the zone the figures are read in). */
export function localDay(at: Date | number | string): string {
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at));
}

/**
 * The date range picker (Advanced analytics): a first and a last day, both included, between the
 * day the account opened and today; checked here with the server's own rules and words.
 */
export function DateRangePicker({
  range,
  accountOpened,
  defaultFrom,
  onChange,
}: {
  range: DayRange;
  /** The account's first local day: no figures before it. */
  accountOpened: string;
  /** The first day shown while no range is set (the first of the last 30 days). */
  defaultFrom: string;
  onChange: (range: DayRange) => void;
}) {
  const today = localDay(Date.now());
  const [from, setFrom] = useState(range?.from ?? maxDay(defaultFrom, accountOpened));
  const [to, setTo] = useState(range?.to ?? today);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function apply(event: FormEvent) {
    event.preventDefault();
    const parsed = analyticsRange.safeParse({ from, to });
    let message = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
    if (!message && to > today) message = ANALYTICS_MESSAGES.future;
    if (!message && from < accountOpened) message = ANALYTICS_MESSAGES.beforeAccount(accountOpened);
    setError(message);
    if (!message) onChange({ from, to });
  }

  return (
    <form
      onSubmit={apply}
      noValidate
      aria-label="Date range"
      className="flex flex-wrap items-end gap-3 rounded-lg border bg-card px-4 py-3"
    >
      <CalendarRange
        aria-hidden="true"
        className="mb-2 hidden size-5 text-muted-foreground sm:block"
      />
      <div className="grid min-w-36 flex-1 gap-1.5 sm:flex-none">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={from}
          min={accountOpened}
          max={today}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div className="grid min-w-36 flex-1 gap-1.5 sm:flex-none">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={to}
          min={accountOpened}
          max={today}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit">Apply</Button>
        {range && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setError(null);
              setFrom(maxDay(defaultFrom, accountOpened));
              setTo(today);
              onChange(null);
            }}
          >
            Last 30 days
          </Button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="basis-full text-sm text-destructive-text">
          {error}
        </p>
      )}
    </form>
  );
}

const maxDay = (a: string, b: string) => (a > b ? a : b);
