import { describe, expect, it } from 'vitest';
import { addDays, localTime, startOfDay } from './local-time';

describe('localTime', () => {
  it('reads the wall clock of the zone', () => {
    const at = new Date('2025-11-16T23:00:00Z');
    expect(localTime(at, 'Asia/Tokyo')).toEqual({ date: '2025-11-17', weekday: 1, hour: 8 });
    expect(localTime(at, 'UTC')).toEqual({ date: '2025-11-16', weekday: 7, hour: 23 });
    expect(localTime(at, 'America/Los_Angeles')).toEqual({
      date: '2025-11-16',
      weekday: 7,
      hour: 15,
    });
  });
});

describe('startOfDay', () => {
  it("answers the instant of the zone's midnight", () => {
    expect(startOfDay('2025-11-17', 'Asia/Tokyo').toISOString()).toBe('2025-11-16T15:00:00.000Z');
    expect(startOfDay('2025-11-17', 'UTC').toISOString()).toBe('2025-11-17T00:00:00.000Z');
    expect(startOfDay('2025-07-01', 'America/New_York').toISOString()).toBe(
      '2025-07-01T04:00:00.000Z',
    );
  });

  it('holds on the days the clocks change', () => {
    // Europe/Berlin moves from +1 to +2 on 30 March 2025 and back on 26 October.
    expect(startOfDay('2025-03-30', 'Europe/Berlin').toISOString()).toBe(
      '2025-03-29T23:00:00.000Z',
    );
    expect(startOfDay('2025-03-31', 'Europe/Berlin').toISOString()).toBe(
      '2025-03-30T22:00:00.000Z',
    );
    expect(startOfDay('2025-10-27', 'Europe/Berlin').toISOString()).toBe(
      '2025-10-26T23:00:00.000Z',
    );
    // Santiago's clocks skip midnight itself (00:00 -> 01:00 on 7 September 2025).
    expect(startOfDay('2025-09-07', 'America/Santiago').toISOString()).toBe(
      '2025-09-07T04:00:00.000Z',
    );
  });
});

describe('addDays', () => {
  it('crosses months and years', () => {
    expect(addDays('2025-12-29', 7)).toBe('2026-01-05');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });
});
