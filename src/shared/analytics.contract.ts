import { z } from 'zod';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';
import { lockedMessage } from './plan-features';

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

/** A custom date range (Advanced analytics) covers at most this many days. */
export const ANALYTICS_MAX_RANGE_DAYS = 366;
/** The audience retention curve has a point at every 1/RETENTION_STEPS of the class (and at 0). */
export const RETENTION_STEPS = 50;

/** The refusals of the analytics routes, word for word (server 400s and the web's own checks). */
export const ANALYTICS_MESSAGES = {
  badDate: 'Dates are calendar days written YYYY-MM-DD',
  bothDates: 'A date range needs both its first and its last day',
  backwards: 'The first day of the range is after its last day',
  tooLong: `A date range covers at most ${ANALYTICS_MAX_RANGE_DAYS} days`,
  future: 'The range cannot end after today',
  beforeAccount: (firstDay: string) =>
    `The range cannot start before your account opened (${firstDay})`,
  badTable: 'Unknown table',
  needsClass: 'Choose a class',
} as const;

/**
 * What each plan's analytics lack, in the words of the server's 403 and of the web's lock (the
 * shared plan-features table names the plan that unlocks it).
 */
export const ANALYTICS_LOCKS = {
  dashboard: lockedMessage('analyticsDashboard', 'A breakdown by day, class and hour'),
  range: lockedMessage('advancedAnalytics', 'A custom date range'),
  retention: lockedMessage('advancedAnalytics', 'Audience retention per class'),
  csv: lockedMessage('advancedAnalytics', 'CSV export'),
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from `from` to `to` (YYYY-MM-DD), both counted: 1 for the same day. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** A calendar day, YYYY-MM-DD, that exists (no 2026-02-30). */
const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ANALYTICS_MESSAGES.badDate)
  .refine((day) => {
    const at = Date.parse(`${day}T00:00:00Z`);
    return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === day;
  }, ANALYTICS_MESSAGES.badDate);

/** A custom period: the first and last day in the owner's time zone, both included. */
const rangeFields = {
  from: calendarDay.optional(),
  to: calendarDay.optional(),
};

/**
 * Both days or neither, in order, at most ANALYTICS_MAX_RANGE_DAYS long. What needs the clock and
 * the account (not after today, not before the account opened) the server checks.
 */
function checkRange(q: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if ((q.from === undefined) !== (q.to === undefined)) {
    ctx.addIssue({ code: 'custom', message: ANALYTICS_MESSAGES.bothDates, path: ['from'] });
    return;
  }
  if (q.from === undefined || q.to === undefined) return;
  if (q.from > q.to) {
    ctx.addIssue({ code: 'custom', message: ANALYTICS_MESSAGES.backwards, path: ['from'] });
  } else if (daysInRange(q.from, q.to) > ANALYTICS_MAX_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', message: ANALYTICS_MESSAGES.tooLong, path: ['to'] });
  }
}

/** A date range as the web's picker sends it (the same rules as the server's query). */
export const analyticsRange = z.object(rangeFields).superRefine(checkRange);
export type AnalyticsRange = z.infer<typeof analyticsRange>;

const videoId = z.string().max(64);
/** One location's playbacks: 'main' (the gym's own page) or a further location's id (Elite). */
const location = z.string().max(64).optional();

export const analyticsQuery = z
  .object({
    /** One video's figures only. */
    video: videoId.optional(),
    location,
    tz: ianaTimeZone.default('UTC'),
    ...rangeFields,
  })
  .superRefine(checkRange);
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

/** The four totals every plan sees: the last 30 days, the whole account. */
export const analyticsSummaryQuery = z.object({ tz: ianaTimeZone.default('UTC') });
export type AnalyticsSummaryQuery = z.infer<typeof analyticsSummaryQuery>;

export const retentionQuery = z
  .object({
    video: z
      .string({ message: ANALYTICS_MESSAGES.needsClass })
      .min(1, ANALYTICS_MESSAGES.needsClass)
      .max(64),
    location,
    tz: ianaTimeZone.default('UTC'),
    ...rangeFields,
  })
  .superRefine(checkRange);
export type RetentionQuery = z.infer<typeof retentionQuery>;

/** The tables the screen shows, each downloadable as CSV. */
export const CSV_TABLES = ['videos', 'days', 'hours', 'retention'] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

export const csvExportQuery = z
  .object({
    table: z.enum(CSV_TABLES, { message: ANALYTICS_MESSAGES.badTable }),
    /** The class of the retention table (required there), or one class's rows of the others. */
    video: videoId.optional(),
    location,
    tz: ianaTimeZone.default('UTC'),
    ...rangeFields,
  })
  .superRefine((q, ctx) => {
    if (q.table === 'retention' && !q.video) {
      ctx.addIssue({ code: 'custom', message: ANALYTICS_MESSAGES.needsClass, path: ['video'] });
    }
    checkRange(q, ctx);
  });
