import type { TempoPoint } from '@shared/ride-track';
import { userInputArgs, type Demuxer } from './input-args';
import { MEDIA_LIMITS } from './media-limits';

/**
 * The music's tempo over a class (issue #20 part 3), from aubio's beat tracker (`aubiotrack`) and
 * onset detector (`aubioonset`) run on a mono WAV that ffmpeg decodes from the class; measured
 * against essentia.js in bench/tempo. What is pure lives here: the arguments, the reading of the
 * tools' output and the reduction of beat and onset times to one value every few seconds.
 */

/** The WAV's rate: beats need nothing above 11 kHz, and it halves the tools' work against 44.1 kHz. */
export const TEMPO_SAMPLE_RATE = 22050;
/**
 * aubio's analysis frame and hop, in samples at TEMPO_SAMPLE_RATE: the hop is 11.6 ms, the step
 * aubio's tempo model is tuned for (its 512 at 44.1 kHz). At 22.05 kHz with a 512 hop the tracker
 * locks onto half the tempo.
 */
export const TEMPO_BUFFER = 1024;
export const TEMPO_HOP = 256;

/** One value every STEP seconds, each from the beats within WINDOW / 2 of it. */
export const TEMPO_STEP_SECONDS = 5;
export const TEMPO_WINDOW_SECONDS = 10;

/** The tempi spin music is played at; a detected tempo outside is taken an octave in or out. */
export const TEMPO_RANGE = { min: 60, max: 180 } as const;

/** What `detector` says in the stored tempo. */
export const TEMPO_DETECTOR = `aubiotrack+aubioonset ${TEMPO_SAMPLE_RATE / 1000} kHz hop ${TEMPO_HOP}`;

/**
 * A faint white noise (about -80 dBFS) mixed into the decoded sound. aubio drops any beat that
 * falls in a block it takes for silence (below -90 dB), and a digitally clean source (a click
 * track, music rendered with true silence between its hits) has such blocks right before each hit;
 * with the floor every block is sound and the beats stay. Silence itself becomes faint noise,
 * which the onset check below calls "no beat". (anoisesrc and amix: a filter's own source, no
 * file; half the cost of an aeval expression per sample.)
 */
const NOISE_FLOOR = 0.0002;

/**
 * ffmpeg decodes the class's first audio stream, read as every user file is (`userInputArgs`: the
 * probed demuxer only, local files only), to mono 16-bit WAV at TEMPO_SAMPLE_RATE. At most the
 * probed length is written (audio running on past what the container claims is cut there), and
 * never more than MEDIA_LIMITS allows: 3 h are 476 MB of WAV on disk, nothing held in memory.
 */
export function buildTempoDecodeArgs(
  input: string,
  demuxer: Demuxer,
  durationSeconds: number,
  out: string,
): string[] {
  const seconds = Math.min(Math.ceil(durationSeconds) + 1, MEDIA_LIMITS.maxDurationSeconds);
  const rate = TEMPO_SAMPLE_RATE;
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'error',
    '-y',
    ...userInputArgs(input, demuxer),
    '-filter_complex',
    `[0:a:0]aresample=${rate},aformat=sample_fmts=flt:channel_layouts=mono[music];` +
      `anoisesrc=r=${rate}:a=${NOISE_FLOOR}:c=white:seed=1[floor];` +
      '[music][floor]amix=inputs=2:duration=first:normalize=0[out]',
    '-map',
    '[out]',
    '-t',
    String(seconds),
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    out,
  ];
}

/**
 * aubiotrack's (beat times) or aubioonset's (onset times) arguments: one time in seconds a line on
 * stdout. The WAV is Cadence's own file (aubio opens it with libavformat or libsndfile by its
 * contents); the defaults are aubio's (onset threshold 0.3, silence -90 dB).
 */
export function buildAubioArgs(wav: string): string[] {
  return [
    '-i',
    wav,
    '-r',
    String(TEMPO_SAMPLE_RATE),
    '-B',
    String(TEMPO_BUFFER),
    '-H',
    String(TEMPO_HOP),
    '-T',
    'seconds',
  ];
}

