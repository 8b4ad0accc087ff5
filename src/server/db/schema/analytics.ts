import { bigint, date, doublePrecision, integer, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';
import { videos } from './videos';

/**
 * Analytics rollups (docs/decisions/0014): closed local days of an owner's playback sessions,
 * summed once so GET /api/analytics reads a few thousand rows instead of every session. They are
 * derived from `playback_sessions` on read, per owner and time zone (days and hours are local),
 * and can be dropped at any time: the next read rebuilds them.
 */

/** One rollup: an owner's figures in one time zone, and how far its change detection has read. */
export const analyticsRollups = pgTable(
  'analytics_rollups',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    /** Sessions whose last_seen_at is after this were written since the last refresh. */
    watermark: timestamp('watermark', { withTimezone: true }).notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.timeZone] })],
);

/** A rolled-up local day: its sessions and its distinct viewers with a counted view. */
export const analyticsDays = pgTable(
  'analytics_days',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sessions: integer('sessions').notNull(),
    viewers: integer('viewers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.timeZone, t.day] })],
);

/** One video's sums on one rolled-up local day. */
export const analyticsVideoDays = pgTable(
  'analytics_video_days',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    sessions: integer('sessions').notNull(),
    views: integer('views').notNull(),
    watchedSeconds: doublePrecision('watched_seconds').notNull(),
    /** Sum and count of min(watched / duration, 1) over counted views with a known duration. */
    shareSum: doublePrecision('share_sum').notNull(),
    shareCount: integer('share_count').notNull(),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    /** Counted views by local hour of day, 24 entries. */
    hourViews: integer('hour_views').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.timeZone, t.day, t.videoId] })],
);

/**
 * The local days on which a viewer had a counted view, as bits: day number n (days since
 * 2000-01-01) is bit n % 64 of block n / 64. Distinct viewers over any run of rolled-up days come
 * from a few rows per viewer.
 */
export const analyticsViewerDays = pgTable(
  'analytics_viewer_days',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    block: integer('block').notNull(),
    viewerId: varchar('viewer_id', { length: 64 }).notNull(),
    bits: bigint('bits', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.timeZone, t.block, t.viewerId] })],
);

/** Each viewer's last rolled-up local day with a counted view of each video. */
export const analyticsVideoViewers = pgTable(
  'analytics_video_viewers',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    viewerId: varchar('viewer_id', { length: 64 }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.timeZone, t.videoId, t.viewerId] })],
);

/** How many of a video's viewers have `day` as their last rolled-up day (analytics_video_viewers). */
export const analyticsVideoLastDays = pgTable(
  'analytics_video_last_days',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    viewers: integer('viewers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.timeZone, t.videoId, t.day] })],
);
