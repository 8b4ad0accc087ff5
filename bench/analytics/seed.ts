import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

export interface BenchSeed {
  /** The measured owner's sessions. */
  sessions: number;
  /** Sessions of the other owners (noise the owner's index range must skip). */
  noise: number;
  videos: number;
  viewers: number;
  days: number;
  now: Date;
}

export interface SeededBench {
  ownerId: string;
  videoIds: string[];
}

const DAY_S = 24 * 60 * 60;

async function insertOwner(db: Db, label: string): Promise<string> {
  const result = await db.execute(sql`
    insert into users (email, password, company_name, company_slug, onboarding_completed)
    values (${`${label}@bench.test`}, 'x', ${label}, ${label}, 'true')
    returning id`);
  return String((result as unknown as { rows: Array<{ id: string }> }).rows[0]!.id);
}

/** `count` videos of 20-60 minutes (every 10th with an unknown duration), uploaded before the sessions. */
async function insertVideos(db: Db, ownerId: string, count: number, now: Date): Promise<string[]> {
  const result = await db.execute(sql`
    insert into videos (user_id, title, original_file_name, original_file_url, file_size, duration,
                        processing_status, uploaded_at)
    select ${ownerId}, 'Class ' || i, 'class.mp4', '/objects/class.mp4', '1048576',
           case when i % 10 = 0 then null else (1200 + (i * 600) % 2400)::text end,
           'enhanced', ${now.toISOString()}::timestamptz - interval '90 days'
    from generate_series(1, ${count}) i
    returning id`);
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((r) => String(r.id));
}

/**
 * `count` sessions spread over `days` days before `now`, pseudo-random but deterministic: a
 * video, a viewer, a start, watched seconds up to 40 minutes, 80% of them counted as views.
 */
async function insertSessions(
  db: Db,
  ownerId: string,
  videoIds: string[],
  count: number,
  viewers: number,
  days: number,
  now: Date,
  salt: number,
): Promise<void> {
  const ids = sql.raw(`array[${videoIds.map((id) => `'${id}'::uuid`).join(',')}]`);
  const batch = 250_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.execute(sql`
      insert into playback_sessions (id, video_id, owner_id, viewer_id, started_at, last_seen_at,
                                     watched_seconds, last_position, furthest_position,
                                     view_counted_at)
      select gen_random_uuid(), (${ids})[1 + h1 % ${videoIds.length}], ${ownerId},
             'viewer-' || ${salt} || '-' || (h2 % ${viewers}),
             s, s + make_interval(secs => w), w, w, w,
             case when h3 % 5 <> 0 then s + interval '10 seconds' end
      from (
        select abs(hashint8extended(i, ${salt}::bigint * 10 + 1)) as h1,
               abs(hashint8extended(i, ${salt}::bigint * 10 + 2)) as h2,
               abs(hashint8extended(i, ${salt}::bigint * 10 + 3)) as h3,
               ${now.toISOString()}::timestamptz
                 - make_interval(secs => (abs(hashint8extended(i, ${salt}::bigint * 10 + 4)) % ${days * DAY_S})::float8) as s,
               (abs(hashint8extended(i, ${salt}::bigint * 10 + 5)) % 2400)::real as w
        from generate_series(${from}::bigint, ${to}::bigint) i
      ) g`);
  }
}

/** One measured owner with `sessions` sessions, plus two other owners with the noise between them. */
export async function seedBench(db: Db, seed: BenchSeed): Promise<SeededBench> {
  const ownerId = await insertOwner(db, 'bench-owner');
  const videoIds = await insertVideos(db, ownerId, seed.videos, seed.now);
  await insertSessions(db, ownerId, videoIds, seed.sessions, seed.viewers, seed.days, seed.now, 1);
  for (const [n, label] of ['bench-noise-a', 'bench-noise-b'].entries()) {
    const other = await insertOwner(db, label);
    const theirs = await insertVideos(db, other, 5, seed.now);
    await insertSessions(
      db,
      other,
      theirs,
      Math.floor(seed.noise / 2),
      500,
      seed.days,
      seed.now,
      2 + n,
    );
  }
  await db.execute(sql`analyze`);
  return { ownerId, videoIds };
}
