import { createReadStream } from 'node:fs';
import { open, readFile, rm, stat } from 'node:fs/promises';
import { runFfmpeg, type MediaTools } from './ffmpeg';
import { MASTER_PLAYLIST } from './hls-args';
import { MASTER_PLAYLIST_MAX_BYTES } from './media-files';
import {
  buildOfflineArgs,
  offlineRungOf,
  rungFilesOf,
  RUNG_PLAYLIST_MAX_BYTES,
} from './offline-args';

/**
 * A local path with the bytes of a file of the ladder, named relative to its folder
 * ("master.m3u8", "v720p/seg_0000.m4s"): the file itself when the ladder is on this disk, else a
 * download.
 */
export type LadderFile = (relativePath: string) => Promise<string>;

/** Why no offline file could be made from a ladder (nothing a retry changes). */
export class OfflineSourceError extends Error {
  constructor(reason: string) {
    super(`no offline file: ${reason}`);
    this.name = 'OfflineSourceError';
  }
}

async function readBounded(file: string, max: number, what: string): Promise<string> {
  const { size } = await stat(file);
  if (size <= 0 || size > max) throw new OfflineSourceError(`${what} is ${size} bytes`);
  return readFile(file, 'utf8');
}

/**
 * Makes `output`, the offline file (decision 0047), from a packaged ladder: the rung offlineRungOf
 * picks, its init and media segments joined into `scratch` (one fragmented MP4, removed after) and
 * remuxed by buildOfflineArgs. Answers the rung's playlist ("v720p/index.m3u8"). A ladder that is
 * not Cadence's (no rung up to 720p, a playlist naming other files) throws OfflineSourceError.
 */
export async function makeOfflineFile(
  tools: MediaTools,
  file: LadderFile,
  output: string,
  options: { scratch: string; signal?: AbortSignal },
): Promise<{ rung: string }> {
  const master = await readBounded(
    await file(MASTER_PLAYLIST),
    MASTER_PLAYLIST_MAX_BYTES,
    'the master playlist',
  );
  const rung = offlineRungOf(master);
  if (!rung) throw new OfflineSourceError('the master lists no rung up to 720p');
  const folder = rung.slice(0, rung.indexOf('/') + 1);
  const files = rungFilesOf(
    await readBounded(await file(rung), RUNG_PLAYLIST_MAX_BYTES, `the ${rung} playlist`),
  );
  if (!files) throw new OfflineSourceError(`${rung} is not a finished playlist of ours`);
  try {
    const joined = await open(options.scratch, 'w');
    try {
      for (const name of [files.init, ...files.segments]) {
        options.signal?.throwIfAborted();
        for await (const chunk of createReadStream(await file(`${folder}${name}`))) {
          await joined.write(chunk as Buffer);
        }
      }
    } finally {
      await joined.close();
    }
    await runFfmpeg(tools, buildOfflineArgs(options.scratch, output), { signal: options.signal });
  } finally {
    await rm(options.scratch, { force: true });
  }
  return { rung };
}
