/**
 * bench/offline-download: saving a 1 GiB class on a tablet (issue #21 part 6, decision 0048).
 * The app runs in this process (the BUILT web app, a fresh PGlite database) with one class whose
 * offline file is a synthetic 1 GiB file put straight into the object store under the class's
 * version folder (`offline.mp4`, as the packaging job leaves it). Then, in the same run:
 *
 * - **baseline: Node's fetch piped to a file** (`stream.pipeline` into a write stream, fsynced at
 *   the end), the same URL over loopback, in this process: time and this process's RSS growth;
 * - **the page's engine** in headless Chromium: 'Save for offline' tapped on the gym page until the
 *   card says Saved (ranged parts into the Origin Private File System, decision 0048): time, and the
 *   peak RSS growth of Chromium's whole process tree (browser, renderer, network and storage
 *   services), sampled every 100 ms from /proc.
 *
 *   npm run bench:offline-download           # builds the web app into OD_WEB_DIST first
 *   OD_SKIP_BUILD=1 OD_WEB_DIST=dist/web OD_BYTES=268435456 npm run bench:offline-download
 *
 * Targets: the engine within 3x the baseline's time (it writes every part through the browser's
 * storage service), and Chromium's memory growth at most 256 MB for 1 GiB (flat: never the file
 * in memory). Exit code 1 when one is missed. The machine's load average is printed with the
 * figures: the box is shared.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { videos } from '../../src/server/db/schema/videos';
import { mediaKeys, mediaUrls } from '../../src/server/media/media-paths';
import { openObjectStore } from '../../src/server/storage/create-object-store';
import { freshDatabase } from '../../src/server/test/harness';
import { onboardOwner, seedVideos } from '../../e2e/support/seed';
import { storePlayableClass } from '../lighthouse/playable-class';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));
const WEB_DIST = process.env.OD_WEB_DIST ?? '/tmp/cadence/od-dist';
const BYTES = Number(process.env.OD_BYTES ?? 1024 ** 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DATA_DIR = '/tmp/cadence-offline-bench';
const SLUG = 'offline-bench';
const VERSION = 'od1';
const TIME_RATIO_TARGET = 3;
const MEMORY_TARGET_MB = 256;
const MB = 1024 * 1024;

const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
const load = () => loadavg().map((n) => Math.round(n * 100) / 100);

/** The synthetic file: one random MiB again and again (never compressible, never in memory). */
async function syntheticFile(file: string, bytes: number) {
  const block = randomBytes(MB);
  const handle = await open(file, 'w');
  try {
    for (let at = 0; at < bytes; at += MB) {
      await handle.write(block, 0, Math.min(MB, bytes - at));
    }
  } finally {
    await handle.close();
  }
}

/** Resident set size of a process, in bytes (0 once it is gone). */
function rss(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The process ids whose command line holds `marker`, and all their descendants. */
function processTree(marker: string): number[] {
  const parents = new Map<number, number>();
  const roots: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parents.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) roots.push(pid);
    } catch {
      /* gone meanwhile */
    }
  }
  const tree = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!tree.has(pid) && tree.has(parent)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return [...tree];
}

/** Samples `measure` every 100 ms until stopped; answers the peak. */
function sampler(measure: () => number) {
  let peak = measure();
  const timer = setInterval(() => {
    peak = Math.max(peak, measure());
  }, 100);
  return () => {
    clearInterval(timer);
    return Math.max(peak, measure());
  };
}

async function plainFetch(url: string, dir: string) {
  const file = path.join(dir, 'plain.mp4');
  const before = process.memoryUsage().rss;
  const stop = sampler(() => process.memoryUsage().rss);
  const started = performance.now();
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`plain fetch: ${response.status}`);
  // (DOM's and Node's ReadableStream types differ; the object is Node's own.)
  const body = response.body as unknown as Parameters<typeof Readable.fromWeb>[0];
  await pipeline(Readable.fromWeb(body), createWriteStream(file));
  const handle = await open(file, 'r+');
  await handle.sync();
  await handle.close();
  const ms = performance.now() - started;
  const peak = stop();
  await rm(file, { force: true });
  return { ms, rssGrowthBytes: peak - before };
}

async function engineSave(baseUrl: string, dir: string) {
  const profile = path.join(dir, 'chromium-profile');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    baseURL: baseUrl,
    viewport: { width: 1024, height: 768 },
    serviceWorkers: 'block',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`/gym/${SLUG}`);
    const save = page.getByRole('button', { name: /Save for offline/ }).first();
    await save.waitFor({ timeout: 60_000 });
    // Settled: the page and its lazy chunks loaded, nothing saving.
    await page.waitForTimeout(2000);
    const treeRss = () => processTree(profile).reduce((sum, pid) => sum + rss(pid), 0);
    const before = treeRss();
    const stop = sampler(treeRss);
    const started = performance.now();
    await save.click();
    await page
      .getByTestId('saved-badge')
      .first()
      .waitFor({ timeout: 30 * 60_000 });
    const ms = performance.now() - started;
    const peak = stop();
    const stored = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    return { ms, rssGrowthBytes: peak - before, rssBeforeBytes: before, storedBytes: stored };
  } finally {
    await context.close();
  }
}

