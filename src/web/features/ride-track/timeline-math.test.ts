import { describe, expect, it } from 'vitest';
import { NO_ZONE_COLOR, ZONE_INFO, ZONES } from '@shared/ride-track';
import {
  keyTarget,
  percentOf,
  readableOn,
  rulerTicks,
  secondsAt,
  TEMPO_BOX,
  tempoPath,
} from './timeline-math';

describe('secondsAt', () => {
  const strip = { left: 100, width: 500 };
  it('turns a pointer position into whole seconds of the class', () => {
    expect(secondsAt(100, strip, 2700)).toBe(0);
    expect(secondsAt(350, strip, 2700)).toBe(1350);
    expect(secondsAt(600, strip, 2700)).toBe(2700);
    expect(secondsAt(101, strip, 2700)).toBe(5);
  });
  it('stays within the class when the pointer leaves the strip', () => {
    expect(secondsAt(20, strip, 2700)).toBe(0);
    expect(secondsAt(900, strip, 2700)).toBe(2700);
  });
  it('answers 0 for a strip with no width or a class with no length', () => {
    expect(secondsAt(300, { left: 0, width: 0 }, 2700)).toBe(0);
    expect(secondsAt(300, strip, 0)).toBe(0);
  });
});

describe('percentOf', () => {
  it('places a time along the class', () => {
    expect(percentOf(0, 2700)).toBe(0);
    expect(percentOf(675, 2700)).toBe(25);
    expect(percentOf(2700, 2700)).toBe(100);
    expect(percentOf(3000, 2700)).toBe(100);
    expect(percentOf(10, 0)).toBe(0);
  });
});

describe('keyTarget', () => {
  const range = { min: 5, max: 895 };
  const key = (k: string, shiftKey = false) => ({ key: k, shiftKey });
  it('moves by a second with the arrows and by 10 s with Shift', () => {
    expect(keyTarget(key('ArrowLeft'), 300, range)).toBe(299);
    expect(keyTarget(key('ArrowRight'), 300, range)).toBe(301);
    expect(keyTarget(key('ArrowDown'), 300, range)).toBe(299);
    expect(keyTarget(key('ArrowUp'), 300, range)).toBe(301);
    expect(keyTarget(key('ArrowLeft', true), 300, range)).toBe(290);
    expect(keyTarget(key('ArrowRight', true), 300, range)).toBe(310);
  });
  it('moves by a minute with Page Up and Down, to the ends with Home and End', () => {
    expect(keyTarget(key('PageUp'), 300, range)).toBe(360);
    expect(keyTarget(key('PageDown'), 300, range)).toBe(240);
    expect(keyTarget(key('Home'), 300, range)).toBe(5);
    expect(keyTarget(key('End'), 300, range)).toBe(895);
  });
  it('stays in the range and on whole seconds', () => {
    expect(keyTarget(key('ArrowLeft', true), 8, range)).toBe(5);
    expect(keyTarget(key('ArrowRight', true), 890, range)).toBe(895);
    expect(keyTarget(key('ArrowRight'), 10.4, range)).toBe(11);
  });
  it('leaves other keys alone', () => {
    expect(keyTarget(key('Enter'), 300, range)).toBeNull();
    expect(keyTarget(key('s'), 300, range)).toBeNull();
    expect(keyTarget(key('Tab'), 300, range)).toBeNull();
  });
});

describe('rulerTicks', () => {
  it('labels a 45-minute class every 5 minutes on a wide strip', () => {
    expect(rulerTicks(2700, 10)).toEqual([0, 300, 600, 900, 1200, 1500, 1800, 2100, 2400]);
  });
  it('labels less often on a narrow strip', () => {
    expect(rulerTicks(2700, 4)).toEqual([0, 900, 1800]);
  });
  it('labels a short class every few seconds', () => {
    expect(rulerTicks(20, 5)).toEqual([0, 5, 10, 15]);
  });
  it('never labels more than asked, even for a very long class', () => {
    for (const duration of [20, 59, 600, 2700, 5400, 21_600])
      for (const labels of [2, 4, 8, 12])
        expect(rulerTicks(duration, labels).length).toBeLessThanOrEqual(
          Math.max(labels, Math.ceil(duration / 3600)),
        );
  });
  it('answers the start alone for no length', () => {
    expect(rulerTicks(0, 5)).toEqual([0]);
  });
});

describe('tempoPath', () => {
  it('draws the tempo over the class, the faster the higher', () => {
    const path = tempoPath(
      [
        { atSeconds: 0, bpm: 120 },
        { atSeconds: 50, bpm: 140 },
        { atSeconds: 100, bpm: 120 },
      ],
      100,
    )!;
    expect(path.minBpm).toBe(120);
    expect(path.maxBpm).toBe(140);
    const points = [...path.d.matchAll(/([ML])([\d.]+) ([\d.]+)/g)].map((m) => [
      m[1],
      Number(m[2]),
      Number(m[3]),
    ]);
    expect(points.map((p) => p[0])).toEqual(['M', 'L', 'L']);
    expect(points.map((p) => p[1])).toEqual([0, 500, 1000]);
    const [first, middle, last] = points.map((p) => p[2] as number);
    expect(middle!).toBeLessThan(first!);
    expect(last).toBe(first);
    for (const y of [first!, middle!]) {
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(TEMPO_BOX.height);
    }
  });

  it('breaks the line where no steady beat was heard', () => {
    const path = tempoPath(
      [
        { atSeconds: 0, bpm: 128 },
        { atSeconds: 5, bpm: 128 },
        { atSeconds: 10, bpm: null },
        { atSeconds: 15, bpm: 130 },
        { atSeconds: 20, bpm: 130 },
      ],
      20,
    )!;
    expect(path.d.match(/M/g)).toHaveLength(2);
    expect(path.d.match(/L/g)).toHaveLength(2);
  });

  it('draws a steady tempo as a level line in the box', () => {
    const path = tempoPath(
      [
        { atSeconds: 0, bpm: 128 },
        { atSeconds: 60, bpm: 128 },
      ],
      60,
    )!;
    expect(path.d).toBe('M0 50 L1000 50');
  });

  it('sorts points by time', () => {
    const path = tempoPath(
      [
        { atSeconds: 60, bpm: 128 },
        { atSeconds: 0, bpm: 128 },
      ],
      60,
    )!;
    expect(path.d.startsWith('M0 ')).toBe(true);
  });

  it('is null without any beat heard', () => {
    expect(tempoPath([], 60)).toBeNull();
    expect(tempoPath([{ atSeconds: 0, bpm: null }], 60)).toBeNull();
  });
});

describe('readableOn', () => {
  it('writes near-black on every zone colour and white on the no-zone slate', () => {
    for (const zone of ZONES) expect(readableOn(ZONE_INFO[zone].color)).toBe('#0a0a0a');
    expect(readableOn(NO_ZONE_COLOR)).toBe('#ffffff');
  });
  it('answers the plain extremes', () => {
    expect(readableOn('#ffffff')).toBe('#0a0a0a');
    expect(readableOn('#000000')).toBe('#ffffff');
    expect(readableOn('1e3a8a')).toBe('#ffffff');
  });
  it('falls back to near-black for a colour it cannot read', () => {
    expect(readableOn('red')).toBe('#0a0a0a');
  });
});
