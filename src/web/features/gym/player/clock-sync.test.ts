import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bestOffset,
  CLOCK_REMEASURE_MS,
  CLOCK_RETRY_MS,
  measureOffset,
  sampleOffset,
  startServerClock,
  type ClockDeps,
} from './clock-sync';

const HOUR = 3_600_000;

/**
 * A tablet whose clock is `skew` ms ahead of the server's, talking to it over a link whose
 * round trips take the given times (ms), split `upShare` going up; the server reads its clock
 * when the request arrives.
 */
function network(skew: number, roundTrips: number[], upShare = 0.5) {
  let serverClock = 1_800_000_000_000;
  let trip = 0;
  const deps: ClockDeps = {
    now: () => serverClock + skew,
    async fetchServerNow() {
      const rtt = roundTrips[trip++ % roundTrips.length]!;
      if (rtt < 0) throw new Error('offline');
      serverClock += rtt * upShare;
      const answered = serverClock;
      serverClock += rtt * (1 - upShare);
      return answered;
    },
  };
  return { deps, advance: (ms: number) => (serverClock += ms), server: () => serverClock };
}

describe('sampleOffset', () => {
  it('takes the server as read half way through the round trip', () => {
    expect(sampleOffset({ sent: 1_000, received: 1_100, serverNow: 5_050 })).toEqual({
      offset: 4_000,
      roundTrip: 100,
    });
  });
});

describe('bestOffset', () => {
  it('keeps the sample with the shortest round trip', () => {
    const best = bestOffset([
      { sent: 0, received: 400, serverNow: 900 }, // offset 700, rtt 400
      { sent: 1_000, received: 1_020, serverNow: 1_510 }, // offset 500, rtt 20
      { sent: 2_000, received: 2_100, serverNow: 2_600 }, // offset 550, rtt 100
    ]);
    expect(best).toEqual({ offset: 500, roundTrip: 20 });
  });

  it('ignores samples that make no sense, and answers null with none', () => {
    expect(bestOffset([])).toBeNull();
    expect(
      bestOffset([
        { sent: 10, received: 5, serverNow: 100 },
        { sent: 0, received: 10, serverNow: Number.NaN },
      ]),
    ).toBeNull();
  });
});

describe('measureOffset', () => {
  it('finds a clock hours off, within half the best round trip', async () => {
    for (const skew of [-5 * HOUR, -7_000, 0, 7_000, 9 * HOUR]) {
      // Asymmetric trips (all the delay on the way up) are the worst case: the error is rtt / 2.
      const { deps } = network(skew, [300, 180, 12, 250, 90, 40], 1);
      const measured = await measureOffset(deps, 6);
      expect(measured!.roundTrip).toBe(12);
      expect(Math.abs(measured!.offset - -skew)).toBeLessThanOrEqual(6);
    }
  });

  it('is exact on a symmetric link', async () => {
    const { deps } = network(7_000, [80, 40, 60]);
    expect(await measureOffset(deps, 3)).toEqual({ offset: -7_000, roundTrip: 40 });
  });

  it('makes its round trips one after the other', async () => {
    let inFlight = 0;
    let most = 0;
    const deps: ClockDeps = {
      now: () => 0,
      async fetchServerNow() {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await Promise.resolve();
        inFlight -= 1;
        return 10;
      },
    };
    await measureOffset(deps, 5);
    expect(most).toBe(1);
  });

  it('skips a failed round trip, and answers null when all failed', async () => {
    expect((await measureOffset(network(2_000, [-1, 50, -1, 30]).deps, 4))!.roundTrip).toBe(30);
    expect(await measureOffset(network(2_000, [-1]).deps, 4)).toBeNull();
  });
});

describe('startServerClock', () => {
  afterEach(() => vi.useRealTimers());

  it('answers null until measured, then the server time; measures again every minute', async () => {
    vi.useFakeTimers();
    const net = network(7_000, [20]);
    const changes: number[] = [];
    let fetches = 0;
    const clock = startServerClock(
      {
        ...net.deps,
        fetchServerNow: () => {
          fetches += 1;
          return net.deps.fetchServerNow();
        },
        setTimeout: (task, ms) => setTimeout(task, ms),
        clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
        onChange: (o) => changes.push(o.offset),
      },
      4,
    );
    expect(clock.now()).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(clock.now()).toBe(net.server());
    expect(changes).toEqual([-7_000]);
    expect(fetches).toBe(4);

    await vi.advanceTimersByTimeAsync(CLOCK_REMEASURE_MS - 1);
    expect(fetches).toBe(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toBe(8);
    expect(changes).toHaveLength(2);

    clock.stop();
    await vi.advanceTimersByTimeAsync(CLOCK_REMEASURE_MS * 3);
    expect(fetches).toBe(8);
  });

  it('follows a device clock that was set between measurements', async () => {
    vi.useFakeTimers();
    let skew = 0;
    let server = 1_000_000;
    const clock = startServerClock(
      {
        now: () => server + skew,
        fetchServerNow: () => Promise.resolve(server),
        setTimeout: (task, ms) => setTimeout(task, ms),
        clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      },
      3,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(clock.offset()!.offset).toBe(0);
    skew = 2 * HOUR;
    server += 1_000;
    await vi.advanceTimersByTimeAsync(CLOCK_REMEASURE_MS);
    expect(clock.offset()!.offset).toBe(-2 * HOUR);
    expect(clock.now()).toBe(server);
    clock.stop();
  });

  it('keeps the last offset while the server cannot be reached, and tries again sooner', async () => {
    vi.useFakeTimers();
    let online = true;
    let fetches = 0;
    const clock = startServerClock(
      {
        now: () => 500,
        fetchServerNow: () => {
          fetches += 1;
          return online ? Promise.resolve(1_500) : Promise.reject(new Error('offline'));
        },
        setTimeout: (task, ms) => setTimeout(task, ms),
        clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      },
      2,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(clock.offset()!.offset).toBe(1_000);
    online = false;
    await vi.advanceTimersByTimeAsync(CLOCK_REMEASURE_MS);
    expect(fetches).toBe(4);
    expect(clock.offset()!.offset).toBe(1_000);
    await vi.advanceTimersByTimeAsync(CLOCK_RETRY_MS);
    expect(fetches).toBe(6);
    clock.stop();
  });
});
