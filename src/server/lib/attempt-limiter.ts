/** Where a key stands in its window after an attempt. */
export interface AttemptState {
  allowed: boolean;
  limit: number;
  /** Attempts left in this window. */
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/**
 * A fixed-window count of attempts per key (an account id, an API key, an address), in this
 * process: `take` answers whether one more attempt is allowed and counts it (`attempt` also says
 * how many are left and when the window resets). Memory is bounded: past `maxKeys` keys, expired
 * windows are dropped first, then the oldest.
 */
export function attemptLimiter({
  max,
  windowMs,
  now,
  maxKeys = 10_000,
}: {
  max: number;
  windowMs: number;
  now: () => number;
  maxKeys?: number;
}) {
  const windows = new Map<string, { start: number; count: number }>();

  function makeRoom(at: number): void {
    for (const [key, window] of windows) if (at - window.start >= windowMs) windows.delete(key);
    while (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
  }

  const state = (allowed: boolean, window: { start: number; count: number }, at: number) => ({
    allowed,
    limit: max,
    remaining: Math.max(0, max - window.count),
    resetMs: window.start + windowMs - at,
  });

  function attempt(key: string): AttemptState {
    const at = now();
    const window = windows.get(key);
    if (window && at - window.start < windowMs) {
      if (window.count >= max) return state(false, window, at);
      window.count += 1;
      return state(true, window, at);
    }
    windows.delete(key);
    if (windows.size >= maxKeys) makeRoom(at);
    const fresh = { start: at, count: 1 };
    windows.set(key, fresh);
    return state(true, fresh, at);
  }

  return {
    attempt,
    take: (key: string): boolean => attempt(key).allowed,
    /** Whether the key has used its window up (nothing is counted). */
    spent(key: string): boolean {
      const window = windows.get(key);
      return !!window && now() - window.start < windowMs && window.count >= max;
    },
  };
}

export type AttemptLimiter = ReturnType<typeof attemptLimiter>;
