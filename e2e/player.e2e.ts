import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, SHOTS_DIR, startE2E, VIEWPORTS, type E2E } from './support/harness';
import { CLIP_SECONDS, seedRealClass } from './support/real-class';
import {
  ensurePlaying,
  playerState,
  rewind,
  showControls,
  waitForHlsFrame,
  waitForTime,
} from './support/player';
import { onboardOwner } from './support/seed';

const LOAD_FAILED = 'This class could not be loaded. Check the connection and try again.';
/** Where the reviewed screenshots of this brief go as well (artifacts/screenshots has them too). */
const REVIEW_DIR = process.env.PLAYER_SHOTS_DIR;

let e2e: E2E;
/** The gym's two classes, in the page's order. */
let classes: Array<{ id: string; title: string }>;

beforeAll(async () => {
  e2e = await startE2E();
  const owner = await onboardOwner(e2e.app, {
    email: 'owner@spinlab.example',
    companyName: 'Spin Lab',
    slug: 'spin-lab',
  });
  const ids = [
    await seedRealClass(e2e, owner.id, 'Hill Sprint Twenty'),
    await seedRealClass(e2e, owner.id, 'Valley Cruise'),
  ];
  const gym = await e2e.app.inject({ method: 'GET', url: '/api/gym/spin-lab' });
  classes = (gym.json() as { videos: Array<{ id: string; title: string }> }).videos.map(
    ({ id, title }) => ({ id, title }),
  );
  expect(classes.map((c) => c.id).sort()).toEqual([...ids].sort());
});
afterAll(async () => {
  await e2e?.close();
});

/** The player's chunk, as the built page asks for it. */
const playerChunk = (url: URL) => /\/assets\/class-player-[\w-]+\.js$/.test(url.pathname);
const startButton = (page: Page, title: string) =>
  page.getByRole('button', { name: new RegExp(`^Start Class.*${title}$`) });

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  if (!REVIEW_DIR) return;
  await mkdir(REVIEW_DIR, { recursive: true });
  await copyFile(path.join(SHOTS_DIR, `${name}.png`), path.join(REVIEW_DIR, `${name}.png`));
}

