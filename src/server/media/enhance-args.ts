import {
  KEY_BLEND,
  KEY_COLORS,
  KEY_SIMILARITY,
  LOUDNESS,
  MASK_THRESHOLD,
  maskSize,
  type KeyColor,
} from './analysis-args';
import {
  column,
  limitedRangeShare,
  median,
  percentile,
  type FrameStats,
  type LoudnessMeasure,
} from './media-stats';
import { FULL_LADDER_TOP, HLS_READY_MARK, ladderFor, SEGMENT_SECONDS } from './hls-args';
import { userInputArgs } from './input-args';
import { LOGO_MARGIN_SHARE, type LogoPlacement } from '@shared/videos.contract';
import type { MediaInfo } from './probe-args';

/** The lighting curve: lutyuv y = clip((val - low) * gain + LIFT, 16, 235). */
export interface LightingCurve {
  low: number;
  high: number;
  gain: number;
}

export const LIGHTING_LIFT = 40;
export const LIGHTING_SPAN = 160;
export const LIGHTING_MAX_GAIN = 1.8;
export const LIGHTING_SATURATION = 1.2;

/**
 * Pass 1's medians of YLOW/YHIGH/YAVG decide the curve. Footage that already spans the range with
 * a normal average is left alone (null): the curve is for dim or flat footage.
 */
export function lightingCurve(frames: FrameStats[]): LightingCurve | null {
  const low = median(column(frames, 'YLOW'));
  const high = median(column(frames, 'YHIGH'));
  const avg = median(column(frames, 'YAVG'));
  if (low === null || high === null || avg === null) return null;
  const span = Math.max(1, high - low);
  const wellExposed = span >= 150 && low <= 45 && avg >= 80 && avg <= 170;
  if (wellExposed) return null;
  const gain = Math.min(LIGHTING_MAX_GAIN, LIGHTING_SPAN / span);
  // Bright, low-contrast footage would only be darkened by the lift: leave it.
  if (gain <= 1.05 && low >= LIGHTING_LIFT) return null;
  return {
    low: Math.round(low),
    high: Math.round(high),
    gain: Math.round(Math.max(1, gain) * 1000) / 1000,
  };
}

export function lightingFilter(curve: LightingCurve): string {
  return `lutyuv=y='clip((val-${curve.low})*${curve.gain}+${LIGHTING_LIFT},16,235)',eq=saturation=${LIGHTING_SATURATION}`;
}

/** How the background can be separated from the rider, or why it cannot. */
export type BackgroundMethod =
  | { method: 'key'; color: KeyColor; share: number }
  | { method: 'subtract'; moving: number }
  | { method: 'unsuitable'; reason: 'camera-moves' | 'lights-change' | 'no-moving-subject' };

/** A frame counts as keyed when the key colour covers at least this share of it (median of frames). */
export const KEYED_SHARE = 0.3;
/** Subtraction needs the plate to explain most of the frame and something to move. */
export const MAX_MOVING_SHARE = 0.4;
export const MIN_MOVING_SHARE = 0.01;
/** Brightness (YAVG, 0-255) may wander this much between the 10th and 90th percentile frames. */
export const MAX_BRIGHTNESS_DRIFT = 20;

/** Step 1: keyed footage? (from pass 1's green/blue alpha means) */
export function detectKey(green: FrameStats[], blue: FrameStats[]): BackgroundMethod | null {
  const share = (frames: FrameStats[]) => {
    const m = median(column(frames, 'YAVG'));
    return m === null ? 0 : 1 - limitedRangeShare(m);
  };
  const g = share(green);
  const b = share(blue);
  const best =
    g >= b ? { color: 'green' as const, share: g } : { color: 'blue' as const, share: b };
  return best.share >= KEYED_SHARE
    ? { method: 'key', ...best, share: Math.round(best.share * 1000) / 1000 }
    : null;
}

/** Step 2 (not keyed): does a static plate explain the footage? (pass 1's brightness, pass 1b's motion) */
export function detectSubtraction(light: FrameStats[], motion: FrameStats[]): BackgroundMethod {
  const yavg = column(light, 'YAVG');
  const p10 = percentile(yavg, 0.1) ?? 0;
  const p90 = percentile(yavg, 0.9) ?? 0;
  const moving = median(column(motion, 'YAVG').map(limitedRangeShare)) ?? 1;
  if (p90 - p10 > MAX_BRIGHTNESS_DRIFT) return { method: 'unsuitable', reason: 'lights-change' };
  if (moving > MAX_MOVING_SHARE) return { method: 'unsuitable', reason: 'camera-moves' };
  if (moving < MIN_MOVING_SHARE) return { method: 'unsuitable', reason: 'no-moving-subject' };
  return { method: 'subtract', moving: Math.round(moving * 1000) / 1000 };
}

