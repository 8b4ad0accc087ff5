import { describe, expect, it } from 'vitest';
import type { ScreenOccurrence } from '@shared/screens';
import {
  classToPlay,
  countdownText,
  currentOrNext,
  dayLabel,
  END_MARGIN_MS,
  knownTimeZone,
  laterToday,
  occurrenceKey,
  PRELOAD_MS,
  studioDay,
} from './schedule';

const MIN = 60_000;
/** Friday 27 November 2026, 17:00 UTC (18:00 in Berlin, 12:00 in New York). */
const NOW = Date.UTC(2026, 10, 27, 17, 0, 0);
const entry = (id: string, startsInMin: number, lengthMin = 45): ScreenOccurrence => ({
  id,
  videoId: `video-${id}`,
  startsAt: NOW + startsInMin * MIN,
  endsAt: NOW + (startsInMin + lengthMin) * MIN,
});

describe('which class is next', () => {
  const entries = [entry('a', -50), entry('b', -20), entry('c', 30), entry('d', 120)];

  it('is the one in progress, else the next to start', () => {
    expect(currentOrNext(entries, NOW)?.id).toBe('b');
    expect(currentOrNext(entries, NOW + 25 * MIN)?.id).toBe('c');
    expect(currentOrNext(entries, NOW + 200 * MIN)).toBeNull();
    expect(currentOrNext([], NOW)).toBeNull();
  });

  it('skips a class the screen is through with (ended early, or closed)', () => {
    expect(currentOrNext(entries, NOW, new Set([occurrenceKey(entries[1]!)]))?.id).toBe('c');
    // The same entry next week is another occurrence.
    expect(occurrenceKey(entry('c', 30))).not.toBe(occurrenceKey(entry('c', 30 + 7 * 24 * 60)));
  });

  it('opens the player PRELOAD_MS before the start, until END_MARGIN_MS before the end', () => {
    const c = entries[2]!;
    const only = [c];
    expect(classToPlay(only, c.startsAt - PRELOAD_MS - 1)).toBeNull();
    expect(classToPlay(only, c.startsAt - PRELOAD_MS)).toBe(c);
    expect(classToPlay(only, c.startsAt + 10 * MIN)).toBe(c);
    expect(classToPlay(only, c.endsAt - END_MARGIN_MS - 1)).toBe(c);
    expect(classToPlay(only, c.endsAt - END_MARGIN_MS)).toBeNull();
    expect(classToPlay(only, c.startsAt, new Set([occurrenceKey(c)]))).toBeNull();
  });

  it('joins a class in progress (a screen opened late plays it at its point)', () => {
    expect(classToPlay(entries, NOW)?.id).toBe('b');
  });
});

describe('the countdown', () => {
  it('shows minutes and seconds, rounded up to the whole second', () => {
    expect(countdownText(12 * MIN + 34_000)).toBe('12:34');
    expect(countdownText(12 * MIN + 33_001)).toBe('12:34');
    expect(countdownText(9_000)).toBe('0:09');
    expect(countdownText(1)).toBe('0:01');
    expect(countdownText(0)).toBe('0:00');
    expect(countdownText(-5_000)).toBe('0:00');
  });

  it('shows hours when the class is hours away', () => {
    expect(countdownText(2 * 60 * MIN + 5 * MIN + 10_000)).toBe('2:05:10');
  });
});

describe("the studio's wall clock", () => {
  it("dates an instant in the studio's time zone, not the device's", () => {
    const lateEvening = Date.UTC(2026, 10, 27, 23, 30);
    expect(studioDay(lateEvening, 'Europe/Berlin')).toBe('2026-11-28');
    expect(studioDay(lateEvening, 'America/New_York')).toBe('2026-11-27');
  });

  it('falls back to the device for a time zone Intl does not know', () => {
    expect(knownTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(knownTimeZone('Mars/Olympus')).toBeUndefined();
    expect(knownTimeZone('')).toBeUndefined();
  });

  it('says Tomorrow or the weekday for a class not today, nothing for today', () => {
    const zone = 'Europe/Berlin';
    expect(dayLabel(NOW + 60 * MIN, NOW, zone)).toBe('');
    // 18:00 in Berlin: 7:00 tomorrow is 13 hours ahead.
    expect(dayLabel(NOW + 13 * 60 * MIN, NOW, zone)).toBe('Tomorrow');
    // The day after tomorrow: its weekday (07:00 on Sunday in Berlin), in the device's language.
    expect(dayLabel(NOW + 37 * 60 * MIN, NOW, zone)).toBe(
      new Intl.DateTimeFormat(undefined, { weekday: 'long' }).format(Date.UTC(2026, 10, 29, 12)),
    );
  });

  it('counts Tomorrow across a daylight saving change', () => {
    // Berlin leaves summer time on Sunday 25 October 2026 at 03:00.
    const saturdayEvening = Date.UTC(2026, 9, 24, 21, 0); // 23:00 in Berlin
    const sundayMorning = Date.UTC(2026, 9, 25, 8, 0); // 09:00 in Berlin (winter time)
    expect(dayLabel(sundayMorning, saturdayEvening, 'Europe/Berlin')).toBe('Tomorrow');
  });

  it("lists today's later classes after the next one, not tomorrow's", () => {
    const zone = 'Europe/Berlin';
    // 18:00 in Berlin: 18:30, 20:00 and 23:30 are today; 00:30 is tomorrow.
    const entries = [entry('a', 30), entry('b', 120), entry('c', 330), entry('d', 390)];
    expect(laterToday(entries, entries[0]!, NOW, zone).map((e) => e.id)).toEqual(['b', 'c']);
    expect(laterToday(entries, null, NOW, zone)).toEqual([]);
    // In New York it is noon: all four are today.
    expect(laterToday(entries, entries[0]!, NOW, 'America/New_York')).toHaveLength(3);
  });
});
