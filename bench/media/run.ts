/**
 * bench/media: the media pipeline on generated 60 s clips (720p and 1080p, H.264/AAC with grain so
 * the encoder has real work), run by the real jobs through the real queue (in-memory PGlite, local
 * storage). Reports, as fractions of the clip's duration:
 *   - preview: from the ingest job's start to the playable preview being published
 *   - enhance: the enhance job (analysis + the full pass), with a logo
 *   - package: the HLS ladder
 * and, as the same-run baseline, a plain decode of the clip (how fast this machine is right now).
 *
 *   npm run bench:media                  # 720p, 1080p, and 720p with a green screen
 *   BENCH_SECONDS=20 BENCH_CASES=720p npm run bench:media
 *
 * Targets (2 cores): preview within 10 s for browser-safe sources; enhance + package ≤ 1.0x the
 * duration at 720p. Results go to bench/media/results.json and the media block of bench/README.md.
 *
 * The growing preview (decision 0029): a 1-minute and a 10-minute 1080p MPEG-4 Part 2 AVI (which no
 * browser plays), generated once into bench/.cache/ (gitignored) and kept; ingest alone runs and the
 * bench reports the time from the job being queued (the upload's end) to the first segment being
 * playable (the row says 'growing': its playlist and segment are stored), beside the full preview
 * transcode. Target: at most 10 s, the two within 2 s of each other.
 *
 *   BENCH_CASES=growing npm run bench:media   # only the growing preview
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema/users';
import { videoEvents, videos } from '../../src/server/db/schema/videos';
import { createMediaPipeline } from '../../src/server/jobs/media-pipeline';
import { silentLog, until } from '../../src/server/test/job-support';
import { createObjectStore } from '../../src/server/storage/create-object-store';

const exec = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const HERE = path.dirname(fileURLToPath(import.meta.url));
const README = path.join(HERE, '..', 'README.md');

interface Case {
  name: string;
  width: number;
  height: number;
  greenScreen: boolean;
}

/** 2160p runs only when named (BENCH_CASES=1080p,2160p): 4K against 1080p in the same run. */
const UHD = '2160p';
const CASES: Case[] = [
  { name: '720p', width: 1280, height: 720, greenScreen: false },
  { name: '1080p', width: 1920, height: 1080, greenScreen: false },
  { name: '720p green screen', width: 1280, height: 720, greenScreen: true },
  { name: UHD, width: 3840, height: 2160, greenScreen: false },
].filter((c) =>
  process.env.BENCH_CASES ? process.env.BENCH_CASES.split(',').includes(c.name) : c.name !== UHD,
);
const GROWING = !process.env.BENCH_CASES || process.env.BENCH_CASES.split(',').includes('growing');
const CACHE_DIR = path.join(HERE, '..', '.cache');
const GROWING_MINUTES = [1, 10];

/** A clip with motion and grain (testsrc2 alone compresses unrealistically well). */
async function makeClip(dir: string, c: Case): Promise<string> {
  const file = path.join(dir, `${c.name.replace(/\W+/g, '-')}.mp4`);
  const size = `${c.width}x${c.height}`;
  const picture = c.greenScreen
    ? `color=c=0x00B140:s=${size}:r=30:d=${SECONDS}[bg];testsrc2=s=${Math.round(c.width / 3)}x${Math.round(c.height * 0.7)}:r=30:d=${SECONDS}[fg];` +
      `[bg][fg]overlay=x='W/3+sin(t)*W/6':y=H*0.2:shortest=1,noise=alls=8:allf=t`
    : `testsrc2=s=${size}:r=30:d=${SECONDS},noise=alls=6:allf=t,lutyuv=y=val*0.75`;
  await exec(FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    picture,
    '-f',
    'lavfi',
    '-i',
    `sine=f=220:d=${SECONDS}:sample_rate=48000,volume=-18dB`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-shortest',
    file,
  ]);
  return file;
}

async function makeLogo(dir: string): Promise<string> {
  const file = path.join(dir, 'logo.png');
  await exec(FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=0xFF4500:s=400x200,format=rgba',
    '-frames:v',
    '1',
    file,
  ]);
  return file;
}

