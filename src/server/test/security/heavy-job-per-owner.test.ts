/**
 * Audit (low): one owner's uploads could hold every heavy slot (enhance, package) for as long as
 * they liked. Now a heavy job runs only while its owner has no other heavy job running, across
 * worker processes (checked under a per-owner lock in the database; PGlite, or PostgreSQL with
 * DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';
import { JobRunner, type JobHandlers } from '../../jobs/job-runner';
import { OWNER_BUSY_MESSAGE, ownerHeavySlot } from '../../jobs/owner-slot';
import { DEFAULT_JOB_SETTINGS, JobQueue, type ActiveJob, type JobName } from '../../jobs/queue';
import { executorFor } from '../../jobs/sql-executor';
import { silentLog, until } from '../job-support';
import { freshDatabase } from '../harness';

type Db = Awaited<ReturnType<typeof freshDatabase>>;
let database: Db;
let queue: JobQueue;
const runners: JobRunner[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  database.pool?.on('error', () => {});
  queue = new JobQueue(executorFor(database), {
    ...DEFAULT_JOB_SETTINGS,
    enhance: { ...DEFAULT_JOB_SETTINGS.enhance, retryDelay: 1 },
    package: { ...DEFAULT_JOB_SETTINGS.package, retryDelay: 1 },
  });
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

async function owner(): Promise<string> {
  const [row] = await database.db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, password: 'x' })
    .returning({ id: users.id });
  return row!.id;
}

async function video(userId: string): Promise<string> {
  const [row] = await database.db
    .insert(videos)
    .values({
      userId,
      title: 'Ride',
      originalFileName: 'ride.mp4',
      originalFileUrl: '/api/objects/uploads/x',
      fileSize: '10',
    })
    .returning({ id: videos.id });
  return row!.id;
}

async function fetchAll(name: JobName, count: number): Promise<ActiveJob[]> {
  const jobs: ActiveJob[] = [];
  for (let i = 0; i < count; i += 1) {
    const job = await queue.fetch(name);
    if (job) jobs.push(job);
  }
  return jobs;
}

describe('the per-owner heavy slot', () => {
  it("admits one of an owner's jobs fetched at once by several workers, and another owner's", async () => {
    const [a, b] = [await owner(), await owner()];
    const [a1, a2, b1] = [await video(a), await video(a), await video(b)];
    for (const id of [a1, a2, b1]) await queue.send('enhance', { videoId: id }, 60);
    const jobs = await fetchAll('enhance', 3);
    expect(jobs).toHaveLength(3);

    const gate = ownerHeavySlot(database.db, 1);
    const answers = await Promise.all(jobs.map((job) => gate(job)));
    const byVideo = new Map(jobs.map((job, i) => [job.data.videoId, answers[i]]));
    expect(byVideo.get(b1)).toBe(true);
    expect([byVideo.get(a1), byVideo.get(a2)].filter(Boolean)).toHaveLength(1);

    const waiting = jobs.find((job, i) => job.data.videoId !== b1 && !answers[i])!;
    const running = jobs.find((job, i) => job.data.videoId !== b1 && answers[i])!;
    expect(await queue.stateOf('enhance', waiting.id)).toBe('retry');
    // Asked again while the other still runs: still no.
    await queue.complete('enhance', jobs.find((j) => j.data.videoId === b1)!.id, {});
    const again = await until(() => queue.fetch('enhance'), 10_000, 'the waiting job back');
    expect(again.id).toBe(waiting.id);
    expect(again.retryCount).toBe(0);
    expect(await gate(again)).toBe(false);

    await queue.complete('enhance', running.id, {});
    const last = await until(() => queue.fetch('enhance'), 10_000, 'the waiting job back');
    expect(await gate(last)).toBe(true);
    const job = await queue.boss.getJobById('enhance', last.id);
    expect(job?.retryCount).toBe(0);
  });

  it('covers enhance and package together, and leaves a deleted video to its job', async () => {
    const a = await owner();
    const [a1, a2] = [await video(a), await video(a)];
    await queue.send('enhance', { videoId: a1 }, 60);
    await queue.send('package', { videoId: a2 }, 60);
    const gate = ownerHeavySlot(database.db, 1);
    const [enhance] = await fetchAll('enhance', 1);
    expect(await gate(enhance!)).toBe(true);
    const [pack] = await fetchAll('package', 1);
    expect(await gate(pack!)).toBe(false);
    const stored = await queue.boss.getJobById('package', pack!.id);
    expect(stored?.output).toEqual({ message: OWNER_BUSY_MESSAGE });

    const gone = { ...enhance!, id: randomUUID(), data: { videoId: randomUUID() } };
    expect(await gate(gone)).toBe(true);
  });

  it("runs an owner's heavy jobs one at a time through two workers with two slots each", async () => {
    const [a, b] = [await owner(), await owner()];
    const ownerOf = new Map<string, string>();
    for (const [userId, n] of [
      [a, 3],
      [b, 1],
    ] as const) {
      for (let i = 0; i < n; i += 1) ownerOf.set(await video(userId), userId);
    }
    const running = new Map<string, number>();
    const most = new Map<string, number>();
    let overlapped = false;
    const work = async ({ videoId }: { videoId: string }) => {
      const who = ownerOf.get(videoId)!;
      running.set(who, (running.get(who) ?? 0) + 1);
      most.set(who, Math.max(most.get(who) ?? 0, running.get(who)!));
      if ((running.get(a) ?? 0) > 0 && (running.get(b) ?? 0) > 0) overlapped = true;
      await new Promise((r) => setTimeout(r, 1200));
      running.set(who, running.get(who)! - 1);
      return { ok: true };
    };
    const done: string[] = [];
    const handler = {
      run: async (data: { videoId: string }) => {
        const out = await work(data);
        done.push(data.videoId);
        return out;
      },
      onFinalFailure: async () => {},
    };
    const handlers = { ingest: handler, enhance: handler, package: handler } as JobHandlers;
    for (let i = 0; i < 2; i += 1) {
      const runner = new JobRunner(queue, handlers, {
        slots: { light: 1, heavy: 2 },
        lanes: { ingest: 'light', enhance: 'heavy', package: 'heavy' },
        pollIntervalMs: 100,
        heartbeatSeconds: 5,
        reclaimAllAtStart: false,
        log: silentLog,
        admitHeavy: ownerHeavySlot(database.db, 1),
      });
      runners.push(runner);
      await runner.start();
    }
    const ids = [...ownerOf.keys()];
    for (const [i, id] of ids.entries()) {
      await queue.send(i % 2 ? 'package' : 'enhance', { videoId: id }, 60);
    }
    runners.forEach((r) => r.notify());
    await until(() => done.length === ids.length, 60_000, 'every job done');
    expect(most.get(a)).toBe(1);
    expect(most.get(b)).toBe(1);
    // Another owner was not held back by the busy one.
    expect(overlapped).toBe(true);
  }, 90_000);
});
