import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { JobMeter, JobOutcome } from '../metrics/metrics';
import {
  JOB_NAMES,
  type ActiveJob,
  type Band,
  type JobName,
  type JobPayloads,
  type JobQueue,
  type Lane,
} from './queue';

export interface JobContext {
  jobId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** No retry follows if this attempt fails. */
  finalAttempt: boolean;
  /** Aborted on the time limit, on shutdown, or when the job stopped being ours. */
  signal: AbortSignal;
}

export interface JobHandler<N extends JobName> {
  /** Does the work; the answer is stored as the job's output. Throwing fails the attempt. */
  run(data: JobPayloads[N], ctx: JobContext): Promise<object>;
  /**
   * The job failed for good: its last attempt threw, or its worker died during the last attempt.
   * Sets the video 'failed' with a clear note.
   */
  onFinalFailure(
    data: JobPayloads[N],
    error: unknown,
    job: { jobId: string; attempts: number },
  ): Promise<void>;
}

export type JobHandlers = { [N in JobName]: JobHandler<N> };

export interface RunnerOptions {
  /** Slots per lane: light (ingest) and heavy (enhance, package: MEDIA_CONCURRENCY). */
  slots: Record<Lane, number>;
  lanes: Record<JobName, Lane>;
  /** How often an idle lane asks the queue for work (a send in this process wakes it at once). */
  pollIntervalMs: number;
  heartbeatSeconds: number;
  /** The embedded database: no other process can be running jobs, so every active job at start is an orphan. */
  reclaimAllAtStart: boolean;
  log: FastifyBaseLogger;
  /** Called now and then beside the reclaim (e.g. the sweep for videos never queued). */
  housekeeping?: () => Promise<void>;
  /**
   * Asked before a fetched heavy-lane job runs; false: the gate put it back in the queue (e.g. its
   * owner already has a heavy job running, see owner-slot.ts).
   */
  admitHeavy?: (job: ActiveJob) => Promise<boolean>;
  /** Told how each attempt ended and how long it ran (the process's metrics). */
  meter?: JobMeter;
}

export class JobTimeoutError extends Error {
  constructor(seconds: number) {
    super(`the job ran past its time limit of ${Math.round(seconds / 60)} minutes`);
    this.name = 'JobTimeoutError';
  }
}

class ShutdownError extends Error {
  constructor() {
    super('the worker is shutting down');
    this.name = 'ShutdownError';
  }
}

class JobLostError extends Error {
  constructor() {
    super('the job was taken back from this worker');
    this.name = 'JobLostError';
  }
}

export const CRASH_MESSAGE =
  'The worker running this job stopped (crash or kill) before it finished.';

/**
 * Priority within a lane: finishing (packaging) comes before starting new enhancements, and a plan
 * upgrade's re-packages (the low band) come after both.
 */
const ORDER: ReadonlyArray<{ name: JobName; band?: Band }> = [
  { name: 'ingest' },
  { name: 'package', band: 'normal' },
  { name: 'enhance' },
  { name: 'package', band: 'low' },
];

/**
 * The worker: a fetch loop per lane, each running at most its slots of jobs at once. Running jobs
 * beat a heartbeat into the queue; jobs whose heartbeat stops (their worker died) are put back for
 * another attempt by any worker. Each attempt has a time limit that kills its ffmpeg.
 */
