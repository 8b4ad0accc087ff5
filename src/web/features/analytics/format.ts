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

/** '3 Mar' style label for a YYYY-MM-DD day (a chart's axis). */
export function shortDayLabel(date: string): string {
  return new Date(`${date}T12:00:00`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
  });
}

/** '6 PM' style label for an hour of the day. */
export function hourLabel(hour: number): string {
  const d = new Date(2000, 0, 1, hour);
  return d.toLocaleTimeString(undefined, { hour: 'numeric' });
}

/** '1 Mar 2026' for a YYYY-MM-DD day. */
export function fullDayLabel(date: string): string {
  return new Date(`${date}T12:00:00`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** How the screen names its period: 'over the last 30 days' or 'from 1 Mar 2026 to 14 Mar 2026'. */
export function periodText(period: { custom: boolean; firstDay: string; lastDay: string }): string {
  if (!period.custom) return 'over the last 30 days';
  if (period.firstDay === period.lastDay) return `on ${fullDayLabel(period.firstDay)}`;
  return `from ${fullDayLabel(period.firstDay)} to ${fullDayLabel(period.lastDay)}`;
}
