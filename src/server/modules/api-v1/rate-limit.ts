/** One window of one key: when it started and how many requests it has had. */
interface Window {
  start: number;
  count: number;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  windowSeconds: number;
}

/**
 * Requests per API key per fixed window, in this process (as the app's other rate limits are).
 * The map holds one entry per key seen in the last window; older entries are dropped as it grows.
 */
export function apiRateLimiter(
  { max, windowMs }: { max: number; windowMs: number },
  now: () => number = Date.now,
) {
  const windows = new Map<string, Window>();
  return {
    take(keyId: string): RateDecision {
      const at = now();
      let window = windows.get(keyId);
      if (!window || at - window.start >= windowMs) {
        if (windows.size > 10_000) {
          for (const [id, w] of windows) if (at - w.start >= windowMs) windows.delete(id);
        }
        window = { start: at, count: 0 };
        windows.set(keyId, window);
      }
      window.count += 1;
      return {
        allowed: window.count <= max,
        limit: max,
        remaining: Math.max(0, max - window.count),
        resetSeconds: Math.max(1, Math.ceil((window.start + windowMs - at) / 1000)),
        windowSeconds: Math.round(windowMs / 1000),
      };
    },
  };
}

export type ApiRateLimiter = ReturnType<typeof apiRateLimiter>;
