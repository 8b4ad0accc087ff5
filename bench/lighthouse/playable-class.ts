/**
 * A real HLS ladder for one seeded class, so the bench can time a tap on Start Class to the first
 * decoded frame: a 20 s 480p clip made by ffmpeg, packaged by the pipeline's own packageHls (as
 * e2e/support/real-class.ts does), made once into LH_MEDIA_DIR and kept, then copied under the
 * class's HLS prefix in the app's object store.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../../src/server/config';
import { DEFAULT_TOOLS, type MediaTools } from '../../src/server/media/ffmpeg';
import { contentTypeFor } from '../../src/server/media/media-files';
import { mediaKeys } from '../../src/server/media/media-paths';
import { packageHls } from '../../src/server/media/package-hls';
import { probeMedia } from '../../src/server/media/ingest-media';
import { openObjectStore } from '../../src/server/storage/create-object-store';

const exec = promisify(execFile);
const tools: MediaTools = {
  ffmpeg: process.env.FFMPEG_PATH ?? DEFAULT_TOOLS.ffmpeg,
  ffprobe: process.env.FFPROBE_PATH ?? DEFAULT_TOOLS.ffprobe,
};
const MEDIA_DIR = process.env.LH_MEDIA_DIR ?? '/tmp/cadence/lh-media';
const SECONDS = 20;

/** The ladder's files (made on the first run, listed in files.json), the master playlist last. */
async function ladderFiles(): Promise<{ dir: string; files: string[] }> {
  const dir = path.join(MEDIA_DIR, 'hls');
  const list = path.join(MEDIA_DIR, 'files.json');
  if (existsSync(list)) return { dir, files: JSON.parse(await readFile(list, 'utf8')) as string[] };
  await rm(MEDIA_DIR, { recursive: true, force: true });
  await mkdir(MEDIA_DIR, { recursive: true });
  const clip = path.join(MEDIA_DIR, 'class.mp4');
  // prettier-ignore
  await exec(tools.ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=s=854x480:r=25:d=${SECONDS}`,
    '-f', 'lavfi', '-i', `sine=f=440:d=${SECONDS}:sample_rate=48000,volume=-20dB`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-b:v', '400k',
    '-c:a', 'aac', '-b:a', '96k', '-shortest', clip,
  ]);
  const ladder = await packageHls(tools, clip, await probeMedia(tools, clip), dir);
  await writeFile(list, JSON.stringify(ladder.files));
  return { dir, files: ladder.files };
}

/** Stores the ladder where `mediaUrls.hls(videoId, version)` serves it. */
export async function storePlayableClass(
  config: Config,
  videoId: string,
  version: string,
): Promise<void> {
  const { dir, files } = await ladderFiles();
  const store = await openObjectStore(config, Date.now);
  try {
    for (const file of files) {
      // The local store moves the file it is given: it gets a copy, the kept ladder stays.
      const copy = path.join(MEDIA_DIR, 'upload.tmp');
      await copyFile(path.join(dir, file), copy);
      await store.putFile(`${mediaKeys.hls(videoId, version)}${file}`, copy, {
        contentType: contentTypeFor(file),
      });
    }
  } finally {
    await store.close();
  }
}
