import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { loadConfig } from '@server/config';
import { videos } from '@server/db/schema/videos';
import { DEFAULT_TOOLS, type MediaTools } from '@server/media/ffmpeg';
import { makeStills, probeMedia } from '@server/media/ingest-media';
import type { MediaInfo } from '@server/media/probe-args';
import { contentTypeFor } from '@server/media/media-files';
import { mediaKeys, mediaUrls } from '@server/media/media-paths';
import { OFFLINE_FILE } from '@server/media/offline-args';
import { makeOfflineFile } from '@server/media/offline-file';
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
 * video row as the pipeline leaves it (enhanced and packaged). Returns the video's id. `seconds`
 * makes a longer clip (a ride together needs more than 20 s of playing); `offline` also stores the
 * offline file the packaging job makes from the ladder (decision 0047), so the class can be saved
 * on a tablet. The media of each length is made once per run (the files do not depend on the
 * class) and stored anew for every class.
 */
export async function seedRealClass(
  e2e: E2E,
  ownerId: string,
  title: string,
  seconds = CLIP_SECONDS,
  { offline = false } = {},
): Promise<string> {
  let media = madeMedia.get(seconds);
  if (!media) {
    media = makeMedia(seconds);
    madeMedia.set(seconds, media);
    media.catch(() => madeMedia.delete(seconds));
  }
  return storeClass(e2e, await media, ownerId, title, offline);
}

interface ClassMedia {
  clip: string;
  clipBytes: number;
  info: MediaInfo;
  stills: { thumbnail: string; poster: string };
  hlsDir: string;
  files: string[];
  /** The ladder's offline file and its size. */
  offline: { file: string; bytes: number };
}

const madeMedia = new Map<number, Promise<ClassMedia>>();
const workDirs: string[] = [];
// The test files of a run share this module (vitest's isolate: false); its files go with the run.
process.once('exit', () => {
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});

async function makeMedia(seconds: number): Promise<ClassMedia> {
  const work = await mkdtemp(path.join(tmpdir(), 'cadence-class-e2e-'));
  workDirs.push(work);
  const clip = path.join(work, 'class.mp4');
  await exec(tools.ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=854x480:r=25:d=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=f=440:d=${seconds}:sample_rate=48000,volume=-20dB`,
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
  const offline = path.join(work, OFFLINE_FILE);
  await makeOfflineFile(tools, async (file) => path.join(hlsDir, file), offline, {
    scratch: path.join(work, 'offline-joined.mp4'),
  });
  const offlineBytes = (await stat(offline)).size;
  return {
    clip,
    clipBytes,
    info,
    stills,
    hlsDir,
    files: ladder.files,
    offline: { file: offline, bytes: offlineBytes },
  };
}

async function storeClass(
  e2e: E2E,
  { clip, clipBytes, info, stills, hlsDir, files, offline }: ClassMedia,
  ownerId: string,
  title: string,
  withOffline: boolean,
): Promise<string> {
  const id = randomUUID();
  const version = 'e2e1';

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/cadence-e2e',
  });
  const store = await openObjectStore(config, Date.now);
  // putFile moves the file it is given: each class stores copies of the run's media.
  const copies = await mkdtemp(path.join(tmpdir(), 'cadence-class-e2e-'));
  const put = async (key: string, source: string, contentType: string) => {
    const copy = path.join(copies, randomUUID());
    await copyFile(source, copy);
    await store.putFile(key, copy, { contentType });
  };
  try {
    const enhancedKey = mediaKeys.enhanced(id, version);
    await put(enhancedKey, clip, 'video/mp4');
    await put(mediaKeys.thumbnail(id), stills.thumbnail, 'image/jpeg');
    await put(mediaKeys.poster(id), stills.poster, 'image/jpeg');
    for (const file of files) {
      await put(
        `${mediaKeys.hls(id, version)}${file}`,
        path.join(hlsDir, file),
        contentTypeFor(file),
      );
    }
    if (withOffline) {
      await put(`${mediaKeys.hls(id, version)}${OFFLINE_FILE}`, offline.file, 'video/mp4');
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
      offlineBytes: withOffline ? offline.bytes : null,
    });
  } finally {
    await store.close();
    await rm(copies, { recursive: true, force: true });
  }
  return id;
}
