/**
 * The growing HLS preview (decision 0029): a source the browser cannot play is transcoded in order
 * into 4 s MPEG-TS segments; each finished segment is stored, then the playlist (an EVENT playlist)
 * is rewritten in the store to list it, so the owner plays the start while the rest is encoded.
 * These are its rules: the state machine, which playlist may replace the stored one, and the
 * playlist text itself (written by Cadence from the segments it stored, never ffmpeg's file copied).
 */
import type { PreviewState } from '@shared/videos.contract';

/**
 * What happens to a preview: `segment` (a playable part was stored, the playlist may grow),
 * `end` (the whole preview is stored), `fail` (ingest gave up for good).
 */
export type PreviewEvent = 'segment' | 'end' | 'fail';

export interface PreviewStep {
  state: PreviewState;
  /** Whether the playlist in the store may be rewritten for this event. */
  publish: boolean;
}

/**
 * none -> growing -> ended | failed. A resumed run (a crash, a retry) sends `segment` again from
 * 'growing' or 'failed' and grows on. An ended preview stays ended: a run of ingest again (the job
 * taken back after its worker died past the end) publishes nothing until its own end, so the stored
 * playlist never loses its #EXT-X-ENDLIST; `fail` after the end leaves the complete preview as is.
 */
export function nextPreviewState(state: PreviewState, event: PreviewEvent): PreviewStep {
  switch (event) {
    case 'segment':
      return state === 'ended'
        ? { state: 'ended', publish: false }
        : { state: 'growing', publish: true };
    case 'end':
      return { state: 'ended', publish: true };
    case 'fail':
      return state === 'ended'
        ? { state: 'ended', publish: false }
        : { state: 'failed', publish: false };
  }
}

export interface Segment {
  /** seg_00000.ts ... (the only names a preview playlist lists). */
  name: string;
  /** Seconds, as ffmpeg measured them. */
  duration: number;
}

export const PREVIEW_PLAYLIST = 'index.m3u8';
export const PREVIEW_SEGMENT = /^seg_\d{5}\.ts$/;

/**
 * An EVENT playlist only ever gains segments: a new text replaces the stored one only when it
 * lists at least as many (a resumed run starts again from the first segment and publishes once it
 * has caught up), and never an open one over an ended one.
 */
export function mayReplace(
  stored: { segments: number; ended: boolean } | null,
  next: { segments: number; ended: boolean },
): boolean {
  if (!stored) return true;
  if (stored.ended && !next.ended) return false;
  return next.segments >= stored.segments;
}

/** The segments a media playlist lists, in order (only well-formed seg_NNNNN.ts entries). */
export function parseMediaPlaylist(text: string): { segments: Segment[]; ended: boolean } {
  const segments: Segment[] = [];
  let duration: number | null = null;
  let ended = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) {
      const value = Number.parseFloat(line.slice('#EXTINF:'.length));
      duration = Number.isFinite(value) && value > 0 ? value : null;
    } else if (line === '#EXT-X-ENDLIST') {
      ended = true;
    } else if (line && !line.startsWith('#')) {
      if (duration !== null && PREVIEW_SEGMENT.test(line)) segments.push({ name: line, duration });
      duration = null;
    }
  }
  return { segments, ended };
}

/** The playlist Cadence stores: EVENT while growing, with #EXT-X-ENDLIST once `ended`. */
export function previewPlaylist(segments: readonly Segment[], ended: boolean): string {
  const target = Math.max(1, ...segments.map((s) => Math.ceil(s.duration)));
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...segments.flatMap((s) => [`#EXTINF:${s.duration.toFixed(6)},`, s.name]),
    ...(ended ? ['#EXT-X-ENDLIST'] : []),
    '',
  ].join('\n');
}
