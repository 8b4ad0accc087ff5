import { jsonb, pgTable, real, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import type { RideSegment, TempoPoint } from '@shared/ride-track';
import { videos } from './videos';

/**
 * A class's ride track (issue #20 part 3): its segments in order, covering the class. Read whole
 * with the class and never queried by a segment, so one JSON list per class.
 */
export const rideTracks = pgTable('ride_tracks', {
  videoId: uuid('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  segments: jsonb('segments').$type<RideSegment[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type RideTrackRow = typeof rideTracks.$inferSelect;

/**
 * The tempo of a class's music, detected by the ingest job (one value every few seconds), from
 * which a ride track is suggested. Written again when the class is ingested again.
 */
export const classTempo = pgTable('class_tempo', {
  videoId: uuid('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  points: jsonb('points').$type<TempoPoint[]>().notNull(),
  /** The detector and its settings, as `aubiotrack 0.4.9`. */
  detector: varchar('detector', { length: 64 }).notNull(),
  /** Seconds of audio analysed per wall-clock second (how the detector fares here). */
  speed: real('speed'),
  analyzedAt: timestamp('analyzed_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ClassTempoRow = typeof classTempo.$inferSelect;
