import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  analyticsDays as ad,
  analyticsRollups as ar,
  analyticsVideoDays as avd,
  analyticsVideoLastDays as avl,
  analyticsVideoViewers as avv,
  analyticsViewerDays as awd,
} from '../../db/schema/analytics';
import { playbackSessions as ps } from '../../db/schema/playback';
import { videos as v } from '../../db/schema/videos';
import {
  counted,
  DAY_MS,
  durationSeconds,
  num,
  rows,
  share,
  toVideoTotals,
  ts,
  type AnalyticsSource,
  type PeriodTotals,
  type Scope,
  type VideoTotals,
} from './analytics.repository';

/**
 * The rolled-up side of the analytics (docs/decisions/0014). Closed local days (before today in
 * the owner's time zone) are summed once into the analytics_* tables, lazily on read; the figures
 * then add the rolled-up days that lie wholly inside a period to the raw sessions of the few days
 * that do not: today, and the days in which each period starts (cut at the exact instant). The
 * answer is the same as the live queries' (analytics.repository.ts), only from far fewer rows.
 *
 * Change detection needs nothing from the write path: a session written after a refresh has a
 * last_seen_at after the rollup's watermark, so its day is rolled up again on the next read; a
 * deleted video takes its per-video rows with it (foreign keys), which the day totals notice, and
 * the rollup is rebuilt.
 */

/** Re-read sessions written this long before a refresh: slow commits and clock skew. */
const WATERMARK_MARGIN_MS = 10 * 60 * 1000;
/** Day numbers count from here; a viewer's days are bits of 64-day blocks. */
const EPOCH_DAY = Date.UTC(2000, 0, 1);
const BLOCK_DAYS = 64;

const dayNumber = (day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - EPOCH_DAY) / DAY_MS);
const dayNumberSql = (day: SQL) => sql`(${day} - date '2000-01-01')`;

/** The local days and instants one read cuts its periods at. */
interface Bounds {
  /** Local dates (YYYY-MM-DD): today, the day the current period starts in, the previous one's. */
  today: string;
  d0: string;
  p0: string;
  todayStart: Date;
  d0Start: Date;
  d0End: Date;
  p0End: Date;
  currentFrom: Date;
  previousFrom: Date;
}

/** {block, mask} pairs covering the day numbers lo..hi (inclusive). */
function blockMasks(lo: number, hi: number): Array<{ block: number; mask: bigint }> {
  const out: Array<{ block: number; mask: bigint }> = [];
  for (let block = Math.floor(lo / BLOCK_DAYS); block * BLOCK_DAYS <= hi; block++) {
    const from = Math.max(lo - block * BLOCK_DAYS, 0);
    const to = Math.min(hi - block * BLOCK_DAYS, BLOCK_DAYS - 1);
    let mask = 0n;
    for (let bit = from; bit <= to; bit++) mask |= 1n << BigInt(bit);
    // Stored as signed 64-bit integers.
    if (mask !== 0n) out.push({ block, mask: BigInt.asIntN(64, mask) });
  }
  return out;
}

