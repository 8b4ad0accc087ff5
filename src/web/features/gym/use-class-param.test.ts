import { describe, expect, it } from 'vitest';
import { togetherStartOf } from './use-class-param';

describe('togetherStartOf', () => {
  const now = 1_800_000_000_000;
  it('reads a whole epoch-ms start, past or up to a week ahead', () => {
    expect(togetherStartOf(String(now + 30_000), now)).toBe(now + 30_000);
    expect(togetherStartOf(String(now - 3_600_000), now)).toBe(now - 3_600_000);
    expect(togetherStartOf(String(now + 7 * 86_400_000), now)).toBe(now + 7 * 86_400_000);
  });

  it('rides alone on anything else: missing, not a number, fractions, zero, years ahead', () => {
    for (const text of [null, '', 'soon', '12.5', '0', '-5', '9007199254740993']) {
      expect(togetherStartOf(text, now), String(text)).toBeNull();
    }
    expect(togetherStartOf(String(now + 8 * 86_400_000), now)).toBeNull();
  });
});