export class JobRunner {
  readonly workerId = randomUUID();
  private stopping = false;
  private readonly running = new Map<Promise<void>, { lane: Lane; controller: AbortController }>();
  private waiters = new Set<() => void>();
  private loops: Promise<void>[] = [];
  private reclaimTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly queue: JobQueue,
    private readonly handlers: JobHandlers,
    private readonly options: RunnerOptions,
  ) {}

  async start(): Promise<void> {
    if (this.options.reclaimAllAtStart) await this.reclaim(-1);
    else await this.reclaim(this.staleSeconds);
    await this.housekeep();
    const every = this.staleSeconds * 1000;
    this.reclaimTimer = setInterval(() => {
      void this.reclaim(this.staleSeconds).then(() => this.housekeep());
    }, every);
    this.reclaimTimer.unref();
    for (const lane of ['light', 'heavy'] as const) this.loops.push(this.loop(lane));
    this.options.log.info(
      { worker: this.workerId, slots: this.options.slots },
      'media worker started',
    );
  }

  /** Wakes idle lanes (a job was just sent from this process). */
  notify(): void {
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiting) wake();
  }

  /** Stops fetching, stops running jobs (they go back to the queue uncounted) and waits for them. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    clearInterval(this.reclaimTimer);
    for (const { controller } of this.running.values()) controller.abort(new ShutdownError());
    this.notify();
    await Promise.allSettled([...this.running.keys(), ...this.loops]);
  }

  private get staleSeconds(): number {
    return this.options.heartbeatSeconds * 3;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  private inLane(lane: Lane): number {
    let n = 0;
    for (const r of this.running.values()) if (r.lane === lane) n += 1;
    return n;
  }

  private async loop(lane: Lane): Promise<void> {
    const steps = ORDER.filter((step) => this.options.lanes[step.name] === lane);
    while (!this.stopping) {
      if (this.inLane(lane) >= this.options.slots[lane]) {
        await this.sleep(this.options.pollIntervalMs);
        continue;
      }
      let job: ActiveJob | null = null;
      try {
        for (const { name, band } of steps) {
          job = await this.queue.fetch(name, band);
          if (job) break;
        }
      } catch (err) {
        if (!this.stopping) this.options.log.error({ err, lane }, 'fetching jobs failed');
      }
      if (!job) {
        await this.sleep(this.options.pollIntervalMs);
        continue;
      }
      if (this.stopping) {
        await this.queue.release(job.name, job.id).catch(() => {});
        break;
      }
      if (lane === 'heavy' && !(await this.admitted(job))) continue;
      const controller = new AbortController();
      const run: Promise<void> = this.execute(job, controller).finally(() => {
        this.running.delete(run);
        this.notify();
      });
      this.running.set(run, { lane, controller });
    }
  }

  /** The heavy-lane gate's answer; when the gate fails, the job goes back to the queue uncounted. */
  private async admitted(job: ActiveJob): Promise<boolean> {
    if (!this.options.admitHeavy) return true;
    try {
      return await this.options.admitHeavy(job);
    } catch (err) {
      this.options.log.error({ err, job: job.name, jobId: job.id }, 'admitting a heavy job failed');
      await this.queue.release(job.name, job.id).catch(() => {});
      await this.sleep(this.options.pollIntervalMs);
      return false;
    }
  }

  private async execute(job: ActiveJob, controller: AbortController): Promise<void> {
    const { log } = this.options;
    const handler = this.handlers[job.name] as JobHandler<JobName>;
    const ctx: JobContext = {
      jobId: job.id,
      attempt: job.retryCount + 1,
      finalAttempt: job.retryCount >= job.retryLimit,
      signal: controller.signal,
    };
    const fields = {
      job: job.name,
      jobId: job.id,
      videoId: job.data.videoId,
      attempt: ctx.attempt,
    };
    // Abort a little before pg-boss's own expiry would fail the job, so ffmpeg is killed first.
    const limitMs = Math.max(1, job.expireInSeconds - 5) * 1000;
    const timer = setTimeout(
      () => controller.abort(new JobTimeoutError(job.expireInSeconds)),
      limitMs,
    );
    const beat = async () => {
      try {
        const ours = await this.queue.heartbeat(job);
        if (!ours && !controller.signal.aborted) controller.abort(new JobLostError());
      } catch (err) {
        log.warn({ err, ...fields }, 'job heartbeat failed');
      }
    };
    const beats = setInterval(() => void beat(), this.options.heartbeatSeconds * 1000);
    const started = performance.now();
    const finished = (outcome: JobOutcome) =>
      this.options.meter?.jobFinished(job.name, outcome, (performance.now() - started) / 1000);
    try {
      await beat();
      log.info(fields, 'job started');
      const output = await handler.run(job.data, ctx);
      if (controller.signal.aborted) throw controller.signal.reason;
      await this.queue.complete(job.name, job.id, output);
      finished('completed');
      log.info({ ...fields, output }, 'job completed');
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      if (reason instanceof ShutdownError) {
        await this.queue
          .release(job.name, job.id)
          .catch((err: unknown) => log.error({ err, ...fields }, 'job release failed'));
        finished('released');
        log.info(fields, 'job released at shutdown');
        return;
      }
      if (reason instanceof JobLostError) {
        finished('lost');
        log.warn(fields, 'job taken back by the queue; result discarded');
        return;
      }
      finished('failed');
      log.error({ err: reason, ...fields, final: ctx.finalAttempt }, 'job failed');
      if (ctx.finalAttempt) {
        await handler
          .onFinalFailure(job.data, reason, { jobId: job.id, attempts: ctx.attempt })
          .catch((err: unknown) =>
            log.error({ err, ...fields }, 'recording the final failure failed'),
          );
      }
      await this.queue
        .fail(job.name, job.id, reason)
        .catch((err: unknown) => log.error({ err, ...fields }, 'failing the job failed'));
    } finally {
      clearTimeout(timer);
      clearInterval(beats);
    }
  }

  private async reclaim(staleSeconds: number): Promise<void> {
    if (this.stopping) return;
    const { log } = this.options;
    try {
      const jobs = await this.queue.reclaim(JOB_NAMES, staleSeconds, CRASH_MESSAGE);
      for (const job of jobs) {
        this.options.meter?.jobFinished(job.name, 'reclaimed', null);
        log.warn(
          { job: job.name, jobId: job.id, videoId: job.data.videoId, state: job.state },
          'job reclaimed from a stopped worker',
        );
        if (job.state === 'failed') {
          const handler = this.handlers[job.name] as JobHandler<JobName>;
          await handler
            .onFinalFailure(job.data, new Error(CRASH_MESSAGE), {
              jobId: job.id,
              attempts: job.attempts,
            })
            .catch((err: unknown) =>
              log.error({ err, jobId: job.id }, 'recording the final failure failed'),
            );
        }
      }
      if (jobs.length > 0) this.notify();
    } catch (err) {
      log.error({ err }, 'reclaiming jobs failed');
    }
  }

  private async housekeep(): Promise<void> {
    if (this.stopping || !this.options.housekeeping) return;
    await this.options
      .housekeeping()
      .catch((err: unknown) => this.options.log.error({ err }, 'media housekeeping failed'));
  }
}
