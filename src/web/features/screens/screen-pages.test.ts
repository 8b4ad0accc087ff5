import { describe, expect, it } from 'vitest';
import type { ScreenDto, TimetableEntryDto } from '@shared/screens.contract';
import { entriesByDay, lastSeenLabel, screensLabel, wallTimeLabel } from './screen-pages';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

const entry = (over: Partial<TimetableEntryDto>): TimetableEntryDto => ({
  id: 'e',
  locationId: null,
  videoId: 'v',
  dayOfWeek: 1,
  startTime: '07:00',
  screenIds: [],
  ...over,
});

describe('lastSeenLabel', () => {
  it('says never, just now, minutes, hours and days', () => {
    expect(lastSeenLabel(null, NOW)).toBe('never');
    expect(lastSeenLabel(ago(30), NOW)).toBe('just now');
    expect(lastSeenLabel(ago(2 * 60 + 10), NOW)).toBe('2 min ago');
    expect(lastSeenLabel(ago(3 * 3600), NOW)).toBe('3 h ago');
    expect(lastSeenLabel(ago(86_400), NOW)).toBe('1 day ago');
    expect(lastSeenLabel(ago(5 * 86_400), NOW)).toBe('5 days ago');
  });
});

describe('entriesByDay', () => {
  it("keeps a page's entries, each day by start time, every day present", () => {
    const days = entriesByDay(
      [
        entry({ id: 'b', startTime: '18:00' }),
        entry({ id: 'a', startTime: '06:30' }),
        entry({ id: 'sun', dayOfWeek: 7 }),
        entry({ id: 'elsewhere', locationId: 'loc' }),
      ],
      null,
    );
    expect([...days.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(days.get(1)!.map((e) => e.id)).toEqual(['a', 'b']);
    expect(days.get(7)!.map((e) => e.id)).toEqual(['sun']);
    expect(days.get(2)).toEqual([]);
  });
});

describe('screensLabel', () => {
  it('names the screens, or says every screen', () => {
    const screens = [
      { id: 's1', name: 'Front TV' },
      { id: 's2', name: 'Back TV' },
    ] as ScreenDto[];
    expect(screensLabel(entry({}), screens)).toBe('Every screen');
    expect(screensLabel(entry({ screenIds: ['s2', 's1'] }), screens)).toBe('Back TV, Front TV');
  });
});

describe('wallTimeLabel', () => {
  it("writes an entry's start as the browser's language writes times, whatever the device's zone", () => {
    expect(wallTimeLabel('19:30', 'en-GB')).toBe('19:30');
    expect(wallTimeLabel('07:05', 'en-GB')).toBe('07:05');
    expect(wallTimeLabel('19:30', 'en-US')).toBe('07:30 PM');
    expect(wallTimeLabel('00:00', 'en-US')).toBe('12:00 AM');
    expect(wallTimeLabel('23:59', 'de-DE')).toBe('23:59');
  });
});