export function analyticsRollup(db: Db) {
  async function bounds(q: Db, scope: Scope): Promise<Bounds> {
    const tz = scope.timeZone;
    const currentFrom = new Date(scope.now.getTime() - scope.periodDays * DAY_MS);
    const previousFrom = new Date(scope.now.getTime() - 2 * scope.periodDays * DAY_MS);
    const result = await q.execute(sql`
      with b as (
        select (${ts(scope.now)} at time zone ${tz})::date as today,
               (${ts(currentFrom)} at time zone ${tz})::date as d0,
               (${ts(previousFrom)} at time zone ${tz})::date as p0
      )
      select to_char(today, 'YYYY-MM-DD') as today, to_char(d0, 'YYYY-MM-DD') as d0,
             to_char(p0, 'YYYY-MM-DD') as p0,
             extract(epoch from (today::timestamp at time zone ${tz})) * 1000 as today_start,
             extract(epoch from (d0::timestamp at time zone ${tz})) * 1000 as d0_start,
             extract(epoch from ((d0 + 1)::timestamp at time zone ${tz})) * 1000 as d0_end,
             extract(epoch from ((p0 + 1)::timestamp at time zone ${tz})) * 1000 as p0_end
      from b`);
    const r = rows<Record<string, unknown>>(result)[0]!;
    return {
      today: String(r.today),
      d0: String(r.d0),
      p0: String(r.p0),
      todayStart: new Date(num(r.today_start)),
      d0Start: new Date(num(r.d0_start)),
      d0End: new Date(num(r.d0_end)),
      p0End: new Date(num(r.p0_end)),
      currentFrom,
      previousFrom,
    };
  }

  const own = (scope: Scope) => sql`${ps.ownerId} = ${scope.ownerId} and ${v.userId} = ${scope.ownerId}`;
  const key = (scope: Scope, table: { ownerId: unknown; timeZone: unknown }) =>
    sql`${table.ownerId} = ${scope.ownerId} and ${table.timeZone} = ${scope.timeZone}`;
  const localDay = (scope: Scope) => sql`(${ps.startedAt} at time zone ${scope.timeZone})::date`;

  /** The raw sessions a period takes live: the parts of its edge days inside it, and today. */
  function liveCurrent(b: Bounds, scope: Scope): SQL {
    return sql`((${ps.startedAt} >= ${ts(b.currentFrom)} and ${ps.startedAt} < ${ts(b.d0End)})
      or (${ps.startedAt} >= ${ts(b.todayStart)} and ${ps.startedAt} <= ${ts(scope.now)}))`;
  }
  function liveBoth(b: Bounds, scope: Scope): SQL {
    return sql`((${ps.startedAt} >= ${ts(b.previousFrom)} and ${ps.startedAt} < ${ts(b.p0End)})
      or (${ps.startedAt} >= ${ts(b.d0Start)} and ${ps.startedAt} < ${ts(b.d0End)})
      or (${ps.startedAt} >= ${ts(b.todayStart)} and ${ps.startedAt} <= ${ts(scope.now)}))`;
  }

  /** Sums the given closed local days from playback_sessions into the rollup tables. */
  async function rollDays(tx: Db, scope: Scope, days: string[]): Promise<void> {
    const tz = scope.timeZone;
    const list = sql`${`{${days.join(',')}}`}::date[]`;
    const sorted = [...days].sort();
    const from = sql`(${sorted[0]!}::date::timestamp at time zone ${tz})`;
    const to = sql`((${sorted.at(-1)!}::date + 1)::timestamp at time zone ${tz})`;
    const raw = sql`${ps} join ${v} on ${v.id} = ${ps.videoId}
      where ${own(scope)} and ${ps.startedAt} >= ${from} and ${ps.startedAt} < ${to}
        and ${localDay(scope)} = any(${list})`;

    await tx.execute(sql`delete from ${avd} where ${key(scope, avd)} and ${avd.day} = any(${list})`);
    await tx.execute(sql`delete from ${ad} where ${key(scope, ad)} and ${ad.day} = any(${list})`);

    const hours = sql.join(
      Array.from({ length: 24 }, (_, h) => sql.raw(`coalesce(sum(views) filter (where hour = ${h}), 0)::int`)),
      sql`, `,
    );
    await tx.execute(sql`
      insert into ${avd} (owner_id, time_zone, day, video_id, sessions, views, watched_seconds, share_sum,
                          share_count, last_viewed_at, hour_views)
      select ${scope.ownerId}, ${tz}, day, video_id, sum(sessions)::int, sum(views)::int, sum(watched),
             sum(share_sum), sum(share_count)::int, max(last_viewed_at), array[${hours}]
      from (
        select ${localDay(scope)} as day, ${ps.videoId} as video_id,
               extract(hour from ${ps.startedAt} at time zone ${tz})::int as hour,
               count(*) as sessions,
               count(*) filter (where ${counted}) as views,
               coalesce(sum(${ps.watchedSeconds}::float8), 0)::float8 as watched,
               coalesce(sum(${share}) filter (where ${counted}), 0)::float8 as share_sum,
               count(${share}) filter (where ${counted}) as share_count,
               max(${ps.lastSeenAt}) filter (where ${counted}) as last_viewed_at
        from ${raw}
        group by 1, 2, 3
      ) h
      group by day, video_id`);

    await tx.execute(sql`
      insert into ${ad} (owner_id, time_zone, day, sessions, viewers)
      select ${scope.ownerId}, ${tz}, d.day, coalesce(s.sessions, 0), coalesce(s.viewers, 0)
      from unnest(${list}) as d(day)
      left join (
        select ${localDay(scope)} as day, count(*)::int as sessions,
               count(distinct ${ps.viewerId}) filter (where ${counted})::int as viewers
        from ${raw}
        group by 1
      ) s on s.day = d.day`);

    // The viewers' day bits: or-ed in, so rolling a day again changes nothing.
    await tx.execute(sql`
      insert into ${awd} (owner_id, time_zone, block, viewer_id, bits)
      select ${scope.ownerId}, ${tz}, n / ${BLOCK_DAYS}, viewer_id, bit_or(1::bigint << (n % ${BLOCK_DAYS}))
      from (
        select distinct ${dayNumberSql(localDay(scope))} as n, ${ps.viewerId} as viewer_id
        from ${raw} and ${counted}
      ) d
      group by 3, 4
      on conflict (owner_id, time_zone, block, viewer_id)
      do update set bits = ${awd.bits} | excluded.bits`);

    // Each (video, viewer)'s last day only moves forward; the per-day counts follow it.
    await tx.execute(sql`
      create temporary table analytics_moved on commit drop as
      select n.video_id, n.viewer_id, n.day, p.last_day as old_day
      from (
        select ${ps.videoId} as video_id, ${ps.viewerId} as viewer_id, max(${localDay(scope)}) as day
        from ${raw} and ${counted}
        group by 1, 2
      ) n
      left join ${avv} p
        on p.owner_id = ${scope.ownerId} and p.time_zone = ${tz}
       and p.video_id = n.video_id and p.viewer_id = n.viewer_id
      where p.last_day is null or p.last_day < n.day`);
    await tx.execute(sql`
      update ${avl} set viewers = ${avl.viewers} - m.n
      from (select video_id, old_day, count(*)::int as n from analytics_moved where old_day is not null group by 1, 2) m
      where ${key(scope, avl)} and ${avl.videoId} = m.video_id and ${avl.day} = m.old_day`);
    await tx.execute(sql`
      insert into ${avl} (owner_id, time_zone, video_id, day, viewers)
      select ${scope.ownerId}, ${tz}, video_id, day, count(*)::int from analytics_moved group by video_id, day
      on conflict (owner_id, time_zone, video_id, day) do update set viewers = ${avl.viewers} + excluded.viewers`);
    await tx.execute(sql`
      insert into ${avv} (owner_id, time_zone, video_id, viewer_id, last_day)
      select ${scope.ownerId}, ${tz}, video_id, viewer_id, day from analytics_moved
      on conflict (owner_id, time_zone, video_id, viewer_id) do update set last_day = excluded.last_day`);
    await tx.execute(sql`drop table analytics_moved`);
  }

  async function clear(tx: Db, scope: Scope): Promise<void> {
    for (const table of [avd, ad, awd, avv, avl, ar]) {
      await tx.execute(sql`delete from ${table} where ${key(scope, table)}`);
    }
  }

  return {
    /**
     * Brings the owner's rollup in this time zone up to date: rolls up the closed days of the last
     * two periods it lacks and the days of sessions written since the last refresh, drops what
     * is older. Idempotent; concurrent readers wait for each other.
     */
    async refresh(scope: Scope): Promise<void> {
      await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`analytics:${scope.ownerId}:${scope.timeZone}`}))`);
        const b = await bounds(tx, scope);
        const [state] = rows<{ watermark: string | Date }>(
          await tx.execute(sql`select ${ar.watermark} as watermark from ${ar} where ${key(scope, ar)}`),
        );
        let watermark = state ? new Date(state.watermark) : null;

        if (watermark) {
          // A deleted video's per-video rows went with it: the day totals no longer add up.
          const [broken] = rows<{ broken: boolean }>(
            await tx.execute(sql`
              select exists (
                select 1 from ${ad}
                left join (
                  select ${avd.day} as day, sum(${avd.sessions})::int as sessions from ${avd}
                  where ${key(scope, avd)} group by 1
                ) s on s.day = ${ad.day}
                where ${key(scope, ad)} and ${ad.sessions} <> coalesce(s.sessions, 0)
              ) as broken`),
          );
          if (broken?.broken) {
            await clear(tx, scope);
            watermark = null;
          }
        }

        const missing = sql`
          select d::date as day
          from generate_series(${b.p0}::date, ${b.today}::date - 1, interval '1 day') d
          where not exists (select 1 from ${ad} where ${key(scope, ad)} and ${ad.day} = d::date)`;
        const written = watermark
          ? sql`union
            select distinct ${localDay(scope)} from ${ps}
            where ${ps.ownerId} = ${scope.ownerId} and ${ps.lastSeenAt} > ${ts(watermark)}
              and ${ps.startedAt} >= ${ts(b.previousFrom)} and ${ps.startedAt} < ${ts(b.todayStart)}`
          : sql``;
        const days = rows<{ day: string }>(
          await tx.execute(sql`select to_char(day, 'YYYY-MM-DD') as day from (${missing} ${written}) x`),
        ).map((r) => r.day);
        if (days.length > 0) await rollDays(tx, scope, days);

        // Nothing before the previous period's first day is read again.
        await tx.execute(sql`delete from ${avd} where ${key(scope, avd)} and ${avd.day} < ${b.p0}::date`);
        await tx.execute(sql`delete from ${ad} where ${key(scope, ad)} and ${ad.day} < ${b.p0}::date`);
        await tx.execute(sql`delete from ${avv} where ${key(scope, avv)} and ${avv.lastDay} < ${b.p0}::date`);
        await tx.execute(sql`delete from ${avl} where ${key(scope, avl)} and ${avl.day} < ${b.p0}::date`);
        await tx.execute(
          sql`delete from ${awd} where ${key(scope, awd)} and ${awd.block} < ${Math.floor(dayNumber(b.p0) / BLOCK_DAYS)}`,
        );

        const mark = ts(new Date(scope.now.getTime() - WATERMARK_MARGIN_MS));
        await tx.execute(sql`
          insert into ${ar} (owner_id, time_zone, watermark, refreshed_at)
          values (${scope.ownerId}, ${scope.timeZone}, ${mark}, ${ts(scope.now)})
          on conflict (owner_id, time_zone) do update set watermark = excluded.watermark, refreshed_at = excluded.refreshed_at`);
      });
    },

    /** The same figures as the live queries, from an up-to-date rollup (call refresh first). */
    source(scope: Scope): AnalyticsSource {
      const boundsOnce = bounds(db, scope);
      return {
        async periodTotals() {
          const b = await boundsOnce;
          const full = sql`${avd.day} > ${b.p0}::date and ${avd.day} < ${b.today}::date and ${avd.day} <> ${b.d0}::date`;
          const live = sql`${ps} join ${v} on ${v.id} = ${ps.videoId} where ${own(scope)} and ${liveBoth(b, scope)}`;
          const cur = blockMasks(dayNumber(b.d0) + 1, dayNumber(b.today) - 1);
          const prev = blockMasks(dayNumber(b.p0) + 1, dayNumber(b.d0) - 1);
          const masks = [...cur.map((m) => ({ ...m, cur: true })), ...prev.map((m) => ({ ...m, cur: false }))];
          const values = sql.join(
            masks.map((m) => sql`(${m.cur}::boolean, ${m.block}::int, ${m.mask.toString()}::bigint)`),
            sql`, `,
          );
          // The raw days are read once for both the sums and the viewers.
          const result = await db.execute(sql`
            with live as materialized (
              select ${ps.startedAt} >= ${ts(b.currentFrom)} as cur, ${ps.viewerId} as viewer_id,
                     ${counted} as counted, ${ps.watchedSeconds}::float8 as watched, ${share} as share
              from ${live}
            ),
            sums as (
              select cur, sum(views)::int as views, sum(watched)::float8 as watched,
                     sum(share_sum)::float8 as share_sum, sum(share_count)::int as share_count
              from (
                select ${avd.day} > ${b.d0}::date as cur, ${avd.views} as views, ${avd.watchedSeconds} as watched,
                       ${avd.shareSum} as share_sum, ${avd.shareCount} as share_count
                from ${avd} where ${key(scope, avd)} and ${full}
                union all
                select cur, count(*) filter (where counted), coalesce(sum(watched), 0)::float8,
                       coalesce(sum(share) filter (where counted), 0)::float8, count(share) filter (where counted)
                from live
                group by 1
              ) x
              group by cur
            ),
            viewers as (
              select cur, count(distinct viewer)::int as viewers
              from (
                ${masks.length > 0 ? sql`select q.cur, ${awd.viewerId} as viewer
                from ${awd} join (values ${values}) as q(cur, block, mask) on ${awd.block} = q.block
                where ${key(scope, awd)} and (${awd.bits} & q.mask) <> 0
                union all` : sql``}
                select cur, viewer_id from live where counted
              ) y
              group by cur
            )
            select coalesce(s.cur, w.cur) as cur, s.views, s.watched, s.share_sum, s.share_count, w.viewers
            from sums s full join viewers w on w.cur = s.cur`);
          const empty: PeriodTotals = { views: 0, watchedSeconds: 0, activeViewers: 0, completion: null };
          const totals = { current: { ...empty }, previous: { ...empty } };
          for (const r of rows<Record<string, unknown>>(result)) {
            const target = r.cur ? totals.current : totals.previous;
            target.views = num(r.views);
            target.watchedSeconds = num(r.watched);
            target.activeViewers = num(r.viewers);
            const n = num(r.share_count);
            target.completion = n > 0 ? num(r.share_sum) / n : null;
          }
          return totals;
        },

        async daily(days: number) {
          const b = await boundsOnce;
          const result = await db.execute(sql`
            with series as (
              select (generate_series(${b.today}::date - ${days - 1}::int, ${b.today}::date, interval '1 day'))::date as day
            ),
            rolled as (
              select ${avd.day} as day, sum(${avd.views})::int as views from ${avd}
              where ${key(scope, avd)} and ${avd.day} >= ${b.today}::date - ${days - 1}::int and ${avd.day} < ${b.today}::date
              group by 1
            ),
            today as (
              select count(*)::int as views, count(distinct ${ps.viewerId})::int as viewers
              from ${ps} join ${v} on ${v.id} = ${ps.videoId}
              where ${own(scope)} and ${counted}
                and ${ps.startedAt} >= ${ts(b.todayStart)} and ${ps.startedAt} <= ${ts(scope.now)}
            )
            select to_char(s.day, 'YYYY-MM-DD') as date,
                   case when s.day = ${b.today}::date then (select views from today) else coalesce(r.views, 0) end as views,
                   case when s.day = ${b.today}::date then (select viewers from today) else coalesce(d.viewers, 0) end as viewers
            from series s
            left join rolled r on r.day = s.day
            left join ${ad} d on d.owner_id = ${scope.ownerId} and d.time_zone = ${scope.timeZone} and d.day = s.day
            order by s.day`);
          return rows<{ date: string; views: unknown; viewers: unknown }>(result).map((r) => ({
            date: r.date,
            views: num(r.views),
            viewers: num(r.viewers),
          }));
        },

        async byHour() {
          const b = await boundsOnce;
          const result = await db.execute(sql`
            select hour, sum(views)::int as views
            from (
              select (u.h - 1)::int as hour, u.n as views
              from ${avd}, unnest(${avd.hourViews}) with ordinality as u(n, h)
              where ${key(scope, avd)} and ${avd.day} > ${b.d0}::date and ${avd.day} < ${b.today}::date
              union all
              select extract(hour from ${ps.startedAt} at time zone ${scope.timeZone})::int, count(*)
              from ${ps} join ${v} on ${v.id} = ${ps.videoId}
              where ${own(scope)} and ${counted} and ${liveCurrent(b, scope)}
              group by 1
            ) x
            group by hour
            having sum(views) > 0`);
          return rows<{ hour: unknown; views: unknown }>(result).map((r) => ({ hour: num(r.hour), views: num(r.views) }));
        },

        async perVideo(): Promise<VideoTotals[]> {
          const b = await boundsOnce;
          const result = await db.execute(sql`
            with live as materialized (
              select ${ps.videoId} as video_id, ${ps.viewerId} as viewer_id, ${counted} as counted,
                     ${ps.watchedSeconds}::float8 as watched, ${share} as share, ${ps.lastSeenAt} as last_seen_at
              from ${ps} join ${v} on ${v.id} = ${ps.videoId}
              where ${own(scope)} and ${liveCurrent(b, scope)}
            ),
            sums as (
              select video_id, sum(views)::int as views, sum(watched)::float8 as watched,
                     sum(share_sum)::float8 as share_sum, sum(share_count)::int as share_count,
                     max(last_viewed_at) as last_viewed_at
              from (
                select ${avd.videoId} as video_id, ${avd.views} as views, ${avd.watchedSeconds} as watched,
                       ${avd.shareSum} as share_sum, ${avd.shareCount} as share_count, ${avd.lastViewedAt} as last_viewed_at
                from ${avd}
                where ${key(scope, avd)} and ${avd.day} > ${b.d0}::date and ${avd.day} < ${b.today}::date
                union all
                select video_id, count(*) filter (where counted), coalesce(sum(watched), 0)::float8,
                       coalesce(sum(share) filter (where counted), 0)::float8,
                       count(share) filter (where counted), max(last_seen_at) filter (where counted)
                from live
                group by 1
              ) x
              group by video_id
            ),
            viewers as (
              select video_id, sum(n)::int as viewers
              from (
                select ${avl.videoId} as video_id, ${avl.viewers} as n from ${avl}
                where ${key(scope, avl)} and ${avl.day} > ${b.d0}::date
                union all
                select l.video_id, count(*)
                from (select distinct video_id, viewer_id from live where counted) l
                left join ${avv} p
                  on p.owner_id = ${scope.ownerId} and p.time_zone = ${scope.timeZone}
                 and p.video_id = l.video_id and p.viewer_id = l.viewer_id
                where p.last_day is null or p.last_day <= ${b.d0}::date
                group by 1
              ) y
              group by video_id
            )
            select ${v.id} as video_id, ${v.title} as title, ${v.processingStatus} as processing_status,
                   ${durationSeconds} as duration_seconds,
                   coalesce(s.views, 0) as views, coalesce(u.viewers, 0) as unique_viewers,
                   coalesce(s.watched, 0) as watched_seconds,
                   case when s.share_count > 0 then s.share_sum / s.share_count end as completion,
                   s.last_viewed_at
            from ${v}
            left join sums s on s.video_id = ${v.id}
            left join viewers u on u.video_id = ${v.id}
            where ${v.userId} = ${scope.ownerId}
            order by coalesce(s.views, 0) desc, coalesce(s.watched, 0) desc, ${v.uploadedAt} desc, ${v.id}`);
          return rows<Record<string, unknown>>(result).map(toVideoTotals);
        },
      };
    },
  };
}

export type AnalyticsRollup = ReturnType<typeof analyticsRollup>;
