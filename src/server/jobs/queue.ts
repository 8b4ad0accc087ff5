import { PgBoss, type Db } from 'pg-boss';
import type { QueueDepth } from '../metrics/metrics';
import type { SqlExecutor } from './sql-executor';
import { carryOverPgBoss10Jobs, detachPgBoss10Schema, QUEUE_SCHEMA } from './queue-upgrade';

/** The media jobs and what each carries: ids only; a job reloads everything else. */
export interface JobPayloads {
  ingest: { videoId: string };
  enhance: { videoId: string };
  /**
   * `planUpgrade`: queued by a plan upgrade (low priority); it does nothing when the class's ladder
   * already tops at what the plan and the kept file allow.
   */
  package: { videoId: string; planUpgrade?: boolean };
}
export type JobName = keyof JobPayloads;
export const JOB_NAMES: readonly JobName[] = ['ingest', 'enhance', 'package'];

/**
 * pg-boss's install lost a race to another process's (the API and a worker started together on a
 * database without its schema): PostgreSQL's catalog refuses the second CREATE with a unique
 * violation on one of its own tables, which pg-boss, expecting 'already exists', throws.
 */
export function lostInstallRace(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && typeof constraint === 'string' && constraint.startsWith('pg_');
}

/** Light jobs (probe, stills, preview) run beside the heavy ones so a preview never waits behind an encode. */
export type Lane = 'light' | 'heavy';

export interface JobSettings {
  lane: Lane;
  /** Retries after the first attempt. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (with jitter). */
  retryDelay: number;
  /** The time limit, from the clip's length (null: not probed yet). Capped at pg-boss's 24 h. */
  timeLimitSeconds(durationSeconds: number | null): number;
}

const DAY = 24 * 60 * 60;
const limit = (base: number, perSecond: number) => (duration: number | null) =>
  Math.min(DAY - 60, Math.round(base + perSecond * (duration ?? 3 * 60 * 60)));

/**
 * Measured on 2 cores: a remux takes seconds, a full enhance runs about 0.3-0.8x the clip's length
 * at 720p and the ladder about 0.8x from 1080p; the limits leave several times that.
 */
export const DEFAULT_JOB_SETTINGS: Record<JobName, JobSettings> = {
  ingest: { lane: 'light', retryLimit: 2, retryDelay: 5, timeLimitSeconds: limit(15 * 60, 1) },
  enhance: { lane: 'heavy', retryLimit: 2, retryDelay: 30, timeLimitSeconds: limit(30 * 60, 8) },
  package: { lane: 'heavy', retryLimit: 2, retryDelay: 30, timeLimitSeconds: limit(30 * 60, 6) },
};

/**
 * Jobs are 'normal' or 'low' (a plan upgrade's re-packages): the worker takes a low job only when
 * no normal job of any name waits, so new uploads never queue behind a catalogue's re-packaging.
 */
export type Band = 'normal' | 'low';
const PRIORITY: Record<Band, number> = { normal: 0, low: -1 };

/** A fetched job with what the runner needs. */
export interface ActiveJob<N extends JobName = JobName> {
  id: string;
  name: N;
  data: JobPayloads[N];
  /** Attempts before this one. */
  retryCount: number;
  retryLimit: number;
  expireInSeconds: number;
}

/** An active job whose worker stopped answering, put back for another attempt (or failed for good). */
export interface ReclaimedJob {
  id: string;
  name: JobName;
  data: JobPayloads[JobName];
  state: 'retry' | 'failed';
  /** Attempts made, the one that died included. */
  attempts: number;
}

const SCHEMA = QUEUE_SCHEMA;
/** pg-boss 12 sets `heartbeat_on` when a job is fetched and on every touch(). */
const STALE = `COALESCE(heartbeat_on, started_on) < now() - make_interval(secs => $4::double precision)`;

