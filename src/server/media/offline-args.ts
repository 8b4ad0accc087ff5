import { shortSideOf, variantsOf } from './hls-args';
import { userInputArgs } from './input-args';

/**
 * The offline file (decision 0047): one faststart MP4 beside the ladder it comes from
 * (videos/<id>/hls/<version>/offline.mp4), remuxed from the tallest rung no taller than 720p.
 */
export const OFFLINE_FILE = 'offline.mp4';
/** The offline file's tallest picture, by the short side: a tablet's screen, ~1 GB an hour. */
export const OFFLINE_MAX_SHORT = 720;
/** More than any rung playlist Cadence writes (~30 bytes a 4 s segment: ~650 KB for a day). */
export const RUNG_PLAYLIST_MAX_BYTES = 2 * 1024 * 1024;

/** What packaging names a rung's playlist, its init segment and its media segments (hls-args.ts). */
const RUNG_PLAYLIST = /^v\d{2,4}p\/index\.m3u8$/;
const INIT_SEGMENT = /^init(?:_\d{1,2})?\.mp4$/;
const MEDIA_SEGMENT = /^seg_\d{4,9}\.m4s$/;
const MAP_TAG = /^#EXT-X-MAP:URI="([^"]{1,64})"$/;

/**
 * The variant (its URI, "v720p/index.m3u8") the offline file is made from: the tallest the master
 * lists no taller than OFFLINE_MAX_SHORT by the short side, so it follows the owner's plan as the
 * ladder does; null when none is (a master that is not Cadence's).
 */
export function offlineRungOf(master: string): string | null {
  let best: { uri: string; short: number } | null = null;
  for (const variant of variantsOf(master)) {
    const short = shortSideOf(variant.resolution);
    if (!RUNG_PLAYLIST.test(variant.uri) || short === null || short > OFFLINE_MAX_SHORT) continue;
    if (!best || short > best.short) best = { uri: variant.uri, short };
  }
  return best?.uri ?? null;
}

/**
 * The files a finished rung playlist names, in play order: its init segment and its media
 * segments, by the names packaging gives them; null for anything else (no init, no segment, an
 * unfinished or foreign playlist, a name that is not one of ours), so nothing else is ever read.
 */
export function rungFilesOf(playlist: string): { init: string; segments: string[] } | null {
  let init: string | null = null;
  const segments: string[] = [];
  let ended = false;
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (line === '#EXT-X-ENDLIST') ended = true;
    else if (line.startsWith('#EXT-X-MAP:')) {
      const uri = MAP_TAG.exec(line)?.[1];
      if (init !== null || !uri || !INIT_SEGMENT.test(uri)) return null;
      init = uri;
    } else if (!line.startsWith('#')) {
      if (!MEDIA_SEGMENT.test(line)) return null;
      segments.push(line);
    }
  }
  return init && ended && segments.length > 0 ? { init, segments } : null;
}

/**
 * One ffmpeg run: a rung's init and media segments, joined into one fragmented MP4 (`input`), read
 * by the MP4 demuxer alone from a local file, every stream copied (its H.264 and the AAC the ladder
 * muxed into each rung) into a plain MP4 with the index in front, so a player starts at once and
 * seeks anywhere in the saved file.
 */
export function buildOfflineArgs(input: string, output: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'error',
    '-y',
    ...userInputArgs(input, 'mov'),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}
