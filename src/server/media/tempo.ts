import { rm } from 'node:fs/promises';
import type { TempoPoint } from '@shared/ride-track';
import { runAubio, runFfmpeg, type MediaTools, type RunOptions } from './ffmpeg';
import type { MediaInfo } from './probe-args';
import {
  buildAubioArgs,
  buildTempoDecodeArgs,
  TEMPO_DETECTOR,
  tempoPoints,
  tempoSpeed,
  timeCap,
  TimeReader,
} from './tempo-args';

/** The tempo of a class's music, as stored (class_tempo). */
export interface DetectedTempo {
  points: TempoPoint[];
  /** The tools and their settings. */
  detector: string;
  /** Seconds of audio analysed per wall-clock second, decode included. */
  speed: number | null;
}

/**
 * The music's tempo over the class (issue #20 part 3): ffmpeg decodes its first audio stream to a
 * mono WAV in `wav` (the job's folder), aubio's beat tracker and onset detector read it one after
 * the other (their times are read line by line as they print them, a bounded list), and the WAV
 * is removed. Null when the class has no audio. Every process is the job's: `signal` kills it,
 * and it dies with the worker. A tool missing or failing throws (the caller decides what that
 * costs; the ingest job only logs it).
 */
export async function detectTempo(
  tools: MediaTools,
  input: string,
  info: MediaInfo,
  wav: string,
  options: Pick<RunOptions, 'signal' | 'cwd'> = {},
): Promise<DetectedTempo | null> {
  if (!info.audio) return null;
  const started = performance.now();
  try {
    await runFfmpeg(
      tools,
      buildTempoDecodeArgs(input, info.demuxer, info.durationSeconds, wav),
      options,
    );
    const times = async (tool: 'track' | 'onset') => {
      const reader = new TimeReader(timeCap(info.durationSeconds));
      await runAubio(tools, tool, buildAubioArgs(wav), {
        ...options,
        onStdout: (chunk) => reader.push(chunk),
      });
      return reader.end();
    };
    const beats = await times('track');
    const onsets = await times('onset');
    return {
      points: tempoPoints(beats, onsets, info.durationSeconds),
      detector: TEMPO_DETECTOR,
      speed: tempoSpeed(info.durationSeconds, (performance.now() - started) / 1000),
    };
  } finally {
    await rm(wav, { force: true });
  }
}
