import { userInputArgs } from './input-args';
import type { MediaInfo } from './probe-args';

/**
 * Pass 1 of enhancement: one decode that measures everything pass 2 needs. File names are relative:
 * ffmpeg runs in the job's own temporary folder, so nothing in a filter needs escaping.
 */
export const ANALYSIS_FILES = {
  /** signalstats of 2 frames a second: YLOW/YHIGH/YAVG medians for the lighting curve. */
  light: 'light-stats.txt',
  /** Share of pixels a green / blue key removes (alpha means), per sampled frame. */
  green: 'green-key.txt',
  blue: 'blue-key.txt',
  /** The background plate: the per-pixel median of evenly sampled frames (half resolution). */
  plate: 'plate.png',
  /** Share of pixels that differ from the plate, per sampled frame. */
  motion: 'motion.txt',
} as const;

/** The key colours: broadcast chroma green and blue. */
export const KEY_COLORS = { green: '0x00B140', blue: '0x0047BB' } as const;
export type KeyColor = keyof typeof KEY_COLORS;
export const KEY_SIMILARITY = 0.25;
export const KEY_BLEND = 0.1;

/** Loudness target: -16 LUFS integrated, true peak -1.5 dBTP (streaming loudness). */
export const LOUDNESS = { integrated: -16, truePeak: -1.5, defaultRange: 11 } as const;

/** The small frames statistics are taken on: 160 wide, even height, same aspect. */
export function statsSize(info: MediaInfo): { width: number; height: number } {
  const width = 160;
  const height = Math.max(2, Math.round((width * info.video.height) / info.video.width / 2) * 2);
  return { width, height };
}

/** The background plate and difference mask work at half resolution (even sizes). */
export function maskSize(info: MediaInfo): { width: number; height: number } {
  return {
    width: Math.max(2, Math.round(info.video.width / 4) * 2),
    height: Math.max(2, Math.round(info.video.height / 4) * 2),
  };
}

/** How many frames the plate's median is taken over: 2r+1 spread over the clip, r ≤ 12. */
export function plateRadius(info: MediaInfo): number {
  const frames = Math.floor(info.durationSeconds * (info.video.fps ?? 25));
  return Math.max(1, Math.min(12, Math.floor((frames - 1) / 2)));
}

export interface AnalysisOptions {
  /** Measure the audio for two-pass loudnorm. */
  audio: boolean;
  /** Measure key colours and build the plate (only when the owner asked for a new background). */
  background: boolean;
  /**
   * Lighting from the keyframes alone (the decoder skips every other frame: several times faster).
   * Not with `background`, which needs frames spread evenly over the clip.
   */
  keyframesOnly?: boolean;
}

/** Fewer keyframes than this (long GOPs) and the lighting is measured on every frame instead. */
export const MIN_KEYFRAMES = 8;

const rounded = (n: number) => String(Math.round(n * 10000) / 10000);

export function buildAnalysisArgs(
  input: string,
  info: MediaInfo,
  options: AnalysisOptions,
): string[] {
  const stats = statsSize(info);
  const parts: string[] = [];
  const outputs: string[] = [];
  if (options.background) {
    const mask = maskSize(info);
    const r = plateRadius(info);
    const sampleFps = rounded((2 * r + 1) / info.durationSeconds);
    parts.push(
      '[0:v]split=2[va][vp]',
      `[va]fps=2,scale=${stats.width}:${stats.height},split=3[l][g][b]`,
      `[l]signalstats,metadata=mode=print:file=${ANALYSIS_FILES.light}[lo]`,
      keyShare('g', KEY_COLORS.green, ANALYSIS_FILES.green, 'go'),
      keyShare('b', KEY_COLORS.blue, ANALYSIS_FILES.blue, 'bo'),
      `[vp]fps=${sampleFps},scale=${mask.width}:${mask.height},tmedian=radius=${r}[plate]`,
    );
    outputs.push(
      ...nullOutput('[lo]'),
      ...nullOutput('[go]'),
      ...nullOutput('[bo]'),
      '-map',
      '[plate]',
      '-frames:v',
      '1',
      '-update',
      '1',
      ANALYSIS_FILES.plate,
    );
  } else {
    const sample = options.keyframesOnly ? '' : 'fps=2,';
    parts.push(
      `[0:v]${sample}scale=${stats.width}:${stats.height},signalstats,metadata=mode=print:file=${ANALYSIS_FILES.light}[lo]`,
    );
    outputs.push(...nullOutput('[lo]'));
  }
  const audio = options.audio
    ? [
        '-map',
        '0:a:0',
        '-af',
        `loudnorm=I=${LOUDNESS.integrated}:TP=${LOUDNESS.truePeak}:LRA=${LOUDNESS.defaultRange}:print_format=json`,
        '-f',
        'null',
        '-',
      ]
    : [];
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    // loudnorm prints its measurement at the info level.
    '-loglevel',
    'info',
    '-y',
    ...userInputArgs(
      input,
      info.demuxer,
      options.keyframesOnly && !options.background ? ['-skip_frame', 'nokey'] : [],
    ),
    '-filter_complex',
    parts.join(';'),
    ...outputs,
    ...audio,
  ];
}

function nullOutput(label: string): string[] {
  return ['-map', label, '-f', 'null', '-'];
}

/** Alpha left after keying `color`, as signalstats' YAVG (limited range: 235 opaque, 16 keyed). */
function keyShare(input: string, color: string, file: string, out: string): string {
  return (
    `[${input}]format=rgb24,colorkey=color=${color}:similarity=${KEY_SIMILARITY}:blend=0,` +
    `format=rgba,alphaextract,format=yuv420p,signalstats,` +
    `metadata=mode=print:key=lavfi.signalstats.YAVG:file=${file}[${out}]`
  );
}

/** Pass 1b (background subtraction only): how much of each sampled frame the plate does not explain. */
export function buildMotionArgs(
  input: string,
  info: MediaInfo,
  threshold = MASK_THRESHOLD,
): string[] {
  const stats = statsSize(info);
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'error',
    '-y',
    ...userInputArgs(input, info.demuxer),
    '-i',
    ANALYSIS_FILES.plate,
    '-filter_complex',
    `[0:v]fps=2,scale=${stats.width}:${stats.height},format=gray[f];` +
      `[1:v]scale=${stats.width}:${stats.height},format=gray[p];` +
      `[f][p]blend=all_mode=difference,lut=y='if(gt(val,${threshold}),235,16)',format=yuv420p,signalstats,` +
      `metadata=mode=print:key=lavfi.signalstats.YAVG:file=${ANALYSIS_FILES.motion}`,
    '-f',
    'null',
    '-',
  ];
}

/** A pixel belongs to the subject when it differs from the plate by more than this (0-255). */
export const MASK_THRESHOLD = 24;