/**
 * CPU seconds used so far by this process's finished children (ffmpeg): cutime + cstime of
 * /proc/self/stat, in clock ticks of 1/100 s. Unlike wall time it does not grow when other work
 * shares the machine.
 */
async function childCpuSeconds(): Promise<number> {
  const stat = await readFile('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields from "state" on: cutime and cstime are the 14th and 15th.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** The same-run baseline: decoding the clip once, nothing else (wall and CPU seconds). */
async function decodeSeconds(file: string): Promise<{ wall: number; cpu: number }> {
  const cpu = await childCpuSeconds();
  const start = performance.now();
  await exec(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-i', file, '-f', 'null', '-']);
  return { wall: (performance.now() - start) / 1000, cpu: (await childCpuSeconds()) - cpu };
}

interface Result {
  case: string;
  seconds: number;
  /** Wall time of each step as a fraction of the clip's duration. */
  decode: number;
  preview: number;
  enhance: number;
  package: number;
  /** ffmpeg CPU seconds of each step per second of clip. */
  cpu: { decode: number; preview: number; enhance: number; package: number };
  previewMode: string;
  notes: string;
}

/** A media pipeline on an in-memory database and local storage under `dataDir`. */
async function openRig(dataDir: string, env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...env,
  });
  const database = await openDatabase({});
  await database.migrate();
  const store = await createObjectStore(config, { signingSecret: 'b'.repeat(32), now: Date.now });
  const pipeline = await createMediaPipeline({
    config,
    database,
    store,
    log: silentLog,
    pollIntervalMs: 250,
  });
  return { database, store, pipeline };
}

/** The owner the bench's videos belong to: on Elite Studio, so every clip gets its whole ladder. */
async function benchOwner(database: Awaited<ReturnType<typeof openDatabase>>) {
  const [user] = await database.db
    .insert(users)
    .values({ email: `bench-${randomUUID()}@example.com`, password: 'x', plan: 'elite-studio' })
    .returning({ id: users.id });
  return user;
}

async function runCase(c: Case, clipFile: string, logoFile: string, work: string): Promise<Result> {
  const dataDir = path.join(work, `data-${randomUUID().slice(0, 8)}`);
  const { database, store, pipeline } = await openRig(dataDir);
  try {
    const user = await benchOwner(database);
    const videoId = randomUUID();
    const originalKey = `uploads/bench/${videoId}`;
    const logoKey = `uploads/bench/${videoId}-logo`;
    const objects = path.join(dataDir, 'objects', 'uploads', 'bench');
    await mkdir(objects, { recursive: true });
    await copyFile(clipFile, path.join(objects, videoId));
    await copyFile(logoFile, path.join(objects, `${videoId}-logo`));
    await database.db.insert(videos).values({
      id: videoId,
      userId: user!.id,
      title: c.name,
      originalFileName: 'class.mp4',
      originalFileUrl: store.addressFor(originalKey),
      originalKey,
      fileSize: '1',
      addLogo: true,
      logoKey,
      logoFileUrl: store.addressFor(logoKey),
      replaceBackground: c.greenScreen,
      backgroundDescription: c.greenScreen ? 'sunset road' : null,
    });
    await pipeline.startWorker();
    // The steps run one after another (ingest, then enhance, then package): the children's CPU
    // time read when each step's event appears is that step's (its ffmpeg runs have ended).
    const cpuAt: Record<string, number> = { queued: await childCpuSeconds() };
    const queued = Date.now();
    await pipeline.jobs.ingest(videoId);
    const row = await until(
      async () => {
        const [v] = await database.db.select().from(videos).where(eq(videos.id, videoId));
        const seen = await database.db
          .select({ action: videoEvents.action })
          .from(videoEvents)
          .where(eq(videoEvents.videoId, videoId));
        for (const { action } of seen) cpuAt[action] ??= await childCpuSeconds();
        return v?.hlsUrl || v?.processingStatus === 'failed' ? v : null;
      },
      3_600_000,
      'the video to be packaged',
    );
    if (row.processingStatus === 'failed') throw new Error(`failed: ${row.processingNotes}`);
    const events = await database.db
      .select()
      .from(videoEvents)
      .where(eq(videoEvents.videoId, videoId))
      .orderBy(videoEvents.createdAt);
    const at = (action: string) => {
      const e = events.find((x) => x.action === action);
      if (!e) throw new Error(`no ${action} event`);
      return e.createdAt.getTime();
    };
    const duration = Number(row.duration);
    const cpu = (from: string, to: string) =>
      ((cpuAt[to] ?? NaN) - (cpuAt[from] ?? NaN)) / duration;
    return {
      case: c.name,
      seconds: duration,
      decode: 0,
      cpu: {
        decode: 0,
        preview: cpu('queued', 'ingested'),
        enhance: cpu('enhance_started', 'enhanced'),
        package: cpu('enhanced', 'packaged'),
      },
      // From the moment the job was queued (the upload finished) to the preview in the store.
      preview: (at('ingested') - queued) / 1000 / duration,
      enhance: (at('enhanced') - at('enhance_started')) / 1000 / duration,
      package: (at('packaged') - at('enhanced')) / 1000 / duration,
      previewMode: events.find((e) => e.action === 'ingested')?.notes?.includes('original codecs')
        ? 'remux'
        : 'transcode',
      notes: row.processingNotes ?? '',
    };
  } finally {
    await pipeline.stop();
    await store.close();
    await database.close();
  }
}

/**
 * A 1080p MPEG-4 Part 2 AVI with MP3 sound (what an old camera writes), made once and kept: the
 * 1-minute clip is encoded, longer ones are it looped and copied (same picture, same bit rate).
 */
async function cachedLegacyClip(minutes: number): Promise<string> {
  const file = path.join(CACHE_DIR, `legacy-1080p-${minutes}min.avi`);
  if (await stat(file).catch(() => null)) return file;
  await mkdir(CACHE_DIR, { recursive: true });
  const partial = `${file}.part.avi`;
  const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
  if (minutes === 1) {
    await exec(FFMPEG, [
      ...quiet,
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=1920x1080:r=30:d=60',
      '-f',
      'lavfi',
      '-i',
      'sine=f=220:d=60:sample_rate=48000,volume=-18dB',
      '-c:v',
      'mpeg4',
      '-q:v',
      '4',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      '-shortest',
      partial,
    ]);
  } else {
    const one = await cachedLegacyClip(1);
    await exec(FFMPEG, [
      ...quiet,
      '-stream_loop',
      String(minutes - 1),
      '-i',
      one,
      '-c',
      'copy',
      partial,
    ]);
  }
  await rename(partial, file);
  return file;
}

interface GrowingResult {
  case: string;
  seconds: number;
  /** From the job being queued to the first segment playable (playlist and segment stored). */
  firstSegment: number;
  /** From the job being queued to the whole preview stored (its playlist ended). */
  fullTranscode: number;
}

/** Ingest alone (AUTO_ENHANCE off) on an in-memory database and local storage. */
async function runGrowing(minutes: number, clipFile: string, work: string): Promise<GrowingResult> {
  const dataDir = path.join(work, `growing-${randomUUID().slice(0, 8)}`);
  const { database, store, pipeline } = await openRig(dataDir, { AUTO_ENHANCE: 'off' });
  try {
    const user = await benchOwner(database);
    const videoId = randomUUID();
    const originalKey = `uploads/bench/${videoId}`;
    const objects = path.join(dataDir, 'objects', 'uploads', 'bench');
    await mkdir(objects, { recursive: true });
    await copyFile(clipFile, path.join(objects, videoId));
    await database.db.insert(videos).values({
      id: videoId,
      userId: user!.id,
      title: `${minutes} min`,
      originalFileName: 'class.avi',
      originalFileUrl: store.addressFor(originalKey),
      originalKey,
      fileSize: '1',
    });
    await pipeline.startWorker();
    const queued = performance.now();
    await pipeline.jobs.ingest(videoId);
    const state = async () => {
      const [v] = await database.db.select().from(videos).where(eq(videos.id, videoId));
      if (v?.processingStatus === 'failed') throw new Error(`failed: ${v.processingNotes}`);
      return v;
    };
    const first = await until(
      async () => {
        const v = await state();
        return v && v.previewState !== 'none' ? performance.now() : null;
      },
      600_000,
      'the first segment',
    );
    // Playable: the playlist the row points at lists a stored segment.
    const playlist = await readFile(
      path.join(dataDir, 'objects', 'videos', videoId, 'preview', 'index.m3u8'),
      'utf8',
    );
    if (!/seg_00000\.ts/.test(playlist)) throw new Error('no segment listed');
    const ended = await until(
      async () => ((await state())?.previewState === 'ended' ? performance.now() : null),
      3_600_000,
      'the whole preview',
    );
    return {
      case: `${minutes} min 1080p MPEG-4 Part 2 AVI`,
      seconds: minutes * 60,
      firstSegment: (first - queued) / 1000,
      fullTranscode: (ended - queued) / 1000,
    };
  } finally {
    await pipeline.stop();
    await store.close();
    await database.close();
  }
}

function growingTable(results: GrowingResult[], load: { before: number[]; after: number[] }) {
  const spread =
    Math.max(...results.map((r) => r.firstSegment)) -
    Math.min(...results.map((r) => r.firstSegment));
  return [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores ` +
      `(${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}); load average ` +
      `${load.before.map((l) => l.toFixed(1)).join('/')} before, ${load.after.map((l) => l.toFixed(1)).join('/')} after.`,
    '',
    '| source | upload end -> first segment playable | full preview transcode |',
    '|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.case} | **${r.firstSegment.toFixed(1)} s** | ${r.fullTranscode.toFixed(1)} s (${fx(r.fullTranscode / r.seconds)} of its length) |`,
    ),
    '',
    `First segment: spread ${spread.toFixed(1)} s between the lengths (target ≤ 2 s), ` +
      `slowest ${Math.max(...results.map((r) => r.firstSegment)).toFixed(1)} s (target ≤ 10 s).`,
  ].join('\n');
}