export type CsvExportQuery = z.infer<typeof csvExportQuery>;

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

const period = z.object({
  days: z.number(),
  /** The period's first and last instants (ISO). */
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** The period's first and last local days (YYYY-MM-DD), both included. */
  firstDay: z.string(),
  lastDay: z.string(),
  /** A custom date range (Advanced analytics); otherwise the last 30 days up to now. */
  custom: z.boolean(),
});
export type AnalyticsPeriod = z.infer<typeof period>;

const summary = z.object({
  totalViews: metric,
  watchTimeHours: metric,
  activeStudents: metric,
  /** Average share of each video watched per view, in %. */
  engagementRate: metric,
});

export const analyticsResponse = z.object({
  period,
  /** The one video the figures are for, when `?video=` was given. */
  video: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The owner's videos (all rows, or 1 when filtered). */
  videoCount: z.number(),
  summary,
  /** The last 7 days of the period (today last by default). */
  viewsThisWeek: z.array(dailyViews),
  /** Every day of the period, the last day last. */
  viewsByDay: z.array(dailyViews),
  topVideos: z.array(topVideo),
  videoPerformance: z.array(videoPerformance),
  studentActivity: z.object({
    activeStudents: z.number(),
    byDay: z.array(dailyActiveStudents),
    busiestHours: z.array(hourlyActivity),
  }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;

/** The four totals (every plan; Spin Starter sees only these). */
const analyticsSummaryResponse = z.object({ period, videoCount: z.number(), summary });
export type AnalyticsSummaryResponse = z.infer<typeof analyticsSummaryResponse>;

const retentionPoint = z.object({
  /** Seconds into the class. */
  position: z.number(),
  /** Share of the period's views whose furthest point reached `position`, in %, one decimal. */
  percent: z.number(),
});
export type RetentionPoint = z.infer<typeof retentionPoint>;

const retentionResponse = z.object({
  period,
  video: z.object({ id: z.string(), title: z.string(), durationSeconds: z.number().nullable() }),
  /** The counted views the curve is drawn from. */
  views: z.number(),
  /** RETENTION_STEPS + 1 points from 0 to the class's end; empty without views or a known length. */
  points: z.array(retentionPoint),
});
export type RetentionResponse = z.infer<typeof retentionResponse>;

export const analyticsEndpoints = {
  overview: withSchemas(
    endpoint<{ query: z.input<typeof analyticsQuery>; response: AnalyticsResponse }>()({
      method: 'GET',
      path: '/api/analytics',
      access: 'owner',
      summary:
        "Views, watch time and students of the caller's videos over the last 30 days or a date range (Power Cycle and up; the range Spin Master and up)",
    }),
    { query: analyticsQuery, response: analyticsResponse },
  ),
  summary: withSchemas(
    endpoint<{
      query: z.input<typeof analyticsSummaryQuery>;
      response: AnalyticsSummaryResponse;
    }>()({
      method: 'GET',
      path: '/api/analytics/summary',
      access: 'owner',
      summary: 'The four totals of the last 30 days, with their changes (every plan)',
    }),
    { query: analyticsSummaryQuery, response: analyticsSummaryResponse },
  ),
  retention: withSchemas(
    endpoint<{ query: z.input<typeof retentionQuery>; response: RetentionResponse }>()({
      method: 'GET',
      path: '/api/analytics/retention',
      access: 'owner',
      summary:
        "One class's audience retention: the share of views still watching at each point (Spin Master and up)",
    }),
    { query: retentionQuery, response: retentionResponse },
  ),
  csv: withSchemas(
    endpoint<{ query: z.input<typeof csvExportQuery> }>()({
      method: 'GET',
      path: '/api/analytics/export',
      access: 'owner',
      summary: 'One table of the analytics screen as a CSV download (Spin Master and up)',
      produces: 'text/csv',
    }),
    { query: csvExportQuery },
  ),
} as const;

/** The change of `current` against `previous`, in %, one decimal; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/**
 * The product's change line under a summary card: '+0% from last month' when there is nothing on
 * either side, '+12.5% from last month' or '-3% from last month' when both periods have data. For a
 * custom range of `rangeDays` days: '+12.5% vs the previous 14 days', 'New vs the previous 14 days'.
 */
export function changeLine(metric: Metric, rangeDays?: number): string {
  const vs =
    rangeDays === undefined
      ? null
      : rangeDays === 1
        ? 'vs the day before'
        : `vs the previous ${rangeDays} days`;
  if (metric.change === null) {
    if (metric.value === 0) return vs ? `+0% ${vs}` : '+0% from last month';
    return vs ? `New ${vs}` : 'New since last month';
  }
  const sign = metric.change >= 0 ? '+' : '';
  return `${sign}${metric.change}% ${vs ?? 'from last month'}`;
}
