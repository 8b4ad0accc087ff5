import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startE2E, type E2E } from './support/harness';
import { playerState } from './support/player';
import { CLIP_SECONDS, seedRealClass } from './support/real-class';
import { onboardOwner, type SeededOwner } from './support/seed';

/**
 * The studio screen page (issue #21 part 3, docs/decisions/0050) in a real browser against the
 * real server: a screen pairs with the code it shows, counts down to a class on the studio's
 * timetable whatever its own clock says, plays it on time full screen, goes back to the countdown
 * after, keeps a screen opened late in step, and stops at once when the studio removes it; a TV
 * that saved its class beforehand plays it on time with no network, after its 'Tap to start'.
 */
const TIME_ZONE = 'America/New_York';
/** The screen's own clock: three hours behind the server's. */
const SKEW_MS = -3 * 3_600_000;
const SHORT_SECONDS = 15;
const LONG_SECONDS = 75;

let e2e: E2E;
let owner: SeededOwner;
let shortClass: string;
let longClass: string;
/** A class with its offline file: a screen saves it when it is on the timetable soon. */
let savedClass: string;

beforeAll(async () => {
  e2e = await startE2E();
  owner = await onboardOwner(e2e.app, {
    email: 'owner@screenlab.example',
    companyName: 'Screen Lab',
    slug: 'screen-lab',
  });
  const zone = await ownerCall('PUT', '/api/auth/settings/notifications', { timeZone: TIME_ZONE });
  expect(zone.statusCode).toBe(200);
  shortClass = await seedRealClass(e2e, owner.id, 'Hill Sprint', SHORT_SECONDS);
  longClass = await seedRealClass(e2e, owner.id, 'Hill Climb', LONG_SECONDS);
  savedClass = await seedRealClass(e2e, owner.id, 'Saved Sprint', CLIP_SECONDS, { offline: true });
}, 180_000);
afterAll(async () => {
  await e2e?.close();
});

function ownerCall(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return e2e.app.inject({
    method,
    url,
    headers: { cookie: owner.cookie },
    payload: payload as object | undefined,
  });
}

/** A screen whose clock is `skewMs` off (Date.now and performance.now), optionally already paired. */
async function screenPage({
  skewMs = 0,
  token = null as string | null,
  width = 1920,
  height = 1080,
  dark = false,
} = {}) {
  const page = await e2e.newPage({ width, height, dark });
  await page.context().addInitScript(
    ({ skew, kept }) => {
      if (skew !== 0) {
        const dateNow = Date.now.bind(Date);
        const perfNow = performance.now.bind(performance);
        Date.now = () => dateNow() + skew;
        performance.now = () => perfNow() + skew;
      }
      if (kept) localStorage.setItem('cadence-screen', kept);
    },
    { skew: skewMs, kept: token ? JSON.stringify({ token, timetable: null, etag: null }) : null },
  );
  await page.goto('/screen');
  return page;
}

/** The day (ISO, Monday 1) and 'HH:MM' of an instant on the studio's wall clock. */
function wallClock(at: number) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    dayOfWeek: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(part('weekday')) + 1,
    startTime: `${part('hour')}:${part('minute')}`,
  };
}

/** The screen asks for its timetable now (as it does when the device comes back online). */
const pollNow = (page: Page) => page.evaluate(() => dispatchEvent(new Event('online')));

const video = (page: Page) => page.locator('[data-testid=class-video]');
const videoTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/** How far the page's video is from the class's point by the test's (the server's) clock (s). */
async function errorAt(page: Page, startsAt: number) {
  const before = Date.now();
  const time = await videoTime(page);
  return time - ((before + Date.now()) / 2 - startsAt) / 1000;
}

const waitUntil = (page: Page, at: number) => page.waitForTimeout(Math.max(0, at - Date.now()));