describe.each([
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'phone', width: 390, height: 844 },
])('the class player on a $name ($width x $height)', ({ width, height }) => {
  it('shows a message with Retry and Back to classes when its code cannot load, never a blank page', async () => {
    const page = await e2e.newPage({ width, height });
    // Before the page opens: the page warms the player's code up as soon as it is idle.
    await page.route(playerChunk, (route) => route.abort('internetdisconnected'));
    await page.goto('/gym/spin-lab');
    const [first] = classes;

    await startButton(page, first!.title).click();
    await page.getByText(LOAD_FAILED).waitFor();
    // The page stays behind the message.
    expect(await page.getByTestId('gym-hero').count()).toBe(1);
    await page.getByRole('button', { name: 'Back to classes' }).click();
    await page.getByTestId('player-error').waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('heading', { name: first!.title }).waitFor();

    // Again, then the network is back: Retry loads the player (a second Retry reloads the page,
    // for a chunk the browser will not fetch again).
    await startButton(page, first!.title).click();
    await page.getByText(LOAD_FAILED).waitFor();
    await page.unroute(playerChunk);
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.click();
    await expect
      .poll(
        async () => {
          if (await retry.isVisible()) await retry.click();
          return page.getByTestId('class-player').isVisible();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    await waitForHlsFrame(page);
    expect(new URL(page.url()).searchParams.get('class')).toBe(first!.id);
  });

  it('ends on Class complete with the time ridden, then starts the next class or goes back', async () => {
    const page = await e2e.newPage({ width, height });
    await page.goto('/gym/spin-lab');
    const [first, second] = classes;
    await startButton(page, first!.title).click();
    await waitForHlsFrame(page);
    await waitForTime(page, 2);

    // The rider drags the progress bar near the end.
    await showControls(page);
    await page.getByTestId('progress').fill(String(CLIP_SECONDS - 3));
    await page.getByRole('heading', { name: 'Class complete' }).waitFor({ timeout: 15_000 });
    // About 2 s, then the last 3 s: the seek itself is not ridden.
    expect(await page.getByTestId('time-ridden').textContent()).toMatch(/^0:0[3-7]$/);
    expect(await page.getByTestId('class-player').getAttribute('data-controls')).toBe('shown');

    await page
      .getByRole('button', { name: new RegExp(`^Start next class.*${second!.title}$`) })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('class')).toBe(second!.id);
    await expect.poll(() => page.getByTestId('player-title').textContent()).toBe(second!.title);
    await waitForHlsFrame(page);

    // The last class: Class complete offers only Back to classes, which leaves the player.
    await showControls(page);
    await page.getByTestId('progress').fill(String(CLIP_SECONDS - 1));
    await page.getByRole('heading', { name: 'Class complete' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: /Start next class/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back to classes' }).click();
    await page.getByTestId('class-player').waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
  });

  it('marks a class left in the middle on its card, and asks Resume or Start over on return', async () => {
    const page = await e2e.newPage({ width, height });
    await page.goto('/gym/spin-lab');
    const [first] = classes;
    await startButton(page, first!.title).click();
    await waitForHlsFrame(page);
    await waitForTime(page, 7);
    await showControls(page);
    await page.getByRole('button', { name: 'Classes', exact: true }).click();
    await page.getByTestId('class-player').waitFor({ state: 'detached' });

    const mark = page.getByTestId('class-in-progress');
    expect(await mark.count()).toBe(1);
    const text = (await mark.textContent()) ?? '';
    expect(text).toMatch(/^In progress · 0:0[6-9]$/);

    await startButton(page, first!.title).click();
    const resume = page.getByRole('button', { name: `Resume at ${text.slice(-4)}` });
    await resume.waitFor();
    expect(await page.getByRole('button', { name: 'Start over' }).isVisible()).toBe(true);
    // Nothing plays until the rider answers.
    expect((await playerState(page)).src).toBe('');
    await page.getByRole('button', { name: 'Start over' }).click();
    await waitForHlsFrame(page);
    expect((await playerState(page)).currentTime).toBeLessThan(3);
  });

  it('hides the controls a few seconds into the class and brings them back on a tap, a move or a key', async () => {
    const page = await e2e.newPage({ width, height });
    await page.goto(`/gym/spin-lab?class=${classes[1]!.id}`);
    const player = page.getByTestId('class-player');
    const controls = () => player.getAttribute('data-controls');
    await waitForHlsFrame(page);
    // The ±15 s buttons show their 15 (their names stay).
    expect(await page.getByRole('button', { name: 'Back 15 seconds' }).textContent()).toBe('15');
    expect(await page.getByRole('button', { name: 'Forward 15 seconds' }).textContent()).toBe('15');

    await ensurePlaying(page);
    await expect.poll(controls, { timeout: 15_000 }).toBe('hidden');
    // A tap on the picture shows them and does not pause.
    await rewind(page);
    await page.getByTestId('class-video').click();
    expect(await controls()).toBe('shown');
    expect((await playerState(page)).paused).toBe(false);
    await expect.poll(controls, { timeout: 15_000 }).toBe('hidden');
    await rewind(page);
    await page.keyboard.press('Shift');
    expect(await controls()).toBe('shown');
    await expect.poll(controls, { timeout: 15_000 }).toBe('hidden');
    await showControls(page);

    // Paused (a deliberate button), they stay.
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.waitForTimeout(4_000);
    expect(await controls()).toBe('shown');
    expect((await playerState(page)).paused).toBe(true);
  });
});

describe('the player screens, reviewed at 390, 1024 and 1440 px, light and dark', () => {
  it('error, resume prompt, controls and end screen', async () => {
    const [first] = classes;
    for (const { name, width, height } of VIEWPORTS) {
      for (const dark of [false, true]) {
        const suffix = `${name}-${dark ? 'dark' : 'light'}`;
        // The class's code cannot load.
        const failing = await e2e.newPage({ width, height, dark });
        await failing.route(playerChunk, (route) => route.abort('internetdisconnected'));
        await failing.goto('/gym/spin-lab');
        await startButton(failing, first!.title).click();
        await failing.getByText(LOAD_FAILED).waitFor();
        await shot(failing, `player-error-${suffix}`);
        await failing.context().close();

        // This tablet stopped 9 s into the first class.
        const page = await e2e.newPage({ width, height, dark });
        await page.addInitScript(
          (key) => localStorage.setItem(key, JSON.stringify({ position: 9, at: Date.now() })),
          `cadence-resume:${first!.id}`,
        );
        await page.goto('/gym/spin-lab');
        await page.getByTestId('class-in-progress').waitFor();
        await shot(page, `gym-in-progress-${suffix}`);
        await startButton(page, first!.title).click();
        await page.getByRole('button', { name: 'Resume at 0:09' }).waitFor();
        await shot(page, `player-resume-${suffix}`);
        await page.getByRole('button', { name: 'Resume at 0:09' }).click();
        await waitForHlsFrame(page);
        await page.keyboard.press('k');
        await expect.poll(async () => (await playerState(page)).paused).toBe(true);
        await shot(page, `player-controls-${suffix}`);
        await page.getByTestId('progress').fill(String(CLIP_SECONDS - 1));
        await page.getByTestId('play-pause').click();
        await page.getByRole('heading', { name: 'Class complete' }).waitFor({ timeout: 15_000 });
        await shot(page, `player-complete-${suffix}`);
        await page.context().close();
      }
    }
  });
});
