import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYBACK_BEACON_PATH } from '@shared/playback';
import type { PlaybackBeacon } from '@shared/playback.contract';
import { playbackSessions } from '@server/db/schema/playback';
import { screenshot, seriousA11yViolations, startE2E, type E2E } from './support/harness';
import { playerState, showControls, waitForHlsFrame, waitForTime } from './support/player';
import { CLIP_SECONDS, seedRealClass } from './support/real-class';
import { onboardOwner, signIn, type SeededOwner } from './support/seed';

let e2e: E2E;
let owner: SeededOwner;
let videoId: string;

beforeAll(async () => {
  e2e = await startE2E();
  owner = await onboardOwner(e2e.app, {
    email: 'owner@pedalhouse.example',
    companyName: 'Pedal House',
    slug: 'pedal-house',
  });
  videoId = await seedRealClass(e2e, owner.id, 'Hill Sprint Twenty');
});
afterAll(async () => {
  await e2e?.close();
});

const sessionsOf = (id: string) =>
  e2e.database.db.select().from(playbackSessions).where(eq(playbackSessions.videoId, id));

/** Resolves with the next beacon of `event` the page sends (and its answer). */
function nextBeacon(page: Page, event: PlaybackBeacon['event']) {
  return page.waitForResponse(
    (res) =>
      res.url().endsWith(PLAYBACK_BEACON_PATH) &&
      (JSON.parse(res.request().postData() ?? '{}') as Partial<PlaybackBeacon>).event === event,
    { timeout: 30_000 },
  );
}

