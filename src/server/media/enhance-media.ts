import { readFile } from 'node:fs/promises';
import {
  ANALYSIS_FILES,
  buildAnalysisArgs,
  buildMotionArgs,
  LOUDNESS,
  MIN_KEYFRAMES,
} from './analysis-args';
import {
  buildEnhanceArgs,
  detectKey,
  detectSubtraction,
  lightingCurve,
  SILENCE_LUFS,
  type BackgroundMethod,
  type EnhancePlan,
  type LightingCurve,
} from './enhance-args';
import { runFfmpeg, type MediaTools } from './ffmpeg';
import type { WorkDir } from './media-files';
import {
  parseLoudnorm,
  parseMetadataFile,
  type FrameStats,
  type LoudnessMeasure,
} from './media-stats';
import type { MediaInfo } from './probe-args';
import type { LogoPlacement } from '@shared/videos.contract';

export interface EnhanceRequest {
  tools: MediaTools;
  /** The original, as a local file. */
  input: string;
  info: MediaInfo;
  work: WorkDir;
  /** The logo as a local PNG and where it goes, when the owner asked for it. */
  logo: EnhancePlan['logo'];
  replaceBackground: boolean;
  /** Advanced AI enhancement (the owner's plan): white balance and denoise beside lighting and loudness. */
  advanced: boolean;
  /** Draws (or fetches) the chosen background at the video's size; called only when it is used. */
  backgroundImage: (size: { width: number; height: number }) => Promise<string>;
  signal?: AbortSignal;
  /** Overall progress 0-1 across the passes. */
  onProgress?: (fraction: number) => void;
}

/** What was done, for processingNotes and the logs. */
export interface EnhanceSummary {
  lighting: LightingCurve | null;
  whiteBalance: boolean;
  denoise: boolean;
  /** Integrated loudness before (LUFS); null without audio or for silence. */
  loudnessBefore: number | null;
  /** Where the logo was put; null without one. */
  logo: LogoPlacement | null;
  background: BackgroundMethod | null;
}

export type EnhanceResult =
  | { outcome: 'enhanced'; output: string; summary: EnhanceSummary }
  | {
      outcome: 'needs-manual';
      reason: 'camera-moves' | 'lights-change' | 'no-moving-subject';
      summary: EnhanceSummary;
    };

/** Shares of the progress bar: analysis, the motion check, then the encode. */
const STAGES = { analysis: 0.15, motion: 0.05 } as const;

async function readStats(work: WorkDir, name: string): Promise<FrameStats[]> {
  return parseMetadataFile(await readFile(work.file(name), 'utf8').catch(() => ''));
}

export async function enhanceMedia(request: EnhanceRequest): Promise<EnhanceResult> {
  const { tools, input, info, work, signal } = request;
  const report = request.onProgress ?? (() => {});
  const stage = (from: number, span: number) => ({
    durationSeconds: info.durationSeconds,
    onProgress: (f: number) => report(from + f * span),
  });

  // Pass 1: lighting, key colours, plate and loudness from one decode. Without a background to
  // replace, the lighting is read from the keyframes only, unless the file has too few of them.
  const analyse = (keyframesOnly: boolean) =>
    runFfmpeg(
      tools,
      buildAnalysisArgs(input, info, {
        audio: Boolean(info.audio),
        background: request.replaceBackground,
        keyframesOnly,
      }),
      {
        signal,
        cwd: work.path,
        progress: stage(0, STAGES.analysis),
        timing: { step: 'enhance-analysis', mediaSeconds: info.durationSeconds },
      },
    );
  let analysis = await analyse(!request.replaceBackground);
  let light = await readStats(work, ANALYSIS_FILES.light);
  if (!request.replaceBackground && light.length < MIN_KEYFRAMES) {
    analysis = await analyse(false);
    light = await readStats(work, ANALYSIS_FILES.light);
  }
  const measured: LoudnessMeasure | null = info.audio ? parseLoudnorm(analysis.log) : null;
  const loudness = measured && measured.inputI > SILENCE_LUFS ? measured : null;
  let background: BackgroundMethod | null = null;
  if (request.replaceBackground) {
    background = detectKey(
      await readStats(work, ANALYSIS_FILES.green),
      await readStats(work, ANALYSIS_FILES.blue),
    );
    if (!background) {
      await runFfmpeg(tools, buildMotionArgs(input, info), {
        signal,
        cwd: work.path,
        progress: stage(STAGES.analysis, STAGES.motion),
        timing: { step: 'enhance-motion', mediaSeconds: info.durationSeconds },
      });
      background = detectSubtraction(light, await readStats(work, ANALYSIS_FILES.motion));
    }
  }
  // On keyed footage the screen dominates the statistics (and is lit on purpose): no curve.
  const lighting = background?.method === 'key' ? null : lightingCurve(light);
  const summary: EnhanceSummary = {
    lighting,
    whiteBalance: request.advanced && !request.replaceBackground,
    denoise: request.advanced,
    loudnessBefore: loudness ? loudness.inputI : null,
    logo: request.logo?.placement ?? null,
    background,
  };
  if (background?.method === 'unsuitable') {
    return { outcome: 'needs-manual', reason: background.reason, summary };
  }

  let planBackground: EnhancePlan['background'] = null;
  if (background?.method === 'key') {
    planBackground = {
      method: 'key',
      color: background.color,
      image: await request.backgroundImage(info.video),
    };
  } else if (background?.method === 'subtract') {
    planBackground = {
      method: 'subtract',
      image: await request.backgroundImage(info.video),
      plate: work.file(ANALYSIS_FILES.plate),
    };
  }
  const plan: EnhancePlan = {
    lighting,
    whiteBalance: summary.whiteBalance,
    denoise: summary.denoise,
    loudness,
    logo: request.logo,
    background: planBackground,
  };
  const output = work.file('enhanced.mp4');
  const start = STAGES.analysis + STAGES.motion;
  await runFfmpeg(tools, buildEnhanceArgs(input, info, plan, output), {
    signal,
    cwd: work.path,
    progress: stage(start, 1 - start),
    timing: { step: 'enhance-encode', mediaSeconds: info.durationSeconds },
  });
  return { outcome: 'enhanced', output, summary };
}

/** The integrated loudness the enhanced file is normalised to. */
export const TARGET_LUFS = LOUDNESS.integrated;
