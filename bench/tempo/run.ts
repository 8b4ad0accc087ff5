/**
 * bench/tempo: the music-tempo detectors the issue names (#20 part 3), on generated audio with a
 * known tempo, in the same run on the same files:
 *
 *   - aubiotrack + aubioonset (aubio 0.4.9's C tools, Debian's aubio-tools): beats, each checked
 *     against an onset, what Cadence runs (src/server/media/tempo.ts, the same argument builders);
 *   - aubiotrack alone: the same beats, steadiness only (no onset check);
 *   - `aubio beat` (aubio's Python command line, the same tracker) with aubioonset;
 *   - essentia.js 0.1.3 (AGPL-3.0, WebAssembly; installed into a temp folder at bench time, never a
 *     dependency of Cadence): BeatTrackerDegara (fast, no confidence) and BeatTrackerMultiFeature
 *     (slow, with a confidence per 10 s: below 1.5 counts as no beat). essentia wants 44.1 kHz.
 *
 * Inputs (bench/tempo/signals.ts, cached in bench/.cache/tempo): the issue's click track (90 s at
 * 120 BPM then 90 s at 140), a 10-minute and a 45-minute class (songs from 72 to 168 BPM, a voice
 * talking over some, talk alone, silence), each an MP4 with AAC sound as an upload would be. Every
 * detector's points (one every 5 s, as stored) are scored against the truth, leaving out the 5 s
 * either side of each change: within 3 BPM; within 3 BPM of the tempo, its double or its half (the
 * same pedal cadence); no value where there is music (missed); a value where there is none (talk,
 * silence: false). Each change is located (the first point reading the new tempo, or none). Speed
 * is seconds of audio per wall-clock second, decode included; the load average is noted.
 *
 *   npx tsx bench/tempo/run.ts                       # everything (about 6 min on 2 cores)
 *   BENCH_INPUTS=click,10min BENCH_DETECTORS=aubio npx tsx bench/tempo/run.ts
 *
 * Results go to bench/tempo/results.json and the tempo block of bench/README.md.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TempoPoint } from '../../src/shared/ride-track';
import { DEFAULT_TOOLS, runAubio, runFfmpeg } from '../../src/server/media/ffmpeg';
import { probeMedia } from '../../src/server/media/ingest-media';
import {
  buildAubioArgs,
  buildTempoDecodeArgs,
  TEMPO_SAMPLE_RATE,
  tempoPoints,
  timeCap,
  TimeReader,
} from '../../src/server/media/tempo-args';
import { changesOf, classProgramme, truthAt, writeProgramme, type Part } from './signals';

const exec = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const HERE = path.dirname(fileURLToPath(import.meta.url));
const README = path.join(HERE, '..', 'README.md');
const CACHE = path.join(HERE, '..', '.cache', 'tempo');
const tools = {
  ...DEFAULT_TOOLS,
  aubiotrack: process.env.AUBIOTRACK_PATH ?? 'aubiotrack',
  aubioonset: process.env.AUBIOONSET_PATH ?? 'aubioonset',
};

const INPUTS: Record<string, { label: string; parts: Part[] }> = {
  click: {
    label: 'click track, 120 then 140 BPM (3 min)',
    parts: [
      { kind: 'click', bpm: 120, seconds: 90 },
      { kind: 'click', bpm: 140, seconds: 90 },
    ],
  },
  '10min': { label: '10-minute class', parts: classProgramme(600) },
  '45min': { label: '45-minute class', parts: classProgramme(2700) },
};

/** The programme as an upload: a tiny picture (1 fps) with its sound in AAC, in MP4. Cached. */
async function inputFile(name: string, parts: Part[]): Promise<string> {
  const key = JSON.stringify(parts)
    .split('')
    .reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)
    .toString(16);
  const file = path.join(CACHE, `${name}-${key}.mp4`);
  if (await stat(file).catch(() => null)) return file;
  await mkdir(CACHE, { recursive: true });
  const wav = `${file}.wav`;
  const seconds = await writeProgramme(wav, parts);
  await exec(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `color=c=gray:s=64x64:r=1:d=${seconds}`, '-i', wav],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ar', '44100', '-shortest', `${file}.part.mp4`],
  ]);
  await rm(wav);
  await exec('mv', [`${file}.part.mp4`, file]);
  return file;
}

