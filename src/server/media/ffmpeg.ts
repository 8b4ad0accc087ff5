import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { FfmpegObserver } from '../metrics/metrics';
import { ProgressReader } from './media-stats';

/** Where the binaries are (FFMPEG_PATH / FFPROBE_PATH, AUBIOTRACK_PATH / AUBIOONSET_PATH; default: on PATH). */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  /** aubio's beat tracker and onset detector (the music's tempo); default 'aubiotrack', 'aubioonset'. */
  aubiotrack?: string;
  aubioonset?: string;
  /** Told each timed run's media seconds and wall seconds (the process's metrics). */
  observe?: FfmpegObserver;
}

/** The pipeline steps whose ffmpeg speed is measured (a fixed set: the metrics' `step` label). */
export type FfmpegStep =
  | 'preview-remux'
  | 'preview-transcode'
  | 'enhance-analysis'
  | 'enhance-motion'
  | 'enhance-encode'
  | 'package';

export const DEFAULT_TOOLS: MediaTools = {
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffprobe',
  aubiotrack: 'aubiotrack',
  aubioonset: 'aubioonset',
};

/**
 * On Linux, util-linux's setpriv starts ffmpeg with PR_SET_PDEATHSIG: if the worker is killed
 * (kill -9, OOM), the kernel kills its ffmpeg too instead of leaving it running orphaned.
 */
const SETPRIV = '/usr/bin/setpriv';
const useSetpriv = process.platform === 'linux' && existsSync(SETPRIV);

export class FfmpegError extends Error {
  constructor(
    readonly tool: string,
    readonly exitCode: number | null,
    readonly signal: string | null,
    readonly log: string,
  ) {
    const tail = log.trim().split('\n').slice(-3).join(' | ');
    super(`${tool} failed (${signal ?? `exit ${exitCode}`}): ${tail || 'no output'}`);
    this.name = 'FfmpegError';
  }
}

export interface RunOptions {
  /** Kills the process (SIGKILL) when aborted; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The folder the process runs in (relative file names in filters resolve here). */
  cwd?: string;
  /** With a duration, ffmpeg reports its position and this gets 0-1 as it goes. */
  progress?: { durationSeconds: number; onProgress: (fraction: number) => void };
  /** A successful run reports this step's media seconds against its wall time to `tools.observe`. */
  timing?: { step: FfmpegStep; mediaSeconds: number };
  /** Gets stdout as it arrives (then none is kept in `RunResult.stdout`). */
  onStdout?: (chunk: string) => void;
}

export interface RunResult {
  stdout: string;
  /** The log (stderr), at most the last 256 KB. */
  log: string;
}

const LOG_LIMIT = 256 * 1024;

function run(
  binary: string,
  args: string[],
  options: RunOptions,
  observe?: FfmpegObserver,
): Promise<RunResult> {
  const { signal, cwd, progress, timing, onStdout } = options;
  const started = performance.now();
  if (signal?.aborted) return Promise.reject(signal.reason);
  const fullArgs = progress ? ['-progress', 'pipe:1', ...args] : args;
  const [command, argv] = useSetpriv
    ? [SETPRIV, ['--pdeathsig', 'KILL', '--', binary, ...fullArgs]]
    : [binary, fullArgs];
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let log = '';
    const reader = progress ? new ProgressReader() : null;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (reader && progress) {
        const at = reader.push(chunk);
        if (at !== null) progress.onProgress(Math.min(1, at / progress.durationSeconds));
      } else if (onStdout) {
        onStdout(chunk);
      } else if (stdout.length < 16 * 1024 * 1024) {
        stdout += chunk;
      }
    });
    child.stderr.on('data', (chunk: string) => {
      log += chunk;
      if (log.length > LOG_LIMIT * 2) log = log.slice(-LOG_LIMIT);
    });
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return reject(signal.reason);
      if (code === 0) {
        if (timing && observe) {
          observe(timing.step, timing.mediaSeconds, (performance.now() - started) / 1000);
        }
        return resolve({ stdout, log: log.slice(-LOG_LIMIT) });
      }
      reject(new FfmpegError(binary, code, killedBy, log.slice(-LOG_LIMIT)));
    });
  });
}

export function runFfmpeg(
  tools: MediaTools,
  args: string[],
  options: RunOptions = {},
): Promise<RunResult> {
  return run(tools.ffmpeg, args, options, tools.observe);
}

export function runFfprobe(
  tools: MediaTools,
  args: string[],
  options: RunOptions = {},
): Promise<RunResult> {
  return run(tools.ffprobe, args, options);
}

/** aubio's beat tracker ('track') or onset detector ('onset'), run like ffmpeg (killed with the worker). */
export function runAubio(
  tools: MediaTools,
  tool: 'track' | 'onset',
  args: string[],
  options: RunOptions = {},
): Promise<RunResult> {
  const binary =
    tool === 'track' ? (tools.aubiotrack ?? 'aubiotrack') : (tools.aubioonset ?? 'aubioonset');
  return run(binary, args, options);
}
