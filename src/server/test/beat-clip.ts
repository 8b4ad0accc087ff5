/**
 * Test support (not app code): clips with a known beat for the tempo tests (issue #20 part 3), made
 * by ffmpeg at test time: a 1 kHz click on every beat (a click track), tempo part after part, or
 * silence; under a tiny picture (64x64 at 4 fps, so a 3-minute clip encodes in a moment; the
 * stills' thumbnail filter refuses a clip under 2 fps) as H.264/AAC in MP4, like an upload.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { FFMPEG } from './media-fixtures';

const exec = promisify(execFile);

export interface BeatPart {
  bpm: number;
  seconds: number;
}

/** aevalsrc's expression: each part's clicks (a decaying 1 kHz tone) from the part's own start. */
export function clickExpression(parts: readonly BeatPart[]): string {
  let from = 0;
  const pieces = parts.map((part) => {
    const click = `0.8*sin(2*PI*1000*t)*exp(-mod(t-${from},${(60 / part.bpm).toFixed(6)})*60)`;
    from += part.seconds;
    return { end: from, click };
  });
  // if(t < end0, part0, if(t < end1, part1, ... last part)).
  return pieces.reduceRight<string>(
    (rest, piece, i) =>
      i === pieces.length - 1 ? piece.click : `if(lt(t,${piece.end}),${piece.click},${rest})`,
    '0',
  );
}

/** An MP4 of `parts` as a click track (or `silence` seconds of silence) in `dir`. */
export async function beatClip(
  dir: string,
  name: string,
  sound: { parts: readonly BeatPart[] } | { silence: number },
): Promise<string> {
  const file = path.join(dir, `${name}.mp4`);
  const seconds =
    'silence' in sound ? sound.silence : sound.parts.reduce((s, p) => s + p.seconds, 0);
  const audio =
    'silence' in sound
      ? `anullsrc=r=48000:cl=stereo,atrim=0:${seconds}`
      : `aevalsrc='${clickExpression(sound.parts)}':s=22050:d=${seconds}`;
  await exec(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=s=64x64:r=4:d=${seconds}`],
    ...['-f', 'lavfi', '-i', audio],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '96k', '-shortest', file],
  ]);
  return file;
}
