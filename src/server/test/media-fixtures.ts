import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';

export interface MediaFixtures {
  dir: string;
  /** A real 2-second H.264/AAC MP4 (320x240) made by ffmpeg. */
  clipPath: string;
  clip: Buffer;
  /** A real 64x64 PNG made by ffmpeg. */
  logoPath: string;
  logo: Buffer;
}

let cached: Promise<MediaFixtures> | undefined;

/** Makes the test clip and logo once per test file (nothing binary lives in git). */
export function mediaFixtures(): Promise<MediaFixtures> {
  cached ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-media-'));
    const clipPath = path.join(dir, 'class.mp4');
    const logoPath = path.join(dir, 'logo.png');
    await run(FFMPEG, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x240:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine',
      '-t',
      '2',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-c:a',
      'aac',
      clipPath,
    ]);
    await run(FFMPEG, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=c=orange:s=64x64',
      '-frames:v',
      '1',
      logoPath,
    ]);
    return {
      dir,
      clipPath,
      clip: await readFile(clipPath),
      logoPath,
      logo: await readFile(logoPath),
    };
  })();
  return cached;
}
