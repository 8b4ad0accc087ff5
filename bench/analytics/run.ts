/**
 * bench/analytics: GET /api/analytics's aggregation (decision 0005: SQL over the playback_sessions
 * indexes) over the sessions a million player beacons make (BENCH_BEACONS; or BENCH_SESSIONS
 * sessions), on PGlite (default) or on the PostgreSQL server named by DATABASE_URL (a fresh
 * database, dropped after). The baseline, measured in the same run, is one `count(*)` over the
 * owner's index range of the two periods (the least any aggregation of those rows has to read).
 *
 *   npm run bench:analytics
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:analytics
 *   BENCH_SESSIONS=1000000 npm run bench:analytics   (a million sessions: about 83 million beacons)
 *
 * Target: the overview in well under a second: at most 500 ms.
 */
import { sql } from 'drizzle-orm';
import { readFile, writeFile } from 'node:fs/promises';
import { freshDatabase } from '../../src/server/test/harness';
import { analyticsRepository } from '../../src/server/modules/analytics/analytics.repository';
import { analyticsService } from '../../src/server/modules/analytics/analytics.service';
import { seedBench } from './seed';

/**
 * The player sends a beacon at start, every 15 s of playback, and at pause/end/hide, all folded into
 * one session row. The seed's sessions watch 0-40 min (20 min on average): about 83 beacons each.
 */
const BEACONS_PER_SESSION = 1200 / 15 + 3;
const BEACONS = Number(process.env.BENCH_BEACONS ?? 1_000_000);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? Math.round(BEACONS / BEACONS_PER_SESSION));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET_MS = 500;
const DAY_MS = 24 * 60 * 60 * 1000;
const RESULTS = new URL('./results.json', import.meta.url);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed<T>(f: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await f();
  return { ms: performance.now() - t0, value };
}

async function rounds(f: () => Promise<unknown>): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < ROUNDS; i++) ms.push((await timed(f)).ms);
  return median(ms);
}

const database = await freshDatabase();
const db = database.db;
try {
  const now = new Date();
  console.log(`seeding ${SESSIONS} sessions on ${database.kind}...`);
  const seed = await timed(() =>
    seedBench(db, {
      sessions: SESSIONS,
      noise: SESSIONS / 10,
      videos: 50,
      viewers: 5000,
      days: 60,
      now,
    }),
  );
  const { ownerId, videoIds } = seed.value;
  const service = analyticsService(analyticsRepository(db), () => now.getTime());
  // The top plan (every figure, retention and CSV), an account older than the sessions.
  const owner = {
    id: ownerId,
    plan: 'elite-studio',
    createdAt: new Date(now.getTime() - 90 * DAY_MS),
  };
  const query = { tz: 'America/New_York' };
  // What these sessions stand for: each beacon the player would have sent for them.
  const beacons = (
    (await db.execute(sql`select sum(ceil(watched_seconds / 15) + 3)::float8 as beacons
      from playback_sessions where owner_id = ${ownerId}`)) as unknown as {
      rows: Array<{ beacons: number }>;
    }
  ).rows[0]?.beacons;

  const baseline = await rounds(() =>
    db.execute(sql`select count(*) from playback_sessions
      where owner_id = ${ownerId} and started_at >= ${new Date(now.getTime() - 60 * DAY_MS).toISOString()}::timestamptz`),
  );
  const first = await timed(() => service.overview(owner, query));
  const overview = await rounds(() => service.overview(owner, query));
  // The busiest class's audience retention, and the largest CSV (every class), same period.
  const retention = await rounds(() => service.retention(owner, { ...query, video: videoIds[0]! }));
  const csv = await rounds(() => service.csv(owner, { ...query, table: 'videos' }));

  const result = {
    at: new Date().toISOString(),
    database: database.kind,
    sessions: SESSIONS,
    beacons: Math.round(Number(beacons)),
    seedSeconds: Math.round(seed.ms / 100) / 10,
    baselineMs: Math.round(baseline),
    firstMs: Math.round(first.ms),
    overviewMs: Math.round(overview),
    overviewVsBaseline: Math.round((overview / baseline) * 100) / 100,
    retentionMs: Math.round(retention),
    csvMs: Math.round(csv),
    views: first.value.summary.totalViews.value,
    met: Math.max(overview, retention, csv) <= TARGET_MS,
  };
  console.table(result);
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(await readFile(RESULTS, 'utf8')) as Record<string, unknown>;
  } catch {
    // First run.
  }
  all[database.kind] = result;
  await writeFile(RESULTS, `${JSON.stringify(all, null, 2)}\n`);
  process.exitCode = result.met ? 0 : 1;
} finally {
  await database.dispose();
}