describe('a rider on a gym tablet (1024x768)', () => {
  it('starts a class that streams through hls.js, resumes after a reload, and the owner sees the view and the watch time', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/gym/pedal-house');
    await page.getByRole('heading', { name: 'Hill Sprint Twenty' }).waitFor();

    const started = nextBeacon(page, 'start');
    await page.getByRole('button', { name: /Start Class/ }).click();
    const player = page.locator('[data-testid=class-player]');
    await player.waitFor();
    await expect.poll(() => player.getAttribute('data-engine'), { timeout: 20_000 }).toBe('hls.js');
    expect(new URL(page.url()).search).toBe(`?class=${videoId}`);
    expect((await started).status()).toBe(200);

    // Really playing: a MediaSource blob, the playhead moving, frames decoded.
    await waitForTime(page, 3);
    const early = await playerState(page);
    expect(early.src).toMatch(/^blob:/);
    expect(early.frames).toBeGreaterThan(0);
    expect(await page.locator('[data-testid=quality-select] option').allTextContents()).toEqual([
      expect.stringMatching(/^Auto/),
      '480p',
      '360p',
    ]);
    expect(await page.locator('[data-testid=remaining]').textContent()).toMatch(/^-0:1\d$/);

    // Past the 10 s view threshold, the rider pauses: the beacon counts the view.
    await waitForTime(page, 12);
    const paused = nextBeacon(page, 'pause');
    await showControls(page);
    await page.getByRole('button', { name: 'Pause' }).click();
    expect((await paused).status()).toBe(200);
    // (Chromium does not hand a keepalive request's answer to the test: the database tells.)
    const [first] = await sessionsOf(videoId);
    expect(first?.viewCountedAt).toBeInstanceOf(Date);
    expect(first?.watchedSeconds).toBeGreaterThanOrEqual(11);
    const stoppedAt = (await playerState(page)).currentTime;

    // A reload keeps the player open and offers to resume near the same point.
    await page.reload();
    const ended = nextBeacon(page, 'end');
    await page.getByRole('button', { name: /^Resume at 0:1\d$/ }).click();
    await waitForHlsFrame(page);
    const resumed = await playerState(page);
    expect(Math.abs(resumed.currentTime - stoppedAt)).toBeLessThan(2);
    expect((await ended).status()).toBe(200);
    // The end: Class complete, with the time ridden in this session (the last few seconds).
    await page.getByRole('heading', { name: 'Class complete' }).waitFor();
    expect(await page.getByTestId('time-ridden').textContent()).toMatch(/^0:0\d$/);
    expect(errors).toEqual([]);

    // The owner's figures: one view, about 20 s of real playback over the two sessions.
    const sessions = await sessionsOf(videoId);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.viewCountedAt !== null)).toHaveLength(1);
    const watched = sessions.reduce((sum, s) => sum + s.watchedSeconds, 0);
    expect(watched).toBeGreaterThan(CLIP_SECONDS - 3);
    expect(watched).toBeLessThan(CLIP_SECONDS + 5);

    // The four totals every plan sees (the owner is on Spin Starter).
    const analytics = await e2e.app.inject({
      method: 'GET',
      url: '/api/analytics/summary',
      headers: { cookie: owner.cookie },
    });
    expect(analytics.statusCode).toBe(200);
    const summary = analytics.json().summary;
    expect(summary.totalViews.value).toBe(1);
    expect(summary.watchTimeHours.value).toBe(Math.round((watched / 3600) * 100) / 100);
    expect(summary.watchTimeHours.value).toBeGreaterThan(0);

    const ownerPage = await e2e.newPage({ width: 1024, height: 768 });
    await ownerPage.goto('/');
    await signIn(ownerPage, owner, e2e.baseUrl);
    await ownerPage.goto('/analytics');
    const totalViews = ownerPage.locator('[data-slot=card]', { hasText: 'Total Views' }).first();
    await expect
      .poll(() => totalViews.textContent(), { timeout: 15_000 })
      .toMatch(/Total Views\D*1(?!\d)/);
  });

  it('keeps playing through a wifi drop, and closing then reopening the class resumes where it stopped', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    await page.goto('/gym/pedal-house');
    await page.getByRole('button', { name: /Start Class/ }).click();
    const player = page.locator('[data-testid=class-player]');
    await expect.poll(() => player.getAttribute('data-engine'), { timeout: 20_000 }).toBe('hls.js');
    await waitForTime(page, 2);

    // The network goes: what is buffered keeps the class going (beacons fail quietly meanwhile).
    await page.context().setOffline(true);
    const offlineAt = (await playerState(page)).currentTime;
    await waitForTime(page, offlineAt + 2);
    await page.context().setOffline(false);

    await waitForTime(page, 6);
    await showControls(page);
    await page.getByRole('button', { name: 'Pause' }).click();
    const stoppedAt = (await playerState(page)).currentTime;
    await page.getByRole('button', { name: 'Classes', exact: true }).click();
    await player.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');

    await page.getByRole('button', { name: /Start Class/ }).click();
    await page.getByRole('button', { name: /^Resume at / }).click();
    await waitForHlsFrame(page);
    expect(Math.abs((await playerState(page)).currentTime - stoppedAt)).toBeLessThan(1.5);
  });

  it('works from a keyboard: shortcuts after a tap on the video, Tab stays inside, focus returns to Start Class', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    await page.goto('/gym/pedal-house');
    const start = page.getByRole('button', { name: /Start Class/ });
    await start.click();
    await waitForHlsFrame(page);
    await waitForTime(page, 1);
    const focused = () =>
      page.evaluate(
        () =>
          document.activeElement?.getAttribute('aria-label') ??
          document.activeElement?.textContent ??
          '',
      );

    // A tap on the picture (which shows the controls, and no longer pauses) keeps the focus in the
    // player: k pauses and plays, the arrows skip.
    await page.getByTestId('class-video').click();
    expect((await playerState(page)).paused).toBe(false);
    await page.keyboard.press('k');
    await expect.poll(async () => (await playerState(page)).paused).toBe(true);
    await page.keyboard.press('k');
    await expect.poll(async () => (await playerState(page)).paused).toBe(false);
    const before = (await playerState(page)).currentTime;
    await page.keyboard.press('ArrowRight');
    expect((await playerState(page)).currentTime).toBeGreaterThanOrEqual(Math.min(before + 14, 19));

    // Tab goes round the player's controls and never reaches the page behind it.
    const seen = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(
          () => document.activeElement?.closest('[data-testid=class-player]') !== null,
        ),
      ).toBe(true);
      seen.add(await focused());
    }
    expect(seen.size).toBeGreaterThanOrEqual(5);

    // Space on a focused button presses that button: 'Classes' closes the player.
    await page.getByRole('button', { name: 'Classes', exact: true }).focus();
    await page.keyboard.press(' ');
    await page.getByTestId('class-player').waitFor({ state: 'detached' });
    await expect.poll(() => start.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("says 'Reconnecting…' while the stream cannot be reached, and plays once it can", async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    // Fake timers that still run in real time: hls.js's retry back-off (about 45 s) is jumped over.
    await page.clock.install();
    const playlists = (url: URL) => url.pathname.endsWith('.m3u8');
    await page.route(playlists, (route) => route.abort('internetdisconnected'));
    await page.goto('/gym/pedal-house');
    await page.getByRole('button', { name: /Start Class/ }).click();
    const reconnecting = page.getByText(/^Reconnecting… the class keeps playing/);
    // Jumps 10 s at a time (the next retry) until the message is shown, or gone.
    const messageAfterRetries = (shown: boolean) =>
      expect
        .poll(
          async () => {
            await page.clock.fastForward(10_000);
            return reconnecting.isVisible();
          },
          { timeout: 30_000, interval: 250 },
        )
        .toBe(shown);
    await messageAfterRetries(true);
    await screenshot(page, 'rider-player-reconnecting-tablet-light');

    // The wifi is back: the next attempt loads the stream and the class plays.
    await page.unroute(playlists);
    await messageAfterRetries(false);
    await waitForHlsFrame(page);
  });

  it('looks right at 1024 and 390 px, light and dark, with no serious accessibility problems', async () => {
    for (const { name, width, height } of [
      { name: 'tablet', width: 1024, height: 768 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      for (const dark of [false, true]) {
        const page = await e2e.newPage({ width, height, dark });
        await page.goto(`/gym/pedal-house?class=${videoId}`);
        await waitForHlsFrame(page);
        // Every control is a big touch target.
        for (const box of await page
          .locator('[data-testid=class-player] button:visible, [data-testid=class-player] select')
          .evaluateAll((els) =>
            els.map(
              (el) =>
                ({
                  name: el.getAttribute('aria-label') ?? el.textContent,
                  ...el.getBoundingClientRect().toJSON(),
                }) as { name: string; width: number; height: number },
            ),
          )) {
          expect(box.width, box.name).toBeGreaterThanOrEqual(48);
          expect(box.height, box.name).toBeGreaterThanOrEqual(48);
        }
        await screenshot(page, `rider-player-${name}-${dark ? 'dark' : 'light'}`);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await page.context().close();
      }
    }
  });
});
