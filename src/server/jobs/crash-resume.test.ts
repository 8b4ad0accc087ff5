/**
 * kill -9 in the middle of an encode loses nothing: a real worker process (npm start on the
 * embedded database, `npm run worker` on PostgreSQL) is killed while ffmpeg runs; its ffmpeg dies
 * with it; nothing half-written is published; a new process takes the job back, runs it again and
 * the video ends enhanced and packaged. The same for a growing preview: killed while it grows, the
 * stored playlist never shrinks nor claims an end, and the new process finishes it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { users } from '../db/schema/users';
import { videoEvents, videos } from '../db/schema/videos';
import { parseMediaPlaylist } from '../media/growing-preview';
import { clip } from '../test/media-clips';
import { freshDatabase } from '../test/harness';
import { JobQueue } from './queue';
import { executorFor } from './sql-executor';
import { until } from '../test/job-support';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const serverUrl = process.env.DATABASE_URL;
const embedded = !serverUrl;

let dataDir: string;
let pgDatabase: (Database & { dispose(): Promise<void> }) | undefined;
let databaseUrl: string | undefined;
const children: ChildProcess[] = [];

interface Child {
  process: ChildProcess;
  lines: Array<Record<string, unknown>>;
  exited: Promise<number | null>;
}

/** The process under test: the whole app on PGlite, a worker beside the API on PostgreSQL. */
function startProcess(autoEnhance: 'on' | 'off' = 'on'): Child {
  const entry = embedded ? 'src/server/main.ts' : 'src/server/worker.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      AUTO_ENHANCE: autoEnhance,
      WORKER_HEARTBEAT_SECONDS: '1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const lines: Array<Record<string, unknown>> = [];
  let buffer = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const line of parts) {
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  child.stderr!.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { process: child, lines, exited };
}

/** Processes whose command line mentions this test's data folder (ffmpeg reads and writes there). */
async function processesUsing(dir: string): Promise<number[]> {
  const found: number[] = [];
  for (const pid of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(pid)) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // A zombie has exited already; only its entry in the process table remains.
    if (cmdline.includes(dir) && !/\) Z /.test(stat)) found.push(Number(pid));
  }
  return found;
}

/** An uploaded video: the original in the local store, the row, and its ingest job queued. */
async function uploaded(source: 'long' | 'legacyLong', fileName: string): Promise<string> {
  const videoId = randomUUID();
  const originalKey = `uploads/crash/${videoId}`;
  await mkdir(path.join(dataDir, 'objects', 'uploads', 'crash'), { recursive: true });
  await copyFile(await clip(source), path.join(dataDir, 'objects', ...originalKey.split('/')));
  await withDatabase(async (database) => {
    if (embedded) await database.migrate();
    const [user] = await database.db
      .insert(users)
      .values({ email: `crash-${videoId}@example.com`, password: 'x' })
      .returning({ id: users.id });
    await database.db.insert(videos).values({
      id: videoId,
      userId: user!.id,
      title: 'Crash test',
      originalFileName: fileName,
      originalFileUrl: `/api/objects/${originalKey}`,
      originalKey,
      fileSize: '1',
    });
    const queue = new JobQueue(executorFor(database));
    await queue.start();
    await queue.send('ingest', { videoId }, null);
    await queue.stop();
  });
  return videoId;
}

