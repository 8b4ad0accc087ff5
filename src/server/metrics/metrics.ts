/**
 * The process's metrics (issue 22 part 6, decision 0032): the only module that imports
 * prom-client. The composition root builds one per process; services, jobs and the request hook
 * call the narrow interfaces below. Every label takes values from a fixed set (route patterns,
 * job names, step names), so no request can create a new series. The requests' own two families
 * are counted by request-tally.ts, which is cheaper per request, and written after the registry's.
 */
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { requestTally } from './request-tally';

/** How a file arrived: the pre-signed PUT or the resumable tus protocol. */
export type UploadKind = 'put' | 'tus';

/** One transfer in progress: bytes as they arrive, then `end` once (finished, failed or cut). */
export interface UploadTransfer {
  bytes(count: number): void;
  end(): void;
}

/** What the upload paths (PUT and tus) report. */
export interface UploadMeter {
  uploadStarted(kind: UploadKind): UploadTransfer;
}

/** What the playback service reports: one recorded beacon. */
export interface BeaconMeter {
  beacon(): void;
}

/** How a job attempt ended in the runner. */
export type JobOutcome = 'completed' | 'failed' | 'released' | 'lost' | 'reclaimed';

/** What the job runner reports. */
export interface JobMeter {
  jobFinished(job: string, outcome: JobOutcome, seconds: number | null): void;
}

/** What ffmpeg runs report: media seconds processed in wall seconds, per pipeline step. */
export type FfmpegObserver = (step: string, mediaSeconds: number, wallSeconds: number) => void;

/** A job queue's waiting work, per job name: counts by state and the oldest waiting job's age. */
export interface QueueDepth {
  job: string;
  state: string;
  count: number;
  /** Seconds since the oldest job in this state was created (0 when none). */
  oldestSeconds: number;
}

export interface MetricsSources {
  /** The database: a pg Pool's use, or the embedded database's single connection. */
  database: { kind: 'pglite' | 'postgres'; pool?: pg.Pool };
}

/** Methods the router sees, so a crafted method cannot add a series. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The route label of a request no route matched (every unknown URL shares it). */
export const UNMATCHED_ROUTE = 'unmatched';

export interface Metrics extends UploadMeter, BeaconMeter, JobMeter {
  /** One answered request: the route's pattern (never the URL), its method and status. */
  request(route: string | undefined, method: string, status: number, seconds: number): void;
  ffmpegRun: FfmpegObserver;
  /** Reads the queue on every scrape (the process that owns a queue sets it once). */
  watchQueue(read: () => Promise<QueueDepth[]>): void;
  /** Reads the bytes of public files held in memory on every scrape (hot-files.ts). */
  watchMediaMemory(read: () => number): void;
  /** The Prometheus text exposition of every metric. */
  render(): Promise<string>;
  readonly contentType: string;
}

