/**
 * The queue and the worker loop without ffmpeg: pg-boss on the app's own database (PGlite, or
 * PostgreSQL with DATABASE_URL), retries with backoff, the final failure, the time limit, the
 * heartbeat reclaim of a dead worker's job, release at shutdown, and one heavy job at a time.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/harness';
import {
  CRASH_MESSAGE,
  JobRunner,
  JobTimeoutError,
  type JobContext,
  type JobHandlers,
  type RunnerOptions,
} from './job-runner';
import { silentLog, until } from '../test/job-support';
import {
  DEFAULT_JOB_SETTINGS,
  JobQueue,
  lostInstallRace,
  type JobName,
  type JobPayloads,
  type JobSettings,
} from './queue';
import { executorFor, type SqlExecutor } from './sql-executor';

type Db = Awaited<ReturnType<typeof freshDatabase>>;
let database: Db;
let executor: SqlExecutor;
let queue: JobQueue;
const runners: JobRunner[] = [];

const silent = silentLog;

/** Quick retries (pg-boss delays are whole seconds) and a 6 s limit (the runner aborts 5 s early). */
const settings: Record<JobName, JobSettings> = {
  ingest: { ...DEFAULT_JOB_SETTINGS.ingest, retryLimit: 1, retryDelay: 1 },
  enhance: { ...DEFAULT_JOB_SETTINGS.enhance, retryLimit: 1, retryDelay: 1 },
  package: {
    ...DEFAULT_JOB_SETTINGS.package,
    retryLimit: 0,
    retryDelay: 1,
    timeLimitSeconds: () => 6,
  },
};

beforeAll(async () => {
  database = await freshDatabase();
  // DROP DATABASE ... WITH (FORCE) at dispose may reach a pooled connection still closing.
  database.pool?.on('error', () => {});
  executor = executorFor(database);
  queue = new JobQueue(executor, settings);
  await queue.start();
}, 60_000);
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop();
  await queue.boss.deleteAllJobs();
});
afterAll(async () => {
  await queue.stop();
  await database.dispose();
});

interface Recorder {
  runs: Array<{ name: JobName; videoId: string; attempt: number; final: boolean }>;
  finals: Array<{ name: JobName; videoId: string; error: unknown; attempts: number }>;
}

/** Handlers whose behaviour is given per job name; every run and final failure is recorded. */
function handlers(
  behave: Partial<Record<JobName, (data: { videoId: string }, ctx: JobContext) => Promise<object>>>,
  rec: Recorder,
): JobHandlers {
  const make = <N extends JobName>(name: N) => ({
    async run(data: JobPayloads[N], ctx: JobContext) {
      rec.runs.push({ name, videoId: data.videoId, attempt: ctx.attempt, final: ctx.finalAttempt });
      return (behave[name] ?? (async () => ({ ok: true })))(data, ctx);
    },
    async onFinalFailure(data: JobPayloads[N], error: unknown, job: { attempts: number }) {
      rec.finals.push({ name, videoId: data.videoId, error, attempts: job.attempts });
    },
  });
  return { ingest: make('ingest'), enhance: make('enhance'), package: make('package') };
}

function startRunner(h: JobHandlers, over: Partial<RunnerOptions> = {}): JobRunner {
  const runner = new JobRunner(queue, h, {
    slots: { light: 1, heavy: 1 },
    lanes: { ingest: 'light', enhance: 'heavy', package: 'heavy' },
    pollIntervalMs: 100,
    heartbeatSeconds: 1,
    reclaimAllAtStart: false,
    log: silent,
    ...over,
  });
  runners.push(runner);
  return runner;
}

const newRecorder = (): Recorder => ({ runs: [], finals: [] });

describe('sql executor', () => {
  it('a failing scripted transaction rolls back and leaves the shared connection usable', async () => {
    await expect(
      executor.executeSql('BEGIN; CREATE TABLE exec_probe (x int); SELECT 1/0; COMMIT;'),
    ).rejects.toThrow(/division by zero/);
    const { rows } = await executor.executeSql(
      "SELECT to_regclass('exec_probe') AS t",
      [] as unknown[],
    );
    expect(rows[0]?.t).toBeNull();
    const ok = await database.db.execute(sql`select 1 as one`);
    expect(ok).toBeTruthy();
  });
});

describe('JobQueue', () => {
  it('queues one waiting job per video and name', async () => {
    const a = randomUUID();
    const first = await queue.send('enhance', { videoId: a }, 60);
    expect(first).toEqual(expect.any(String));
    expect(await queue.send('enhance', { videoId: a }, 60)).toBeNull();
    expect(await queue.send('package', { videoId: a }, 60)).toEqual(expect.any(String));
    expect(await queue.send('enhance', { videoId: randomUUID() }, 60)).toEqual(expect.any(String));
  });

  it('gives each job a time limit from the clip length', async () => {
    const id = (await queue.send('ingest', { videoId: randomUUID() }, 600))!;
    const job = await queue.fetch('ingest');
    expect(job?.id).toBe(id);
    expect(job?.expireInSeconds).toBe(DEFAULT_JOB_SETTINGS.ingest.timeLimitSeconds(600));
  });
});

