import {
  ANALYTICS_PERIOD_DAYS,
  TOP_VIDEOS_LIMIT,
  WEEK_DAYS,
  percentChange,
  type AnalyticsQuery,
  type AnalyticsResponse,
  type Metric,
  UNKNOWN_TIME_ZONE,
} from '@shared/analytics.contract';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { AnalyticsRepository, PeriodTotals, Scope } from './analytics.repository';

export const VIDEO_NOT_FOUND = 'Video not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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

  return {
    /** Whether the database knows the zone (the queries would fail on one it does not). */
    knownTimeZone,

    /**
     * The owner's figures over the last 30 days, each with its change against the 30 days before,
     * computed in SQL from the playback sessions of the owner's own videos.
     */
    async overview(ownerId: string, query: AnalyticsQuery): Promise<AnalyticsResponse> {
      // A name the browser knows but the database does not would fail the queries with a 500.
      if (!(await knownTimeZone(query.tz))) throw new ValidationError(UNKNOWN_TIME_ZONE);
      let video: AnalyticsResponse['video'] = null;
      if (query.video !== undefined) {
        const found = UUID.test(query.video)
          ? await repo.findVideo(ownerId, query.video)
          : undefined;
        if (!found) throw new NotFoundError(VIDEO_NOT_FOUND);
        video = found;
      }
      const at = new Date(now());
      const scope: Scope = {
        ownerId,
        videoId: video?.id ?? null,
        now: at,
        timeZone: query.tz,
        periodDays: ANALYTICS_PERIOD_DAYS,
      };

      const [totals, month, hourly, perVideo, videoCount] = await Promise.all([
        repo.periodTotals(scope),
        repo.daily(scope, ANALYTICS_PERIOD_DAYS),
        repo.byHour(scope),
        repo.perVideo(scope),
        video ? Promise.resolve(1) : repo.countVideos(ownerId),
      ]);

      const viewsByHour = new Map(hourly.map((h) => [h.hour, h.views]));
      const videoPerformance = perVideo.map((p) => ({
        videoId: p.videoId,
        title: p.title,
        processingStatus: p.processingStatus,
        durationSeconds: p.durationSeconds,
        views: p.views,
        uniqueViewers: p.uniqueViewers,
        watchTimeHours: hours(p.watchedSeconds),
        completionRate: percent(p.completion),
        lastViewedAt: p.lastViewedAt ? p.lastViewedAt.toISOString() : null,
      }));

      return {
        period: {
          days: ANALYTICS_PERIOD_DAYS,
          from: new Date(at.getTime() - ANALYTICS_PERIOD_DAYS * DAY_MS).toISOString(),
          to: at.toISOString(),
          timeZone: query.tz,
        },
        video,
        videoCount,
        summary: summary(totals.current, totals.previous),
        // The week is the last 7 of the 30 days (today last).
        viewsThisWeek: month.slice(-WEEK_DAYS).map((d) => ({ date: d.date, views: d.views })),
        topVideos: videoPerformance.slice(0, TOP_VIDEOS_LIMIT).map((p) => ({
          videoId: p.videoId,
          title: p.title,
          views: p.views,
          watchTimeHours: p.watchTimeHours,
        })),
        videoPerformance,
        studentActivity: {
          activeStudents: totals.current.activeViewers,
          byDay: month.map((d) => ({ date: d.date, activeStudents: d.viewers })),
          busiestHours: Array.from({ length: 24 }, (_, hour) => ({
            hour,
            views: viewsByHour.get(hour) ?? 0,
          })),
        },
      };
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
      const scope: Scope = {
        ownerId,
        videoId: null,
        now: new Date(p.end.getTime() - 1),
        timeZone: p.timeZone,
        periodDays: p.days,
      };
      const [totals, days, perVideo] = await Promise.all([
        repo.periodTotals(scope),
        repo.daily(scope, p.days),
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
