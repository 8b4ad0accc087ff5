import {
  ANALYTICS_LOCKS,
  ANALYTICS_MESSAGES,
  ANALYTICS_PERIOD_DAYS,
  RETENTION_STEPS,
  TOP_VIDEOS_LIMIT,
  WEEK_DAYS,
  daysInRange,
  percentChange,
  type AnalyticsPeriod,
  type AnalyticsQuery,
  type AnalyticsResponse,
  type AnalyticsSummaryQuery,
  type AnalyticsSummaryResponse,
  type CsvExportQuery,
  type Metric,
  type RetentionQuery,
  type RetentionResponse,
  UNKNOWN_TIME_ZONE,
} from '@shared/analytics.contract';
import { planIncludes } from '@shared/plan-features';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { addDays, localTime, startOfDay } from '../../lib/local-time';
import { LOCATION_MESSAGES, MAIN_LOCATION } from '@shared/locations.contract';
import type { AnalyticsRepository, PeriodTotals, Scope, VideoTotals } from './analytics.repository';
import { csvFileName, toCsv, type CsvCell } from './csv';
import { retentionCurve } from './retention';
import { isUuid } from '../../lib/ids';

export const VIDEO_NOT_FOUND = 'Video not found';
const DAY_MS = 24 * 60 * 60 * 1000;

const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};
const hours = (seconds: number) => round(seconds / 3600, 2);
const percent = (share: number | null) => (share === null ? null : round(share * 100, 1));

function metric(current: number, previous: number, shown = current): Metric {
  return { value: shown, change: percentChange(current, previous) };
}

/** The four summary figures of a period pair. Changes come from the unrounded values. */
function summary(current: PeriodTotals, previous: PeriodTotals): AnalyticsResponse['summary'] {
  return {
    totalViews: metric(current.views, previous.views),
    watchTimeHours: metric(
      current.watchedSeconds,
      previous.watchedSeconds,
      hours(current.watchedSeconds),
    ),
    activeStudents: metric(current.activeViewers, previous.activeViewers),
    engagementRate: metric(
      current.completion ?? 0,
      previous.completion ?? 0,
      percent(current.completion) ?? 0,
    ),
  };
}

/** The figures of one closed period (the notification emails'): days of the owner's time zone. */
export interface PeriodReport {
  summary: AnalyticsResponse['summary'];
  /** One point per local day of the period, the last day last. */
  days: Array<{ date: string; views: number; viewers: number }>;
  /** The most viewed classes of the period (only those with views), best first. */
  topVideos: AnalyticsResponse['topVideos'];
}

/** What the analytics need of the signed-in owner: whose figures, which plan, since when. */
export interface AnalyticsOwner {
  id: string;
  plan: string;
  createdAt: Date;
}

/** A CSV download: its file name (safe for Content-Disposition) and its text. */
export interface CsvDownload {
  fileName: string;
  body: string;
}

type Window = Omit<Scope, 'ownerId' | 'videoId'>;

const videoRow = (p: VideoTotals) => ({
  videoId: p.videoId,
  title: p.title,
  processingStatus: p.processingStatus,
  durationSeconds: p.durationSeconds,
  views: p.views,
  uniqueViewers: p.uniqueViewers,
  watchTimeHours: hours(p.watchedSeconds),
  completionRate: percent(p.completion),
  lastViewedAt: p.lastViewedAt ? p.lastViewedAt.toISOString() : null,
});

