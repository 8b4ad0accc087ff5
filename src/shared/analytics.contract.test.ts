import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_LOCKS,
  ANALYTICS_MESSAGES,
  analyticsQuery,
  analyticsRange,
  changeLine,
  csvExportQuery,
  daysInRange,
  percentChange,
} from './analytics.contract';

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

  it('compares a custom range with the same number of days before it', () => {
    expect(changeLine({ value: 0, change: null }, 14)).toBe('+0% vs the previous 14 days');
    expect(changeLine({ value: 4, change: null }, 14)).toBe('New vs the previous 14 days');
    expect(changeLine({ value: 5, change: -3 }, 14)).toBe('-3% vs the previous 14 days');
    expect(changeLine({ value: 5, change: 25 }, 1)).toBe('+25% vs the day before');
  });
});

describe('analyticsRange', () => {
  const message = (input: unknown) => {
    const result = analyticsRange.safeParse(input);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('takes both days or neither, real calendar days, in order, at most 366 days', () => {
    expect(message({})).toBeNull();
    expect(message({ from: '2026-03-01', to: '2026-03-01' })).toBeNull();
    expect(message({ from: '2024-01-01', to: '2024-12-31' })).toBeNull(); // 366 days (leap year)
    expect(message({ from: '2026-03-01' })).toBe(ANALYTICS_MESSAGES.bothDates);
    expect(message({ to: '2026-03-01' })).toBe(ANALYTICS_MESSAGES.bothDates);
    expect(message({ from: '2026-03-02', to: '2026-03-01' })).toBe(ANALYTICS_MESSAGES.backwards);
    expect(message({ from: '2025-01-01', to: '2026-01-02' })).toBe(ANALYTICS_MESSAGES.tooLong);
    for (const bad of [
      '2026-02-30',
      '2026-13-01',
      '26-03-01',
      '2026-3-1',
      "2026-03-01' or 1=1",
      '',
    ]) {
      expect(message({ from: bad, to: '2026-03-31' }), bad).toBe(ANALYTICS_MESSAGES.badDate);
    }
  });

  it('counts both ends', () => {
    expect(daysInRange('2026-03-01', '2026-03-01')).toBe(1);
    expect(daysInRange('2026-03-01', '2026-03-31')).toBe(31);
    // Across a DST change: calendar days, not hours.
    expect(daysInRange('2026-03-07', '2026-03-09')).toBe(3);
  });
});

describe('csvExportQuery', () => {
  it('names a table of the screen, and a class for the retention table', () => {
    expect(csvExportQuery.safeParse({ table: 'videos' }).success).toBe(true);
    expect(csvExportQuery.safeParse({ table: 'users' }).error?.issues[0]?.message).toBe(
      ANALYTICS_MESSAGES.badTable,
    );
    expect(csvExportQuery.safeParse({ table: 'retention' }).error?.issues[0]?.message).toBe(
      ANALYTICS_MESSAGES.needsClass,
    );
  });
});

describe('ANALYTICS_LOCKS', () => {
  it('names the feature and the plan that unlocks it', () => {
    expect(ANALYTICS_LOCKS.dashboard).toBe(
      'A breakdown by day, class and hour comes with Analytics dashboard, on Power Cycle and up.',
    );
    expect(ANALYTICS_LOCKS.range).toBe(
      'A custom date range comes with Advanced analytics, on Spin Master and up.',
    );
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
