/** Parsers for what ffmpeg prints: metadata=print files, loudnorm's JSON, -progress blocks. */

/** One frame's values from a `metadata=mode=print` file. */
export type FrameStats = Record<string, number>;

/**
 * Reads a metadata print file: "frame:0 pts:0 pts_time:0" headers, then "lavfi.x.KEY=value" lines.
 * Keys are shortened to their last part (YAVG, YLOW...).
 */
export function parseMetadataFile(text: string): FrameStats[] {
  const frames: FrameStats[] = [];
  let current: FrameStats | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('frame:')) {
      current = {};
      frames.push(current);
      continue;
    }
    const eq = line.indexOf('=');
    if (!current || eq < 0) continue;
    const key = line.slice(0, eq).split('.').pop() ?? '';
    const value = Number(line.slice(eq + 1));
    if (key && Number.isFinite(value)) current[key] = value;
  }
  return frames;
}

export function median(values: number[]): number | null {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The value below which `p` (0-1) of the values fall (nearest rank). */
export function percentile(values: number[], p: number): number | null {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[index]!;
}

export function column(frames: FrameStats[], key: string): number[] {
  return frames.map((f) => f[key]).filter((v): v is number => v !== undefined);
}

/** A limited-range grey level (16 = none, 235 = all) as a share 0-1. */
export function limitedRangeShare(y: number): number {
  return Math.min(1, Math.max(0, (y - 16) / 219));
}

/** What loudnorm's first pass measured (its print_format=json block). */
export interface LoudnessMeasure {
  inputI: number;
  inputTp: number;
  inputLra: number;
  inputThresh: number;
  targetOffset: number;
}

/** The last loudnorm JSON block in ffmpeg's log, or null when absent or not finite (silence). */
export function parseLoudnorm(log: string): LoudnessMeasure | null {
  const start = log.lastIndexOf('"input_i"');
  if (start < 0) return null;
  const open = log.lastIndexOf('{', start);
  const close = log.indexOf('}', start);
  if (open < 0 || close < 0) return null;
  let raw: Record<string, string>;
  try {
    raw = JSON.parse(log.slice(open, close + 1)) as Record<string, string>;
  } catch {
    return null;
  }
  const measure = {
    inputI: Number(raw.input_i),
    inputTp: Number(raw.input_tp),
    inputLra: Number(raw.input_lra),
    inputThresh: Number(raw.input_thresh),
    targetOffset: Number(raw.target_offset),
  };
  return Object.values(measure).every(Number.isFinite) ? measure : null;
}

/** Reads ffmpeg's `-progress` output: the latest out_time in seconds, or null. */
export class ProgressReader {
  private buffer = '';
  private latest: number | null = null;

  /** Feeds a chunk; answers the newest position seen so far (seconds). */
  push(chunk: string): number | null {
    this.buffer += chunk;
    const lines = this.buffer.split('\n');
    this.buffer = lines.pop() ?? '';
    for (const line of lines) {
      const [key, value] = line.trim().split('=');
      if (key === 'out_time_us' || key === 'out_time_ms') {
        // Both are microseconds in ffmpeg 5 (out_time_ms is misnamed).
        const us = Number(value);
        if (Number.isFinite(us) && us >= 0) this.latest = us / 1_000_000;
      }
    }
    return this.latest;
  }
}

/** Position over duration as a whole percentage 0-100 (clamped). */
export function percentOf(positionSeconds: number, durationSeconds: number): number {
  if (!(durationSeconds > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((positionSeconds / durationSeconds) * 100)));
}
