import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { BuiltInBackgroundId } from '@shared/backgrounds.contract';
import type { Difficulty, MusicTrack } from '@shared/class-details';
import type {
  EnhancementReport,
  LogoCorner,
  PreviewState,
  VideoEventAction,
  VideoStatus,
} from '@shared/videos.contract';
import { instructors } from './instructors';
import { users } from './users';

export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 1000 }),
    originalFileName: varchar('original_file_name', { length: 255 }).notNull(),
    originalFileUrl: text('original_file_url').notNull(),
    enhancedFileUrl: text('enhanced_file_url'),
    fileSize: text('file_size').notNull(),
    /** Seconds, as text (the product's type). */
    duration: text('duration'),
    processingStatus: varchar('processing_status', { length: 16 })
      .$type<VideoStatus>()
      .notNull()
      .default('uploaded'),
    processingNotes: varchar('processing_notes', { length: 500 }),
    replaceBackground: boolean('replace_background').notNull().default(false),
    backgroundDescription: varchar('background_description', { length: 500 }),
    addLogo: boolean('add_logo').notNull().default(false),
    logoFileUrl: text('logo_file_url'),
    /** Where and how the logo is burned in (issue #15): corner, % of the frame width, % opacity. */
    logoCorner: varchar('logo_corner', { length: 12 }).$type<LogoCorner>(),
    logoSizePercent: integer('logo_size_percent'),
    logoOpacityPercent: integer('logo_opacity_percent'),
    enhancementNotes: varchar('enhancement_notes', { length: 1000 }),
    /** What automatic enhancement changed (issue #15); null until it ran. */
    enhancementReport: jsonb('enhancement_report').$type<EnhancementReport>(),
    /** The built-in background the owner chose (issue #15 part 2); null: chosen from the words. */
    backgroundId: varchar('background_id', { length: 32 }).$type<BuiltInBackgroundId>(),
    /** Set while an owner's re-run of enhancement is under way (the class stays playable). */
    reenhanceRequestedAt: timestamp('reenhance_requested_at', { withTimezone: true }),
    /** What riders choose the class by (issue #20 part 1); null: not set (the page's defaults). */
    instructorId: uuid('instructor_id').references(() => instructors.id, { onDelete: 'set null' }),
    difficulty: varchar('difficulty', { length: 12 }).$type<Difficulty>(),
    classType: varchar('class_type', { length: 40 }),
    /** The class's music, in the order the tracks start. */
    music: jsonb('music').$type<MusicTrack[]>().notNull().default([]),
    equipmentNotes: varchar('equipment_notes', { length: 500 }),
    /** Offered at the account's first location (its own gym page); further ones: video_locations. */
    offeredAtMain: boolean('offered_at_main').notNull().default(true),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    enhancedAt: timestamp('enhanced_at', { withTimezone: true }),
    /** Object-store keys behind the URLs above. */
    originalKey: text('original_key'),
    enhancedKey: text('enhanced_key'),
    logoKey: text('logo_key'),
    /** What ingest and packaging produce. */
    thumbnailUrl: text('thumbnail_url'),
    previewUrl: text('preview_url'),
    /** none -> growing -> ended | failed (decision 0029); a remux preview is 'ended' at once. */
    previewState: varchar('preview_state', { length: 8 })
      .$type<PreviewState>()
      .notNull()
      .default('none'),
    hlsUrl: text('hls_url'),
    /** Size of the published version's single-file rendition (offline.mp4, decision 0047); null: none. */
    offlineBytes: bigint('offline_bytes', { mode: 'number' }),
    width: integer('width'),
    height: integer('height'),
    videoCodec: varchar('video_codec', { length: 32 }),
    audioCodec: varchar('audio_codec', { length: 32 }),
    /** Progress of the running job, 0-100; null when nothing runs. */
    progress: integer('progress'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('videos_user_uploaded_idx').on(t.userId, t.uploadedAt),
    index('videos_status_uploaded_idx').on(t.processingStatus, t.uploadedAt),
    /** The admin list (all owners, newest first, stable order for pages). */
    index('videos_uploaded_id_idx').on(t.uploadedAt, t.id),
    /** The admin search (ILIKE '%…%' on title and file name), through pg_trgm. */
    index('videos_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('videos_file_name_trgm_idx').using('gin', t.originalFileName.op('gin_trgm_ops')),
    index('videos_instructor_idx').on(t.instructorId),
  ],
);

/** The audit trail: every status change and admin action on a video. */
export const videoEvents = pgTable(
  'video_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 32 }).$type<VideoEventAction>().notNull(),
    fromStatus: varchar('from_status', { length: 16 }).$type<VideoStatus>(),
    toStatus: varchar('to_status', { length: 16 }).$type<VideoStatus>(),
    notes: varchar('notes', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_events_video_idx').on(t.videoId, t.createdAt)],
);

export type VideoRow = typeof videos.$inferSelect;
export type VideoEventRow = typeof videoEvents.$inferSelect;

/**
 * An HLS ladder superseded by a newer packaging, kept for a while so a rider already playing it
 * is not cut off, then deleted by the worker's housekeeping.
 */
export const retiredMedia = pgTable(
  'retired_media',
  {
    prefix: text('prefix').primaryKey(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** The HLS version the prefix holds (the media route keeps serving it until deleteAfter). */
    version: varchar('version', { length: 64 }).notNull(),
    deleteAfter: timestamp('delete_after', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('retired_media_delete_after_idx').on(t.deleteAfter),
    index('retired_media_video_idx').on(t.videoId, t.version),
  ],
);
