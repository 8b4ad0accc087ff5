import { describe, expect, it } from 'vitest';
import { formatClock } from '@shared/format';
import { parseClock } from './clock';

describe('parseClock', () => {
  it('reads minutes and seconds, hours, and whole minutes', () => {
    expect(parseClock('0:00')).toBe(0);
    expect(parseClock('4:05')).toBe(245);
    expect(parseClock(' 12:30 ')).toBe(750);
    expect(parseClock('75:00')).toBe(4500);
    expect(parseClock('1:02:09')).toBe(3729);
    expect(parseClock('12')).toBe(720);
  });

  it('refuses what is not a time', () => {
    for (const text of ['', ' ', '4:5', '4:60', '1:60:00', 'abc', '-1:00', '4.5', '4:05pm', ':30'])
      expect(parseClock(text), text).toBeNull();
  });

  it('reads back what formatClock writes', () => {
    for (const seconds of [0, 59, 60, 245, 3599, 3600, 3729, 6 * 3600])
      expect(parseClock(formatClock(seconds))).toBe(seconds);
  });
});