/** Where the browser held the start back, the tap a person would give. */
async function tapIfAsked(page: Page) {
  await expect
    .poll(
      async () => {
        const paused = await video(page).evaluate((v: HTMLVideoElement) => v.paused);
        if (!paused) return true;
        const tap = page.getByTestId('screen-tap-to-start');
        if (await tap.isVisible()) await tap.click();
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

let token: string;

describe('a studio screen', () => {
  it('pairs, starts classes on time in server time, returns to the countdown, keeps a late screen in step, and stops when removed', async () => {
    const screen = await screenPage({ skewMs: SKEW_MS });
    const code = await screen.getByTestId('pairing-code').textContent();
    expect(code).toMatch(/^[A-Z2-9]{3}-[A-Z2-9]{3}$/);
    await screen.getByText('open Cadence → Studio screens and enter this code').waitFor();

    // The owner types the code (lower case, without the dash).
    const paired = await ownerCall('POST', '/api/auth/screens', {
      code: code!.replace('-', '').toLowerCase(),
      name: 'Spin room TV',
      locationId: null,
    });
    expect(paired.statusCode).toBe(201);
    const screenId = (paired.json() as { id: string }).id;
    await screen.getByText('No classes on the timetable for the next day and a half.').waitFor({
      timeout: 15_000,
    });
    token = (await screen.evaluate(
      () => (JSON.parse(localStorage.getItem('cadence-screen')!) as { token: string }).token,
    ))!;
    expect(token.length).toBeGreaterThan(20);

    // The short class at the next whole minute at least 40 s ahead, the long one a minute later.
    const shortAt = Math.ceil((Date.now() + 40_000) / 60_000) * 60_000;
    const longAt = shortAt + 60_000;
    const entryIds: string[] = [];
    for (const [videoId, at] of [
      [shortClass, shortAt],
      [longClass, longAt],
    ] as const) {
      const added = await ownerCall('POST', '/api/auth/timetable', {
        locationId: null,
        videoId,
        ...wallClock(at),
        screenIds: [],
      });
      expect(added.statusCode, added.body).toBe(201);
      entryIds.push((added.json() as { id: string }).id);
    }
    await pollNow(screen);

    // The countdown is to the server's time, not the screen's clock (3 hours behind).
    await screen.getByTestId('screen-countdown').waitFor();
    await screen.getByRole('heading', { name: 'Hill Sprint' }).waitFor();
    const shown = await screen.getByTestId('screen-countdown').textContent();
    const [, m, s] = /(\d+):(\d\d)$/.exec(shown ?? '') ?? [];
    const left = Number(m) * 60 + Number(s);
    expect(Math.abs(left - (shortAt - Date.now()) / 1000)).toBeLessThan(2);
    // The studio's wall clock, not the device's.
    const clock = await screen.getByTestId('screen-clock').textContent();
    const studioHour = Number(wallClock(Date.now()).startTime.slice(0, 2));
    expect([studioHour % 12 || 12, studioHour].map(String)).toContain(
      /^0?(\d+):/.exec(clock ?? '')?.[1],
    );
    await screen.getByText('Later today').waitFor();
    await screenshot(screen, 'studio-screen-countdown-1920');

    // One tap: full screen (and the wake lock, and sound from then on).
    await screen.getByTestId('screen-start').click();
    await expect.poll(() => screen.evaluate(() => document.fullscreenElement !== null)).toBe(true);

    // Loaded before its start, held at 0:00 under the countdown.
    await waitUntil(screen, shortAt - 5_000);
    await video(screen).waitFor({ state: 'attached' });
    expect(await videoTime(screen)).toBe(0);
    expect(await screen.getByTestId('screen-countdown').isVisible()).toBe(true);

    // On time: playing within 1 s of its start, in the player, full screen.
    await waitUntil(screen, shortAt + 1_000);
    const onTime = await errorAt(screen, shortAt);
    expect(Math.abs(onTime)).toBeLessThan(1);
    expect(await screen.getByTestId('class-player').isVisible()).toBe(true);
    // A screen's ride has no link to share (it would name /screen, not the gym's page).
    expect(
      await screen.getByRole('button', { name: 'Riding together: show the link' }).count(),
    ).toBe(0);
    expect(await screen.getByTestId('screen-countdown').isVisible()).toBe(false);
    await waitUntil(screen, shortAt + 6_000);
    const settled = await errorAt(screen, shortAt);
    console.log(
      `the class against its start: ${onTime.toFixed(3)} s at 1 s, ${settled.toFixed(3)} s at 6 s`,
    );
    expect(Math.abs(settled)).toBeLessThan(0.5);
    expect(await screen.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await screenshot(screen, 'studio-screen-playing-1920');

    // The short class over: back to the countdown, to the next class.
    await screen.getByRole('heading', { name: 'Hill Climb' }).waitFor({ timeout: 15_000 });
    expect(await video(screen).count()).toBe(0);
    await screen.getByTestId('screen-countdown').waitFor();

    // The long class, on time; a second screen opened 8 s late joins at the class's point.
    await waitUntil(screen, longAt + 1_000);
    const secondOnTime = await errorAt(screen, longAt);
    console.log(`the next class against its start at 1 s: ${secondOnTime.toFixed(3)} s`);
    expect(Math.abs(secondOnTime)).toBeLessThan(1);
    await waitUntil(screen, longAt + 8_000);
    const late = await screenPage({ token, width: 1024, height: 768 });
    await late.waitForFunction(
      () =>
        ((document.querySelector('[data-testid=class-video]') as HTMLVideoElement | null)
          ?.readyState ?? 0) >= 2,
      undefined,
      { timeout: 20_000 },
    );
    expect(await videoTime(late)).toBeGreaterThan(7);
    await tapIfAsked(late);
    // Sampled every 1.5 s for 21 s: the late screen converges by rate nudges (decision 0046: at
    // most 0.1 s a second, a seek only past 2 s), so a second behind takes some 12 s.
    const samples: Array<{ first: number; late: number; apart: number }> = [];
    for (let i = 0; i < 14; i++) {
      await late.waitForTimeout(1_500);
      const [first, second] = await Promise.all([errorAt(screen, longAt), errorAt(late, longAt)]);
      samples.push({ first, late: second, apart: Math.abs(first - second) });
    }
    console.log(
      'two screens of one room (error to the class by the server clock, s):\n' +
        samples
          .map((x) => `${x.first.toFixed(3)} ${x.late.toFixed(3)} apart ${x.apart.toFixed(3)}`)
          .join('\n'),
    );
    for (const sample of samples.slice(-3)) expect(sample.apart).toBeLessThan(0.5);

    // The studio removes the screen: it stops at once and shows how to pair again.
    const removed = await ownerCall('DELETE', `/api/auth/screens/${screenId}`);
    expect(removed.statusCode).toBe(204);
    for (const page of [screen, late]) {
      await pollNow(page);
      await page.getByText('This screen was removed by the studio.').waitFor({ timeout: 5_000 });
      expect(await video(page).count()).toBe(0);
      await page.getByTestId('pairing-code').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('cadence-screen'))).toBeNull();
    }
    await screenshot(late, 'studio-screen-removed-1024');
    // The long class is still on: out of the timetable, so the next screens count down.
    for (const id of entryIds)
      expect((await ownerCall('DELETE', `/api/auth/timetable/${id}`)).statusCode).toBe(204);
  }, 300_000);
});

/** Pairs a new screen through the owner's API; answers its token. */
async function pairScreen(name: string): Promise<string> {
  const page = await screenPage();
  const code = await page.getByTestId('pairing-code').textContent();
  const paired = await ownerCall('POST', '/api/auth/screens', { code, name, locationId: null });
  expect(paired.statusCode).toBe(201);
  await page.waitForFunction(() => localStorage.getItem('cadence-screen'), undefined, {
    timeout: 15_000,
  });
  const kept = await page.evaluate(() => localStorage.getItem('cadence-screen'));
  await page.context().close();
  return (JSON.parse(kept!) as { token: string }).token;
}

describe('a screen restarted with no network', () => {
  it('opens from its worker on its last timetable (decision 0050)', async () => {
    const at = Math.ceil((Date.now() + 4 * 3_600_000) / 300_000) * 300_000;
    const added = await ownerCall('POST', '/api/auth/timetable', {
      locationId: null,
      videoId: longClass,
      ...wallClock(at),
      screenIds: [],
    });
    expect(added.statusCode, added.body).toBe(201);
    // The token put in before the first load only (screenPage's init script would put it back at
    // every load, with no timetable: a restart must find the timetable the screen kept itself;
    // and set from the test after a load, it raced the page writing its own pairing state).
    const kept = JSON.stringify({
      token: await pairScreen('Back room screen'),
      timetable: null,
      etag: null,
    });
    const page = await e2e.newPage({ width: 1920, height: 1080 });
    await page.context().addInitScript((value) => {
      if (!localStorage.getItem('cadence-screen')) localStorage.setItem('cadence-screen', value);
    }, kept);
    await page.goto('/screen');
    await page.getByTestId('screen-countdown').waitFor({ timeout: 15_000 });
    // The worker installed (the page and its shell kept); the next open is under it.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL;
    });
    await page.reload();
    await page.getByTestId('screen-countdown').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${e2e.baseUrl}/screen/sw.js`,
    );

    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId('screen-countdown').waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Hill Climb' }).waitFor();
    await page.context().setOffline(false);
    expect((await ownerCall('DELETE', `/api/auth/timetable/${added.json().id}`)).statusCode).toBe(
      204,
    );
    await page.context().close();
  }, 90_000);
});

describe('a TV with no network at its class', () => {
  it("plays the class it saved beforehand on time, after its 'Tap to start', and keeps the screen awake", async () => {
    let entryId: string | null = null;
    const page = await e2e.newPage({ width: 1920, height: 1080 });
    const context = page.context();
    try {
      const kept = JSON.stringify({
        token: await pairScreen('Studio TV'),
        timetable: null,
        etag: null,
      });
      await context.addInitScript(
        ({ value, skew }) => {
          if (!localStorage.getItem('cadence-screen'))
            localStorage.setItem('cadence-screen', value);
          // Its clock three hours behind: the class still starts on the server's time, offline too.
          const dateNow = Date.now.bind(Date);
          const perfNow = performance.now.bind(performance);
          Date.now = () => dateNow() + skew;
          performance.now = () => perfNow() + skew;
          // A TV's browser: sound only once someone has tapped the page (Chromium's own rule for a
          // site without history). Taps are counted here, not navigator.userActivation, which
          // every page.evaluate of the test would set.
          let tapped = false;
          addEventListener('pointerdown', (event) => (tapped ||= event.isTrusted), true);
          const play = HTMLMediaElement.prototype.play;
          HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
            if (!this.muted && !tapped)
              return Promise.reject(
                new DOMException('play() needs a tap first.', 'NotAllowedError'),
              );
            return play.call(this);
          };
          // The screen wake locks the page takes, kept to look at (the lock is the browser's own).
          const request = navigator.wakeLock.request.bind(navigator.wakeLock);
          const locks: WakeLockSentinel[] = [];
          Object.assign(window, { wakeLocks: locks });
          navigator.wakeLock.request = async (type) => {
            const lock = await request(type);
            locks.push(lock);
            return lock;
          };
        },
        { value: kept, skew: SKEW_MS },
      );
      await page.goto('/screen');

      const at = Math.ceil((Date.now() + 40_000) / 60_000) * 60_000;
      const added = await ownerCall('POST', '/api/auth/timetable', {
        locationId: null,
        videoId: savedClass,
        ...wallClock(at),
        screenIds: [],
      });
      expect(added.statusCode, added.body).toBe(201);
      entryId = (added.json() as { id: string }).id;
      await pollNow(page);
      await page.getByRole('heading', { name: 'Saved Sprint' }).waitFor({ timeout: 15_000 });
      // Starting within 3 hours: the screen saves it at once (the whole of it, and no other).
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const index = JSON.parse(localStorage.getItem('cadence-saved-classes') ?? '[]') as {
                id: string;
                file: unknown;
                pending: unknown;
              }[];
              return index.map((e) => ({ id: e.id, whole: e.file !== null && e.pending === null }));
            }),
          // Before the player opens, 15 s ahead of the start (it decides then to play the copy).
          { timeout: 20_000 },
        )
        .toEqual([{ id: savedClass, whole: true }]);

      // The wifi goes before the class and stays away.
      await context.setOffline(true);
      await page.getByText('No connection: playing the timetable kept on this screen.').waitFor();

      // At its start the browser holds the sound back: 'Tap to start', over the class keeping time.
      await waitUntil(page, at + 2_500);
      const tap = page.getByTestId('screen-tap-to-start');
      await tap.waitFor({ timeout: 5_000 });
      expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
      expect(await page.getByTestId('class-player').getAttribute('data-source')).toBe('saved');
      await screenshot(page, 'studio-screen-tap-to-start-1920');
      await tap.click();
      await tap.waitFor({ state: 'detached' });
      // The tap was the screen's Start too: full screen and the wake lock.
      await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
      await expect
        .poll(() =>
          page.evaluate(() =>
            (window as unknown as { wakeLocks: WakeLockSentinel[] }).wakeLocks.some(
              (lock) => lock.type === 'screen' && !lock.released,
            ),
          ),
        )
        .toBe(true);

      // Played from the saved copy, at the class's point by the server's clock.
      expect((await playerState(page)).src).toMatch(/^blob:/);
      await waitUntil(page, at + 9_000);
      const error = await errorAt(page, at);
      console.log(
        `a saved class offline, after its tap, against its start at 9 s: ${error.toFixed(3)} s`,
      );
      expect(Math.abs(error)).toBeLessThan(0.5);
      expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
      await screenshot(page, 'studio-screen-offline-playing-1920');

      // Over: the player goes, the screen shows what is next (still offline).
      await video(page).waitFor({ state: 'detached', timeout: CLIP_SECONDS * 1000 });
      await page.getByText('No connection: playing the timetable kept on this screen.').waitFor();
    } finally {
      await context.close();
      if (entryId)
        expect((await ownerCall('DELETE', `/api/auth/timetable/${entryId}`)).statusCode).toBe(204);
    }
  }, 200_000);
});

let lookToken: string;
describe('how the screen looks', () => {
  beforeAll(async () => {
    // Two classes later on (at whole 5 minutes, about 2 and 3 hours ahead).
    const first = Math.ceil((Date.now() + 2 * 3_600_000) / 300_000) * 300_000;
    for (const [videoId, at] of [
      [longClass, first],
      [shortClass, first + 3_600_000],
    ] as const) {
      const added = await ownerCall('POST', '/api/auth/timetable', {
        locationId: null,
        videoId,
        ...wallClock(at),
        screenIds: [],
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    lookToken = await pairScreen('Lobby screen');
  }, 60_000);

  describe.each([
    { name: '390-light', width: 390, height: 844, dark: false },
    { name: '1024-light', width: 1024, height: 768, dark: false },
    { name: '1440-dark', width: 1440, height: 900, dark: true },
    { name: '1920-light', width: 1920, height: 1080, dark: false },
    { name: '1920-dark', width: 1920, height: 1080, dark: true },
    { name: '1024-dark', width: 1024, height: 768, dark: true },
    { name: '1440-light', width: 1440, height: 900, dark: false },
    { name: '390-dark', width: 390, height: 844, dark: true },
  ])('the screen at $name', ({ name, width, height, dark }) => {
    it('shows the code big, on one screen, without scrollbars', async () => {
      const page = await screenPage({ width, height, dark });
      const code = page.getByTestId('pairing-code');
      await code.waitFor();
      const box = (await code.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // Readable across a room: a large share of the screen's height.
      expect(box.height).toBeGreaterThan(Math.min(width, height) * 0.12);
      const overflow = await page.evaluate(() => ({
        x: document.documentElement.scrollWidth > innerWidth,
        y: document.documentElement.scrollHeight > innerHeight,
      }));
      expect(overflow).toEqual({ x: false, y: false });
      await screenshot(page, `studio-screen-code-${name}`);
      await page.context().close();
    }, 60_000);

    it('shows the next class and its countdown big, on one screen, without scrollbars', async () => {
      const page = await screenPage({ width, height, dark, token: lookToken });
      const countdown = page.getByTestId('screen-countdown');
      await countdown.waitFor();
      await page.getByRole('heading', { name: 'Hill Climb' }).waitFor();
      const box = (await countdown.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      const overflow = await page.evaluate(() => ({
        x: document.documentElement.scrollWidth > innerWidth,
        y: document.documentElement.scrollHeight > innerHeight,
      }));
      expect(overflow).toEqual({ x: false, y: false });
      await screenshot(page, `studio-screen-next-${name}`);
      await page.context().close();
    }, 60_000);
  });
});
