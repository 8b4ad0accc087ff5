import { describe, expect, it } from 'vitest';
import { attemptLimiter } from './attempt-limiter';

describe('attemptLimiter', () => {
  it('allows max attempts per key and window, then none until the window has passed', () => {
    let clock = 0;
    const limiter = attemptLimiter({ max: 2, windowMs: 1000, now: () => clock });
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false]);
    expect(limiter.take('b')).toBe(true);
    clock = 999;
    expect(limiter.take('a')).toBe(false);
    clock = 1000;
    expect(limiter.take('a')).toBe(true);
  });

  it('keeps at most maxKeys windows, dropping expired ones first, then the oldest', () => {
    let clock = 0;
    const limiter = attemptLimiter({ max: 1, windowMs: 100, now: () => clock, maxKeys: 2 });
    limiter.take('a');
    clock = 50;
    limiter.take('b');
    clock = 120; // 'a' has expired, 'b' has not
    expect(limiter.take('c')).toBe(true);
    expect(limiter.take('b')).toBe(false); // kept: only the expired 'a' made room
    expect(limiter.take('d')).toBe(true); // full of live windows: the oldest ('b') goes
    expect(limiter.take('b')).toBe(true);
  });
});
