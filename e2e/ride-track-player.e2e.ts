import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RideSegment } from '@shared/ride-track';
import { screenshot, seriousA11yViolations, startE2E, type E2E } from './support/harness';
import { ensurePlaying, playerState, showControls, waitForHlsFrame } from './support/player';
import { CLIP_SECONDS, seedRealClass } from './support/real-class';
import { onboardOwner } from './support/seed';

/**
 * The ride track in the class player (issue #20 parts 4 and 5): a real class with a track saved
 * through the owner's endpoint, on the public page at 1024x768 (the tablet in a spin room).
 */
let e2e: E2E;
let tracked: { id: string; title: string };
let plain: { id: string; title: string };

const seg = (
  startSeconds: number,
  endSeconds: number,
  name: string,
  targets: Partial<RideSegment>,
): RideSegment => ({
  startSeconds,
  endSeconds,
  name,
  cadence: null,
  resistance: null,
  zone: null,
  position: 'seated',
  cue: '',
  ...targets,
});

beforeAll(async () => {
  e2e = await startE2E();
  const owner = await onboardOwner(e2e.app, {
    email: 'owner@ridelab.example',
    companyName: 'Ride Lab',
    slug: 'ride-lab',
  });
  tracked = { id: await seedRealClass(e2e, owner.id, 'Hill Intervals'), title: 'Hill Intervals' };
  plain = { id: await seedRealClass(e2e, owner.id, 'Easy Spin'), title: 'Easy Spin' };

  const url = `/api/auth/videos/${tracked.id}/ride-track`;
  const opened = await e2e.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
  expect(opened.statusCode).toBe(200);
  const end = (opened.json() as { durationSeconds: number }).durationSeconds;
  expect(end).toBe(CLIP_SECONDS);
  const segments = [
    seg(0, 5, 'Warm-up', {
      cadence: { min: 80, max: 90 },
      resistance: 3,
      zone: 2,
      cue: 'Easy spin, find your rhythm',
    }),
    seg(5, 10, 'Climb', {
      cadence: { min: 60, max: 70 },
      resistance: 7,
      zone: 4,
      position: 'standing',
      cue: 'Out of the saddle, push through the top',
    }),
    seg(10, 15, 'Sprint', { cadence: { min: 100, max: 110 }, resistance: 5, zone: 5 }),
    seg(15, end, 'Cool-down', { cadence: { min: 70, max: 80 }, zone: 1 }),
  ];
  const saved = await e2e.app.inject({
    method: 'PUT',
    url,
    headers: { cookie: owner.cookie },
    payload: { segments },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await e2e?.close();
});

const startButton = (page: Page, title: string) =>
  page.getByRole('button', { name: new RegExp(`^Start Class.*${title}$`) });
const panel = (page: Page) => page.getByTestId('ride-track');
const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').replaceAll('\u00a0', ' ').trim();

/** The class's Start Class, its first frame, then paused: the times below are exact. */
async function openPaused(page: Page, title: string) {
  await page.goto('/gym/ride-lab');
  await startButton(page, title).click();
  await waitForHlsFrame(page);
  await ensurePlaying(page);
  await page.keyboard.press('k');
  await expect.poll(async () => (await playerState(page)).paused).toBe(true);
}

/** Drags the progress bar to `seconds`, as a rider would. */
async function seekTo(page: Page, seconds: number) {
  await showControls(page);
  await page.getByTestId('progress').fill(String(seconds));
  await expect.poll(async () => Math.floor((await playerState(page)).currentTime)).toBe(seconds);
}

/** Play, as the rider taps it (the keys stay with the progress bar while it has the focus). */
async function play(page: Page) {
  await showControls(page);
  await page.getByTestId('play-pause').click();
  await expect.poll(async () => (await playerState(page)).paused).toBe(false);
}

/** No fade or transition under way (a screenshot shows the settled panel). */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

async function where(page: Page) {
  return {
    segment: await text(page, 'ride-segment'),
    countdown: await text(page, 'ride-countdown'),
  };
}

/** The panel sits under the picture, never on it. */
async function expectBesideThePicture(page: Page) {
  const video = (await page.getByTestId('class-video').boundingBox())!;
  const track = (await panel(page).boundingBox())!;
  expect(track.y).toBeGreaterThanOrEqual(video.y + video.height - 1);
}

describe('the ride track in the class player at 1024x768', () => {
  it('shows the segment now and the countdown to the next, following seeks back and forth and the play', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    await openPaused(page, tracked.title);
    await panel(page).waitFor();
    await expectBesideThePicture(page);
    // A 16:9 class keeps the tablet's whole width above the panel.
    expect((await page.getByTestId('class-video').boundingBox())!.height).toBeGreaterThanOrEqual(
      576,
    );

    await seekTo(page, 7);
    expect(await where(page)).toEqual({ segment: 'Climb', countdown: 'Sprint in 0:03' });
    expect(await text(page, 'ride-targets')).toBe('60–70RPMResistance 7 · Standing');
    expect(await text(page, 'ride-cue')).toBe('Out of the saddle, push through the top');
    expect(await text(page, 'ride-next')).toContain('100–110 RPM · resistance 5 · zone 5');
    expect(await panel(page).getByText('Zone 4 · Hard').count()).toBe(1);

    await seekTo(page, 12);
    expect(await where(page)).toEqual({ segment: 'Sprint', countdown: 'Cool-down in 0:03' });
    // The marker on the profile, at 12 s of 20.
    expect(await page.getByTestId('ride-marker').evaluate((m) => m.style.left)).toBe('60%');

    // Backwards.
    await seekTo(page, 2);
    expect(await where(page)).toEqual({ segment: 'Warm-up', countdown: 'Climb in 0:03' });
    expect(await page.getByTestId('ride-marker').evaluate((m) => m.style.left)).toBe('10%');

    await seekTo(page, 17);
    expect(await where(page)).toEqual({ segment: 'Cool-down', countdown: 'Class ends in 0:03' });
    expect(await panel(page).getByText('Last segment').count()).toBe(1);

    // Resumed, the panel follows the class: from 3 s into the climb.
    await seekTo(page, 3);
    await play(page);
    await expect
      .poll(() => text(page, 'ride-segment'), { timeout: 15_000, interval: 100 })
      .toBe('Climb');
    expect(await text(page, 'ride-countdown')).toMatch(/^Sprint in 0:0[1-5]$/);
    // The skip buttons move it too: back 15 s from the climb is the warm-up.
    await showControls(page);
    await page.getByRole('button', { name: 'Back 15 seconds' }).click();
    await expect.poll(() => text(page, 'ride-segment')).toBe('Warm-up');

    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('hides and shows with its button and the T key, remembered on the tablet', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    await openPaused(page, tracked.title);
    await panel(page).waitFor();
    const toggle = page.getByRole('button', { name: 'Ride track' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');

    await toggle.click();
    await panel(page).waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    // The picture takes the whole player again.
    expect((await page.getByTestId('class-video').boundingBox())!.height).toBe(768);

    // Still hidden in the next ride on this tablet.
    await page.reload();
    await waitForHlsFrame(page);
    await page.getByRole('button', { name: 'Ride track' }).waitFor({ state: 'attached' });
    expect(await panel(page).count()).toBe(0);

    await page.getByTestId('class-player').focus();
    await page.keyboard.press('t');
    await panel(page).waitFor();
    await expectBesideThePicture(page);
    await page.keyboard.press('T');
    await panel(page).waitFor({ state: 'detached' });
    await page.keyboard.press('t');
    await panel(page).waitFor();
  });

  it('fades a new segment in, never with reduced motion, and never blinks the countdown', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    // Counts the fades the page starts (Element.animate, the Web Animations API).
    await page.addInitScript(() => {
      const animate = Element.prototype.animate;
      Object.assign(window, { fades: 0 });
      Element.prototype.animate = function (...args) {
        Object.assign(window, { fades: (window as unknown as { fades: number }).fades + 1 });
        return animate.apply(this, args);
      };
    });
    const fades = () => page.evaluate(() => (window as unknown as { fades: number }).fades);
    await openPaused(page, tracked.title);
    await panel(page).waitFor();
    const before = await fades();
    await seekTo(page, 12);
    await expect.poll(() => text(page, 'ride-segment')).toBe('Sprint');
    expect(await fades()).toBe(before + 1);
    // No CSS animation anywhere in the panel (a blinking countdown would be one).
    const cssAnimated = await panel(page).evaluate(
      (el) =>
        [el, ...el.querySelectorAll('*')].filter(
          (e) => getComputedStyle(e).animationName !== 'none',
        ).length,
    );
    expect(cssAnimated).toBe(0);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await seekTo(page, 2);
    expect(await text(page, 'ride-segment')).toBe('Warm-up');
    expect(await fades()).toBe(before + 1);
  });

  it('shows nothing of a ride track for a class without one', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/ride-track')) asked.push(request.url());
    });
    await openPaused(page, plain.title);
    await page.keyboard.press('t');
    expect(await panel(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ride track' }).count()).toBe(0);
    expect(await page.getByTestId('ride-profile').count()).toBe(0);
    const video = (await page.getByTestId('class-video').boundingBox())!;
    expect(video.height).toBe(768);
    expect(asked).toEqual([]);
  });

  it('plays the class when its ride track cannot be loaded', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    await page.route(/\/ride-track\?/, (route) => route.abort('internetdisconnected'));
    await openPaused(page, tracked.title);
    await seekTo(page, 7);
    expect(await panel(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ride track' }).count()).toBe(0);
  });
});

describe('the ride track, looked at', () => {
  it('at tablet and phone sizes, light and dark, paused with the controls and riding without', async () => {
    const sizes = [
      { name: 'tablet', width: 1024, height: 768 },
      { name: 'phone', width: 390, height: 844 },
      { name: 'phone-landscape', width: 844, height: 390 },
    ];
    for (const { name, width, height } of sizes) {
      for (const dark of [false, true]) {
        const suffix = `${name}-${dark ? 'dark' : 'light'}`;
        const page = await e2e.newPage({ width, height, dark });
        await openPaused(page, tracked.title);
        await panel(page).waitFor();
        await expectBesideThePicture(page);
        await seekTo(page, 7);
        await settled(page);
        await screenshot(page, `ride-track-player-paused-${suffix}`);

        // Riding, the controls faded: the picture and the panel alone.
        await seekTo(page, 5);
        await play(page);
        const player = page.getByTestId('class-player');
        await expect
          .poll(() => player.getAttribute('data-controls'), { timeout: 15_000 })
          .toBe('hidden');
        await settled(page);
        await screenshot(page, `ride-track-player-riding-${suffix}`);
        await page.context().close();
      }
    }
  });
});
