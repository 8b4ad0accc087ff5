import { FfmpegError, runFfmpeg, runFfprobe, type MediaTools } from './ffmpeg';
import { buildPreviewArgs, buildStillsArgs, previewMode, type PreviewMode } from './preview-args';
import { buildProbeArgs, parseProbe, UnreadableMediaError, type MediaInfo } from './probe-args';

/** ffprobe the file; a file it cannot read (or without video) throws UnreadableMediaError. */
export async function probeMedia(
  tools: MediaTools,
  file: string,
  signal?: AbortSignal,
): Promise<MediaInfo> {
  let stdout: string;
  try {
    ({ stdout } = await runFfprobe(tools, buildProbeArgs(file), { signal }));
  } catch (error) {
    if (error instanceof FfmpegError) throw new UnreadableMediaError(error.message);
    throw error;
  }
  return parseProbe(stdout);
}

/** Thumbnail and poster JPEGs from one decode. */
export async function makeStills(
  tools: MediaTools,
  file: string,
  info: MediaInfo,
  out: { thumbnail: string; poster: string },
  signal?: AbortSignal,
): Promise<void> {
  await runFfmpeg(tools, buildStillsArgs(file, info, out), { signal });
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
  options: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<PreviewMode> {
  const mode = previewMode(info);
  const progress = options.onProgress
    ? { durationSeconds: info.durationSeconds, onProgress: options.onProgress }
    : undefined;
  if (mode === 'remux') {
    try {
      await runFfmpeg(tools, buildPreviewArgs(file, output, info, 'remux'), {
        signal: options.signal,
      });
      return 'remux';
    } catch (error) {
      if (!(error instanceof FfmpegError)) throw error;
    }
  }
  await runFfmpeg(tools, buildPreviewArgs(file, output, info, 'transcode'), {
    signal: options.signal,
    progress,
  });
  return 'transcode';
}
