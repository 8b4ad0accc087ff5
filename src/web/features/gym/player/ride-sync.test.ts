import { describe, expect, it } from 'vitest';
import {
  HARD_SEEK_SECONDS,
  MAX_RATE_CHANGE,
  pickRideStart,
  rateFor,
  rideSyncStep,
} from './ride-sync';

const START = 1_800_000_000_000;
const at = (seconds: number) => START + seconds * 1000;

describe('rideSyncStep', () => {
  it('counts down before the start, in whole seconds up', () => {
    expect(
      rideSyncStep({ serverNow: at(-12), startAt: START, currentTime: 0, duration: 60 }),
    ).toEqual({ kind: 'countdown', secondsLeft: 12 });
    expect(
      rideSyncStep({ serverNow: at(-0.2), startAt: START, currentTime: 0, duration: 60 }),
    ).toEqual({ kind: 'countdown', secondsLeft: 1 });
  });

  it('plays at 1 when in step', () => {
    expect(
      rideSyncStep({ serverNow: at(10), startAt: START, currentTime: 9.97, duration: 60 }),
    ).toMatchObject({
      kind: 'rate',
      rate: 1,
    });
  });

  it('speeds up a tablet behind and slows one ahead, in proportion, within 1 ± 0.1', () => {
    const behind = rideSyncStep({
      serverNow: at(10),
      startAt: START,
      currentTime: 9.9,
      duration: 60,
    });
    const furtherBehind = rideSyncStep({
      serverNow: at(10),
      startAt: START,
      currentTime: 9.6,
      duration: 60,
    });
    const ahead = rideSyncStep({
      serverNow: at(10),
      startAt: START,
      currentTime: 10.1,
      duration: 60,
    });
    expect(behind).toMatchObject({ kind: 'rate', rate: 1.05 });
    expect(furtherBehind).toMatchObject({ kind: 'rate', rate: 1 + MAX_RATE_CHANGE });
    expect(ahead).toMatchObject({ kind: 'rate', rate: 0.95 });
    expect(
      rideSyncStep({ serverNow: at(10), startAt: START, currentTime: 11.9, duration: 60 }),
    ).toMatchObject({ kind: 'rate', rate: 1 - MAX_RATE_CHANGE });
  });

  it('seeks only past 2 s of drift, to where the ride is', () => {
    expect(
      rideSyncStep({
        serverNow: at(10),
        startAt: START,
        currentTime: 10 - HARD_SEEK_SECONDS,
        duration: 60,
      }),
    ).toMatchObject({ kind: 'rate' });
    expect(
      rideSyncStep({ serverNow: at(10), startAt: START, currentTime: 0, duration: 60 }),
    ).toEqual({
      kind: 'seek',
      to: 10,
      drift: 10,
    });
    expect(
      rideSyncStep({ serverNow: at(10), startAt: START, currentTime: 14, duration: 60 }),
    ).toEqual({
      kind: 'seek',
      to: 10,
      drift: -4,
    });
  });

  it('stops at the end of the class', () => {
    expect(
      rideSyncStep({ serverNow: at(60), startAt: START, currentTime: 59.9, duration: 60 }),
    ).toEqual({
      kind: 'over',
    });
    // A length not known yet never ends the ride.
    expect(
      rideSyncStep({ serverNow: at(600), startAt: START, currentTime: 599.9, duration: 0 }),
    ).toMatchObject({
      kind: 'rate',
    });
  });
});

describe('rateFor', () => {
  it('converges: a simulated tablet 1.5 s behind is within 0.05 s in 20 s, never jumping', () => {
    let drift = 1.5;
    let previousRate = 1;
    for (let tick = 0; tick < 80; tick++) {
      const rate = rateFor(drift);
      expect(Math.abs(rate - previousRate)).toBeLessThanOrEqual(MAX_RATE_CHANGE + 1e-9);
      previousRate = rate;
      drift -= (rate - 1) * 0.25; // A quarter of a second at that rate.
    }
    expect(Math.abs(drift)).toBeLessThanOrEqual(0.05);
    expect(rateFor(drift)).toBe(1);
  });

  it('does not overshoot: the sign of the drift never flips past the dead band', () => {
    let drift = -0.8;
    for (let tick = 0; tick < 80; tick++) {
      drift -= (rateFor(drift) - 1) * 0.25;
      expect(drift).toBeLessThanOrEqual(0.05);
    }
  });
});

describe('pickRideStart', () => {
  it('is at least 30 s ahead, on a whole 10 s', () => {
    const now = Date.UTC(2026, 10, 27, 18, 42, 3, 400);
    const start = pickRideStart(now);
    expect(start - now).toBeGreaterThanOrEqual(30_000);
    expect(start - now).toBeLessThan(40_000);
    expect(start % 10_000).toBe(0);
    expect(new Date(start).toISOString()).toBe('2026-11-27T18:42:40.000Z');
  });
});
