import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The class video's state, as the browser has it. */
export const playerState = (page: Page) =>
  page.locator('[data-testid=class-video]').evaluate((v: HTMLVideoElement) => ({
    src: v.currentSrc || v.src,
    currentTime: v.currentTime,
    paused: v.paused,
    frames: v.getVideoPlaybackQuality().totalVideoFrames,
  }));

/** The player has opened the stream through hls.js and has a frame to show. */
export async function waitForHlsFrame(page: Page) {
  const player = page.locator('[data-testid=class-player]');
  await expect.poll(() => player.getAttribute('data-engine'), { timeout: 20_000 }).toBe('hls.js');
  await page.waitForFunction(
    () =>
      (document.querySelector('[data-testid=class-video]') as HTMLVideoElement | null)!
        .readyState >= 2,
    undefined,
    { timeout: 20_000 },
  );
}

export async function waitForTime(page: Page, seconds: number) {
  await page.waitForFunction(
    (t) =>
      (document.querySelector('[data-testid=class-video]') as HTMLVideoElement | null)!
        .currentTime >= t,
    seconds,
    { timeout: 40_000, polling: 100 },
  );
}

/** A pointer move over the player brings its controls back (they fade while a class plays). */
export async function showControls(page: Page) {
  const player = page.getByTestId('class-player');
  const box = (await player.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2 + Math.random() * 40, box.y + box.height / 2);
  await expect.poll(() => player.getAttribute('data-controls')).toBe('shown');
}

/**
 * The class is playing: by autoplay, or, where the browser held it back (a loaded machine can make
 * the first play() fail), by the rider's tap on 'Tap to start', as on a real tablet.
 */
export async function ensurePlaying(page: Page) {
  const tapToStart = page.getByRole('button', { name: 'Tap to start' });
  await expect
    .poll(
      async () => {
        if (!(await playerState(page)).paused) return true;
        if (await tapToStart.isVisible()) await tapToStart.click();
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Back to the class's start without a tap (a short seeded class must not end mid-test). */
export const rewind = (page: Page) =>
  page.locator('[data-testid=class-video]').evaluate((v: HTMLVideoElement) => {
    v.currentTime = 0;
  });