/** Longer than any time aubio prints: a line this long is not one, and is not kept whole. */
const MAX_LINE = 64;

/**
 * Reads times (seconds, one a line) as they arrive on stdout, in order, keeping at most `cap`:
 * a 6-hour class's beats are about 50,000 numbers, and a tool gone wrong cannot grow it further.
 * Lines that are not a time, and times going back, are skipped.
 */
export class TimeReader {
  private partial = '';
  private readonly list: number[] = [];
  /** Times past the cap (not kept). */
  dropped = 0;

  constructor(private readonly cap: number) {}

  push(chunk: string): void {
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop() ?? '';
    if (this.partial.length > MAX_LINE) this.partial = '';
    for (const line of lines) this.add(line);
  }

  /** Every time read (the last line needs no newline). */
  end(): number[] {
    this.add(this.partial);
    this.partial = '';
    return this.list;
  }

  private add(line: string): void {
    const text = line.trim();
    if (text === '' || text.length > MAX_LINE) return;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0) return;
    if (this.list.length > 0 && value < this.list[this.list.length - 1]!) return;
    if (this.list.length >= this.cap) {
      this.dropped += 1;
      return;
    }
    this.list.push(value);
  }
}

/** How many times to keep for a class: 8 a second is faster than any beat or musical onset rate. */
export function timeCap(durationSeconds: number): number {
  const seconds = Number.isFinite(durationSeconds) ? Math.max(0, durationSeconds) : 0;
  return Math.ceil(Math.min(seconds, 2 * MEDIA_LIMITS.maxDurationSeconds) * 8) + 64;
}

/** Fewer beats than this in a window, and no tempo is claimed there. */
const MIN_BEATS = 5;
/** An interval counts as regular within this fraction of the window's median interval. */
const REGULAR_WITHIN = 0.1;
/** The share of intervals that must be regular. */
const MIN_REGULAR = 0.7;
/**
 * How far from a beat its onset is looked for (seconds). aubio places its beats a little before
 * the hit (40-100 ms on a click track), and its lead drifts: each beat is
 * compared with its neighbours.
 */
const ONSET_SEARCH = 0.15;
/** A beat is heard when its onset lies within this of its neighbours' typical offset (seconds). */
const ONSET_TOLERANCE = 0.035;
/** The beats on each side whose offsets are compared. */
const LEAD_NEIGHBOURS = 3;
/**
 * The share of beats that must be heard. aubio's tracker keeps beating through speech and noise at
 * its last tempo; there the beats meet onsets by chance (about a quarter of them in the bench's
 * talk, none in silence), while on music nearly all do.
 */
const MIN_ON_ONSETS = 0.6;
/** Two tempi are the same octave apart within this fraction. */
const OCTAVE_WITHIN = 0.04;
/** The neighbours (on each side) whose tempo decides an ambiguous octave: 30 s. */
const OCTAVE_NEIGHBOURS = 6;

/** The tempo taken into TEMPO_RANGE an octave at a time. */
export function foldTempo(bpm: number): number {
  let value = bpm;
  while (value >= TEMPO_RANGE.max) value /= 2;
  while (value < TEMPO_RANGE.min) value *= 2;
  return value;
}

