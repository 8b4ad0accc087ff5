import type { RideSegment } from '@shared/ride-track';

/** hh:mm:ss.mmm, WebVTT's cue time. */
function cueTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(h)}:${two(m)}:${two(s)}.000`;
}

/**
 * A track as a WebVTT metadata track: one cue per segment whose text is the segment as JSON on one
 * line (`<`, `>` and `&` escaped, so no cue can hold `-->` or markup), for players that read
 * `TextTrack` metadata cues.
 */
export function rideTrackVtt(segments: readonly RideSegment[]): string {
  const cues = segments.map((segment, i) => {
    const json = JSON.stringify(segment).replace(
      /[<>&]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    return `segment-${i + 1}\n${cueTime(segment.startSeconds)} --> ${cueTime(segment.endSeconds)}\n${json}\n`;
  });
  return ['WEBVTT\n', ...cues].join('\n');
}