/** Pass 2 loudnorm with pass 1's measurement: linear, so it is one gain and no pumping. */
export function loudnormFilter(m: LoudnessMeasure): string {
  const lra = Math.min(50, Math.max(LOUDNESS.defaultRange, Math.ceil((m.inputLra + 1) * 10) / 10));
  return (
    `loudnorm=I=${LOUDNESS.integrated}:TP=${LOUDNESS.truePeak}:LRA=${lra}` +
    `:measured_I=${m.inputI}:measured_TP=${m.inputTp}:measured_LRA=${m.inputLra}` +
    `:measured_thresh=${m.inputThresh}:offset=${m.targetOffset}:linear=true:print_format=summary`
  );
}

/** Below this integrated loudness the track is treated as silence and left alone. */
export const SILENCE_LUFS = -70;

/**
 * The logo's part of the filter graph: scaled to `size`% of the frame's width, made `opacity`%
 * opaque (its own transparency kept) and laid in the chosen corner, LOGO_MARGIN_SHARE of the
 * width from both edges. Exactly what the owner previewed on the upload screen.
 */
export function logoFilters(
  frameWidth: number,
  placement: LogoPlacement,
  labels: { logo: string; frame: string; out: string },
): string[] {
  const width = even(frameWidth * (placement.size / 100));
  const margin = Math.round(frameWidth * LOGO_MARGIN_SHARE);
  const alpha =
    placement.opacity < 100 ? `,colorchannelmixer=aa=${round3(placement.opacity / 100)}` : '';
  const x = placement.corner.endsWith('left') ? `${margin}` : `main_w-overlay_w-${margin}`;
  const y = placement.corner.startsWith('top') ? `${margin}` : `main_h-overlay_h-${margin}`;
  return [
    `[${labels.logo}]trim=end_frame=1,scale=${width}:-2,format=rgba${alpha}[lg]`,
    `[${labels.frame}][lg]overlay=x=${x}:y=${y}:format=auto[${labels.out}]`,
  ];
}

export interface EnhancePlan {
  lighting: LightingCurve | null;
  /** colorcorrect=analyze=median (off when the background is replaced: the key colour would skew it). */
  whiteBalance: boolean;
  denoise: boolean;
  /** Pass 2 loudnorm; null without audio or for silence (the audio is then copied as AAC). */
  loudness: LoudnessMeasure | null;
  /** A PNG file (the owner's logo, redrawn by Cadence) and where it goes. */
  logo: { file: string; placement: LogoPlacement } | null;
  background:
    | { method: 'key'; color: KeyColor; image: string }
    | { method: 'subtract'; image: string; plate: string }
    | null;
}

/**
 * The light denoise. Normally x264's own noise reduction does it while encoding (nearly free);
 * when the background is replaced, the mask needs a clean picture first, so hqdn3d (luma/chroma
 * spatial 1.5, temporal 3) runs before the keying instead.
 */
export const DENOISE = 'hqdn3d=1.5:1.5:3:3';
export const ENCODER_NOISE_REDUCTION = 250;

export interface EnhanceOutput {
  file: string;
  crf: number;
  preset: string;
}

/** superfast: about 40% less CPU than veryfast for a slightly larger file at the same quality. */
export const ENHANCE_ENCODE = { crf: 20, preset: 'superfast', audioBitrate: '160k' } as const;

/**
 * Pass 2: one ffmpeg run for picture and sound. Inputs: 0 the original, then the logo (one frame),
 * the background (looped at the video's rate) and the plate, as the plan needs them.
 */