/** The first index of a sorted list whose value is at least `value`. */
function lowerBound(list: readonly number[], value: number, from = 0): number {
  let low = from;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (list[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The steady tempo of the beats in one window, or null (too few, irregular, or not heard). */
function windowTempo(beats: readonly number[], onsets: readonly number[]): number | null {
  if (beats.length < MIN_BEATS) return null;
  const intervals: number[] = [];
  for (let i = 1; i < beats.length; i += 1) intervals.push(beats[i]! - beats[i - 1]!);
  const typical = median(intervals);
  if (!(typical > 0)) return null;
  const regular = intervals.filter((d) => Math.abs(d - typical) <= typical * REGULAR_WITHIN);
  if (regular.length < intervals.length * MIN_REGULAR) return null;
  // Each beat's nearest onset (signed, onset minus beat; NaN: none close enough).
  const offsets = beats.map((beat) => {
    const i = lowerBound(onsets, beat);
    const before = i > 0 ? onsets[i - 1]! - beat : -Infinity;
    const after = i < onsets.length ? onsets[i]! - beat : Infinity;
    const nearest = -before < after ? before : after;
    return Math.abs(nearest) <= ONSET_SEARCH ? nearest : NaN;
  });
  // Heard: its onset is where its neighbours' are (the tracker's lead drifts slowly).
  let heard = 0;
  offsets.forEach((offset, i) => {
    if (Number.isNaN(offset)) return;
    const around = offsets
      .slice(Math.max(0, i - LEAD_NEIGHBOURS), i + LEAD_NEIGHBOURS + 1)
      .filter((d, j) => !Number.isNaN(d) && j !== Math.min(i, LEAD_NEIGHBOURS));
    if (around.length > 0 && Math.abs(offset - median(around)) <= ONSET_TOLERANCE) heard += 1;
  });
  if (heard < beats.length * MIN_ON_ONSETS) return null;
  const mean = regular.reduce((s, d) => s + d, 0) / regular.length;
  return foldTempo(60 / mean);
}

/**
 * One point every TEMPO_STEP_SECONDS from 0 to the end of the class: the steady tempo of the beats
 * within TEMPO_WINDOW_SECONDS / 2 of it, rounded to a whole BPM, or null where no steady beat is
 * heard. Both lists are sorted (as the tools print them). A tempo that is an octave off its
 * neighbours' (the tracker counting half or double time for a while) is moved to their octave.
 */
export function tempoPoints(
  beats: readonly number[],
  onsets: readonly number[],
  durationSeconds: number,
): TempoPoint[] {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return [];
  const count = Math.floor(durationSeconds / TEMPO_STEP_SECONDS) + 1;
  const half = TEMPO_WINDOW_SECONDS / 2;
  const raw: Array<number | null> = [];
  let from = 0;
  for (let k = 0; k < count; k += 1) {
    const at = k * TEMPO_STEP_SECONDS;
    from = lowerBound(beats, at - half, from);
    const to = lowerBound(beats, at + half, from);
    const first = lowerBound(onsets, at - half - ONSET_SEARCH);
    const last = lowerBound(onsets, at + half + ONSET_SEARCH, first);
    raw.push(windowTempo(beats.slice(from, to), onsets.slice(first, last)));
  }
  return raw.map((bpm, k) => ({
    atSeconds: k * TEMPO_STEP_SECONDS,
    bpm: bpm === null ? null : Math.round(inOctaveOf(bpm, raw, k)),
  }));
}

/** `bpm` moved an octave when its neighbours agree on the other one (and it stays in range). */
function inOctaveOf(bpm: number, all: ReadonlyArray<number | null>, k: number): number {
  const around: number[] = [];
  for (let j = Math.max(0, k - OCTAVE_NEIGHBOURS); j <= k + OCTAVE_NEIGHBOURS; j += 1) {
    const value = all[j];
    if (j !== k && value !== null && value !== undefined) around.push(value);
  }
  if (around.length < 2) return bpm;
  const typical = median(around);
  const near = (a: number) => Math.abs(a - typical) <= typical * OCTAVE_WITHIN;
  if (near(bpm)) return bpm;
  if (near(bpm * 2) && bpm * 2 < TEMPO_RANGE.max) return bpm * 2;
  if (near(bpm / 2) && bpm / 2 >= TEMPO_RANGE.min) return bpm / 2;
  return bpm;
}

/** Seconds of audio analysed per wall-clock second (null when the clock saw no time pass). */
export function tempoSpeed(durationSeconds: number, wallSeconds: number): number | null {
  if (!(wallSeconds > 0) || !(durationSeconds > 0)) return null;
  return Math.round((durationSeconds / wallSeconds) * 10) / 10;
}
