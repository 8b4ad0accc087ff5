/**
 * Audit (low): a tiny file could claim a 23-hour duration and hold the one heavy job slot for a
 * day. The probe now refuses a file outside Cadence's limits (3 hours, 4096 px a side, 120 fps,
 * enough bytes for its running time), and ingest fails the video with a note in the owner's words.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { limitNote } from '../../jobs/job-notes';
import { DEFAULT_TOOLS } from '../../media/ffmpeg';
import { probeMedia } from '../../media/ingest-media';
import { MediaLimitError } from '../../media/media-limits';
import { FFMPEG } from '../media-fixtures';

const run = promisify(execFile);
const tools = { ...DEFAULT_TOOLS, ffmpeg: FFMPEG };
let dir: string;

/** A real H.264 MP4 of `frames` frames, `gap` seconds apart (the container says so). */
async function make(name: string, size: string, frames: number, gap: number): Promise<string> {
  const file = path.join(dir, name);
  await run(FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=gray:s=${size}:r=25`,
    '-frames:v',
    String(frames),
    '-vf',
    `setpts=N*${gap}/TB`,
    '-fps_mode',
    'passthrough',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-caps-'));
}, 60_000);

describe('a file outside the limits', () => {
  it('a 2 KB file claiming 23 hours is refused before any heavy work', async () => {
    const file = await make('long.mp4', '64x64', 3, 41_400);
    expect((await stat(file)).size).toBeLessThan(10_000);
    const refused = await probeMedia(tools, file, { cwd: dir }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MediaLimitError);
    expect((refused as MediaLimitError).breach).toBe('too-long');
    expect(limitNote('too-long', 'original')).toBe(
      'This video is longer than 3 hours, so it cannot be processed. Please trim it to the class and upload it again.',
    );
  });

  it('a 2-hour claim in a few kilobytes is refused as too small for its length', async () => {
    const file = await make('thin.mp4', '64x64', 3, 3_600);
    const refused = await probeMedia(tools, file, { cwd: dir }).catch((e: unknown) => e);
    expect((refused as MediaLimitError).breach).toBe('too-small-for-length');
  });

  it('a picture wider than 4096 px is refused', async () => {
    const file = await make('wide.mp4', '4112x64', 2, 0.04);
    const refused = await probeMedia(tools, file, { cwd: dir }).catch((e: unknown) => e);
    expect((refused as MediaLimitError).breach).toBe('too-large');
  });

  it('a short ordinary clip still passes', async () => {
    const file = await make('ok.mp4', '320x240', 50, 0.04);
    const info = await probeMedia(tools, file, { cwd: dir });
    expect(info.durationSeconds).toBeGreaterThan(1.5);
  });
});
