import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { videos } from '@server/db/schema/videos';
import { mediaKeys } from '@server/media/media-paths';
import { openObjectStore } from '@server/storage/create-object-store';
import { FFMPEG } from '@server/test/media-fixtures';
import type { EnhancementReport } from '@shared/videos.contract';
import { seriousA11yViolations, SHOTS_DIR, startE2E, VIEWPORTS, type E2E } from './support/harness';
import { onboardOwner, seedVideos, signIn, type SeededOwner } from './support/seed';

/** The A/B audio of an enhanced class (issue #15, part 2): one button, two sources, one position. */
const run = promisify(execFile);
let e2e: E2E;
let owner: SeededOwner;
let dir: string;

const WITH_SOUND: EnhancementReport = {
  changes: [{ kind: 'colour' }, { kind: 'audio', fromLufs: -22.4, toLufs: -16 }],
  audioClip: { start: 200, duration: 12 },
};
const SOUNDLESS: EnhancementReport = { changes: [{ kind: 'colour' }, { kind: 'denoise' }] };

/** A 12 s AAC clip in MP4 of a tone at `db`, as the enhance job leaves them. */
async function clip(name: string, db: number): Promise<Buffer> {
  const file = path.join(dir, name);
  await run(FFMPEG, [
    ...['-v', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `sine=f=330:d=12:sample_rate=48000,volume=${db}dB`],
    ...['-c:a', 'aac', '-b:a', '96k', '-ac', '2', '-movflags', '+faststart', '-f', 'mp4', file],
  ]);
  return readFile(file);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-ab-e2e-'));
  e2e = await startE2E();
  owner = await onboardOwner(e2e.app, {
    email: 'owner@ab-audio.example',
    companyName: 'Louder Rides',
    slug: 'louder-rides',
  });
  const [loud, silent] = await seedVideos(e2e.database, owner.id, [
    { title: 'Sprint Intervals', status: 'enhanced' },
    { title: 'Silent Warm-up', status: 'enhanced' },
  ]);
  for (const [row, report] of [
    [loud!, WITH_SOUND],
    [silent!, SOUNDLESS],
  ] as const) {
    await e2e.database.db
      .update(videos)
      .set({ enhancementReport: report })
      .where(eq(videos.id, row.id));
  }
  const store = await openObjectStore(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/cadence-e2e' }),
    Date.now,
  );
  // The stills beside it (the before/after slider), as in the enhancement-changes journey.
  const jpeg = (background: string) =>
    sharp({ create: { width: 640, height: 360, channels: 3, background } })
      .jpeg()
      .toBuffer();
  for (const row of [loud!, silent!]) {
    await store.put(mediaKeys.before(row.id), Readable.from([await jpeg('#3a3a3a')]));
    await store.put(mediaKeys.poster(row.id), Readable.from([await jpeg('#f4a340')]));
  }
  await store.put(mediaKeys.beforeAudio(loud!.id), Readable.from([await clip('before.m4a', -28)]));
  await store.put(mediaKeys.afterAudio(loud!.id), Readable.from([await clip('after.m4a', -12)]));
  await store.close();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
  await rm(dir, { recursive: true, force: true });
});

async function openDetails(
  title: string,
  options: { width: number; height: number; dark?: boolean },
) {
  const page = await e2e.newPage(options);
  await signIn(page, owner, e2e.baseUrl);
  await page.goto('/videos');
  const card = page.getByTestId('video-card').filter({ hasText: title });
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit video' });
  await dialog.getByTestId('enhancement-changes').waitFor();
  await dialog.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
  );
  return { page, dialog };
}

/** Each <audio>'s state: which plays, where. */
const audioState = (page: Awaited<ReturnType<typeof openDetails>>['page']) =>
  page.getByTestId('audio-compare').evaluate((section) =>
    [...section.querySelectorAll('audio')].map((a) => ({
      src: new URL(a.src).pathname,
      paused: a.paused,
      time: a.currentTime,
    })),
  );

describe('the A/B audio of an enhanced class', () => {
  it('plays the original, switches to the enhanced at the same position, by mouse and keyboard', async () => {
    const { page, dialog } = await openDetails('Sprint Intervals', { width: 1024, height: 768 });
    const ab = dialog.getByTestId('audio-compare');
    await expect.poll(() => ab.textContent()).toContain('from 3:20');
    const original = ab.getByRole('radio', { name: 'Original -22 LUFS' });
    const enhanced = ab.getByRole('radio', { name: 'Enhanced -16 LUFS' });
    expect(await original.isChecked()).toBe(true);

    await ab.getByRole('button', { name: 'Play' }).click();
    await ab.getByRole('button', { name: 'Pause' }).waitFor();
    // The machine may be loaded: playing is all that is asked, not its pace.
    await expect
      .poll(async () => (await audioState(page))[0]!.time, { timeout: 20_000 })
      .toBeGreaterThan(0.5);

    await ab.getByText('Enhanced').click();
    expect(await enhanced.isChecked()).toBe(true);
    const [before, after] = await audioState(page);
    expect(before).toMatchObject({ src: expect.stringMatching(/before\.m4a$/), paused: true });
    expect(after).toMatchObject({ src: expect.stringMatching(/after\.m4a$/), paused: false });
    // The enhanced one took over where the original was (within a frame of audio).
    expect(after!.time).toBeGreaterThanOrEqual(before!.time - 0.05);
    expect(after!.time).toBeLessThan(before!.time + 0.5);

    // Keyboard: the arrow keys move between the two, Space on the button pauses.
    await enhanced.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await original.isChecked()).toBe(true);
    const back = await audioState(page);
    expect(back[0]!.paused).toBe(false);
    expect(back[1]!.paused).toBe(true);
    expect(back[0]!.time).toBeGreaterThanOrEqual(back[1]!.time - 0.05);
    await ab.getByRole('button', { name: 'Pause' }).focus();
    await page.keyboard.press('Space');
    await ab.getByRole('button', { name: 'Play' }).waitFor();
    expect((await audioState(page)).every((a) => a.paused)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('says when a class has no sound to compare', async () => {
    const { dialog } = await openDetails('Silent Warm-up', { width: 390, height: 844 });
    expect(await dialog.getByTestId('audio-compare-none').textContent()).toBe(
      'This class has no sound to compare.',
    );
    expect(await dialog.getByTestId('audio-compare').count()).toBe(0);
  });

  it('looks right at 390, 1024 and 1440 px, light and dark', async () => {
    for (const { name, width, height } of VIEWPORTS) {
      for (const dark of [false, true]) {
        const { page, dialog } = await openDetails('Sprint Intervals', { width, height, dark });
        await dialog.getByTestId('audio-compare').scrollIntoViewIfNeeded();
        await page.screenshot({
          path: path.join(
            SHOTS_DIR,
            `library-audio-compare-${name}-${dark ? 'dark' : 'light'}.png`,
          ),
        });
        await page.context().close();
      }
    }
  }, 400_000);
});
