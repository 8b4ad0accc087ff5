import { readFile } from 'node:fs/promises';
import { runFfmpeg, type MediaTools, type RunOptions } from './ffmpeg';
import { userInputArgs, type Demuxer } from './input-args';
import type { WorkDir } from './media-files';
import { parseMetadataFile } from './media-stats';
import type { MediaInfo } from './probe-args';

/**
 * The owner's A/B audio (issue #15): the same short stretch of the raw upload and of the enhanced
 * file as two small AAC (m4a) clips. The stretch is the loudest one (where the class has sound),
 * found from one audio-only decode measuring each second's level.
 */

/** The clips' length; a shorter class gives its whole length. */
export const CLIP_SECONDS = 12;
/** Per-second levels from the audio-only decode (relative: ffmpeg runs in the work folder). */
export const LEVELS_FILE = 'audio-levels.txt';
/** A second with no level (digital silence: ffmpeg prints -inf) counts as this quiet (dBFS). */
const SILENT_DB = -120;

export interface ClipWindow {
  /** Seconds into the class. */
  start: number;
  duration: number;
}

const quiet = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-y'];

/** One audio-only decode: the RMS level of each second of the first audio stream, to a file. */
export function buildLevelsArgs(input: string, demuxer: Demuxer): string[] {
  return [
    ...quiet,
    ...userInputArgs(input, demuxer),
    '-map',
    '0:a:0',
    '-af',
    'aresample=8000,aformat=channel_layouts=mono,asetnsamples=n=8000:p=0,' +
      'astats=metadata=1:reset=1,' +
      `ametadata=mode=print:key=lavfi.astats.Overall.RMS_level:file=${LEVELS_FILE}`,
    '-f',
    'null',
    '-',
  ];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The loudest `CLIP_SECONDS` stretch (highest mean level, whole seconds, the earliest of equals)
 * inside a class of `durationSeconds`; a class no longer than a clip gives all of itself.
 */
export function chooseWindow(levels: number[], durationSeconds: number): ClipWindow {
  const total = Math.max(0, durationSeconds);
  if (total <= CLIP_SECONDS) return { start: 0, duration: round1(total) };
  const db = levels.map((v) => (Number.isFinite(v) ? Math.max(SILENT_DB, v) : SILENT_DB));
  const lastStart = Math.floor(total - CLIP_SECONDS);
  let best = 0;
  let bestSum = -Infinity;
  for (let start = 0; start <= lastStart; start++) {
    let sum = 0;
    for (let s = start; s < start + CLIP_SECONDS; s++) sum += db[s] ?? SILENT_DB;
    if (sum > bestSum) {
      bestSum = sum;
      best = start;
    }
  }
  return { start: best, duration: CLIP_SECONDS };
}

/** Each second's level (dBFS) from the levels file; a silent second (-inf) as NaN. */
export function parseLevels(text: string): number[] {
  return parseMetadataFile(text).map((frame) => frame.RMS_level ?? Number.NaN);
}

const CLIP_ENCODE = [
  '-c:a',
  'aac',
  '-b:a',
  '96k',
  '-ac',
  '2',
  '-ar',
  '48000',
  '-map_metadata',
  '-1',
  '-movflags',
  '+faststart',
  '-f',
  'mp4',
];

/**
 * Both clips from one run: the same window of the raw upload (read with its own demuxer) and of
 * the enhanced MP4 (Cadence's own file, read as MP4), encoded alike so only enhancement differs.
 */
export function buildClipArgs(
  original: { file: string; demuxer: Demuxer },
  enhanced: string,
  window: ClipWindow,
  out: { original: string; enhanced: string },
): string[] {
  const cut = ['-ss', String(window.start), '-t', String(window.duration)];
  return [
    ...quiet,
    ...userInputArgs(original.file, original.demuxer, cut),
    ...userInputArgs(enhanced, 'mov', cut),
    '-map',
    '0:a:0',
    ...CLIP_ENCODE,
    out.original,
    '-map',
    '1:a:0',
    ...CLIP_ENCODE,
    out.enhanced,
  ];
}

/**
 * The two clips in the work folder, and the window they cover. The caller decides there is sound
 * to compare (an audio stream that is not silence).
 */
export async function makeAudioClips(
  tools: MediaTools,
  request: { original: string; info: MediaInfo; enhanced: string; work: WorkDir },
  options: Pick<RunOptions, 'signal'> = {},
): Promise<{ window: ClipWindow; original: string; enhanced: string }> {
  const { original, info, enhanced, work } = request;
  const run = { signal: options.signal, cwd: work.path };
  let levels: number[] = [];
  // A class no longer than a clip is compared whole: nothing to choose.
  if (info.durationSeconds > CLIP_SECONDS) {
    await runFfmpeg(tools, buildLevelsArgs(original, info.demuxer), run);
    levels = parseLevels(await readFile(work.file(LEVELS_FILE), 'utf8').catch(() => ''));
  }
  const window = chooseWindow(levels, info.durationSeconds);
  const out = { original: work.file('before.m4a'), enhanced: work.file('after.m4a') };
  await runFfmpeg(
    tools,
    buildClipArgs({ file: original, demuxer: info.demuxer }, enhanced, window, out),
    run,
  );
  return { window, ...out };
}
