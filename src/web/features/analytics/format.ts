const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

export const formatCount = (n: number) => integer.format(n);
export const formatPercent = (n: number) => `${oneDecimal.format(n)}%`;

/** 'Mon' for a YYYY-MM-DD day (a calendar date in the owner's time zone). */
export function weekdayLabel(date: string): string {
  return new Date(`${date}T12:00:00`).toLocaleDateString(undefined, { weekday: 'short' });
}

/** 'Mon, 3 Mar' style label for a YYYY-MM-DD day. */
export function dayLabel(date: string): string {
  return new Date(`${date}T12:00:00`).toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
}

/** '6 PM' style label for an hour of the day. */
export function hourLabel(hour: number): string {
  const d = new Date(2000, 0, 1, hour);
  return d.toLocaleTimeString(undefined, { hour: 'numeric' });
}