export function buildEnhanceArgs(
  input: string,
  info: MediaInfo,
  plan: EnhancePlan,
  output: string,
): string[] {
  const W = even(info.video.width);
  const H = even(info.video.height);
  const fps = info.video.fps ?? 25;
  const inputs: string[] = userInputArgs(input, info.demuxer);
  let next = 1;
  const logoIndex = plan.logo ? next++ : -1;
  // The logo is the PNG Cadence drew from the owner's upload (sharp), read as PNG and nothing else.
  if (plan.logo) inputs.push('-f', 'png_pipe', '-protocol_whitelist', 'file', '-i', plan.logo.file);
  const bgIndex = plan.background ? next++ : -1;
  if (plan.background)
    inputs.push('-loop', '1', '-framerate', String(round3(fps)), '-i', plan.background.image);
  const plateIndex = plan.background?.method === 'subtract' ? next++ : -1;
  if (plan.background?.method === 'subtract') inputs.push('-i', plan.background.plate);

  const graph: string[] = [];
  const fix = info.video.width % 2 || info.video.height % 2 ? `scale=${W}:${H},` : '';
  const denoiseInFilter = plan.denoise && plan.background !== null;
  const denoiseInEncoder = plan.denoise && plan.background === null;
  const clean = [fix, denoiseInFilter ? `${DENOISE},` : ''].join('');
  const look = [
    plan.lighting ? lightingFilter(plan.lighting) : null,
    plan.whiteBalance ? 'colorcorrect=analyze=median' : null,
  ].filter(Boolean);

  let last: string;
  if (plan.background) {
    graph.push(`[0:v]${clean}split=2[base][mk]`);
    if (plan.background.method === 'key') {
      const color = KEY_COLORS[plan.background.color];
      graph.push(
        `[mk]colorkey=color=${color}:similarity=${KEY_SIMILARITY}:blend=${KEY_BLEND},format=rgba,alphaextract[mask]`,
      );
      look.unshift(`despill=type=${plan.background.color}`);
    } else {
      const m = maskSize(info);
      graph.push(
        `[mk]scale=${m.width}:${m.height},format=gray[mh]`,
        `[${plateIndex}:v]scale=${m.width}:${m.height},format=gray[ph]`,
        `[mh][ph]blend=all_mode=difference,lut=y='if(gt(val,${MASK_THRESHOLD}),255,0)',` +
          `erosion,dilation,dilation,gblur=sigma=2,scale=${W}:${H}[mask]`,
      );
    }
    graph.push(
      `[base]${look.length ? `${look.join(',')},` : ''}format=yuv420p[fg]`,
      `[fg][mask]alphamerge[fga]`,
      `[${bgIndex}:v]scale=${W}:${H},format=yuv420p[bg]`,
      `[bg][fga]overlay=shortest=1:format=auto[comp]`,
    );
    last = 'comp';
  } else {
    graph.push(`[0:v]${clean}${look.length ? `${look.join(',')},` : ''}format=yuv420p[comp]`);
    last = 'comp';
  }
  if (plan.logo) {
    graph.push(
      ...logoFilters(W, plan.logo.placement, { logo: `${logoIndex}:v`, frame: last, out: 'logo' }),
    );
    last = 'logo';
  }
  graph.push(`[${last}]format=yuv420p[v]`);

  const audio = info.audio ? (plan.loudness ? ['-map', '[a]'] : ['-map', '0:a:0']) : [];
  if (info.audio && plan.loudness) graph.push(`[0:a:0]${loudnormFilter(plan.loudness)}[a]`);

  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'error',
    '-y',
    ...inputs,
    '-filter_complex',
    graph.join(';'),
    '-map',
    '[v]',
    ...audio,
    '-c:v',
    'libx264',
    '-preset',
    ENHANCE_ENCODE.preset,
    '-crf',
    String(ENHANCE_ENCODE.crf),
    ...(denoiseInEncoder ? ['-x264-params', `nr=${ENCODER_NOISE_REDUCTION}`] : []),
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    ...hlsReadyOptions(info, W, H),
    ...(info.audio ? ['-c:a', 'aac', '-b:a', ENHANCE_ENCODE.audioBitrate, '-ar', '48000'] : []),
    '-max_muxing_queue_size',
    '4096',
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}

/**
 * Keyframes on packaging's 4 s grid; and when the output is exactly the ladder's top rung, its bit
 * rate capped at that rung's and the file marked, so packaging copies it instead of encoding it
 * again (see canCopyTopRung).
 */
export function hlsReadyOptions(info: MediaInfo, width: number, height: number): string[] {
  const gop = String(Math.max(1, Math.round((info.video.fps ?? 30) * SEGMENT_SECONDS)));
  const keyframes = [
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
  ];
  // The enhanced file is the master every plan's ladder is cut from (the plan may change later).
  const top = ladderFor(info, FULL_LADDER_TOP)[0];
  if (!top || top.width !== width || top.height !== height) return keyframes;
  return [
    ...keyframes,
    '-maxrate',
    String(top.maxBitRate),
    '-bufsize',
    String(top.maxBitRate * 2),
    '-metadata',
    `comment=${HLS_READY_MARK}`,
  ];
}

function even(n: number): number {
  return Math.max(2, Math.round(n / 2) * 2);
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