interface Run {
  points: TempoPoint[];
  /** Wall seconds per stage (decode, then each tool). */
  stages: Record<string, number>;
}

const since = (t0: number) => (performance.now() - t0) / 1000;

/** A tool's times, read line by line as the app reads them. */
async function aubioTimes(tool: 'track' | 'onset', wav: string, duration: number) {
  const reader = new TimeReader(timeCap(duration));
  await runAubio(tools, tool, buildAubioArgs(wav), { onStdout: (c) => reader.push(c) });
  return reader.end();
}

async function decodeWav(
  input: string,
  work: string,
): Promise<{ wav: string; seconds: number; duration: number }> {
  const info = await probeMedia(tools, input);
  const wav = path.join(work, 'tempo.wav');
  const t0 = performance.now();
  await runFfmpeg(tools, buildTempoDecodeArgs(input, info.demuxer, info.durationSeconds, wav));
  return { wav, seconds: since(t0), duration: info.durationSeconds };
}

/** The aubio detectors from one decode (aubiotrack's beats serve two rows). */
async function aubioRuns(
  input: string,
  work: string,
  withPython: boolean,
): Promise<Record<string, Run>> {
  const { wav, seconds: decode, duration } = await decodeWav(input, work);
  let t0 = performance.now();
  const beats = await aubioTimes('track', wav, duration);
  const track = since(t0);
  t0 = performance.now();
  const onsets = await aubioTimes('onset', wav, duration);
  const onset = since(t0);
  const runs: Record<string, Run> = {
    'aubiotrack + aubioonset (chosen)': {
      points: tempoPoints(beats, onsets, duration),
      stages: { decode, aubiotrack: track, aubioonset: onset },
    },
    // The beats as their own onsets: every beat is "heard", only steadiness is checked.
    'aubiotrack alone (no onset check)': {
      points: tempoPoints(beats, beats, duration),
      stages: { decode, aubiotrack: track },
    },
  };
  if (withPython) {
    t0 = performance.now();
    const { stdout } = await exec(
      '/usr/bin/aubio',
      ['beat', '-r', String(TEMPO_SAMPLE_RATE), '-B', '1024', '-H', '256', wav],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const python = since(t0);
    const reader = new TimeReader(timeCap(duration));
    reader.push(stdout);
    runs['aubio beat (Python CLI) + aubioonset'] = {
      points: tempoPoints(reader.end(), onsets, duration),
      stages: { decode, 'aubio beat': python, aubioonset: onset },
    };
  }
  await rm(wav, { force: true });
  return runs;
}

interface Essentia {
  arrayToVector(a: Float32Array): unknown;
  vectorToArray(v: unknown): Float32Array;
  BeatTrackerDegara(v: unknown): { ticks: unknown; confidence?: number };
  BeatTrackerMultiFeature(v: unknown): { ticks: unknown; confidence?: number };
  version: string;
}

async function loadEssentia(): Promise<{ essentia: Essentia; dir: string } | null> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-essentia-'));
  try {
    await exec(
      'npm',
      ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', 'essentia.js@0.1.3'],
      {
        timeout: 300_000,
      },
    );
    const req = createRequire(path.join(dir, 'package.json'));
    const { EssentiaWASM, Essentia } = req('essentia.js') as {
      EssentiaWASM: unknown;
      Essentia: new (wasm: unknown) => Essentia;
    };
    return { essentia: new Essentia(EssentiaWASM), dir };
  } catch (error) {
    console.warn(`essentia.js not measured: ${(error as Error).message.split('\n')[0]}`);
    await rm(dir, { recursive: true, force: true });
    return null;
  }
}

const ESSENTIA_RATE = 44100;
const CHUNK_SECONDS = 10;
const MIN_CONFIDENCE = 1.5;

