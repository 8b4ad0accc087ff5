import { userInputArgs } from './input-args';
import type { MediaInfo } from './probe-args';

/** Widths of the two stills: the library card thumbnail and the player's poster. */
export const THUMBNAIL_WIDTH = 480;
export const POSTER_WIDTH = 1280;
/** The fast preview transcode is at most this tall (short side for portrait video). */
export const PREVIEW_MAX_SHORT_SIDE = 480;

const quiet = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-y'];

/** Where to take the stills from: a tenth in (past fades and titles), at most 5 s, inside the clip. */
export function stillTime(durationSeconds: number): number {
  const at = Math.min(5, durationSeconds * 0.1);
  return Math.max(0, Math.round(at * 100) / 100);
}

/** Never upscale: the still is at most the source's width, and even. */
function stillWidth(target: number, sourceWidth: number): number {
  return Math.max(2, Math.floor(Math.min(target, sourceWidth) / 2) * 2);
}

/**
 * Thumbnail and poster from one decode: seek, let `thumbnail` pick the most representative of the
 * next frames, split, scale each.
 */
export function buildStillsArgs(
  input: string,
  info: MediaInfo,
  out: { thumbnail: string; poster: string },
): string[] {
  // ffmpeg's thumbnail filter takes batches of 2 or more (it picks from what a short input has).
  const frames = Math.max(
    2,
    Math.min(25, Math.floor((info.video.fps ?? 25) * Math.min(1, info.durationSeconds / 2))),
  );
  const tw = stillWidth(THUMBNAIL_WIDTH, info.video.width);
  const pw = stillWidth(POSTER_WIDTH, info.video.width);
  return [
    ...quiet,
    ...userInputArgs(input, info.demuxer, ['-ss', String(stillTime(info.durationSeconds))]),
    '-filter_complex',
    `[0:v]thumbnail=${frames},split=2[t][p];[t]scale=${tw}:-2[to];[p]scale=${pw}:-2[po]`,
    '-map',
    '[to]',
    '-frames:v',
    '1',
    '-q:v',
    '4',
    '-update',
    '1',
    out.thumbnail,
    '-map',
    '[po]',
    '-frames:v',
    '1',
    '-q:v',
    '3',
    '-update',
    '1',
    out.poster,
  ];
}

/** Every browser plays H.264 (8-bit 4:2:0) with AAC or MP3 in MP4. */
export function isBrowserSafeVideo(info: MediaInfo): boolean {
  const pix = info.video.pixFmt ?? '';
  const profile = (info.video.profile ?? '').toLowerCase();
  return (
    info.video.codec === 'h264' &&
    (pix === 'yuv420p' || pix === 'yuvj420p') &&
    !profile.includes('10') &&
    !profile.includes('4:2:2') &&
    !profile.includes('4:4:4')
  );
}

export function isBrowserSafeAudio(info: MediaInfo): boolean {
  return !info.audio || info.audio.codec === 'aac' || info.audio.codec === 'mp3';
}

export type PreviewMode = 'remux' | 'transcode';

/** Remux (seconds) when the video is browser-safe, else the fast low-resolution transcode (growing HLS). */
export function previewMode(info: MediaInfo): PreviewMode {
  return isBrowserSafeVideo(info) ? 'remux' : 'transcode';
}

/** Even output size whose short side is at most `maxShort`, never larger than the source. */
export function fitShortSide(
  width: number,
  height: number,
  maxShort: number,
): { width: number; height: number } {
  const short = Math.min(width, height);
  const scale = Math.min(1, maxShort / short);
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

/**
 * The owner's preview of a browser-safe source as MP4 with the index up front (plays while it
 * downloads): the video copied, the sound too when AAC/MP3, else a quick AAC encode. Any other
 * source gets the growing HLS preview (buildGrowingPreviewArgs).
 */
export function buildPreviewArgs(input: string, output: string, info: MediaInfo): string[] {
  return [
    ...quiet,
    ...userInputArgs(input, info.demuxer),
    '-map',
    '0:v:0',
    '-c:v',
    'copy',
    ...(info.audio
      ? [
          '-map',
          '0:a:0',
          ...(isBrowserSafeAudio(info)
            ? ['-c:a', 'copy']
            : ['-c:a', 'aac', '-b:a', '128k', '-ac', '2']),
        ]
      : []),
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}

/** Segment length of the growing preview: a keyframe every 4 s, one segment each. */
export const PREVIEW_SEGMENT_SECONDS = 4;

/**
 * The growing preview (decision 0029): the fast ≤480p H.264 transcode, in order, as an HLS EVENT
 * playlist of MPEG-TS segments (each plays on its own) written into the folder ffmpeg runs in:
 * index.m3u8, seg_00000.ts... ffmpeg lists a segment only once it is complete (temp_file: written
 * as .tmp, renamed when done). Only local files are written (the output format is named).
 */
export function buildGrowingPreviewArgs(input: string, info: MediaInfo): string[] {
  const size = fitShortSide(info.video.width, info.video.height, PREVIEW_MAX_SHORT_SIDE);
  const gop = Math.max(1, Math.round((info.video.fps ?? 30) * PREVIEW_SEGMENT_SECONDS));
  return [
    ...quiet,
    ...userInputArgs(input, info.demuxer),
    '-map',
    '0:v:0',
    ...(info.audio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
    '-vf',
    `scale=${size.width}:${size.height},format=yuv420p`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'fastdecode',
    '-crf',
    '28',
    '-g',
    String(gop),
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${PREVIEW_SEGMENT_SECONDS})`,
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-f',
    'hls',
    '-hls_time',
    String(PREVIEW_SEGMENT_SECONDS),
    '-hls_list_size',
    '0',
    '-hls_playlist_type',
    'event',
    '-hls_flags',
    'independent_segments+temp_file',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    'seg_%05d.ts',
    'index.m3u8',
  ];
}