describe('starting beside another process', () => {
  it('takes the install another process won (a unique violation on a catalog table) as done, and nothing else', async () => {
    const race = Object.assign(
      new Error('duplicate key value violates unique constraint "pg_namespace_nspname_index"'),
      { code: '23505', constraint: 'pg_namespace_nspname_index' },
    );
    expect(lostInstallRace(race)).toBe(true);
    expect(lostInstallRace({ ...race, constraint: 'videos_pkey' })).toBe(false);
    expect(lostInstallRace({ code: '42P01' })).toBe(false);
    expect(lostInstallRace(null)).toBe(false);

    // A queue whose first pg-boss start loses the race starts on the second.
    const other = new JobQueue(executor, settings);
    const start = other.boss.start.bind(other.boss);
    let calls = 0;
    other.boss.start = async () => {
      calls += 1;
      if (calls === 1) throw race;
      return start();
    };
    await other.start();
    expect(calls).toBe(2);
    expect(await other.boss.schemaVersion()).toBeGreaterThanOrEqual(46);
    await other.stop();

    // Any other failure stops the start.
    const broken = new JobQueue(executor, settings);
    broken.boss.start = async () => {
      throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
    };
    await expect(broken.start()).rejects.toThrow('connection refused');
  });
});

describe("the low band (a plan upgrade's re-packages)", () => {
  it('a low job is fetched only in the low band; a normal send for the video raises it', async () => {
    const a = randomUUID();
    const low = await queue.send('package', { videoId: a, planUpgrade: true }, 60, 'low');
    expect(low).toEqual(expect.any(String));
    expect(await queue.fetch('package', 'normal')).toBeNull();
    // The same video again in the low band: already waiting.
    expect(await queue.send('package', { videoId: a, planUpgrade: true }, 60, 'low')).toBeNull();
    // A new enhanced file needs its ladder now: the waiting job becomes a normal one, without
    // the upgrade's "nothing to add" shortcut.
    expect(await queue.send('package', { videoId: a }, 60)).toBeNull();
    const raised = await queue.fetch('package', 'normal');
    expect(raised).toMatchObject({ id: low, data: { videoId: a } });
    expect(raised?.data).not.toHaveProperty('planUpgrade');
  });

  it('the worker runs every waiting normal job (new uploads) before a low one', async () => {
    const rec = newRecorder();
    const [up, v1, v2] = [randomUUID(), randomUUID(), randomUUID()];
    await queue.send('package', { videoId: up, planUpgrade: true }, 60, 'low');
    await queue.send('enhance', { videoId: v1 }, 60);
    await queue.send('package', { videoId: v2 }, 60);
    const runner = startRunner(handlers({}, rec));
    await runner.start();
    await until(async () => rec.runs.length === 3 || null, 20_000, 'three runs');
    expect(rec.runs.map((r) => [r.name, r.videoId])).toEqual([
      ['package', v2],
      ['enhance', v1],
      ['package', up],
    ]);
  });
});

