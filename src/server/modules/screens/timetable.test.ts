import { describe, expect, it } from 'vitest';
import { wallClockInstant } from '../../lib/local-time';
import { minuteOf, slotsOverlap, timeOf, upcomingOccurrences, type WeeklyClass } from './timetable';

const iso = (ms: number) => new Date(ms).toISOString();
const entry = (over: Partial<WeeklyClass>): WeeklyClass => ({
  id: 'e1',
  videoId: 'v1',
  dayOfWeek: 1,
  startMinute: 7 * 60,
  lengthSeconds: 45 * 60,
  ...over,
});

describe('wallClockInstant', () => {
  it('reads a time on the wall clock of a zone, across its DST changes', () => {
    // Europe/London: GMT until 30 March 2025 01:00 UTC, then BST (+1).
    expect(iso(wallClockInstant('2025-03-29', 7 * 60, 'Europe/London').getTime())).toBe(
      '2025-03-29T07:00:00.000Z',
    );
    expect(iso(wallClockInstant('2025-03-30', 7 * 60, 'Europe/London').getTime())).toBe(
      '2025-03-30T06:00:00.000Z',
    );
    expect(iso(wallClockInstant('2025-07-01', 0, 'Asia/Tokyo').getTime())).toBe(
      '2025-06-30T15:00:00.000Z',
    );
  });

  it('takes a skipped time a gap later, and the first of a repeated one', () => {
    // America/New_York: 02:00 → 03:00 on 9 March 2025; 02:00 → 01:00 on 2 November 2025.
    expect(iso(wallClockInstant('2025-03-09', 150, 'America/New_York').getTime())).toBe(
      '2025-03-09T07:30:00.000Z', // 03:30 EDT
    );
    expect(iso(wallClockInstant('2025-11-02', 90, 'America/New_York').getTime())).toBe(
      '2025-11-02T05:30:00.000Z', // 01:30 EDT, the first of the two
    );
  });
});

describe('upcomingOccurrences', () => {
  it('lists the classes starting within the window, sorted, at the studio’s wall clock', () => {
    // Wednesday 1 October 2025, 12:00 in Berlin (+2).
    const now = Date.parse('2025-10-01T10:00:00Z');
    const classes = [
      entry({ id: 'thu-7', dayOfWeek: 4, startMinute: 7 * 60 }),
      entry({ id: 'wed-18', dayOfWeek: 3, startMinute: 18 * 60 }),
      entry({ id: 'wed-9', dayOfWeek: 3, startMinute: 9 * 60 }), // ended
      entry({ id: 'fri-7', dayOfWeek: 5, startMinute: 7 * 60 }), // past 36 h
      entry({ id: 'thu-23', dayOfWeek: 4, startMinute: 23 * 60 + 30 }), // 35.5 h ahead
    ];
    const found = upcomingOccurrences(classes, 'Europe/Berlin', now);
    expect(found.map((o) => [o.id, iso(o.startsAt), iso(o.endsAt)])).toEqual([
      ['wed-18', '2025-10-01T16:00:00.000Z', '2025-10-01T16:45:00.000Z'],
      ['thu-7', '2025-10-02T05:00:00.000Z', '2025-10-02T05:45:00.000Z'],
      ['thu-23', '2025-10-02T21:30:00.000Z', '2025-10-02T22:15:00.000Z'],
    ]);
  });

  it('keeps the class in progress, and drops it the moment it ends', () => {
    const classes = [entry({ id: 'now', dayOfWeek: 3, startMinute: 11 * 60 + 30 })];
    const start = Date.parse('2025-10-01T09:30:00Z');
    const during = upcomingOccurrences(classes, 'Europe/Berlin', start + 20 * 60_000);
    expect(during).toEqual([
      { id: 'now', videoId: 'v1', startsAt: start, endsAt: start + 45 * 60_000 },
    ]);
    expect(upcomingOccurrences(classes, 'Europe/Berlin', start + 45 * 60_000)).toEqual([]);
  });

  it('wraps the week: Sunday night sees Monday morning, a Sunday class runs past midnight', () => {
    // Sunday 5 October 2025, 23:50 UTC.
    const now = Date.parse('2025-10-05T23:50:00Z');
    const classes = [
      entry({ id: 'sun-2330', dayOfWeek: 7, startMinute: 23 * 60 + 30, lengthSeconds: 3600 }),
      entry({ id: 'mon-6', dayOfWeek: 1, startMinute: 6 * 60 }),
    ];
    expect(upcomingOccurrences(classes, 'UTC', now).map((o) => [o.id, iso(o.startsAt)])).toEqual([
      ['sun-2330', '2025-10-05T23:30:00.000Z'],
      ['mon-6', '2025-10-06T06:00:00.000Z'],
    ]);
  });

  it('keeps 07:00 on the wall clock across a DST change (the instant moves by an hour)', () => {
    // Europe/London goes to BST on Sunday 30 March 2025; Saturday 29th, 12:00 UTC.
    const now = Date.parse('2025-03-29T12:00:00Z');
    const classes = [
      entry({ id: 'sun-7', dayOfWeek: 7, startMinute: 7 * 60 }),
      entry({ id: 'sat-18', dayOfWeek: 6, startMinute: 18 * 60 }),
    ];
    const found = upcomingOccurrences(classes, 'Europe/London', now);
    expect(found.map((o) => [o.id, iso(o.startsAt)])).toEqual([
      ['sat-18', '2025-03-29T18:00:00.000Z'],
      ['sun-7', '2025-03-30T06:00:00.000Z'],
    ]);
    // New York's autumn change: 06:00 the Sunday after is 11:00 UTC, the day before 10:00 UTC.
    const fall = upcomingOccurrences(
      [entry({ id: 'sun-6', dayOfWeek: 7, startMinute: 6 * 60 })],
      'America/New_York',
      Date.parse('2025-11-01T12:00:00Z'),
    );
    expect(fall.map((o) => iso(o.startsAt))).toEqual(['2025-11-02T11:00:00.000Z']);
  });
});

describe('slotsOverlap', () => {
  const slot = (dayOfWeek: number, time: string, minutes: number) => ({
    dayOfWeek,
    startMinute: minuteOf(time),
    lengthSeconds: minutes * 60,
  });

  it('refuses a class starting before another ends, either way round', () => {
    expect(slotsOverlap(slot(1, '07:00', 45), slot(1, '07:30', 45))).toBe(true);
    expect(slotsOverlap(slot(1, '07:30', 45), slot(1, '07:00', 45))).toBe(true);
    expect(slotsOverlap(slot(1, '07:00', 45), slot(1, '07:00', 20))).toBe(true);
  });

  it('allows back to back and other days', () => {
    expect(slotsOverlap(slot(1, '07:00', 45), slot(1, '07:45', 45))).toBe(false);
    expect(slotsOverlap(slot(1, '07:00', 45), slot(2, '07:00', 45))).toBe(false);
  });

  it('wraps the week', () => {
    expect(slotsOverlap(slot(7, '23:30', 60), slot(1, '00:00', 30))).toBe(true);
    expect(slotsOverlap(slot(1, '00:00', 30), slot(7, '23:30', 60))).toBe(true);
    expect(slotsOverlap(slot(7, '23:00', 60), slot(1, '00:00', 30))).toBe(false);
  });

  it('reads and writes HH:MM', () => {
    expect(minuteOf('07:05')).toBe(425);
    expect(timeOf(425)).toBe('07:05');
    expect(timeOf(0)).toBe('00:00');
    expect(timeOf(1439)).toBe('23:59');
  });
});
