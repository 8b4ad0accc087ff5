/**
 * A fixed-window count of attempts per key (an account id), in this process: `take` answers whether
 * one more attempt is allowed and counts it. Memory is bounded: past `maxKeys` keys, expired windows
 * are dropped first, then the oldest.
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

  return {
    take(key: string): boolean {
      const at = now();
      const window = windows.get(key);
      if (window && at - window.start < windowMs) {
        if (window.count >= max) return false;
        window.count += 1;
        return true;
      }
      windows.delete(key);
      if (windows.size >= maxKeys) makeRoom(at);
      windows.set(key, { start: at, count: 1 });
      return true;
    },
  };
}