/** essentia over 10 s chunks of a 44.1 kHz float decode read from disk (never the whole class in memory). */
async function essentiaRun(
  essentia: Essentia,
  algorithm: 'BeatTrackerDegara' | 'BeatTrackerMultiFeature',
  input: string,
  work: string,
): Promise<Run> {
  const info = await probeMedia(tools, input);
  const raw = path.join(work, 'essentia.f32');
  let t0 = performance.now();
  await exec(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', info.demuxer, '-i', input],
    ...['-map', '0:a:0', '-ac', '1', '-ar', String(ESSENTIA_RATE), '-f', 'f32le', raw],
  ]);
  const decode = since(t0);
  t0 = performance.now();
  const beats: number[] = [];
  const quiet: number[] = [];
  const handle = await open(raw, 'r');
  try {
    const chunkBytes = CHUNK_SECONDS * ESSENTIA_RATE * 4;
    const buffer = Buffer.alloc(chunkBytes);
    for (let chunk = 0; ; chunk += 1) {
      const { bytesRead } = await handle.read(buffer, 0, chunkBytes, chunk * chunkBytes);
      if (bytesRead < ESSENTIA_RATE * 4) break;
      const samples = new Float32Array(
        buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead),
      );
      const vector = essentia.arrayToVector(samples);
      const result = essentia[algorithm](vector);
      for (const tick of essentia.vectorToArray(result.ticks))
        beats.push(chunk * CHUNK_SECONDS + tick);
      if (result.confidence !== undefined && result.confidence < MIN_CONFIDENCE) quiet.push(chunk);
      (vector as { delete?: () => void }).delete?.();
    }
  } finally {
    await handle.close();
    await rm(raw, { force: true });
  }
  const points = tempoPoints(beats, beats, info.durationSeconds).map((p) =>
    quiet.includes(Math.floor(p.atSeconds / CHUNK_SECONDS)) ? { ...p, bpm: null } : p,
  );
  return { points, stages: { decode, [`essentia ${algorithm}`]: since(t0) } };
}

interface Score {
  exact: number;
  octave: number;
  missed: number;
  music: number;
  quietRight: number;
  quiet: number;
  /** Seconds from each true change to the first point reading its new state (null: never). */
  changeErrors: Array<number | null>;
}

const within = (a: number, b: number) => Math.abs(a - b) <= 3;
const sameCadence = (a: number, b: number) => within(a, b) || within(a, 2 * b) || within(a, b / 2);

function score(points: TempoPoint[], parts: Part[]): Score {
  const changes = changesOf(parts);
  const s: Score = {
    exact: 0,
    octave: 0,
    missed: 0,
    music: 0,
    quietRight: 0,
    quiet: 0,
    changeErrors: [],
  };
  for (const p of points) {
    if (changes.some((c) => Math.abs(p.atSeconds - c) <= 5)) continue;
    const truth = truthAt(parts, p.atSeconds);
    if (truth === null) {
      s.quiet += 1;
      if (p.bpm === null) s.quietRight += 1;
    } else {
      s.music += 1;
      if (p.bpm === null) s.missed += 1;
      else {
        if (within(p.bpm, truth)) s.exact += 1;
        if (sameCadence(p.bpm, truth)) s.octave += 1;
      }
    }
  }
  for (const change of changes) {
    const after = truthAt(parts, change + 0.01);
    const reads = (bpm: number | null) =>
      after === null ? bpm === null : bpm !== null && sameCadence(bpm, after);
    const first = points.find(
      (p) => p.atSeconds >= change - 10 && p.atSeconds <= change + 30 && reads(p.bpm),
    );
    s.changeErrors.push(first ? first.atSeconds - change : null);
  }
  return s;
}

const pct = (a: number, b: number) => (b === 0 ? '-' : `${Math.round((100 * a) / b)}%`);

function loadText(): string {
  return os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join('/');
}

