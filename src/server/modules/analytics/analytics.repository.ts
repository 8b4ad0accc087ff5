import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { MAIN_LOCATION } from '@shared/locations.contract';
import type { Db } from '../../db/client';
import { gymLocations } from '../../db/schema/locations';
import { playbackSessions as ps } from '../../db/schema/playback';
import { videos as v } from '../../db/schema/videos';

/**
 * What one aggregation covers: one owner (and maybe one video), the period [from, to] with the
 * period of comparison [previousFrom, from), days in `timeZone`, and maybe one location's
 * playbacks (issue #18 part 5).
 */
export interface Scope {
  ownerId: string;
  videoId: string | null;
  /** Playbacks from one page: MAIN_LOCATION (the gym's own) or a further location's id; unset: all. */
  location?: string | null;
  timeZone: string;
  from: Date;
  to: Date;
  previousFrom: Date;
  /** The local days shown one by one, the last one the day of `to`. */
  days: number;
}

/** Raw sums of one period; the service turns them into the figures. */
export interface PeriodTotals {
  views: number;
  watchedSeconds: number;
  activeViewers: number;
  /** Average of min(watched / duration, 1) over counted views of videos with a known duration; null if none. */
  completion: number | null;
}

export interface VideoTotals {
  videoId: string;
  title: string;
  processingStatus: string;
  durationSeconds: number | null;
  views: number;
  uniqueViewers: number;
  watchedSeconds: number;
  completion: number | null;
  lastViewedAt: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const num = (x: unknown) => (x === null || x === undefined ? 0 : Number(x));
const numOrNull = (x: unknown) => (x === null || x === undefined ? null : Number(x));

/** The video's duration in seconds when the text holds a number (the product stores it as text). */
const durationSeconds = sql`(case when ${v.duration} ~ '^[0-9]+(\\.[0-9]+)?$' then ${v.duration}::float8 end)`;
/**
 * The share of the video one session watched, capped at 1; null when the duration is unknown or 0
 * (spelled out with case: least() would ignore a null and answer 1).
 */
const share = sql`(case when ${durationSeconds} > 0 then least(${ps.watchedSeconds}::float8 / ${durationSeconds}, 1) end)`;
const counted = sql`${ps.viewCountedAt} is not null`;

function locationFilter(scope: Pick<Scope, 'location'>): SQL {
  if (!scope.location) return sql``;
  return scope.location === MAIN_LOCATION
    ? sql`and ${ps.locationId} is null`
    : sql`and ${ps.locationId} = ${scope.location}`;
}

/**
 * Every aggregation runs over the owner's index range (owner_id, started_at) and joins the owner's
 * own videos, so a playback row can never count for someone else's figures.
 */
export function analyticsRepository(db: Db) {
  function sessionFilter(scope: Scope, from: Date): SQL {
    return sql`${ps.ownerId} = ${scope.ownerId}
      and ${v.userId} = ${scope.ownerId}
      and ${ps.startedAt} >= ${ts(from)}
      and ${ps.startedAt} <= ${ts(scope.to)}
      ${scope.videoId ? sql`and ${ps.videoId} = ${scope.videoId}` : sql``}
      ${locationFilter(scope)}`;
  }

  return {
    /** Every time zone name the database knows (the names AT TIME ZONE accepts). */
    async timeZoneNames(): Promise<string[]> {
      return rows<{ name: string }>(await db.execute(sql`select name from pg_timezone_names`)).map(
        (r) => r.name,
      );
    },

    async findVideo(
      ownerId: string,
      videoId: string,
    ): Promise<{ id: string; title: string; durationSeconds: number | null } | undefined> {
      const [row] = await db
        .select({
          id: v.id,
          title: v.title,
          durationSeconds: sql<number | null>`${durationSeconds}`.mapWith((x) => numOrNull(x)),
        })
        .from(v)
        .where(and(eq(v.userId, ownerId), eq(v.id, videoId)))
        .limit(1);
      return row;
    },

    /** Whether the owner has this further location (the analytics filter's id). */
    async hasLocation(ownerId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: gymLocations.id })
        .from(gymLocations)
        .where(and(eq(gymLocations.ownerId, ownerId), eq(gymLocations.id, id)))
        .limit(1);
      return Boolean(row);
    },

    async countVideos(ownerId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(v).where(eq(v.userId, ownerId));
      return row?.n ?? 0;
    },

    /** The current period and the one before it, in one pass. */
    async periodTotals(scope: Scope): Promise<{ current: PeriodTotals; previous: PeriodTotals }> {
      const cur = sql`${ps.startedAt} >= ${ts(scope.from)}`;
      const prev = sql`${ps.startedAt} < ${ts(scope.from)}`;
      const result = await db.execute(sql`
        select
          count(*) filter (where ${counted} and ${cur})::int as views_cur,
          count(*) filter (where ${counted} and ${prev})::int as views_prev,
          -- float8 before summing: a sum of real adds in single precision (seconds lost at scale).
          coalesce(sum(${ps.watchedSeconds}::float8) filter (where ${cur}), 0)::float8 as watched_cur,
          coalesce(sum(${ps.watchedSeconds}::float8) filter (where ${prev}), 0)::float8 as watched_prev,
          count(distinct ${ps.viewerId}) filter (where ${counted} and ${cur})::int as viewers_cur,
          count(distinct ${ps.viewerId}) filter (where ${counted} and ${prev})::int as viewers_prev,
          avg(${share}) filter (where ${counted} and ${cur})::float8 as completion_cur,
          avg(${share}) filter (where ${counted} and ${prev})::float8 as completion_prev
        from ${ps}
        join ${v} on ${v.id} = ${ps.videoId}
        where ${sessionFilter(scope, scope.previousFrom)}`);
      const r = rows<Record<string, unknown>>(result)[0] ?? {};
      return {
        current: {
          views: num(r.views_cur),
          watchedSeconds: num(r.watched_cur),
          activeViewers: num(r.viewers_cur),
          completion: numOrNull(r.completion_cur),
        },
        previous: {
          views: num(r.views_prev),
          watchedSeconds: num(r.watched_prev),
          activeViewers: num(r.viewers_prev),
          completion: numOrNull(r.completion_prev),
        },
      };
    },

