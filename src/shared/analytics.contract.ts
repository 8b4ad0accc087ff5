import { z } from 'zod';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';

/** Every figure covers this many days up to now; each change compares with the same span before. */
export const ANALYTICS_PERIOD_DAYS = 30;
/** Views This Week: one point per day, today last. */
export const WEEK_DAYS = 7;
export const TOP_VIDEOS_LIMIT = 5;

export const UNKNOWN_TIME_ZONE = 'Unknown time zone';

/**
 * An IANA time zone name (the browser's), used for day and hour boundaries. The server also checks
 * it against the database's own list (a name the browser knows may be one the database does not).
 */
export const ianaTimeZone = z
  .string()
  .max(64)
  .regex(/^[A-Z][\w+-]*(\/[\w+-]+)*$/i, UNKNOWN_TIME_ZONE)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, UNKNOWN_TIME_ZONE);

export const analyticsQuery = z.object({
  /** One video's figures only. */
  video: z.string().max(64).optional(),
  tz: ianaTimeZone.default('UTC'),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

/** A figure of the current period and its change against the previous one. */
const metric = z.object({
  value: z.number(),
  /** Percentage change vs the previous period, one decimal; null when the previous period had nothing. */
  change: z.number().nullable(),
});
export type Metric = z.infer<typeof metric>;

const dailyViews = z.object({
  /** YYYY-MM-DD in the requested time zone. */
  date: z.string(),
  views: z.number(),
});
export type DailyViews = z.infer<typeof dailyViews>;

const topVideo = z.object({
  videoId: z.string(),
  title: z.string(),
  views: z.number(),
  watchTimeHours: z.number(),
});
export type TopVideo = z.infer<typeof topVideo>;

const videoPerformance = z.object({
  videoId: z.string(),
  title: z.string(),
  processingStatus: z.string(),
  /** Seconds, when known. */
  durationSeconds: z.number().nullable(),
  views: z.number(),
  uniqueViewers: z.number(),
  watchTimeHours: z.number(),
  /** Average share of the video watched per view, in %; null without views or a known duration. */
  completionRate: z.number().nullable(),
  lastViewedAt: z.string().nullable(),
});
export type VideoPerformance = z.infer<typeof videoPerformance>;

const dailyActiveStudents = z.object({ date: z.string(), activeStudents: z.number() });
export type DailyActiveStudents = z.infer<typeof dailyActiveStudents>;

const hourlyActivity = z.object({
  /** 0-23 in the requested time zone. */
  hour: z.number(),
  views: z.number(),
});
export type HourlyActivity = z.infer<typeof hourlyActivity>;

const analyticsResponse = z.object({
  period: z.object({
    days: z.number(),
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
  }),
  /** The one video the figures are for, when `?video=` was given. */
  video: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The owner's videos (all rows, or 1 when filtered). */
  videoCount: z.number(),
  summary: z.object({
    totalViews: metric,
    watchTimeHours: metric,
    activeStudents: metric,
    /** Average share of each video watched per view, in %. */
    engagementRate: metric,
  }),
  viewsThisWeek: z.array(dailyViews),
  topVideos: z.array(topVideo),
  videoPerformance: z.array(videoPerformance),
  studentActivity: z.object({
    activeStudents: z.number(),
    byDay: z.array(dailyActiveStudents),
    busiestHours: z.array(hourlyActivity),
  }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;

export const analyticsEndpoints = {
  overview: withSchemas(
    endpoint<{ query: z.input<typeof analyticsQuery>; response: AnalyticsResponse }>()({
      method: 'GET',
      path: '/api/analytics',
      access: 'owner',
      summary: "Views, watch time and students of the caller's videos over the last 30 days",
    }),
    { query: analyticsQuery, response: analyticsResponse },
  ),
} as const;

/** The change of `current` against `previous`, in %, one decimal; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/**
 * The product's change line under a summary card: '+0% from last month' when there is nothing on
 * either side, '+12.5% from last month' or '-3% from last month' when both periods have data.
 */
export function changeLine(metric: Metric): string {
  if (metric.change === null)
    return metric.value === 0 ? '+0% from last month' : 'New since last month';
  const sign = metric.change >= 0 ? '+' : '';
  return `${sign}${metric.change}% from last month`;
}
