import { describe, expect, it } from 'vitest';
import type { BrowserSupport, PlayerSource } from './media-engine';
import { warmPlayerWhenIdle, type WarmUpDeps } from './warm-up';

const HLS: PlayerSource = { hlsUrl: '/api/media/v1/hls/a/master.m3u8', mp4Url: '/v1.mp4' };
const MP4_ONLY: PlayerSource = { hlsUrl: null, mp4Url: '/v2.mp4' };
const MSE: BrowserSupport = { mse: true, nativeHls: false };
const IOS: BrowserSupport = { mse: false, nativeHls: true };

/** A scheduler that runs nothing until `idle()`, and records what was loaded. */
function fakeBrowser(support: BrowserSupport, fail = false) {
  const tasks: Array<() => void> = [];
  const loaded: string[] = [];
  let cancelled = 0;
  const load = (name: string) => () => {
    loaded.push(name);
    return fail ? Promise.reject(new Error('offline')) : Promise.resolve({});
  };
  const deps: WarmUpDeps = {
    schedule: (task) => {
      tasks.push(task);
      return () => cancelled++;
    },
    support: () => support,
    loadPlayer: load('player'),
    loadHlsJs: load('hls.js'),
  };
  return {
    deps,
    loaded,
    idle: () => tasks.splice(0).forEach((task) => task()),
    scheduled: () => tasks.length,
    cancelled: () => cancelled,
  };
}

describe('warmPlayerWhenIdle', () => {
  it('loads nothing until the browser is idle, then the player and hls.js', () => {
    const browser = fakeBrowser(MSE);
    warmPlayerWhenIdle([MP4_ONLY, HLS], browser.deps);
    expect(browser.loaded).toEqual([]);
    browser.idle();
    expect(browser.loaded).toEqual(['player', 'hls.js']);
  });

  it('skips hls.js where no class would play with it', () => {
    const mp4 = fakeBrowser(MSE);
    warmPlayerWhenIdle([MP4_ONLY], mp4.deps);
    mp4.idle();
    expect(mp4.loaded).toEqual(['player']);

    // iOS Safari: no Media Source Extensions, its own HLS plays the stream.
    const ios = fakeBrowser(IOS);
    warmPlayerWhenIdle([HLS], ios.deps);
    ios.idle();
    expect(ios.loaded).toEqual(['player']);
  });

  it('schedules nothing for a gym without classes', () => {
    const browser = fakeBrowser(MSE);
    warmPlayerWhenIdle([], browser.deps)();
    expect(browser.scheduled()).toBe(0);
  });

  it('answers the scheduler cancel (the page left before it was idle)', () => {
    const browser = fakeBrowser(MSE);
    const cancel = warmPlayerWhenIdle([HLS], browser.deps);
    cancel();
    expect(browser.cancelled()).toBe(1);
  });

  it('leaves a failed download to the tap: no unhandled rejection', async () => {
    const browser = fakeBrowser(MSE, true);
    warmPlayerWhenIdle([HLS], browser.deps);
    browser.idle();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(browser.loaded).toEqual(['player', 'hls.js']);
  });
});