async function withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  if (pgDatabase) return fn(pgDatabase);
  const db = await openDatabase({ dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

async function encodingFile(): Promise<string | null> {
  const root = path.join(dataDir, 'tmp', 'media');
  for (const dir of await readdir(root).catch(() => [] as string[])) {
    if (!dir.startsWith('enhance-')) continue;
    const files = await readdir(path.join(root, dir)).catch(() => [] as string[]);
    if (files.includes('enhanced.mp4')) return path.join(root, dir, 'enhanced.mp4');
  }
  return null;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-crash-'));
  if (!embedded) {
    pgDatabase = await freshDatabase();
    pgDatabase.pool?.on('error', () => {});
    databaseUrl = (pgDatabase.pool as unknown as { options: { connectionString: string } }).options
      .connectionString;
  }
}, 60_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await pgDatabase?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe(
  `kill -9 mid-job (${embedded ? 'embedded database' : 'PostgreSQL'})`,
  { timeout: 400_000 },
  () => {
    it('the job runs again in a new process and finishes; nothing half-written is served', async () => {
      const videoId = await uploaded('long', 'long.mp4');

      // The first process ingests, then starts the enhancement; killed while ffmpeg encodes.
      const first = startProcess();
      const encoding = await until(encodingFile, 300_000, 'the enhance encode to start');
      first.process.kill('SIGKILL');
      await first.exited;
      expect(first.lines.some((l) => l.msg === 'job started' && l.job === 'enhance')).toBe(true);
      // Its ffmpeg died with it (no orphan keeps writing).
      await until(
        async () => (await processesUsing(dataDir)).length === 0,
        20_000,
        'no process left',
      );

      // Nothing half-written is published: the video is still processing, with no enhanced file.
      await withDatabase(async (database) => {
        const [row] = await database.db.select().from(videos).where(eq(videos.id, videoId));
        expect(row).toMatchObject({
          processingStatus: 'processing',
          enhancedFileUrl: null,
          enhancedKey: null,
          hlsUrl: null,
        });
        expect(row!.previewUrl).not.toBeNull();
      });
      const enhancedDir = path.join(dataDir, 'objects', 'videos', videoId, 'enhanced');
      expect(await readdir(enhancedDir).catch(() => [])).toEqual([]);

      // A new process takes the job back and finishes the video.
      const second = startProcess();
      await until(
        () => second.lines.some((l) => l.msg === 'job completed' && l.job === 'package'),
        300_000,
        'packaging to complete',
      );
      expect(
        second.lines.some(
          (l) => l.msg === 'job reclaimed from a stopped worker' && l.job === 'enhance',
        ),
      ).toBe(true);
      second.process.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      // The first attempt's working folder (partial encode included) was cleared by the second.
      expect(await readdir(path.dirname(encoding)).catch(() => null)).toBeNull();

      await withDatabase(async (database) => {
        const [row] = await database.db.select().from(videos).where(eq(videos.id, videoId));
        expect(row!.processingStatus).toBe('enhanced');
        expect(row!.hlsUrl).toMatch(/\/master\.m3u8$/);
        expect(row!.enhancedKey).not.toBeNull();
        const events = await database.db
          .select({ action: videoEvents.action })
          .from(videoEvents)
          .where(eq(videoEvents.videoId, videoId))
          .orderBy(videoEvents.createdAt);
        expect(events.map((e) => e.action)).toEqual([
          'ingested',
          'enhance_started',
          'enhanced',
          'packaged',
        ]);
        type JobRow = { name: string; state: string; retry_count: number };
        const result = (await database.db.execute(
          sql`select name, state::text as state, retry_count from pgboss.job where data->>'videoId' = ${videoId}`,
        )) as unknown as { rows: JobRow[] };
        const enhance = result.rows.find((j) => j.name === 'enhance');
        expect(enhance).toMatchObject({ state: 'completed', retry_count: 1 });
      });
      const hlsRoot = path.join(dataDir, 'objects', 'videos', videoId, 'hls');
      const [version] = await readdir(hlsRoot);
      expect(await readdir(path.join(hlsRoot, version!))).toContain('master.m3u8');
    });

    it('a growing preview killed mid-transcode never shrinks nor ends early, and ends after the resume', async () => {
      // An AVI the browser cannot play (40 s: ten 4 s segments); no enhancement after ingest.
      const videoId = await uploaded('legacyLong', 'camera.avi');
      const previewDir = path.join(dataDir, 'objects', 'videos', videoId, 'preview');
      const stored = async () => {
        const text = await readFile(path.join(previewDir, 'index.m3u8'), 'utf8').catch(() => null);
        return text === null ? null : parseMediaPlaylist(text);
      };
      // Every stored playlist seen, in order, from the first segment to the end.
      const seen: Array<{ segments: number; seconds: number; ended: boolean }> = [];
      const watch = async () => {
        const now = await stored();
        if (now) {
          const seconds = now.segments.reduce((sum, segment) => sum + segment.duration, 0);
          seen.push({ segments: now.segments.length, seconds, ended: now.ended });
        }
        return now;
      };

      const first = startProcess('off');
      await until(async () => ((await watch())?.segments.length ?? 0) >= 1, 300_000, 'a segment');
      first.process.kill('SIGKILL');
      await first.exited;
      await until(
        async () => (await processesUsing(dataDir)).length === 0,
        20_000,
        'no process left',
      );
      const killed = (await watch())!;
      expect(killed.ended).toBe(false);
      // What the playlist lists is stored: a player never asks for a segment that is not there.
      const files = await readdir(previewDir);
      expect(killed.segments.every((segment) => files.includes(segment.name))).toBe(true);

      const second = startProcess('off');
      await until(async () => (await watch())?.ended === true, 300_000, 'the preview to end');
      second.process.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      expect(
        second.lines.some(
          (l) => l.msg === 'job reclaimed from a stopped worker' && l.job === 'ingest',
        ),
      ).toBe(true);

      // Never fewer segments than before, never an end before the last one.
      for (let i = 1; i < seen.length; i += 1) {
        expect(seen[i]!.segments).toBeGreaterThanOrEqual(seen[i - 1]!.segments);
      }
      const last = seen.at(-1)!;
      expect(seen.filter((s) => s.ended).every((s) => s.segments === last.segments)).toBe(true);
      // The whole 40 s class, once.
      expect(last.seconds).toBeGreaterThan(39);
      expect(last.seconds).toBeLessThan(41);
      await withDatabase(async (database) => {
        const [row] = await database.db.select().from(videos).where(eq(videos.id, videoId));
        expect(row).toMatchObject({ processingStatus: 'uploaded', previewState: 'ended' });
        expect(row!.previewUrl).toBe(`/media/videos/${videoId}/preview/index.m3u8`);
      });
    });
  },
);