const fx = (n: number) => `${n.toFixed(2)}x`;
const secs = (fraction: number, duration: number) => `${(fraction * duration).toFixed(1)} s`;

function table(results: Result[], load: { before: number[]; after: number[] }): string {
  const lines = [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores ` +
      `(${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}); load average ${load.before.map((l) => l.toFixed(1)).join('/')} ` +
      `before, ${load.after.map((l) => l.toFixed(1)).join('/')} after. Clips: ${SECONDS} s, 30 fps, H.264/AAC with grain.`,
    '',
    'Wall time as a fraction of the clip duration (lower is faster; 1.00x = as long as the clip):',
    '',
    '| clip | decode only (baseline) | preview | enhance | package | enhance + package |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.case} | ${fx(r.decode)} | ${fx(r.preview)} (${secs(r.preview, r.seconds)}, ${r.previewMode}) | ` +
        `${fx(r.enhance)} (${secs(r.enhance, r.seconds)}) | ${fx(r.package)} (${secs(r.package, r.seconds)}) | ` +
        `**${fx(r.enhance + r.package)}** |`,
    ),
    '',
    'ffmpeg CPU seconds per second of clip (independent of other load; on 2 idle cores the wall',
    'time is at best half of it, as libx264 and the filters use both cores):',
    '',
    '| clip | decode only | preview | enhance | package | enhance + package |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.case} | ${r.cpu.decode.toFixed(2)} | ${r.cpu.preview.toFixed(2)} | ${r.cpu.enhance.toFixed(2)} | ` +
        `${r.cpu.package.toFixed(2)} | **${(r.cpu.enhance + r.cpu.package).toFixed(2)}** |`,
    ),
  ];
  return lines.join('\n');
}

