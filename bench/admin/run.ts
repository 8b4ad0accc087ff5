/**
 * bench/admin: the admin video list (GET /api/admin/videos: the repository's page + counts
 * queries) over 100,000 videos of 1,000 owners, against a trivial baseline in the same run: one
 * video read by its primary key. Reports the median of each query and its ratio to the baseline.
 *
 *   npm run bench:admin                                  # embedded PGlite, 100k videos
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:admin
 *   BENCH_VIDEOS=20000 BENCH_ROUNDS=10 npm run bench:admin
 *
 * Target: every list query within 50x the primary-key read (a page stays a few milliseconds
 * while the table grows; without the indexes the unfiltered page sorts the whole table).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { adminVideosQuery } from '../../src/shared/admin.contract';
import { adminRepository } from '../../src/server/modules/admin/admin.repository';
import { freshDatabase } from '../../src/server/test/harness';

const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 100_000);
const OWNERS = Number(process.env.BENCH_OWNERS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const TARGET_RATIO = 50;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function time(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await run(); // warm the cache and the plan
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

async function main() {
  const database = await freshDatabase();
  const { db } = database;
  try {
    const seedStart = Date.now();
    await db.execute(sql`
      INSERT INTO users (email, password, company_name)
      SELECT 'owner' || g || '@bench.example', 'x', 'Studio ' || g || CASE WHEN g % 10 = 0 THEN ' Spin' ELSE ' Fitness' END
      FROM generate_series(1, ${OWNERS}) AS g`);
    await db.execute(sql`
      INSERT INTO videos (user_id, title, original_file_name, original_file_url, file_size,
                          processing_status, uploaded_at)
      SELECT u.id,
             (ARRAY['Hill Climb','Sprint Intervals','Recovery Ride','Tempo Tuesday','Power Hour'])[1 + g % 5] || ' ' || g,
             'class-' || g || '.mp4',
             '/api/objects/uploads/bench/' || g,
             '734003200',
             (ARRAY['uploaded','processing','enhanced','enhanced','enhanced','failed'])[1 + g % 6],
             now() - (g || ' seconds')::interval
      FROM generate_series(1, ${VIDEOS}) AS g
      JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users) u ON u.n = 1 + g % ${OWNERS}`);
    await db.execute(sql`ANALYZE`);
    const seedSeconds = (Date.now() - seedStart) / 1000;

    const repo = adminRepository(db);
    const rows = await db.execute(sql`SELECT id, user_id FROM videos ORDER BY uploaded_at LIMIT 1`);
    const first = ((rows as unknown as { rows?: unknown[] }).rows ??
      (rows as unknown as unknown[]))[0] as {
      id: string;
      user_id: string;
    };
    const q = (input: Record<string, string>) => adminVideosQuery.parse(input);
    const lastPage = String(Math.ceil(VIDEOS / 20));

    const baseline = await time(() => repo.find(first.id));
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['page 1, no filter', () => repo.list(q({}))],
      [`page ${lastPage} (the last), no filter`, () => repo.list(q({ page: lastPage }))],
      ['status = failed, page 1', () => repo.list(q({ status: 'failed' }))],
      ['one owner, page 1', () => repo.list(q({ ownerId: first.user_id }))],
      ["search 'hill climb 99'", () => repo.list(q({ q: 'hill climb 99' }))],
      ["search 'spin' (company)", () => repo.list(q({ q: 'spin' }))],
    ];
    const results = [];
    for (const [name, run] of cases) {
      const ms = await time(run);
      results.push({ name, ms: Number(ms.toFixed(2)), ratio: Number((ms / baseline).toFixed(1)) });
    }

    const report = {
      database: database.kind,
      videos: VIDEOS,
      owners: OWNERS,
      rounds: ROUNDS,
      seedSeconds,
      baselineMs: Number(baseline.toFixed(3)),
      results,
      targetRatio: TARGET_RATIO,
      pass: results.every((r) => r.ratio <= TARGET_RATIO),
    };
    console.log(
      `${VIDEOS} videos, ${OWNERS} owners on ${database.kind} (seeded in ${seedSeconds.toFixed(1)} s)`,
    );
    console.log(`baseline: one video by primary key  ${baseline.toFixed(3)} ms`);
    for (const r of results)
      console.log(`${r.name.padEnd(36)} ${String(r.ms).padStart(8)} ms   ${r.ratio}x baseline`);
    console.log(
      report.pass ? `PASS (every query <= ${TARGET_RATIO}x)` : `FAIL (target ${TARGET_RATIO}x)`,
    );
    const out = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      `results-${database.kind}.json`,
    );
    await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