async function main() {
  if (!process.env.OD_SKIP_BUILD) {
    execFileSync('npm', ['run', 'build'], {
      cwd: ROOT,
      env: { ...process.env, WEB_OUT_DIR: WEB_DIST },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  if (!existsSync(path.join(WEB_DIST, 'gym.html'))) throw new Error(`no build in ${WEB_DIST}`);
  const loadBefore = load();
  const dir = await mkdtemp(path.join(tmpdir(), 'cadence-offline-bench-'));
  const database = await freshDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR });
  const app = await buildApp({ config, database, web: 'static', webDist: WEB_DIST });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    const owner = await onboardOwner(app, {
      email: 'owner@offline-bench.example',
      companyName: 'Offline Bench Cycle',
      slug: SLUG,
    });
    const [video] = await seedVideos(database, owner.id, [
      { title: 'One Gigabyte Climb', status: 'enhanced', duration: 3600 },
    ]);
    const id = video!.id;
    // A real ladder (the class is packaged), and the synthetic offline file beside it.
    await storePlayableClass(config, id, VERSION);
    const synthetic = path.join(dir, 'offline.mp4');
    await syntheticFile(synthetic, BYTES);
    const store = await openObjectStore(config, Date.now);
    try {
      await store.putFile(`${mediaKeys.hls(id, VERSION)}offline.mp4`, synthetic, {
        contentType: 'video/mp4',
      });
    } finally {
      await store.close();
    }
    await database.db
      .update(videos)
      .set({ hlsUrl: mediaUrls.hls(id, VERSION), offlineBytes: BYTES })
      .where(eq(videos.id, id));
    const url = `${baseUrl}${mediaUrls.hls(id, VERSION).replace(/master\.m3u8$/, 'offline.mp4')}`;

    const plain = await plainFetch(url, dir);
    console.log(
      `baseline, Node fetch piped to a file: ${(plain.ms / 1000).toFixed(1)} s, ` +
        `${mb(BYTES / (plain.ms / 1000))} MB/s, RSS growth ${mb(plain.rssGrowthBytes)} MB`,
    );
    const engine = await engineSave(baseUrl, dir);
    console.log(
      `the page's engine (Chromium, OPFS parts): ${(engine.ms / 1000).toFixed(1)} s, ` +
        `${mb(BYTES / (engine.ms / 1000))} MB/s, Chromium's RSS growth ${mb(engine.rssGrowthBytes)} MB ` +
        `(from ${mb(engine.rssBeforeBytes)} MB), stored ${mb(engine.storedBytes)} MB`,
    );
    const ratio = Math.round((engine.ms / plain.ms) * 100) / 100;
    const met = {
      time: ratio <= TIME_RATIO_TARGET,
      memory: engine.rssGrowthBytes <= MEMORY_TARGET_MB * MB,
      stored: engine.storedBytes >= BYTES,
    };
    const loadAfter = load();
    console.log(
      `engine / baseline time: ${ratio}x (target <= ${TIME_RATIO_TARGET}); memory growth target ` +
        `<= ${MEMORY_TARGET_MB} MB; load average ${loadBefore.join(', ')} -> ${loadAfter.join(', ')}; ` +
        `${cpus().length} CPUs; targets ${Object.values(met).every(Boolean) ? 'met' : 'MISSED'}`,
    );
    await writeFile(
      RESULTS,
      `${JSON.stringify(
        {
          at: new Date().toISOString(),
          node: process.version,
          cpus: cpus().length,
          loadAverage: { before: loadBefore, after: loadAfter },
          bytes: BYTES,
          baseline: { ms: Math.round(plain.ms), rssGrowthMb: mb(plain.rssGrowthBytes) },
          engine: {
            ms: Math.round(engine.ms),
            chromiumRssGrowthMb: mb(engine.rssGrowthBytes),
            chromiumRssBeforeMb: mb(engine.rssBeforeBytes),
            storedMb: mb(engine.storedBytes),
          },
          timeRatio: ratio,
          targets: { timeRatio: TIME_RATIO_TARGET, memoryGrowthMb: MEMORY_TARGET_MB },
          met,
        },
        null,
        2,
      )}\n`,
    );
    if (!Object.values(met).every(Boolean)) process.exitCode = 1;
  } finally {
    await app.close();
    await database.dispose();
    await rm(dir, { recursive: true, force: true });
    await rm(DATA_DIR, { recursive: true, force: true });
  }
}

await main();