describe('JobRunner', () => {
  it('runs a job and records its output', async () => {
    const rec = newRecorder();
    const runner = startRunner(handlers({ ingest: async () => ({ outcome: 'ready' }) }, rec));
    await runner.start();
    const id = (await queue.send('ingest', { videoId: randomUUID() }, 3))!;
    runner.notify();
    await until(async () => (await queue.stateOf('ingest', id)) === 'completed');
    const job = await queue.boss.getJobById('ingest', id);
    expect(job?.output).toEqual({ outcome: 'ready' });
    expect(rec.runs).toHaveLength(1);
  });

  it('retries a failed attempt after a delay, and the retry can succeed', async () => {
    const rec = newRecorder();
    const runner = startRunner(
      handlers(
        {
          enhance: async (_d, ctx) => {
            if (ctx.attempt === 1) throw new Error('flaky');
            return { outcome: 'enhanced' };
          },
        },
        rec,
      ),
    );
    await runner.start();
    const id = (await queue.send('enhance', { videoId: randomUUID() }, 3))!;
    await until(async () => (await queue.stateOf('enhance', id)) === 'completed');
    expect(rec.runs.map((r) => [r.attempt, r.final])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(rec.finals).toEqual([]);
  });

  it('after the last attempt fails, calls onFinalFailure once and the job is failed', async () => {
    const rec = newRecorder();
    const runner = startRunner(
      handlers({ ingest: async () => Promise.reject(new Error('broken file')) }, rec),
    );
    await runner.start();
    const videoId = randomUUID();
    const id = (await queue.send('ingest', { videoId }, 3))!;
    await until(async () => (await queue.stateOf('ingest', id)) === 'failed');
    await until(() => rec.finals.length === 1);
    expect(rec.runs).toHaveLength(2);
    expect(rec.finals[0]).toMatchObject({ name: 'ingest', videoId, attempts: 2 });
    expect((rec.finals[0]!.error as Error).message).toBe('broken file');
  });

  it('aborts a job at its time limit (its ffmpeg would be killed)', async () => {
    const rec = newRecorder();
    let sawAbort = false;
    const runner = startRunner(
      handlers(
        {
          package: (_d, ctx) =>
            new Promise((_resolve, reject) => {
              ctx.signal.addEventListener('abort', () => {
                sawAbort = true;
                reject(ctx.signal.reason);
              });
            }),
        },
        rec,
      ),
    );
    await runner.start();
    const id = (await queue.send('package', { videoId: randomUUID() }, 3))!;
    await until(async () => (await queue.stateOf('package', id)) === 'failed');
    await until(() => rec.finals.length === 1);
    expect(sawAbort).toBe(true);
    expect(rec.finals[0]!.error).toBeInstanceOf(JobTimeoutError);
  });

  it("takes back a dead worker's job (no heartbeat) and runs it again", async () => {
    const videoId = randomUUID();
    const id = (await queue.send('enhance', { videoId }, 3))!;
    // A worker fetched it, beat once, then died (kill -9): the job stays 'active'.
    const orphan = await queue.fetch('enhance');
    expect(orphan?.id).toBe(id);
    expect(await queue.heartbeat(orphan!)).toBe(true);
    expect(await queue.stateOf('enhance', id)).toBe('active');

    const rec = newRecorder();
    let lateBeat: boolean | undefined;
    const runner = startRunner(
      handlers(
        {
          enhance: async () => {
            // The dead worker's attempt is fenced off: a late heartbeat of it is refused.
            lateBeat = await queue.heartbeat(orphan!);
            return { outcome: 'enhanced' };
          },
        },
        rec,
      ),
    );
    await runner.start();
    // Stale after 3 missed heartbeats (3 s here), then back in the queue and run again.
    await until(async () => (await queue.stateOf('enhance', id)) === 'completed');
    expect(rec.runs).toEqual([{ name: 'enhance', videoId, attempt: 2, final: true }]);
    expect(lateBeat).toBe(false);
  });

  it('a job whose worker died on its last attempt fails for good, with a note', async () => {
    const videoId = randomUUID();
    const id = (await queue.send('package', { videoId }, 3))!;
    await queue.fetch('package');
    const rec = newRecorder();
    // The embedded database at start: every active job is an orphan.
    const runner = startRunner(handlers({}, rec), { reclaimAllAtStart: true });
    await runner.start();
    expect(await queue.stateOf('package', id)).toBe('failed');
    expect(rec.finals).toHaveLength(1);
    expect((rec.finals[0]!.error as Error).message).toBe(CRASH_MESSAGE);
    expect(rec.runs).toEqual([]);
  });

  it('at shutdown puts running jobs back without counting the attempt', async () => {
    const rec = newRecorder();
    let started = false;
    const runner = startRunner(
      handlers(
        {
          enhance: (_d, ctx) =>
            new Promise((_resolve, reject) => {
              started = true;
              ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
            }),
        },
        rec,
      ),
    );
    await runner.start();
    const id = (await queue.send('enhance', { videoId: randomUUID() }, 3))!;
    await until(() => started);
    await runner.stop();
    expect(await queue.stateOf('enhance', id)).toBe('retry');
    const again = await queue.fetch('enhance');
    expect(again).toMatchObject({ id, retryCount: 0 });
    expect(rec.finals).toEqual([]);
  });

  it('runs one heavy job at a time, with ingest beside it', async () => {
    const rec = newRecorder();
    let heavy = 0;
    let maxHeavy = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const heavyJob = async () => {
      heavy += 1;
      maxHeavy = Math.max(maxHeavy, heavy);
      await gate;
      heavy -= 1;
      return {};
    };
    let heavyDuringIngest = -1;
    const runner = startRunner(
      handlers(
        {
          enhance: heavyJob,
          package: heavyJob,
          ingest: async () => {
            heavyDuringIngest = heavy;
            return {};
          },
        },
        rec,
      ),
    );
    await Promise.all([0, 1].map(() => queue.send('enhance', { videoId: randomUUID() }, 3)));
    await queue.send('package', { videoId: randomUUID() }, 3);
    await runner.start();
    // The first heavy job holds the only heavy slot...
    await until(() => heavy === 1);
    // ...and an ingest still runs at once beside it.
    await queue.send('ingest', { videoId: randomUUID() }, 3);
    runner.notify();
    await until(() => heavyDuringIngest !== -1);
    expect(heavyDuringIngest).toBe(1);
    expect(rec.runs.filter((r) => r.name !== 'ingest')).toHaveLength(1);
    release();
    await until(() => rec.runs.length === 4 && heavy === 0);
    expect(maxHeavy).toBe(1);
    // Packaging (finishing a video) goes before starting new enhancements.
    expect(rec.runs.find((r) => r.name !== 'ingest')?.name).toBe('package');
  });
});