    /**
     * One point per local day, the scope's `days` days up to the day of `to` (the last last):
     * counted views and the distinct viewers behind them.
     */
    async daily(scope: Scope): Promise<Array<{ date: string; views: number; viewers: number }>> {
      const tz = scope.timeZone;
      const days = scope.days;
      // From local midnight `days - 1` days before; a day boundary in the owner's time zone.
      const result = await db.execute(sql`
        with bounds as (
          select (${ts(scope.to)} at time zone ${tz})::date as today
        ),
        series as (
          select (generate_series(today - ${days - 1}::int, today, interval '1 day'))::date as day from bounds
        ),
        hits as (
          select (${ps.startedAt} at time zone ${tz})::date as day, ${ps.viewerId} as viewer
          from ${ps}
          join ${v} on ${v.id} = ${ps.videoId}
          where ${sessionFilter(scope, new Date(scope.from.getTime() - DAY_MS))}
            and ${counted}
        )
        select to_char(s.day, 'YYYY-MM-DD') as date,
               count(h.viewer)::int as views,
               count(distinct h.viewer)::int as viewers
        from series s
        left join hits h on h.day = s.day
        group by s.day
        order by s.day`);
      return rows<{ date: string; views: unknown; viewers: unknown }>(result).map((r) => ({
        date: r.date,
        views: num(r.views),
        viewers: num(r.viewers),
      }));
    },

    /** Counted views by local hour of day (0-23) over the current period; hours without views absent. */
    async byHour(scope: Scope): Promise<Array<{ hour: number; views: number }>> {
      const result = await db.execute(sql`
        select extract(hour from ${ps.startedAt} at time zone ${scope.timeZone})::int as hour,
               count(*)::int as views
        from ${ps}
        join ${v} on ${v.id} = ${ps.videoId}
        where ${sessionFilter(scope, scope.from)} and ${counted}
        group by 1`);
      return rows<{ hour: unknown; views: unknown }>(result).map((r) => ({
        hour: num(r.hour),
        views: num(r.views),
      }));
    },

    /** Every video of the owner (or the one video) with its figures over the current period, best first. */
    async perVideo(scope: Scope): Promise<VideoTotals[]> {
      const result = await db.execute(sql`
        select ${v.id} as video_id,
               ${v.title} as title,
               ${v.processingStatus} as processing_status,
               ${durationSeconds} as duration_seconds,
               count(${ps.id}) filter (where ${counted})::int as views,
               count(distinct ${ps.viewerId}) filter (where ${counted})::int as unique_viewers,
               coalesce(sum(${ps.watchedSeconds}::float8), 0)::float8 as watched_seconds,
               avg(${share}) filter (where ${counted})::float8 as completion,
               max(${ps.lastSeenAt}) filter (where ${counted}) as last_viewed_at
        from ${v}
        left join ${ps}
          on ${ps.videoId} = ${v.id}
         and ${ps.ownerId} = ${scope.ownerId}
         and ${ps.startedAt} >= ${ts(scope.from)}
         and ${ps.startedAt} <= ${ts(scope.to)}
         ${locationFilter(scope)}
        where ${v.userId} = ${scope.ownerId}
          ${scope.videoId ? sql`and ${v.id} = ${scope.videoId}` : sql``}
        group by ${v.id}
        order by views desc, watched_seconds desc, ${v.uploadedAt} desc, ${v.id}`);
      return rows<Record<string, unknown>>(result).map((r) => ({
        videoId: String(r.video_id),
        title: String(r.title),
        processingStatus: String(r.processing_status),
        durationSeconds: numOrNull(r.duration_seconds),
        views: num(r.views),
        uniqueViewers: num(r.unique_viewers),
        watchedSeconds: num(r.watched_seconds),
        completion: numOrNull(r.completion),
        lastViewedAt: r.last_viewed_at ? new Date(r.last_viewed_at as string | Date) : null,
      }));
    },

    /**
     * The scope's video's counted views of the period, grouped by the step of the class their
     * furthest point reached (retention.ts): at most `steps` + 1 rows, over the video's
     * (video_id, started_at) index.
     */
    async retentionSteps(
      scope: Scope & { videoId: string },
      durationSeconds: number,
      steps: number,
    ): Promise<Array<{ step: number; views: number }>> {
      const result = await db.execute(sql`
        select least(greatest(floor(${ps.furthestPosition}::float8 * ${steps}::int / ${durationSeconds}::float8), 0), ${steps}::int)::int as step,
               count(*)::int as views
        from ${ps}
        join ${v} on ${v.id} = ${ps.videoId}
        where ${sessionFilter(scope, scope.from)} and ${counted}
        group by 1
        order by 1`);
      return rows<{ step: unknown; views: unknown }>(result).map((r) => ({
        step: num(r.step),
        views: num(r.views),
      }));
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;
