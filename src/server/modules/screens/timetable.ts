import { TIMETABLE_WINDOW_MS, type ScreenOccurrence } from '@shared/screens';
import { addDays, localTime, wallClockInstant } from '../../lib/local-time';

/** A timetable entry as the week sees it: a class of a length on a day at a minute of the wall clock. */
export interface WeeklySlot {
  dayOfWeek: number;
  startMinute: number;
  lengthSeconds: number;
}

export interface WeeklyClass extends WeeklySlot {
  id: string;
  videoId: string;
}

const WEEK_SECONDS = 7 * 24 * 60 * 60;
const startSecond = (slot: WeeklySlot) => ((slot.dayOfWeek - 1) * 24 * 60 + slot.startMinute) * 60;

/**
 * Two weekly slots overlap on the week's wall clock (the week wraps: a class at 23:30 on Sunday
 * that lasts an hour overlaps one at 00:00 on Monday). Back to back is no overlap.
 */
export function slotsOverlap(a: WeeklySlot, b: WeeklySlot): boolean {
  const gap = (from: WeeklySlot, to: WeeklySlot) =>
    (((startSecond(to) - startSecond(from)) % WEEK_SECONDS) + WEEK_SECONDS) % WEEK_SECONDS;
  return gap(a, b) < a.lengthSeconds || gap(b, a) < b.lengthSeconds;
}

/** 1 (Monday) to 7 (Sunday) of a YYYY-MM-DD date. */
const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * The occurrences of weekly classes a screen needs at `now`: those in progress (started, not ended)
 * and those starting within `windowMs`, sorted by start. Each starts when the wall clock of
 * `timeZone` shows its day and minute (Intl's zone rules, so a DST change moves the instant, not
 * the time on the wall), and lasts its length.
 */
export function upcomingOccurrences(
  classes: readonly WeeklyClass[],
  timeZone: string,
  now: number,
  windowMs: number = TIMETABLE_WINDOW_MS,
): ScreenOccurrence[] {
  const today = localTime(new Date(now), timeZone).date;
  // Yesterday for a class still in progress (6 h at most), to the day after tomorrow for the window.
  const days = Math.ceil(windowMs / (24 * 60 * 60 * 1000)) + 1;
  const found: ScreenOccurrence[] = [];
  for (let offset = -1; offset <= days; offset += 1) {
    const date = addDays(today, offset);
    const weekday = weekdayOf(date);
    for (const entry of classes) {
      if (entry.dayOfWeek !== weekday) continue;
      const startsAt = wallClockInstant(date, entry.startMinute, timeZone).getTime();
      const endsAt = startsAt + entry.lengthSeconds * 1000;
      if (endsAt > now && startsAt < now + windowMs) {
        found.push({ id: entry.id, videoId: entry.videoId, startsAt, endsAt });
      }
    }
  }
  return found.sort((a, b) => a.startsAt - b.startsAt || a.id.localeCompare(b.id));
}

/** 'HH:MM' -> minutes after midnight (the contract checked the shape). */
export const minuteOf = (time: string): number =>
  Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Minutes after midnight -> 'HH:MM'. */
export const timeOf = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
