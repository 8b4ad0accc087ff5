/**
 * Upgrading from pg-boss 10: a database the old version wrote (its schema, queues and unfinished
 * jobs: waiting, waiting to retry, and running when its process stopped) is started with the app's
 * queue on pg-boss 12 (PGlite, or PostgreSQL with DATABASE_URL). Two processes start at once; every
 * unfinished job is fetched and run once, with its id and the attempts it had made.
 */
import { randomUUID } from 'node:crypto';
import PgBoss10 from 'pg-boss-10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/harness';
import { JobRunner, type JobContext, type JobHandlers } from './job-runner';
import { DEFAULT_JOB_SETTINGS, JobQueue, type JobName, type JobSettings } from './queue';
import { PG_BOSS_10_SCHEMA, QUEUE_SCHEMA } from './queue-upgrade';
import { executorFor, type SqlExecutor } from './sql-executor';
import { silentLog, until } from '../test/job-support';

type Db = Awaited<ReturnType<typeof freshDatabase>>;
let database: Db;
let executor: SqlExecutor;

const settings: Record<JobName, JobSettings> = {
  ingest: { ...DEFAULT_JOB_SETTINGS.ingest, retryDelay: 1 },
  enhance: { ...DEFAULT_JOB_SETTINGS.enhance, retryDelay: 1 },
  package: { ...DEFAULT_JOB_SETTINGS.package, retryDelay: 1 },
};

/** What pg-boss 10 left behind, by role. */
const old = { waiting: '', retrying: '', running: '', finished: '' };
const videos = { waiting: randomUUID(), retrying: randomUUID(), running: randomUUID() };

beforeAll(async () => {
  database = await freshDatabase();
  database.pool?.on('error', () => {});
  executor = executorFor(database);
  // The released app: pg-boss 10.4 creates its schema (version 24) and queues, and jobs are sent.
  const boss = new PgBoss10({
    db: executor as PgBoss10.Db,
    schema: QUEUE_SCHEMA,
    schedule: false,
    supervise: false,
    migrate: true,
  });
  await boss.start();
  for (const name of ['ingest', 'enhance', 'package'] as const) {
    const s = settings[name];
    await boss.createQueue(name, {
      name,
      policy: 'stately',
      retryLimit: s.retryLimit,
      retryDelay: s.retryDelay,
      retryBackoff: true,
    });
  }
  const send = async (name: JobName, videoId: string) =>
    (await boss.send(name, { videoId }, { singletonKey: videoId, expireInSeconds: 600 }))!;
  old.finished = await send('ingest', randomUUID());
  const [done] = await boss.fetch('ingest');
  await boss.complete('ingest', done!.id, { outcome: 'ready' });
  old.waiting = await send('ingest', videos.waiting);
  old.retrying = await send('enhance', videos.retrying);
  await boss.fetch('enhance');
  await boss.fail('enhance', old.retrying, { message: 'ffmpeg exited with code 1' });
  old.running = await send('package', videos.running);
  await boss.fetch('package');
  // The old processes stop; the package job stays 'active' (nobody will finish it).
  await boss.stop({ graceful: false, close: false, wait: true });
  const { rows } = await executor.executeSql(
    `SELECT id, state::text AS state FROM ${QUEUE_SCHEMA}.job ORDER BY created_on`,
    [],
  );
  expect(rows).toEqual([
    { id: old.finished, state: 'completed' },
    { id: old.waiting, state: 'created' },
    { id: old.retrying, state: 'retry' },
    { id: old.running, state: 'active' },
  ]);
}, 120_000);

afterAll(async () => {
  await database.dispose();
});

describe('starting on a database pg-boss 10 wrote', () => {
  it('installs pg-boss 12 and runs every unfinished job once, with its id and attempts', async () => {
    // Two processes (the API and a worker) start at the same time.
    const queues = [new JobQueue(executor, settings), new JobQueue(executor, settings)];
    await Promise.all(queues.map((q) => q.start()));
    const queue = queues[0]!;
    try {
      expect(await queue.boss.schemaVersion()).toBeGreaterThanOrEqual(46);
      const { rows: leftover } = await executor.executeSql(
        `SELECT to_regnamespace('${PG_BOSS_10_SCHEMA}') IS NULL AS gone`,
        [],
      );
      expect(leftover[0]?.gone).toBe(true);
      // The finished job was history: not carried over.
      expect(await queue.stateOf('ingest', old.finished)).toBeNull();

      const runs: Array<{ name: JobName; videoId: string; attempt: number }> = [];
      const make = (name: JobName) => ({
        async run(data: { videoId: string }, ctx: JobContext) {
          runs.push({ name, videoId: data.videoId, attempt: ctx.attempt });
          return { ok: true };
        },
        async onFinalFailure() {},
      });
      const handlers: JobHandlers = {
        ingest: make('ingest'),
        enhance: make('enhance'),
        package: make('package'),
      };
      const runner = new JobRunner(queue, handlers, {
        slots: { light: 1, heavy: 1 },
        lanes: { ingest: 'light', enhance: 'heavy', package: 'heavy' },
        pollIntervalMs: 100,
        heartbeatSeconds: 1,
        reclaimAllAtStart: false,
        log: silentLog,
      });
      await runner.start();
      try {
        await until(async () => {
          const states = await Promise.all([
            queue.stateOf('ingest', old.waiting),
            queue.stateOf('enhance', old.retrying),
            queue.stateOf('package', old.running),
          ]);
          return states.every((s) => s === 'completed');
        }, 60_000);
      } finally {
        await runner.stop();
      }
      // The retry and the interrupted run each had one attempt already.
      expect(runs.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { name: 'enhance', videoId: videos.retrying, attempt: 2 },
        { name: 'ingest', videoId: videos.waiting, attempt: 1 },
        { name: 'package', videoId: videos.running, attempt: 2 },
      ]);
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
    }
  });

  it('a later start finds nothing left to carry over', async () => {
    const queue = new JobQueue(executor, settings);
    await queue.start();
    try {
      const { rows } = await executor.executeSql(
        `SELECT count(*)::int AS jobs FROM ${QUEUE_SCHEMA}.job`,
        [],
      );
      expect(rows[0]?.jobs).toBe(3);
    } finally {
      await queue.stop();
    }
  });
});
