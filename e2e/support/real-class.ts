import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { loadConfig } from '@server/config';
import { videos } from '@server/db/schema/videos';
import { DEFAULT_TOOLS, type MediaTools } from '@server/media/ffmpeg';
import { makeStills, probeMedia } from '@server/media/ingest-media';
import { contentTypeFor } from '@server/media/media-files';
import { mediaKeys, mediaUrls } from '@server/media/media-paths';
import { packageHls } from '@server/media/package-hls';
import { openObjectStore } from '@server/storage/create-object-store';
import type { E2E } from './harness';

const exec = promisify(execFile);
const tools: MediaTools = {
  ffmpeg: process.env.FFMPEG_PATH ?? DEFAULT_TOOLS.ffmpeg,
  ffprobe: process.env.FFPROBE_PATH ?? DEFAULT_TOOLS.ffprobe,
};
/** The length of every seeded class. */
export const CLIP_SECONDS = 20;

/**
 * One real class: a 20 s 480p clip made by ffmpeg, its stills and HLS ladder (480p, 360p) made by
 * the media pipeline's own functions, stored where the app's object store serves them, and the
 * video row as the pipeline leaves it (enhanced and packaged). Returns the video's id.
 */
export async function seedRealClass(e2e: E2E, ownerId: string, title: string): Promise<string> {
  const work = await mkdtemp(path.join(tmpdir(), 'cadence-class-e2e-'));
  try {
    return await seedClassFrom(e2e, work, ownerId, title);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function seedClassFrom(
  e2e: E2E,
  work: string,
  ownerId: string,
  title: string,
): Promise<string> {
  const id = randomUUID();
  const version = 'e2e1';
  const clip = path.join(work, 'class.mp4');
  await exec(tools.ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=854x480:r=25:d=${CLIP_SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `sine=f=440:d=${CLIP_SECONDS}:sample_rate=48000,volume=-20dB`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    '400k',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-shortest',
    clip,
  ]);
  const info = await probeMedia(tools, clip);
  const clipBytes = (await stat(clip)).size;
  const stills = {
    thumbnail: path.join(work, 'thumbnail.jpg'),
    poster: path.join(work, 'poster.jpg'),
  };
  await makeStills(tools, clip, info, stills);
  const hlsDir = path.join(work, 'hls');
  const ladder = await packageHls(tools, clip, info, hlsDir);
  expect(ladder.rungs.map((r) => r.name)).toEqual(['480p', '360p']);

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/cadence-e2e',
  });
  const store = await openObjectStore(config, Date.now);
  try {
    const enhancedKey = mediaKeys.enhanced(id, version);
    await store.putFile(enhancedKey, clip, { contentType: 'video/mp4' });
    await store.putFile(mediaKeys.thumbnail(id), stills.thumbnail, { contentType: 'image/jpeg' });
    await store.putFile(mediaKeys.poster(id), stills.poster, { contentType: 'image/jpeg' });
    for (const file of ladder.files) {
      await store.putFile(`${mediaKeys.hls(id, version)}${file}`, path.join(hlsDir, file), {
        contentType: contentTypeFor(file),
      });
    }
    await e2e.database.db.insert(videos).values({
      id,
      userId: ownerId,
      title,
      originalFileName: 'hill-sprint.mp4',
      originalFileUrl: `/api/objects/uploads/${ownerId}/${id}`,
      fileSize: String(clipBytes),
      duration: String(info.durationSeconds),
      processingStatus: 'enhanced',
      enhancedAt: new Date(),
      enhancedKey,
      enhancedFileUrl: mediaUrls.enhanced(id, version),
      thumbnailUrl: mediaUrls.thumbnail(id),
      hlsUrl: mediaUrls.hls(id, version),
      width: info.video.width,
      height: info.video.height,
    });
  } finally {
    await store.close();
  }
  return id;
}
