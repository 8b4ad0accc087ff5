import { sniffVideo, type VideoType } from '@shared/video-sniff';

/**
 * The ffmpeg demuxers a user's video is read with (product.md §9 formats): 'mov' is MP4 and MOV (and
 * their family), 'matroska' reads WebM, 'avi' AVI. Nothing else is ever let near ffmpeg's
 * auto-detection: a playlist or manifest format (HLS, DASH, concat, image sequences) would open
 * whatever other files it names.
 */
export type Demuxer = 'mov' | 'matroska' | 'avi';

export const DEMUXER_OF: Record<VideoType, Demuxer> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/webm': 'matroska',
  'video/x-msvideo': 'avi',
};

/** The demuxer for a file by its leading bytes (see sniffVideo), or null: not a video we read. */
export function demuxerFor(head: Buffer): Demuxer | null {
  const type = sniffVideo(head);
  return type ? DEMUXER_OF[type] : null;
}

/** Bytes and microseconds ffmpeg may read to find the streams (its defaults are 5 MB and 5 s). */
export const PROBE_SIZE = 20_000_000;
export const ANALYZE_DURATION_US = 20_000_000;

/**
 * The options and `-i` for a file a user supplied (the original, an admin's enhanced upload):
 * the demuxer named, no other demuxer and no protocol but local files allowed (no nested opens of
 * other files or URLs), and a bounded probe. `before` goes right before `-i` (input options such as
 * -ss or -skip_frame).
 */
export function userInputArgs(file: string, demuxer: Demuxer, before: string[] = []): string[] {
  return [
    '-f',
    demuxer,
    '-format_whitelist',
    demuxer,
    '-protocol_whitelist',
    'file',
    '-probesize',
    String(PROBE_SIZE),
    '-analyzeduration',
    String(ANALYZE_DURATION_US),
    ...before,
    '-i',
    file,
  ];
}
