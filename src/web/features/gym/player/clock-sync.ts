/**
 * This tablet's clock against the server's (issue #21 part 4, docs/decisions/0046): tablets riding
 * a class together agree on the server's time, not on their own clocks, which may be seconds or
 * hours off. Pure and zod-free: the public gym build's player loads it (docs/decisions/0017).
 *
 * One round trip: the tablet notes its clock when it asks (`sent`) and when the answer arrives
 * (`received`); the server's `now` was read somewhere in between, most likely half way, so
 * offset = serverNow − (sent + received) / 2, wrong by at most half the round trip. Of several
 * round trips the one with the shortest round trip is kept (the least queueing, the least error).
 */

/** How many round trips one measurement makes. */
export const CLOCK_ROUNDS = 6;
/** How often the offset is measured again while riding (a device clock drifts, or is set). */
export const CLOCK_REMEASURE_MS = 60_000;
/** After a measurement that failed altogether, the next attempt. */
export const CLOCK_RETRY_MS = 5_000;

export interface ClockSample {
  /** This tablet's clock when the request left (ms). */
  sent: number;
  /** This tablet's clock when the answer arrived (ms). */
  received: number;
  /** The server's clock in the answer (epoch ms). */
  serverNow: number;
}

export interface ClockOffset {
  /** Add to this tablet's clock to get the server's (ms). */
  offset: number;
  /** The round trip of the sample kept (ms): the offset is right within half of it. */
  roundTrip: number;
}

/** The offset one round trip gives. */
export function sampleOffset({ sent, received, serverNow }: ClockSample): ClockOffset {
  return { offset: serverNow - (sent + received) / 2, roundTrip: received - sent };
}

/** The offset of the sample with the shortest round trip; null when there is none (or none sane). */
export function bestOffset(samples: readonly ClockSample[]): ClockOffset | null {
  let best: ClockOffset | null = null;
  for (const sample of samples) {
    if (!Number.isFinite(sample.serverNow) || !(sample.received >= sample.sent)) continue;
    const measured = sampleOffset(sample);
    if (!best || measured.roundTrip < best.roundTrip) best = measured;
  }
  return best;
}

export interface ClockDeps {
  /** Asks the server for its clock (epoch ms). */
  fetchServerNow(): Promise<number>;
  /** This tablet's clock (ms). */
  now(): number;
}

/**
 * `rounds` round trips one after the other (never at once: they would queue behind each other),
 * the best kept. A failed round trip is skipped; null when every one failed.
 */
export async function measureOffset(
  deps: ClockDeps,
  rounds = CLOCK_ROUNDS,
): Promise<ClockOffset | null> {
  const samples: ClockSample[] = [];
  for (let i = 0; i < rounds; i++) {
    const sent = deps.now();
    try {
      const serverNow = await deps.fetchServerNow();
      samples.push({ sent, received: deps.now(), serverNow });
    } catch {
      // Skipped: the others may do.
    }
  }
  return bestOffset(samples);
}

export interface ServerClock {
  /** The server's time now (epoch ms), or null until a first measurement succeeded. */
  now(): number | null;
  /** The offset in use (null until measured). */
  offset(): ClockOffset | null;
  stop(): void;
}

export interface ServerClockDeps extends ClockDeps {
  setTimeout(task: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Told of every new offset (the player shows a countdown once the first is in). */
  onChange?(offset: ClockOffset): void;
}

/**
 * Measures at once, then every CLOCK_REMEASURE_MS (CLOCK_RETRY_MS after a failure, keeping the
 * last offset meanwhile). A new measurement replaces the old one: the device clock may have been
 * set in between, and the best of several round trips is already steady.
 */
export function startServerClock(deps: ServerClockDeps, rounds = CLOCK_ROUNDS): ServerClock {
  let current: ClockOffset | null = null;
  let stopped = false;
  let timer: unknown = null;
  const run = async () => {
    const measured = await measureOffset(deps, rounds);
    if (stopped) return;
    if (measured) {
      current = measured;
      deps.onChange?.(measured);
    }
    timer = deps.setTimeout(() => void run(), measured ? CLOCK_REMEASURE_MS : CLOCK_RETRY_MS);
  };
  void run();
  return {
    now: () => (current ? deps.now() + current.offset : null),
    offset: () => current,
    stop() {
      stopped = true;
      if (timer !== null) deps.clearTimeout(timer);
    },
  };
}
