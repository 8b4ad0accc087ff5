import { sql } from 'drizzle-orm';
import { index, pgTable, real, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { gymLocations } from './locations';
import { users } from './users';
import { videos } from './videos';

/**
 * One rider's playback of one video on one device: the player (issue 7) creates the row at start
 * with an id it chose, then updates it from its beacons. Analytics aggregate these rows in SQL.
 *
 * - A view is a session whose `view_counted_at` is set: the player sets it once real playback
 *   passes the threshold (and not again for the same viewer and video within the hour).
 * - `watched_seconds` sums really played seconds (seeking adds nothing); `last_position` is where
 *   this device stopped, so a reload resumes there.
 * - `owner_id` repeats the video's owner so the owner's figures come from one index range.
 */
export const playbackSessions = pgTable(
  'playback_sessions',
  {
    id: uuid('id').primaryKey(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The anonymous id the device keeps (no login, no personal data). */
    viewerId: varchar('viewer_id', { length: 64 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    watchedSeconds: real('watched_seconds').notNull().default(0),
    lastPosition: real('last_position').notNull().default(0),
    /** The furthest point this session's beacons reported: the audience retention curve's input. */
    furthestPosition: real('furthest_position').notNull().default(0),
    viewCountedAt: timestamp('view_counted_at', { withTimezone: true }),
    /** The further location whose page the rider played from; null: the gym's own page. */
    locationId: uuid('location_id').references(() => gymLocations.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The owner's figures over a time range (summary, week, hours) and per video.
    index('playback_sessions_owner_started_idx').on(t.ownerId, t.startedAt),
    index('playback_sessions_video_started_idx').on(t.videoId, t.startedAt),
    // The player: resume this device's last position; one view per viewer, video and hour.
    index('playback_sessions_viewer_video_idx').on(t.viewerId, t.videoId, t.startedAt),
    index('playback_sessions_counted_idx')
      .on(t.videoId, t.viewerId, t.viewCountedAt)
      .where(sql`${t.viewCountedAt} is not null`),
  ],
);

export type PlaybackSessionRow = typeof playbackSessions.$inferSelect;
export type NewPlaybackSession = typeof playbackSessions.$inferInsert;