/**
 * The typed queue over pg-boss 12: one per process, shared by the API (which sends) and the worker
 * (which fetches). Each queue is 'stately': at most one queued and one running job per video.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private started = false;

  constructor(
    private readonly executor: SqlExecutor,
    readonly settings: Record<JobName, JobSettings> = DEFAULT_JOB_SETTINGS,
    onError: (error: unknown) => void = () => {},
  ) {
    this.boss = new PgBoss({
      db: executor as Db,
      schema: SCHEMA,
      // No cron here; maintenance (expiry, retention) stays on.
      schedule: false,
      supervise: true,
      migrate: true,
    });
    this.boss.on('error', onError);
  }

  async start(): Promise<void> {
    if (this.started) return;
    // A database pg-boss 10 wrote: its schema is set aside first (pg-boss 12 cannot migrate it).
    const detached = await detachPgBoss10Schema(this.executor);
    try {
      await this.boss.start();
    } catch (error) {
      if (!lostInstallRace(error)) throw error;
      // Another process installed it meanwhile: this start finds it installed.
      await this.boss.start();
    }
    for (const name of JOB_NAMES) {
      const s = this.settings[name];
      await this.boss.createQueue(name, {
        policy: 'stately',
        retryLimit: s.retryLimit,
        retryDelay: s.retryDelay,
        retryBackoff: true,
      });
    }
    if (detached) await carryOverPgBoss10Jobs(this.executor, this.boss, JOB_NAMES);
    this.started = true;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: false, close: false });
  }

  /**
   * Queues a job; null when the same job for this video is already waiting (nothing to add). A
   * normal send that finds a low job of the same video waiting makes it this one (its data and
   * priority), so work that is needed now never waits in the low band.
   */
  async send<N extends JobName>(
    name: N,
    data: JobPayloads[N],
    durationSeconds: number | null,
    band: Band = 'normal',
  ): Promise<string | null> {
    const s = this.settings[name];
    const id = await this.boss.send(name, data, {
      singletonKey: data.videoId,
      priority: PRIORITY[band],
      retryLimit: s.retryLimit,
      retryDelay: s.retryDelay,
      retryBackoff: true,
      expireInSeconds: s.timeLimitSeconds(durationSeconds),
    });
    if (id === null && band === 'normal') {
      await this.executor.executeSql(
        `UPDATE ${SCHEMA}.job SET priority = $3, data = $4::jsonb
         WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry') AND priority < $3`,
        [name, data.videoId, PRIORITY.normal, JSON.stringify(data)],
      );
    }
    return id;
  }

  /** The next job of `name` (of one band only, when given). */
  async fetch<N extends JobName>(name: N, band?: Band): Promise<ActiveJob<N> | null> {
    const [job] = await this.boss.fetch<JobPayloads[N]>(name, {
      includeMetadata: true,
      batchSize: 1,
      ...(band === 'normal' ? { minPriority: PRIORITY.normal } : {}),
      ...(band === 'low' ? { maxPriority: PRIORITY.low } : {}),
    });
    if (!job) return null;
    return {
      id: job.id,
      name,
      data: job.data,
      retryCount: Number(job.retryCount),
      retryLimit: Number(job.retryLimit),
      expireInSeconds: Number(job.expireInSeconds),
    };
  }

  async complete(name: JobName, id: string, output: object): Promise<void> {
    await this.boss.complete(name, id, output);
  }

  async fail(name: JobName, id: string, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    await this.boss.fail(name, id, { message: message.slice(0, 2000) });
  }

  /**
   * Marks a running attempt alive (pg-boss's touch(), fenced to the attempt fetched); false when it
   * is no longer ours (reclaimed and fetched again, expired, cancelled).
   */
  async heartbeat(job: Pick<ActiveJob, 'name' | 'id' | 'retryCount'>): Promise<boolean> {
    const attempt = { id: job.id, retryCount: job.retryCount };
    // CommandResponse is declared empty; at run time it carries the count of rows touched.
    const { affected } = (await this.boss.touch(job.name, attempt)) as { affected?: number };
    return affected === 1;
  }

  /**
   * Active jobs with no heartbeat for `staleSeconds` (negative: every active job, for the embedded
   * database at start, where no other process can be running them) go back to 'retry' at once, or
   * to 'failed' when they had no attempts left. Each is checked again in its own UPDATE, so two
   * workers reclaiming at once cannot both take a job, nor touch one that came back to life.
   */
  async reclaim(
    names: readonly JobName[],
    staleSeconds: number,
    message: string,
  ): Promise<ReclaimedJob[]> {
    const { rows } = await this.executor.executeSql(
      `SELECT name, id FROM ${SCHEMA}.job
       WHERE name = ANY($1::text[]) AND state = 'active'
         AND COALESCE(heartbeat_on, started_on) < now() - make_interval(secs => $2::double precision)`,
      [names, staleSeconds],
    );
    const reclaimed: ReclaimedJob[] = [];
    for (const row of rows as Array<{ name: JobName; id: string }>) {
      const update = (state: string) =>
        this.executor.executeSql(
          `UPDATE ${SCHEMA}.job SET
             state = ${state},
             completed_on = CASE WHEN ${state} = 'failed' THEN now() ELSE NULL END,
             start_after = now(),
             output = jsonb_build_object('message', $3::text)
           WHERE name = $1 AND id = $2::uuid AND state = 'active' AND ${STALE}
           RETURNING id, name, data, state::text AS state, retry_count + 1 AS attempts`,
          [row.name, row.id, message, staleSeconds],
        );
      let result;
      try {
        result = await update(
          `(CASE WHEN retry_count < retry_limit THEN 'retry' ELSE 'failed' END)::${SCHEMA}.job_state`,
        );
      } catch (error) {
        // 'stately': the video already has a job waiting to retry; this one is superseded.
        if (!isUniqueViolation(error)) throw error;
        result = await update(`'failed'::${SCHEMA}.job_state`);
      }
      const [job] = result.rows as unknown as ReclaimedJob[];
      if (job) reclaimed.push(job);
    }
    return reclaimed;
  }

  /** Puts a running job back without counting the attempt (a graceful shutdown stopped it). */
  async release(name: JobName, id: string): Promise<void> {
    try {
      await this.executor.executeSql(
        `UPDATE ${SCHEMA}.job SET state = 'retry', started_on = NULL, start_after = now(),
           output = jsonb_build_object('message', 'released when the worker shut down')
         WHERE name = $1 AND id = $2::uuid AND state = 'active'`,
        [name, id],
      );
    } catch (error) {
      // A retry of the same video is already waiting: leave this one to the heartbeat reclaim.
      if (!isUniqueViolation(error)) throw error;
    }
  }

  /**
   * Waiting and running jobs per name and state (created, retry, active), with the age of the
   * oldest in each: what the metrics read at every scrape (one grouped query).
   */
  async depth(): Promise<QueueDepth[]> {
    const { rows } = await this.executor.executeSql(
      `SELECT name, state::text AS state, count(*)::int AS count,
         COALESCE(EXTRACT(EPOCH FROM now() - min(created_on)), 0)::float8 AS oldest
       FROM ${SCHEMA}.job
       WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active')
       GROUP BY name, state`,
      [JOB_NAMES],
    );
    const found = rows as Array<{ name: string; state: string; count: number; oldest: number }>;
    return JOB_NAMES.flatMap((job) =>
      (['created', 'retry', 'active'] as const).map((state) => {
        const row = found.find((r) => r.name === job && r.state === state);
        return {
          job,
          state,
          count: Number(row?.count ?? 0),
          oldestSeconds: Number(row?.oldest ?? 0),
        };
      }),
    );
  }

  /** The job's state, for tests and diagnostics. */
  async stateOf(name: JobName, id: string): Promise<string | null> {
    const job = await this.boss.getJobById(name, id);
    return job?.state ?? null;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}
