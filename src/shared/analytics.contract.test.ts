import { describe, expect, it } from 'vitest';
import { analyticsQuery, changeLine, percentChange } from './analytics.contract';

describe('percentChange', () => {
  it('is the change in %, one decimal, and null when there was nothing before', () => {
    expect(percentChange(5, 2)).toBe(150);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(0, 4)).toBe(-100);
    expect(percentChange(7, 7)).toBe(0);
    expect(percentChange(3, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
  });
});

describe('changeLine', () => {
  it('reads +0% from last month with nothing on either side, as docs/product.md shows it', () => {
    expect(changeLine({ value: 0, change: null })).toBe('+0% from last month');
    expect(changeLine({ value: 4, change: null })).toBe('New since last month');
    expect(changeLine({ value: 5, change: 150 })).toBe('+150% from last month');
    expect(changeLine({ value: 5, change: 0 })).toBe('+0% from last month');
    expect(changeLine({ value: 1, change: -8.3 })).toBe('-8.3% from last month');
  });
});

describe('analyticsQuery', () => {
  it('takes an IANA time zone, UTC by default', () => {
    expect(analyticsQuery.parse({})).toEqual({ tz: 'UTC' });
    expect(analyticsQuery.parse({ tz: 'America/Argentina/Buenos_Aires' }).tz).toBe(
      'America/Argentina/Buenos_Aires',
    );
    expect(analyticsQuery.parse({ tz: 'Etc/GMT+5' }).tz).toBe('Etc/GMT+5');
    for (const tz of ['Mars/Olympus', '+05:00', "UTC'; drop table users; --", '']) {
      expect(analyticsQuery.safeParse({ tz }).success, tz).toBe(false);
    }
  });
});
