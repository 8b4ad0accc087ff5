import { describe, expect, it } from 'vitest';
import { formatRate, formatTimeLeft, TransferMeter } from './transfer-meter';

describe('TransferMeter', () => {
  it('says nothing about speed until half a second has passed', () => {
    let t = 0;
    const meter = new TransferMeter(() => t);
    expect(meter.update(0, 1000)).toMatchObject({
      bytesPerSecond: null,
      secondsLeft: null,
      percent: 0,
    });
    t = 100;
    expect(meter.update(100, 1000).bytesPerSecond).toBeNull();
  });

  it('measures speed over the recent window and derives the time left', () => {
    let t = 0;
    const meter = new TransferMeter(() => t);
    meter.update(0, 10_000_000);
    t = 1000;
    const stats = meter.update(1_000_000, 10_000_000);
    expect(stats.bytesPerSecond).toBe(1_000_000);
    expect(stats.secondsLeft).toBe(9);
    expect(stats.percent).toBe(10);
    // Ten seconds later at a slower pace: only the last five seconds count.
    for (let i = 1; i <= 10; i++) {
      t = 1000 + i * 1000;
      meter.update(1_000_000 + i * 100_000, 10_000_000);
    }
    expect(meter.update(2_000_000, 10_000_000).bytesPerSecond).toBeCloseTo(100_000, -3);
  });

  it('starts from a resumed offset without counting it as speed', () => {
    let t = 0;
    const meter = new TransferMeter(() => t);
    meter.update(5_000_000, 10_000_000);
    t = 2000;
    expect(meter.update(6_000_000, 10_000_000).bytesPerSecond).toBe(500_000);
  });
});

describe('formatting', () => {
  it.each([
    [4.2 * 1024 * 1024, '4.2 MB/s'],
    [850 * 1024, '850 KB/s'],
    [10, '1 KB/s'],
  ])('rate %d -> %s', (rate, text) => expect(formatRate(rate)).toBe(text));

  it.each([
    [12.4, 'about 12 s left'],
    [0.2, 'about 1 s left'],
    [185, 'about 3 min left'],
    [3900, 'about 1 h 5 min left'],
    [7200, 'about 2 h left'],
  ])('time %d -> %s', (s, text) => expect(formatTimeLeft(s)).toBe(text));
});
