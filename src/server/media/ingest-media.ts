import { open } from 'node:fs/promises';
import { SNIFF_BYTES } from '@shared/video-sniff';
import { FfmpegError, runFfmpeg, runFfprobe, type MediaTools, type RunOptions } from './ffmpeg';
import { demuxerFor } from './input-args';
import { limitBreach, MediaLimitError } from './media-limits';
import { buildPreviewArgs, buildStillsArgs, previewMode, type PreviewMode } from './preview-args';
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

/**
 * The owner's instant preview: a remux when the codecs allow (falling back to the transcode when the
 * container will not remux cleanly), else the fast low-resolution transcode.
 */
export async function makePreview(
  tools: MediaTools,
  file: string,
  info: MediaInfo,
  output: string,
  options: Pick<RunOptions, 'signal' | 'cwd'> & { onProgress?: (fraction: number) => void } = {},
): Promise<PreviewMode> {
  const mode = previewMode(info);
  const progress = options.onProgress
    ? { durationSeconds: info.durationSeconds, onProgress: options.onProgress }
    : undefined;
  if (mode === 'remux') {
    try {
      await runFfmpeg(tools, buildPreviewArgs(file, output, info, 'remux'), {
        signal: options.signal,
        cwd: options.cwd,
        timing: { step: 'preview-remux', mediaSeconds: info.durationSeconds },
      });
      return 'remux';
    } catch (error) {
      if (!(error instanceof FfmpegError)) throw error;
    }
  }
  await runFfmpeg(tools, buildPreviewArgs(file, output, info, 'transcode'), {
    signal: options.signal,
    cwd: options.cwd,
    progress,
    timing: { step: 'preview-transcode', mediaSeconds: info.durationSeconds },
  });
  return 'transcode';
}