export function createMetrics(sources: MetricsSources): Metrics {
  // Prometheus' text format, its default (OpenMetrics would end with `# EOF`): the tally follows.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = requestTally([
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
  ]);

  let readQueue: (() => Promise<QueueDepth[]>) | undefined;
  let lastQueue: Promise<QueueDepth[]> | undefined;
  // Both queue gauges come from one query per scrape.
  const queueOnce = () => {
    // A failed read leaves the queue gauges empty for this scrape rather than failing it.
    lastQueue ??= (readQueue?.() ?? Promise.resolve([]))
      .catch(() => [])
      .finally(() => {
        setImmediate(() => (lastQueue = undefined));
      });
    return lastQueue;
  };
  new Gauge({
    name: 'cadence_job_queue_depth',
    help: 'Jobs in the queue, by job name and state (created, retry, active)',
    labelNames: ['job', 'state'],
    registers,
    async collect() {
      this.reset();
      for (const row of await queueOnce()) this.set({ job: row.job, state: row.state }, row.count);
    },
  });
  new Gauge({
    name: 'cadence_job_queue_oldest_seconds',
    help: 'Age of the oldest job in the queue, by job name and state',
    labelNames: ['job', 'state'],
    registers,
    async collect() {
      this.reset();
      for (const row of await queueOnce()) {
        this.set({ job: row.job, state: row.state }, row.oldestSeconds);
      }
    },
  });
  let readMediaMemory = () => 0;
  new Gauge({
    name: 'cadence_media_memory_bytes',
    help: 'Bytes of public class files this process holds in memory: kept, being read, or still being sent',
    registers,
    collect() {
      this.set(readMediaMemory());
    },
  });
  const jobsFinished = new Counter({
    name: 'cadence_jobs_finished_total',
    help: 'Job attempts ended in this process, by job name and outcome',
    labelNames: ['job', 'outcome'],
    registers,
  });
  const jobDuration = new Histogram({
    name: 'cadence_job_duration_seconds',
    help: 'Wall time of a job attempt, by job name and outcome',
    labelNames: ['job', 'outcome'],
    buckets: [0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1200, 2400, 3600, 7200],
    registers,
  });
  const ffmpegMedia = new Counter({
    name: 'cadence_ffmpeg_media_seconds_total',
    help: 'Seconds of media ffmpeg processed, by pipeline step',
    labelNames: ['step'],
    registers,
  });
  const ffmpegWall = new Counter({
    name: 'cadence_ffmpeg_wall_seconds_total',
    help: 'Wall seconds ffmpeg ran, by pipeline step (media seconds / wall seconds = speed)',
    labelNames: ['step'],
    registers,
  });
  const ffmpegSpeed = new Gauge({
    name: 'cadence_ffmpeg_last_speed_ratio',
    help: 'Media seconds per wall second of the last ffmpeg run, by pipeline step',
    labelNames: ['step'],
    registers,
  });
  const uploadBytes = new Counter({
    name: 'cadence_upload_bytes_total',
    help: 'Bytes received by uploads, by kind (put, tus)',
    labelNames: ['kind'],
    registers,
  });
  const uploadsActive = new Gauge({
    name: 'cadence_uploads_active',
    help: 'Uploads receiving bytes right now, by kind (put, tus)',
    labelNames: ['kind'],
    registers,
  });
  const beacons = new Counter({
    name: 'cadence_playback_beacons_total',
    help: 'Playback beacons recorded',
    registers,
  });
  const { pool } = sources.database;
  new Gauge({
    name: 'cadence_db_connections',
    help: 'Database connections by state (total, idle, waiting clients); the embedded database has one',
    labelNames: ['state'],
    registers,
    collect() {
      if (pool) {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      } else {
        this.set({ state: 'total' }, 1);
      }
    },
  });
  new Gauge({
    name: 'cadence_db_connections_max',
    help: 'The most database connections this process opens',
    labelNames: ['database'],
    registers,
    collect() {
      this.set({ database: sources.database.kind }, pool ? pool.options.max : 1);
    },
  });

  for (const kind of ['put', 'tus'] as const) {
    uploadBytes.inc({ kind }, 0);
    uploadsActive.set({ kind }, 0);
  }
  beacons.inc(0);

  return {
    contentType: registry.contentType,
    request(route, method, status, seconds) {
      requests.record(
        route ?? UNMATCHED_ROUTE,
        METHODS.has(method) ? method : 'other',
        status,
        seconds,
      );
    },
    jobFinished(job, outcome, seconds) {
      jobsFinished.inc({ job, outcome });
      if (seconds !== null) jobDuration.observe({ job, outcome }, seconds);
    },
    ffmpegRun(step, mediaSeconds, wallSeconds) {
      if (!(mediaSeconds > 0) || !(wallSeconds > 0)) return;
      ffmpegMedia.inc({ step }, mediaSeconds);
      ffmpegWall.inc({ step }, wallSeconds);
      ffmpegSpeed.set({ step }, mediaSeconds / wallSeconds);
    },
    uploadStarted(kind) {
      uploadsActive.inc({ kind });
      let ended = false;
      return {
        bytes: (count) => uploadBytes.inc({ kind }, count),
        end() {
          if (ended) return;
          ended = true;
          uploadsActive.dec({ kind });
        },
      };
    },
    beacon: () => beacons.inc(),
    watchQueue(read) {
      readQueue = read;
    },
    watchMediaMemory(read) {
      readMediaMemory = read;
    },
    render: async () => `${await registry.metrics()}\n${requests.render()}`,
  };
}