export function analyticsService(repo: AnalyticsRepository, now: () => number = Date.now) {
  // Read once: the database's time zone names do not change while it runs.
  let zones: Promise<Set<string>> | undefined;
  async function knownTimeZone(tz: string): Promise<boolean> {
    zones ??= repo.timeZoneNames().then((names) => new Set(names));
    try {
      return (await zones).has(tz);
    } catch (error) {
      zones = undefined;
      throw error;
    }
  }

  /** A name the browser knows but the database does not would fail the queries with a 500. */
  async function checkTimeZone(tz: string): Promise<void> {
    if (!(await knownTimeZone(tz))) throw new ValidationError(UNKNOWN_TIME_ZONE);
  }

  /** The owner's own video, or 404 (an unknown id, a malformed one, another owner's). */
  /** The location filter: 'main', or one of the owner's further locations (else 404). */
  async function ownLocation(ownerId: string, location: string | undefined) {
    if (location === undefined || location === MAIN_LOCATION) return location ?? null;
    if (isUuid(location) && (await repo.hasLocation(ownerId, location))) return location;
    throw new NotFoundError(LOCATION_MESSAGES.notFound);
  }

  async function ownVideo(ownerId: string, id: string) {
    const found = isUuid(id) ? await repo.findVideo(ownerId, id) : undefined;
    if (!found) throw new NotFoundError(VIDEO_NOT_FOUND);
    return found;
  }

  /**
   * The period asked for: the last 30 days up to now, or the custom range's local days (the
   * contract checked their form, order and length; here: not after today, not before the account
   * opened, both in the owner's time zone), each with the same span before it to compare with.
   */
  function periodOf(
    owner: AnalyticsOwner,
    q: { tz: string; from?: string; to?: string },
  ): { window: Window; period: AnalyticsPeriod } {
    const at = new Date(now());
    const tz = q.tz;
    const today = localTime(at, tz).date;
    if (q.from === undefined || q.to === undefined) {
      const from = new Date(at.getTime() - ANALYTICS_PERIOD_DAYS * DAY_MS);
      return {
        window: {
          timeZone: tz,
          from,
          to: at,
          previousFrom: new Date(at.getTime() - 2 * ANALYTICS_PERIOD_DAYS * DAY_MS),
          days: ANALYTICS_PERIOD_DAYS,
        },
        period: {
          days: ANALYTICS_PERIOD_DAYS,
          from: from.toISOString(),
          to: at.toISOString(),
          timeZone: tz,
          firstDay: addDays(today, 1 - ANALYTICS_PERIOD_DAYS),
          lastDay: today,
          custom: false,
        },
      };
    }
    if (q.to > today) throw new ValidationError(ANALYTICS_MESSAGES.future);
    const opened = localTime(owner.createdAt, tz).date;
    if (q.from < opened) throw new ValidationError(ANALYTICS_MESSAGES.beforeAccount(opened));
    const days = daysInRange(q.from, q.to);
    const from = startOfDay(q.from, tz);
    const to = new Date(startOfDay(addDays(q.to, 1), tz).getTime() - 1);
    return {
      window: {
        timeZone: tz,
        from,
        to,
        previousFrom: startOfDay(addDays(q.from, -days), tz),
        days,
      },
      period: {
        days,
        from: from.toISOString(),
        to: to.toISOString(),
        timeZone: tz,
        firstDay: q.from,
        lastDay: q.to,
        custom: true,
      },
    };
  }

  /** 403 with the lock's words when the owner's plan lacks the feature. */
  function requireAdvanced(owner: AnalyticsOwner, lock: string): void {
    if (!planIncludes(owner.plan, 'advancedAnalytics')) throw new ForbiddenError(lock);
  }

  /** One class's curve over a resolved period (retention route and its CSV). */
  async function retentionOf(
    owner: AnalyticsOwner,
    q: { video: string; location?: string; tz: string; from?: string; to?: string },
  ): Promise<RetentionResponse> {
    await checkTimeZone(q.tz);
    const video = await ownVideo(owner.id, q.video);
    const location = await ownLocation(owner.id, q.location);
    const { window, period } = periodOf(owner, q);
    const duration = video.durationSeconds;
    const histogram =
      duration !== null && duration > 0
        ? await repo.retentionSteps(
            { ...window, ownerId: owner.id, videoId: video.id, location },
            duration,
            RETENTION_STEPS,
          )
        : [];
    return {
      period,
      video,
      views: histogram.reduce((n, s) => n + s.views, 0),
      points: retentionCurve(histogram, duration, RETENTION_STEPS),
    };
  }

  return {
    /** Whether the database knows the zone (the queries would fail on one it does not). */
    knownTimeZone,

    /**
     * The four totals of the last 30 days with their changes against the 30 days before: every
     * plan has them (Spin Starter has only them).
     */
    async summary(
      owner: AnalyticsOwner,
      query: AnalyticsSummaryQuery,
    ): Promise<AnalyticsSummaryResponse> {
      await checkTimeZone(query.tz);
      const { window, period } = periodOf(owner, { tz: query.tz });
      const [totals, videoCount] = await Promise.all([
        repo.periodTotals({ ...window, ownerId: owner.id, videoId: null }),
        repo.countVideos(owner.id),
      ]);
      return { period, videoCount, summary: summary(totals.current, totals.previous) };
    },

    /**
     * The dashboard (Power Cycle and up): the owner's figures over the last 30 days or a custom
     * range (Spin Master and up), each with its change against the same span before, computed in
     * SQL from the playback sessions of the owner's own videos.
     */
    async overview(owner: AnalyticsOwner, query: AnalyticsQuery): Promise<AnalyticsResponse> {
      if (query.from !== undefined) requireAdvanced(owner, ANALYTICS_LOCKS.range);
      if (!planIncludes(owner.plan, 'analyticsDashboard')) {
        throw new ForbiddenError(ANALYTICS_LOCKS.dashboard);
      }
      await checkTimeZone(query.tz);
      const video = query.video !== undefined ? await ownVideo(owner.id, query.video) : null;
      const { window, period } = periodOf(owner, query);
      const location = await ownLocation(owner.id, query.location);
      const scope: Scope = { ...window, ownerId: owner.id, videoId: video?.id ?? null, location };

      const [totals, days, hourly, perVideo, videoCount] = await Promise.all([
        repo.periodTotals(scope),
        repo.daily(scope),
        repo.byHour(scope),
        repo.perVideo(scope),
        video ? Promise.resolve(1) : repo.countVideos(owner.id),
      ]);

      const viewsByHour = new Map(hourly.map((h) => [h.hour, h.views]));
      const videoPerformance = perVideo.map(videoRow);
      const viewsByDay = days.map((d) => ({ date: d.date, views: d.views }));

      return {
        period,
        video: video && { id: video.id, title: video.title },
        videoCount,
        summary: summary(totals.current, totals.previous),
        // The week is the last 7 days of the period (today last by default).
        viewsThisWeek: viewsByDay.slice(-WEEK_DAYS),
        viewsByDay,
        topVideos: videoPerformance.slice(0, TOP_VIDEOS_LIMIT).map((p) => ({
          videoId: p.videoId,
          title: p.title,
          views: p.views,
          watchTimeHours: p.watchTimeHours,
        })),
        videoPerformance,
        studentActivity: {
          activeStudents: totals.current.activeViewers,
          byDay: days.map((d) => ({ date: d.date, activeStudents: d.viewers })),
          busiestHours: Array.from({ length: 24 }, (_, hour) => ({
            hour,
            views: viewsByHour.get(hour) ?? 0,
          })),
        },
      };
    },

    /**
     * One class's audience retention (Spin Master and up): at each 1/50 of the class, the share
     * of the period's views whose furthest point (playback_sessions.furthest_position) reached it.
     */
    async retention(owner: AnalyticsOwner, query: RetentionQuery): Promise<RetentionResponse> {
      requireAdvanced(owner, ANALYTICS_LOCKS.retention);
      return retentionOf(owner, query);
    },

    /** One table of the screen as CSV (Spin Master and up), over the same period as the screen. */
    async csv(owner: AnalyticsOwner, query: CsvExportQuery): Promise<CsvDownload> {
      requireAdvanced(owner, ANALYTICS_LOCKS.csv);
      if (query.table === 'retention') {
        const r = await retentionOf(owner, { ...query, video: query.video! });
        return {
          fileName: csvFileName([
            'cadence-retention',
            r.video.title,
            r.period.firstDay,
            'to',
            r.period.lastDay,
          ]),
          body: toCsv(
            ['Position (seconds)', 'Position (% of class)', 'Views still watching (%)'],
            r.points.map((p, i) => [p.position, round((i * 100) / RETENTION_STEPS, 1), p.percent]),
          ),
        };
      }
      await checkTimeZone(query.tz);
      const video = query.video !== undefined ? await ownVideo(owner.id, query.video) : null;
      const { window, period } = periodOf(owner, query);
      const location = await ownLocation(owner.id, query.location);
      const scope: Scope = { ...window, ownerId: owner.id, videoId: video?.id ?? null, location };
      const name = (table: string) =>
        csvFileName([
          `cadence-${table}`,
          ...(video ? [video.title] : []),
          period.firstDay,
          'to',
          period.lastDay,
        ]);
      let header: string[];
      let rows: CsvCell[][];
      if (query.table === 'videos') {
        header = [
          'Class',
          'Duration (seconds)',
          'Views',
          'Students',
          'Watch time (hours)',
          'Completion (%)',
          'Last viewed (UTC)',
        ];
        rows = (await repo.perVideo(scope))
          .map(videoRow)
          .map((v) => [
            v.title,
            v.durationSeconds,
            v.views,
            v.uniqueViewers,
            v.watchTimeHours,
            v.completionRate,
            v.lastViewedAt,
          ]);
      } else if (query.table === 'days') {
        header = ['Date', 'Views', 'Active students'];
        rows = (await repo.daily(scope)).map((d) => [d.date, d.views, d.viewers]);
      } else {
        header = ['Hour', 'Views'];
        const byHour = new Map((await repo.byHour(scope)).map((h) => [h.hour, h.views]));
        rows = Array.from({ length: 24 }, (_, h) => [
          `${String(h).padStart(2, '0')}:00`,
          byHour.get(h) ?? 0,
        ]);
      }
      return { fileName: name(query.table), body: toCsv(header, rows) };
    },

    /**
     * The figures of the `days` days that end at `end` (a local midnight of `timeZone`, already
     * checked), each against the same span before: the same queries as the analytics screen.
     */
    async periodReport(
      ownerId: string,
      p: { timeZone: string; end: Date; days: number },
    ): Promise<PeriodReport> {
      // The last instant of the period: its day is the period's last local day.
      const to = new Date(p.end.getTime() - 1);
      const span = p.days * DAY_MS;
      const scope: Scope = {
        ownerId,
        videoId: null,
        timeZone: p.timeZone,
        from: new Date(to.getTime() - span),
        to,
        previousFrom: new Date(to.getTime() - 2 * span),
        days: p.days,
      };
      const [totals, days, perVideo] = await Promise.all([
        repo.periodTotals(scope),
        repo.daily(scope),
        repo.perVideo(scope),
      ]);
      return {
        summary: summary(totals.current, totals.previous),
        days,
        topVideos: perVideo
          .filter((v) => v.views > 0)
          .slice(0, TOP_VIDEOS_LIMIT)
          .map((v) => ({
            videoId: v.videoId,
            title: v.title,
            views: v.views,
            watchTimeHours: hours(v.watchedSeconds),
          })),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof analyticsService>;
