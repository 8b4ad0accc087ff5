// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type { RefObject } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClockDeps } from './clock-sync';
import { SEEK_SETTLE_MS } from './ride-sync';
import { RIDE_TICK_MS, useRideTogether, type RideControl } from './use-ride-together';

const HOUR = 3_600_000;
const START = 1_800_000_000_000;

/** The parts of a video element the ride reads and sets; its clock runs with the fake timers. */
function fakeVideo() {
  const video = {
    currentTime: 0,
    paused: true,
    ended: false,
    seeking: false,
    playbackRate: 1,
    pause: vi.fn(() => {
      video.paused = true;
    }),
    seeks: [] as number[],
  };
  let time = 0;
  Object.defineProperty(video, 'currentTime', {
    get: () => time,
    set: (t: number) => {
      video.seeks.push(t);
      time = t;
    },
  });
  /** Plays `ms` of the class at its rate (when playing). */
  const advance = (ms: number) => {
    if (!video.paused) time += (ms / 1000) * video.playbackRate;
  };
  return { video, advance, set: (t: number) => (time = t) };
}

/** The server's clock and a tablet `skew` ms off it; `fetchServerNow` answers at once. */
function clocks(skew: number) {
  const state = { server: START - 20_000 };
  const deps: ClockDeps = {
    now: () => state.server + skew,
    fetchServerNow: () => Promise.resolve(state.server),
  };
  return { state, deps };
}

function ride(startAt: number | null, skew = 0, duration = 60) {
  const { video, advance, set } = fakeVideo();
  const { state, deps } = clocks(skew);
  const play = vi.fn(() => {
    video.paused = false;
  });
  const control: RefObject<RideControl> = { current: { duration, needsTap: false, play } };
  const videoRef = { current: video as unknown as HTMLVideoElement };
  const hook = renderHook(() => useRideTogether(videoRef, startAt, control, deps));
  /** `ms` pass for the server, the video and the timers alike, a tick at a time. */
  const pass = async (ms: number) => {
    for (let done = 0; done < ms; done += RIDE_TICK_MS) {
      state.server += RIDE_TICK_MS;
      advance(RIDE_TICK_MS);
      await act(() => vi.advanceTimersByTimeAsync(RIDE_TICK_MS));
    }
  };
  return { hook, video, play, control, state, pass, set };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useRideTogether', () => {
  it('does nothing when not riding together', async () => {
    const r = ride(null);
    await r.pass(1_000);
    expect(r.hook.result.current).toMatchObject({ phase: 'syncing', loadAt: null, missed: false });
    expect(r.play).not.toHaveBeenCalled();
  });

  it('measures the clock, loads from the start, counts down, then plays on time', async () => {
    const r = ride(START);
    expect(r.hook.result.current.phase).toBe('syncing');
    await r.pass(RIDE_TICK_MS);
    expect(r.hook.result.current).toMatchObject({ phase: 'countdown', loadAt: 0, missed: false });
    expect(r.hook.result.current.secondsLeft).toBe(20);
    expect(r.hook.result.current.localStart).toBe(START);
    await r.pass(10_000);
    expect(r.hook.result.current.secondsLeft).toBe(10);
    expect(r.play).not.toHaveBeenCalled();
    await r.pass(10_000);
    expect(r.hook.result.current.phase).toBe('riding');
    expect(r.play).toHaveBeenCalledTimes(1);
    await r.pass(5_000);
    // In step with the ride's clock, at rate 1, no seek made.
    expect(Math.abs(r.video.currentTime - (r.state.server - START) / 1000)).toBeLessThan(0.3);
    expect(r.video.seeks).toEqual([]);
  });

  it('holds a video that plays during the countdown at its start', async () => {
    const r = ride(START);
    await r.pass(RIDE_TICK_MS);
    r.video.paused = false;
    await r.pass(RIDE_TICK_MS);
    expect(r.video.pause).toHaveBeenCalled();
    expect(r.video.paused).toBe(true);
  });

  it('starts on the server clock whatever the device says: hours off, or 7 s ahead', async () => {
    for (const skew of [3 * HOUR, 7_000, -9 * HOUR]) {
      const r = ride(START, skew);
      await r.pass(RIDE_TICK_MS);
      expect(r.hook.result.current.secondsLeft).toBe(20);
      expect(r.hook.result.current.localStart).toBe(START + skew);
      await r.pass(19_500);
      expect(r.play).not.toHaveBeenCalled();
      await r.pass(500);
      expect(r.play).toHaveBeenCalledTimes(1);
      r.hook.unmount();
    }
  });

  it('nudges the rate when a little behind and converges; seeks when far off, once a while', async () => {
    const r = ride(START);
    await r.pass(25_000); // 5 s into the ride
    r.set(r.video.currentTime - 0.4);
    await r.pass(RIDE_TICK_MS);
    expect(r.video.playbackRate).toBeGreaterThan(1);
    expect(r.video.playbackRate).toBeLessThanOrEqual(1.1);
    await r.pass(8_000);
    expect(Math.abs(r.video.currentTime - (r.state.server - START) / 1000)).toBeLessThan(0.1);
    expect(r.video.playbackRate).toBe(1);
    expect(r.video.seeks).toEqual([]);

    r.set(r.video.currentTime - 6);
    await r.pass(RIDE_TICK_MS);
    expect(r.video.seeks).toHaveLength(1);
    expect(r.video.seeks[0]).toBeCloseTo((r.state.server - START) / 1000, 1);
    // A seek that has not landed yet is not repeated at once.
    r.video.paused = true;
    r.set(r.video.currentTime - 6);
    r.control.current.needsTap = true;
    await r.pass(SEEK_SETTLE_MS - RIDE_TICK_MS);
    expect(r.video.seeks).toHaveLength(1);
    await r.pass(RIDE_TICK_MS * 2);
    expect(r.video.seeks).toHaveLength(2);
  });

  it('plays again after a pause unless the browser wants a tap', async () => {
    const r = ride(START);
    await r.pass(22_000);
    expect(r.play).toHaveBeenCalledTimes(1);
    r.control.current.needsTap = true;
    r.video.paused = true;
    await r.pass(1_000);
    expect(r.play).toHaveBeenCalledTimes(1);
    r.control.current.needsTap = false;
    await r.pass(RIDE_TICK_MS);
    expect(r.play).toHaveBeenCalledTimes(2);
  });

  it('loads a late joiner at the ride point', async () => {
    const r = ride(START - 30_000);
    await r.pass(RIDE_TICK_MS);
    expect(r.hook.result.current.phase).toBe('riding');
    expect(r.hook.result.current.loadAt).toBeCloseTo(10.25, 1);
  });

  it('says the ride was missed when it ended before the tablet opened it', async () => {
    const r = ride(START - 100_000, 0, 60);
    await r.pass(RIDE_TICK_MS);
    expect(r.hook.result.current).toMatchObject({ phase: 'over', missed: true, loadAt: null });
    expect(r.play).not.toHaveBeenCalled();
  });
});