async function main(): Promise<void> {
  const inputs = (process.env.BENCH_INPUTS ?? 'click,10min,45min').split(',');
  const detectors = (process.env.BENCH_DETECTORS ?? 'aubio,essentia').split(',');
  const uptimeBefore = (await exec('uptime')).stdout.trim();
  const loadBefore = loadText();
  const started = new Date();
  const work = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-tempo-'));
  const essentia = detectors.includes('essentia') ? await loadEssentia() : null;
  const results: Array<{
    input: string;
    seconds: number;
    detector: string;
    run: Run;
    score: Score;
  }> = [];
  try {
    for (const name of inputs) {
      const spec = INPUTS[name];
      if (!spec) throw new Error(`no input ${name}`);
      console.log(`== ${spec.label}: generating (cached in bench/.cache/tempo)`);
      const file = await inputFile(name, spec.parts);
      const seconds = spec.parts.reduce((s, p) => s + p.seconds, 0);
      const runs: Record<string, Run> = {};
      if (detectors.includes('aubio')) Object.assign(runs, await aubioRuns(file, work, true));
      if (essentia) {
        runs['essentia.js BeatTrackerDegara (no confidence)'] = await essentiaRun(
          essentia.essentia,
          'BeatTrackerDegara',
          file,
          work,
        );
        runs['essentia.js BeatTrackerMultiFeature (confidence ≥ 1.5)'] = await essentiaRun(
          essentia.essentia,
          'BeatTrackerMultiFeature',
          file,
          work,
        );
      }
      for (const [detector, run] of Object.entries(runs)) {
        const s = score(run.points, spec.parts);
        results.push({ input: name, seconds, detector, run, score: s });
        const wall = Object.values(run.stages).reduce((a, b) => a + b, 0);
        console.log(
          `${detector}: ${pct(s.exact, s.music)} within 3 BPM, ${pct(s.octave, s.music)} same cadence, ` +
            `${pct(s.missed, s.music)} missed, ${pct(s.quietRight, s.quiet)} of no-music null; ` +
            `changes ${JSON.stringify(s.changeErrors)}; ${(seconds / wall).toFixed(0)}x (${wall.toFixed(1)} s)`,
        );
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
    if (essentia) await rm(essentia.dir, { recursive: true, force: true });
  }
  const uptimeAfter = (await exec('uptime')).stdout.trim();
  await writeFile(
    path.join(HERE, 'results.json'),
    JSON.stringify(
      {
        at: started.toISOString(),
        cpus: os.cpus().length,
        cpu: os.cpus()[0]?.model,
        uptimeBefore,
        uptimeAfter,
        node: process.version,
        // The points of the chosen detector only (the others' are in the table's figures).
        results: results.map(({ run, ...r }) => ({
          ...r,
          stages: run.stages,
          ...(r.detector.includes('(chosen)') ? { points: run.points } : {}),
        })),
      },
      null,
      2,
    ) + '\n',
  );
  await writeReadme(results, started, loadBefore, loadText());
}

async function writeReadme(
  results: Array<{ input: string; seconds: number; detector: string; run: Run; score: Score }>,
  started: Date,
  loadBefore: string,
  loadAfter: string,
): Promise<void> {
  const lines = [
    `Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores ` +
      `(${os.cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}); load average ${loadBefore} before, ${loadAfter} after.`,
    '',
    '| input | detector | within 3 BPM | same cadence (or ×2, ×½) | music missed | no music: null | changes located (s after; – never) | speed (audio s per wall s) |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const s = r.score;
    const wall = Object.values(r.run.stages).reduce((a, b) => a + b, 0);
    const stages = Object.entries(r.run.stages)
      .map(([k, v]) => `${k} ${(r.seconds / v).toFixed(0)}x`)
      .join(', ');
    const errors = s.changeErrors.map((e) => (e === null ? '–' : String(e)));
    const located = s.changeErrors.filter((e) => e !== null && Math.abs(e) <= 5).length;
    lines.push(
      `| ${INPUTS[r.input]!.label} | ${r.detector} | ${pct(s.exact, s.music)} | ${pct(s.octave, s.music)} | ` +
        `${pct(s.missed, s.music)} | ${pct(s.quietRight, s.quiet)} | ${located} of ${errors.length} within 5 s ` +
        `(${errors.join(', ')}) | **${(r.seconds / wall).toFixed(0)}x** (${stages}) |`,
    );
  }
  const start = '<!-- tempo-bench:start -->';
  const end = '<!-- tempo-bench:end -->';
  let readme = await readFile(README, 'utf8');
  const section = `${start}\n${lines.join('\n')}\n${end}`;
  readme =
    readme.includes(start) && readme.includes(end)
      ? readme.slice(0, readme.indexOf(start)) +
        section +
        readme.slice(readme.indexOf(end) + end.length)
      : `${readme.trimEnd()}\n\n## Music tempo (npx tsx bench/tempo/run.ts)\n\n${section}\n`;
  await writeFile(README, readme);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
