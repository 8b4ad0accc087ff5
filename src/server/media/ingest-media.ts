import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { SNIFF_BYTES } from '@shared/video-sniff';
import { FfmpegError, runFfmpeg, runFfprobe, type MediaTools, type RunOptions } from './ffmpeg';
import { demuxerFor } from './input-args';
import { limitBreach, MediaLimitError } from './media-limits';
import { parseMediaPlaylist, PREVIEW_PLAYLIST, type Segment } from './growing-preview';
import {
  buildGrowingPreviewArgs,
  buildPreviewArgs,
  buildStillsArgs,
  previewMode,
  type PreviewMode,
} from './preview-args';
import { buildProbeArgs, parseProbe, UnreadableMediaError, type MediaInfo } from './probe-args';

/** The file's leading bytes and its size. */
async function headOf(file: string): Promise<{ head: Buffer; size: number }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return { head: buffer.subarray(0, bytesRead), size };
  } finally {
    await handle.close();
  }
}

/**
 * ffprobe the file with the demuxer its leading bytes name (MP4/MOV, WebM or AVI; nothing else is
 * probed). A file that is none of them, that ffprobe cannot read, or without video throws
 * UnreadableMediaError; a readable one outside MEDIA_LIMITS throws MediaLimitError.
 */
export async function probeMedia(
  tools: MediaTools,
  file: string,
  options: Pick<RunOptions, 'signal' | 'cwd'> = {},
): Promise<MediaInfo> {
  const { head, size } = await headOf(file);
  const demuxer = demuxerFor(head);
  if (!demuxer) throw new UnreadableMediaError('not an MP4, MOV, WebM or AVI file');
  let stdout: string;
  try {
    ({ stdout } = await runFfprobe(tools, buildProbeArgs(file, demuxer), options));
  } catch (error) {
    if (error instanceof FfmpegError) throw new UnreadableMediaError(error.message);
    throw error;
  }
  const info: MediaInfo = { ...parseProbe(stdout), demuxer };
  const breach = limitBreach(info, size);
  if (breach) throw new MediaLimitError(breach);
  return info;
}

/** Thumbnail and poster JPEGs from one decode. */
export async function makeStills(
  tools: MediaTools,
  file: string,
  info: MediaInfo,
  out: { thumbnail: string; poster: string },
  options: Pick<RunOptions, 'signal' | 'cwd'> = {},
): Promise<void> {
  await runFfmpeg(tools, buildStillsArgs(file, info, out), options);
}

/** How often the growing preview's local playlist is read for new segments. */
const PLAYLIST_POLL_MS = 200;

/**
 * The owner's instant preview. A browser-safe source is remuxed into `out.file` (falling back to
 * the transcode when the container will not remux cleanly): 'remux'. Any other is transcoded in
 * order into `out.dir` as a growing HLS preview (decision 0029): `onSegments` gets every segment
 * ffmpeg has finished so far each time there are new ones (never concurrently), and once more with
 * all of them when ffmpeg is done: 'transcode'. An error in `onSegments` stops ffmpeg and is thrown.
 */
export async function makePreview(
  tools: MediaTools,
  file: string,
  info: MediaInfo,
  out: { file: string; dir: string },
  options: Pick<RunOptions, 'signal'> & {
    onSegments?: (segments: Segment[], ended: boolean) => Promise<void>;
  } = {},
): Promise<PreviewMode> {
  if (previewMode(info) === 'remux') {
    try {
      await runFfmpeg(tools, buildPreviewArgs(file, out.file, info), {
        signal: options.signal,
        cwd: path.dirname(out.file),
        timing: { step: 'preview-remux', mediaSeconds: info.durationSeconds },
      });
      return 'remux';
    } catch (error) {
      if (!(error instanceof FfmpegError)) throw error;
    }
  }
  await growingPreview(tools, file, info, out.dir, options);
  return 'transcode';
}

async function growingPreview(
  tools: MediaTools,
  file: string,
  info: MediaInfo,
  dir: string,
  options: Pick<RunOptions, 'signal'> & {
    onSegments?: (segments: Segment[], ended: boolean) => Promise<void>;
  },
): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const read = async () =>
    parseMediaPlaylist(await readFile(path.join(dir, PREVIEW_PLAYLIST), 'utf8').catch(() => ''));
  let told = 0;
  let encoding = true;
  const watching = (async () => {
    while (encoding) {
      const { segments } = await read();
      if (segments.length > told) {
        told = segments.length;
        await options.onSegments?.(segments, false);
      }
      await delay(PLAYLIST_POLL_MS, undefined, { signal }).catch(() => undefined);
    }
  })().catch((error: unknown) => {
    stop.abort(error);
    throw error;
  });
  try {
    await runFfmpeg(tools, buildGrowingPreviewArgs(file, info), {
      signal,
      cwd: dir,
      timing: { step: 'preview-transcode', mediaSeconds: info.durationSeconds },
    });
  } finally {
    encoding = false;
    stop.abort(new Error('preview encode over'));
    await watching;
  }
  const { segments, ended } = await read();
  if (!ended || segments.length === 0) throw new Error('the preview playlist did not end');
  await options.onSegments?.(segments, true);
}