/** 4K against 1080p measured in the same run: the ratios are what this machine's load leaves alike. */
function uhdTable(results: Result[], load: { before: number[]; after: number[] }): string | null {
  const hd = results.find((r) => r.case === '1080p');
  const uhd = results.find((r) => r.case === UHD);
  if (!hd || !uhd) return null;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;
  const row = (r: Result) =>
    `| ${r.case} | ${fx(r.enhance)} (${r.cpu.enhance.toFixed(2)}) | ${fx(r.package)} (${r.cpu.package.toFixed(2)}) | ` +
    `**${fx(r.enhance + r.package)}** (${(r.cpu.enhance + r.cpu.package).toFixed(2)}) |`;
  return [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores ` +
      `(${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}); load average ${load.before.map((l) => l.toFixed(1)).join('/')} ` +
      `before, ${load.after.map((l) => l.toFixed(1)).join('/')} after. Clips: ${SECONDS} s, 30 fps, H.264/AAC with grain; the owner on Elite Studio.`,
    '',
    'Wall time as a fraction of the clip (ffmpeg CPU seconds per clip second):',
    '',
    '| clip | enhance | package (the whole ladder) | enhance + package |',
    '|---|---|---|---|',
    row(hd),
    row(uhd),
    `| **4K / 1080p** | ${ratio(uhd.enhance, hd.enhance)} (CPU ${ratio(uhd.cpu.enhance, hd.cpu.enhance)}) | ` +
      `${ratio(uhd.package, hd.package)} (CPU ${ratio(uhd.cpu.package, hd.cpu.package)}) | ` +
      `**${ratio(uhd.enhance + uhd.package, hd.enhance + hd.package)}** (CPU ${ratio(uhd.cpu.enhance + uhd.cpu.package, hd.cpu.enhance + hd.cpu.package)}) |`,
  ].join('\n');
}

async function writeReadme(
  block: string,
  marker = 'media-bench',
  heading = 'Media pipeline (npm run bench:media)',
): Promise<void> {
  const start = `<!-- ${marker}:start -->`;
  const end = `<!-- ${marker}:end -->`;
  let readme = await readFile(README, 'utf8').catch(() => '# Benchmarks\n');
  const section = `${start}\n${block}\n${end}`;
  if (readme.includes(start) && readme.includes(end)) {
    readme =
      readme.slice(0, readme.indexOf(start)) +
      section +
      readme.slice(readme.indexOf(end) + end.length);
  } else {
    readme = `${readme.trimEnd()}\n\n## ${heading}\n\n${section}\n`;
  }
  await writeFile(README, readme);
}

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-media-'));
  try {
    const before = os.loadavg();
    const logo = await makeLogo(work);
    const results: Result[] = [];
    for (const c of CASES) {
      console.log(`== ${c.name}: generating ${SECONDS} s clip`);
      const file = await makeClip(work, c);
      const decode = await decodeSeconds(file);
      console.log(`== ${c.name}: running ingest, enhance, package`);
      const result = await runCase(c, file, logo, work);
      result.decode = decode.wall / result.seconds;
      result.cpu.decode = decode.cpu / result.seconds;
      console.log(JSON.stringify(result));
      results.push(result);
    }
    const uhdBlock = uhdTable(results, { before, after: os.loadavg() });
    if (uhdBlock) {
      // The 4K comparison has its own block; the main table keeps its usual clips.
      console.log(`\n${uhdBlock}`);
      await writeReadme(
        uhdBlock,
        'uhd-bench',
        '4K against 1080p (BENCH_CASES=1080p,2160p npm run bench:media)',
      );
    } else if (results.length > 0) {
      const block = table(results, { before, after: os.loadavg() });
      console.log(`\n${block}`);
      await writeFile(
        path.join(HERE, 'results.json'),
        `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`,
      );
      await writeReadme(block);
    }
    if (GROWING) {
      const clips = [];
      for (const minutes of GROWING_MINUTES) {
        console.log(`== growing preview: ${minutes} min clip (cached in bench/.cache)`);
        clips.push({ minutes, file: await cachedLegacyClip(minutes) });
      }
      const growingBefore = os.loadavg();
      const growing: GrowingResult[] = [];
      for (const { minutes, file } of clips) {
        const result = await runGrowing(minutes, file, work);
        console.log(JSON.stringify(result));
        growing.push(result);
      }
      const block = growingTable(growing, { before: growingBefore, after: os.loadavg() });
      console.log(`\n${block}`);
      await writeFile(
        path.join(HERE, 'growing-results.json'),
        `${JSON.stringify({ at: new Date().toISOString(), results: growing }, null, 2)}\n`,
      );
      await writeReadme(block, 'growing-preview-bench', 'Growing preview (npm run bench:media)');
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
