import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { MediaTools } from '../media/ffmpeg';
import type { FfmpegObserver, JobMeter } from '../metrics/metrics';
import { mediaTempRoot, sweepWorkDirs } from '../media/media-files';
import { videoLifecycle, type VideoLifecycle } from '../modules/videos/lifecycle';
import { lifecycleRepository } from '../modules/videos/lifecycle.repository';
import { rideTrackRepository } from '../modules/ride-track/ride-track.repository';
import type { ObjectStore } from '../storage/object-store';
import { enhanceJob } from './enhance.job';
import { ingestJob } from './ingest.job';
import { JobRunner, type JobHandlers } from './job-runner';
import type { MediaJobDeps, MediaJobs } from './media-jobs';
import { ownerHeavySlot } from './owner-slot';
import { packageJob } from './package.job';
import { DEFAULT_JOB_SETTINGS, JobQueue, type Band, type JobName, type JobSettings } from './queue';
import { executorFor } from './sql-executor';

export interface MediaPipelineOptions {
  config: Pick<Config, 'dataDir' | 'media'>;
  database: Database;
  store: ObjectStore;
  log: FastifyBaseLogger;
  /** Overrides for tests (short retry delays). */
  settings?: Partial<Record<JobName, Partial<JobSettings>>>;
  pollIntervalMs?: number;
  /** How long a heavy job waits while its owner has another running (tests: short). */
  ownerBusyDelaySeconds?: number;
  now?: () => Date;
  /** The app's video lifecycle (the composition root's); default: one over `database`. */
  lifecycle?: VideoLifecycle;
  /** Where job outcomes and ffmpeg speed are reported (the process's metrics). */
  meter?: JobMeter & { ffmpegRun: FfmpegObserver };
  /** Where ingest stores the music's tempo; default: the ride track repository over `database`. */
  saveTempo?: MediaJobDeps['saveTempo'];
}

export interface MediaPipeline {
  /** What the API and the admin area call to queue work. */
  jobs: MediaJobs;
  queue: JobQueue;
  /** Starts fetching and running jobs in this process. */
  startWorker(): Promise<void>;
  /** Stops the worker (running jobs go back to the queue) and the queue. */
  stop(): Promise<void>;
}

/** How long an upload may sit never ingested before the sweep queues it (the enqueue was lost). */
const NEVER_INGESTED_AFTER_MS = 2 * 60 * 1000;
/** Working folders older than this are a dead worker's leftovers (PostgreSQL: other workers may share DATA_DIR). */
const STALE_WORK_DIR_MS = 24 * 60 * 60 * 1000;
/**
 * The most classes without an offline file (packaged before decision 0047) one worker start
 * queues; a larger catalogue gets the rest at the next start.
 */
export const OFFLINE_SWEEP_LIMIT = 200;

/**
 * The media pipeline of one process: the pg-boss queue over the app's own database (PGlite through
 * an executeSql adapter, or the pg pool), the three jobs, and (when started) the worker.
 */
export async function createMediaPipeline(options: MediaPipelineOptions): Promise<MediaPipeline> {
  const { config, database, store, log } = options;
  const settings = Object.fromEntries(
    (Object.keys(DEFAULT_JOB_SETTINGS) as JobName[]).map((name) => [
      name,
      { ...DEFAULT_JOB_SETTINGS[name], ...options.settings?.[name] },
    ]),
  ) as Record<JobName, JobSettings>;
  const queue = new JobQueue(executorFor(database), settings, (err) =>
    log.error({ err }, 'job queue error'),
  );
  await queue.start();

  const lifecycle =
    options.lifecycle ?? videoLifecycle({ repo: lifecycleRepository(database.db), store });
  const tools: MediaTools = {
    ffmpeg: config.media.ffmpegPath,
    ffprobe: config.media.ffprobePath,
    aubiotrack: config.media.aubiotrackPath,
    aubioonset: config.media.aubioonsetPath,
    observe: options.meter?.ffmpegRun,
  };
  const tempRoot = mediaTempRoot(config.dataDir);
  let runner: JobRunner | null = null;

  const send = async (name: JobName, videoId: string, band: Band = 'normal') => {
    const row = await lifecycle.find(videoId);
    const duration = row?.duration ? Number(row.duration) : null;
    const data = band === 'low' ? { videoId, planUpgrade: true } : { videoId };
    const id = await queue.send(name, data, Number.isFinite(duration) ? duration : null, band);
    log.info({ job: name, videoId, jobId: id, band }, id ? 'job queued' : 'job already queued');
    runner?.notify();
  };
  const jobs: MediaJobs = {
    ingest: (videoId) => send('ingest', videoId),
    enhance: (videoId) => send('enhance', videoId),
    package: (videoId) => send('package', videoId),
    repackage: (videoId) => send('package', videoId, 'low'),
  };
  const deps: MediaJobDeps = {
    lifecycle,
    store,
    tools,
    tempRoot,
    autoEnhance: config.media.autoEnhance,
    jobs,
    log,
    now: options.now ?? (() => new Date()),
    saveTempo: options.saveTempo ?? rideTrackRepository(database.db).saveTempo,
  };
  /**
   * Once per worker start: each streamed class without an offline file gets a low-band package
   * job, which remuxes the file from the published ladder (no encode; package.job.ts). The low band
   * runs after every other waiting job, MEDIA_CONCURRENCY at a time, and a job already waiting
   * for the class is not queued twice.
   */
  const sweepOffline = async () => {
    try {
      const missing = await lifecycle.findWithoutOffline(OFFLINE_SWEEP_LIMIT);
      for (const videoId of missing) await jobs.repackage(videoId);
      if (missing.length > 0) log.info({ count: missing.length }, 'offline files queued');
    } catch (err) {
      log.error({ err }, 'the offline file sweep failed');
    }
  };
  const handlers: JobHandlers = {
    ingest: ingestJob(deps),
    enhance: enhanceJob(deps),
    package: packageJob(deps),
  };

  return {
    jobs,
    queue,
    async startWorker() {
      if (runner) return;
      const embedded = database.kind === 'pglite';
      await sweepWorkDirs(tempRoot, embedded ? 0 : STALE_WORK_DIR_MS);
      runner = new JobRunner(queue, handlers, {
        slots: { light: 1, heavy: config.media.concurrency },
        lanes: {
          ingest: settings.ingest.lane,
          enhance: settings.enhance.lane,
          package: settings.package.lane,
        },
        pollIntervalMs: options.pollIntervalMs ?? 1000,
        heartbeatSeconds: config.media.heartbeatSeconds,
        reclaimAllAtStart: embedded,
        log,
        admitHeavy: ownerHeavySlot(database.db, options.ownerBusyDelaySeconds),
        meter: options.meter,
        housekeeping: async () => {
          const stuck = await lifecycle.findNeverIngested(
            new Date(Date.now() - NEVER_INGESTED_AFTER_MS),
          );
          for (const videoId of stuck) await jobs.ingest(videoId);
          await lifecycle.purgeRetired(new Date());
        },
      });
      await runner.start();
      await sweepOffline();
    },
    async stop() {
      await runner?.stop();
      runner = null;
      await queue.stop();
    },
  };
}
