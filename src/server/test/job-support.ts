/** Test support (not app code) for the media pipeline tests. */
import type { FastifyBaseLogger } from 'fastify';

/** A logger that drops everything. */
export const silentLog = {
  level: 'silent',
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  silent() {},
  child() {
    return silentLog;
  },
} as unknown as FastifyBaseLogger;

/** Polls `check` until it answers something truthy; fails after `ms` (a bound, not an assertion). */
export async function until<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  ms = 240_000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what} not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
