import { describe, expect, it } from 'vitest';
import { retentionCurve } from './retention';

describe('retentionCurve', () => {
  it('gives the share of views whose furthest point reached each step, never rising', () => {
    // 4 views of a 100 s class in 4 steps: one stopped in the first quarter, one in the second,
    // one in the last, one reached the end.
    const points = retentionCurve(
      [
        { step: 0, views: 1 },
        { step: 1, views: 1 },
        { step: 3, views: 1 },
        { step: 4, views: 1 },
      ],
      100,
      4,
    );
    expect(points).toEqual([
      { position: 0, percent: 100 },
      { position: 25, percent: 75 },
      { position: 50, percent: 50 },
      { position: 75, percent: 50 },
      { position: 100, percent: 25 },
    ]);
  });

  it('has steps + 1 points from the start to the end, one decimal, at 1/50 by default', () => {
    const points = retentionCurve(
      [
        { step: 10, views: 2 },
        { step: 50, views: 1 },
      ],
      2700,
    );
    expect(points).toHaveLength(51);
    expect(points[0]).toEqual({ position: 0, percent: 100 });
    expect(points[1]).toEqual({ position: 54, percent: 100 });
    expect(points[10]).toEqual({ position: 540, percent: 100 });
    expect(points[11]).toEqual({ position: 594, percent: 33.3 });
    expect(points[50]).toEqual({ position: 2700, percent: 33.3 });
    for (let i = 1; i < points.length; i += 1) {
      expect(points[i]!.percent).toBeLessThanOrEqual(points[i - 1]!.percent);
    }
  });

  it('is empty without views or without a known, positive length', () => {
    expect(retentionCurve([], 600)).toEqual([]);
    expect(retentionCurve([{ step: 3, views: 0 }], 600)).toEqual([]);
    expect(retentionCurve([{ step: 3, views: 2 }], null)).toEqual([]);
    expect(retentionCurve([{ step: 3, views: 2 }], 0)).toEqual([]);
  });

  it('counts a step outside the class at the nearest end', () => {
    const points = retentionCurve(
      [
        { step: -3, views: 1 },
        { step: 99, views: 1 },
      ],
      10,
      2,
    );
    expect(points.map((p) => p.percent)).toEqual([100, 50, 50]);
  });
});
