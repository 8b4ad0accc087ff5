import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { videos } from '@server/db/schema/videos';
import { DEFAULT_TOOLS } from '@server/media/ffmpeg';
import { parseMediaPlaylist, previewPlaylist, type Segment } from '@server/media/growing-preview';
import { mediaKeys, mediaUrls } from '@server/media/media-paths';
import { openObjectStore } from '@server/storage/create-object-store';
import type { ObjectStore } from '@server/storage/object-store';
import {
  screenshot,
  seriousA11yViolations,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { onboardOwner, seedVideos, signIn, type SeededOwner } from './support/seed';

/**
 * Playable in seconds (issue #22 part 2, decision 0029): a class whose upload the browser cannot
 * play gets a growing HLS preview. The owner presses Preview on the processing card while the
 * transcode goes on, the start plays, and what is stored later plays on.
 */
const exec = promisify(execFile);
const TITLE = 'Camera Mov Climb';
let e2e: E2E;
let owner: SeededOwner;
let store: ObjectStore;
let videoId: string;
let work: string;
let segments: Segment[];

/** Stores these segments and the EVENT playlist listing them, as the ingest job publishes them. */
async function publish(upTo: number, ended: boolean): Promise<void> {
  const prefix = mediaKeys.previewHls(videoId);
  for (const segment of segments.slice(0, upTo)) {
    const bytes = await readFile(path.join(work, segment.name));
    await store.put(`${prefix}${segment.name}`, Readable.from([bytes]), {
      contentType: 'video/mp2t',
    });
  }
  const playlist = previewPlaylist(segments.slice(0, upTo), ended);
  await store.put(`${prefix}index.m3u8`, Readable.from([Buffer.from(playlist)]), {
    contentType: 'application/vnd.apple.mpegurl',
  });
}

beforeAll(async () => {
  e2e = await startE2E();
  owner = await onboardOwner(e2e.app, {
    email: 'owner@growing.example',
    companyName: 'Growing Rides',
    slug: 'growing-rides',
  });
  // 12 s of picture and sound cut into three 4 s segments by ffmpeg's HLS muxer, as ingest does.
  work = await mkdtemp(path.join(tmpdir(), 'cadence-growing-e2e-'));
  const ffmpeg = process.env.FFMPEG_PATH ?? DEFAULT_TOOLS.ffmpeg;
  // prettier-ignore
  await exec(ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=12',
    '-f', 'lavfi', '-i', 'sine=f=330:d=12:sample_rate=48000',
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', '50',
    '-force_key_frames', 'expr:gte(t,n_forced*4)', '-c:a', 'aac', '-b:a', '96k', '-shortest',
    '-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'event',
    '-hls_segment_filename', path.join(work, 'seg_%05d.ts'), path.join(work, 'ffmpeg.m3u8'),
  ]);
  segments = parseMediaPlaylist(await readFile(path.join(work, 'ffmpeg.m3u8'), 'utf8')).segments;
  expect(segments.length).toBe(3);
  expect((await readdir(work)).filter((f) => f.endsWith('.ts'))).toHaveLength(3);

  const [row] = await seedVideos(e2e.database, owner.id, [
    { title: TITLE, status: 'processing', duration: 12, progress: 35 },
  ]);
  videoId = row!.id;
  await e2e.database.db
    .update(videos)
    .set({ previewUrl: mediaUrls.previewHls(videoId), previewState: 'growing' })
    .where(eq(videos.id, videoId));
  store = await openObjectStore(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/cadence-e2e' }),
    Date.now,
  );
  // Two segments are out; the third is still being encoded.
  await publish(2, false);
});
afterAll(async () => {
  await store?.close();
  await e2e?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('a processing class with a growing preview', () => {
  it('plays from the processing card while it grows, and plays on once more is stored', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    await signIn(page, owner, e2e.baseUrl);
    await page.goto('/videos');
    const card = page.getByTestId('video-card').filter({ hasText: TITLE });
    const preview = card.getByRole('button', { name: `Preview ${TITLE}` });
    await preview.click();
    const dialog = page.getByRole('dialog', { name: TITLE });
    await dialog.getByTestId('preview-growing').waitFor();
    const player = dialog.getByTestId('video-player');
    // The stored start plays (hls.js from the first segment, not the live edge).
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(1);
    expect(await player.evaluate((v: HTMLVideoElement) => v.duration)).toBeLessThan(8.5);

    // The third segment is stored and the playlist ends: the player reloads it and the class is
    // now 12 s long, without a reload of the page.
    await publish(3, true);
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 30_000 })
      .toBeGreaterThan(11);
    expect(await player.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
    await page.context().close();
  });

  it('looks right on a phone, a tablet and a desktop, light and dark', async () => {
    await publish(2, false);
    for (const viewport of VIEWPORTS) {
      for (const dark of [false, true]) {
        const page = await e2e.newPage({ width: viewport.width, height: viewport.height, dark });
        await signIn(page, owner, e2e.baseUrl);
        await page.goto('/videos');
        const card = page.getByTestId('video-card').filter({ hasText: TITLE });
        await card.getByRole('button', { name: `Preview ${TITLE}` }).waitFor();
        if (viewport.name === 'phone' && !dark) {
          expect(await seriousA11yViolations(page)).toEqual([]);
        }
        await screenshot(page, `growing-preview-card-${viewport.name}-${dark ? 'dark' : 'light'}`);
        await card.getByRole('button', { name: `Preview ${TITLE}` }).click();
        const dialog = page.getByRole('dialog', { name: TITLE });
        await dialog.getByTestId('preview-growing').waitFor();
        await dialog.evaluate((el) =>
          Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
        );
        await screenshot(
          page,
          `growing-preview-dialog-${viewport.name}-${dark ? 'dark' : 'light'}`,
        );
        await page.context().close();
      }
    }
  });
});
