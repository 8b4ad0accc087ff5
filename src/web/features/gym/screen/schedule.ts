/**
 * What a studio screen shows when (issue #21 part 3, docs/decisions/0050), on the server's clock:
 * which class is next, when its player opens, the countdown, the studio's wall clock. Pure.
 */
import { formatClock } from '@shared/format';
import type { ScreenOccurrence } from '@shared/screens';

/**
 * The player opens this long before a class starts: the class is loaded and held at 0:00 (the
 * ride-together countdown) while the screen still shows its own countdown, so it plays on time.
 */
export const PRELOAD_MS = 15_000;
/** No player opens for a class's last second (the media may be a little shorter than the slot). */
export const END_MARGIN_MS = 1_000;

/** The class in progress, else the next one; none left: null. `done`: classes this screen is through with. */
export function currentOrNext(
  entries: readonly ScreenOccurrence[],
  serverNow: number,
  done: ReadonlySet<string> = new Set(),
): ScreenOccurrence | null {
  return entries.find((e) => e.endsAt > serverNow && !done.has(occurrenceKey(e))) ?? null;
}

/** The class whose player is open now: from PRELOAD_MS before its start to END_MARGIN_MS before its end. */
export function classToPlay(
  entries: readonly ScreenOccurrence[],
  serverNow: number,
  done: ReadonlySet<string> = new Set(),
): ScreenOccurrence | null {
  const next = currentOrNext(entries, serverNow, done);
  if (!next) return null;
  return next.startsAt - PRELOAD_MS <= serverNow && serverNow < next.endsAt - END_MARGIN_MS
    ? next
    : null;
}

/** One occurrence of an entry (the same entry comes again next week, or after an edit, at another start). */
export const occurrenceKey = (entry: Pick<ScreenOccurrence, 'id' | 'startsAt'>) =>
  `${entry.id}@${entry.startsAt}`;

/**
 * The countdown to a start: '12:34', '0:09', '2:05:10' (formatClock), in whole seconds rounded
 * up, so it reads 0:01 in the last second and the class starts as it would read 0:00.
 */
export function countdownText(msLeft: number): string {
  return formatClock(Math.ceil(Math.max(0, msLeft) / 1000));
}

/** The time zone to show the studio's wall clock in, or undefined (the device's) when the name is not one Intl knows. */
export function knownTimeZone(timeZone: string): string | undefined {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** The studio's date of an instant ('2026-11-27'), to tell today's classes from tomorrow's. */
export function studioDay(at: number, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** A time of day on the studio's wall clock, in this device's language: '07:30' or '7:30 AM'. */
export function studioTime(at: number, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

/** The weekday of an instant in the studio ('Saturday'), for a next class that is not today. */
export function studioWeekday(at: number, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat(undefined, { timeZone, weekday: 'long' }).format(at);
}

/** When the next class is: '' today, 'Tomorrow', or its weekday. */
export function dayLabel(at: number, serverNow: number, timeZone: string | undefined): string {
  const day = studioDay(at, timeZone);
  if (day === studioDay(serverNow, timeZone)) return '';
  // Noon plus a day: the next calendar day whatever the daylight saving change in between.
  const tomorrow = studioDay(
    Date.parse(`${studioDay(serverNow, timeZone)}T12:00:00Z`) + 86_400_000,
    'UTC',
  );
  return day === tomorrow ? 'Tomorrow' : studioWeekday(at, timeZone);
}

/** Today's classes after `next` (the studio's today), in order. */
export function laterToday(
  entries: readonly ScreenOccurrence[],
  next: ScreenOccurrence | null,
  serverNow: number,
  timeZone: string | undefined,
): ScreenOccurrence[] {
  if (!next) return [];
  const today = studioDay(serverNow, timeZone);
  return entries.filter(
    (e) => e.startsAt > next.startsAt && studioDay(e.startsAt, timeZone) === today,
  );
}
