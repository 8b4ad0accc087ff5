import { and, eq, isNull, lt } from 'drizzle-orm';
import type { VideoStatus } from '@shared/videos.contract';
import type { Db } from '../db/client';
import { retiredMedia, videoEvents, videos, type VideoRow } from '../db/schema/videos';
import { hlsVersionOf, mediaKeys } from '../media/media-paths';

export type VideoPatch = Partial<
  Pick<
    typeof videos.$inferInsert,
    | 'duration'
    | 'width'
    | 'height'
    | 'videoCodec'
    | 'audioCodec'
    | 'thumbnailUrl'
    | 'previewUrl'
    | 'hlsUrl'
    | 'enhancedKey'
    | 'enhancedFileUrl'
    | 'enhancedAt'
    | 'progress'
    | 'processingNotes'
  >
>;

export interface Transition {
  /** The statuses the video may be in; anything else and nothing changes (answers null). */
  from: readonly VideoStatus[];
  to: VideoStatus;
  /** What video_events records (e.g. 'enhance_started'). */
  action: string;
  notes: string | null;
  patch?: VideoPatch;
  /** Who acted (an admin); null or absent for the system. Recorded in video_events. */
  actorId?: string | null;
  /** With null notes: leave processingNotes as they are (the event records no notes). */
  keepNotes?: boolean;
}

/** processingNotes and video_events.notes hold at most 500 characters (spec §9). */
export const NOTES_MAX = 500;
export function clipNotes(notes: string | null): string | null {
  if (notes === null) return null;
  return notes.length <= NOTES_MAX ? notes : `${notes.slice(0, NOTES_MAX - 1)}…`;
}

/**
 * What the media jobs read and write. Jobs act for the system, not for an owner: they find videos
 * by id alone. Every status change goes through `transition`, which checks the current status under
 * a row lock and writes the video_events row in the same transaction.
 */
export function mediaRepository(db: Db) {
  return {
    async find(videoId: string): Promise<VideoRow | undefined> {
      const [row] = await db.select().from(videos).where(eq(videos.id, videoId)).limit(1);
      return row;
    },

    async update(videoId: string, patch: VideoPatch): Promise<VideoRow | undefined> {
      const values =
        'processingNotes' in patch
          ? { ...patch, processingNotes: clipNotes(patch.processingNotes ?? null) }
          : patch;
      const [row] = await db
        .update(videos)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(videos.id, videoId))
        .returning();
      return row;
    },

    /** Sets the running job's progress (0-100, null when done) without touching updatedAt. */
    async setProgress(videoId: string, progress: number | null): Promise<void> {
      await db.update(videos).set({ progress }).where(eq(videos.id, videoId));
    },

    async transition(videoId: string, t: Transition): Promise<VideoRow | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ status: videos.processingStatus })
          .from(videos)
          .where(eq(videos.id, videoId))
          .for('update');
        if (!current || !t.from.includes(current.status as VideoStatus)) return null;
        const notes = clipNotes(t.notes);
        const [row] = await tx
          .update(videos)
          .set({
            ...t.patch,
            processingStatus: t.to,
            ...(notes === null && t.keepNotes ? {} : { processingNotes: notes }),
            updatedAt: new Date(),
          })
          .where(eq(videos.id, videoId))
          .returning();
        await tx.insert(videoEvents).values({
          videoId,
          actorId: t.actorId ?? null,
          action: t.action,
          fromStatus: current.status,
          toStatus: t.to,
          notes,
        });
        return row ?? null;
      });
    },

    /**
     * Points the video at a new HLS ladder, only while it is still enhanced from the same file
     * (a newer enhanced file brings its own packaging). Records 'packaged'.
     */
    async publishHls(
      videoId: string,
      enhancedKey: string,
      hlsUrl: string,
      notes: string,
      /** When the ladder this one replaces may be deleted. */
      retireAt: Date,
    ): Promise<VideoRow | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ hlsUrl: videos.hlsUrl })
          .from(videos)
          .where(eq(videos.id, videoId))
          .for('update');
        const [row] = await tx
          .update(videos)
          .set({ hlsUrl, progress: null, updatedAt: new Date() })
          .where(
            and(
              eq(videos.id, videoId),
              eq(videos.processingStatus, 'enhanced'),
              eq(videos.enhancedKey, enhancedKey),
            ),
          )
          .returning();
        if (!row) return null;
        // The ladder it replaces stays playable for riders who already started it.
        const old = hlsVersionOf(before?.hlsUrl);
        if (old && old !== hlsVersionOf(hlsUrl)) {
          await tx
            .insert(retiredMedia)
            .values({
              prefix: mediaKeys.hls(videoId, old),
              videoId,
              version: old,
              deleteAfter: retireAt,
            })
            .onConflictDoNothing();
        }
        await tx.insert(videoEvents).values({
          videoId,
          action: 'packaged',
          fromStatus: 'enhanced',
          toStatus: 'enhanced',
          notes: clipNotes(notes),
        });
        return row;
      });
    },

    /** An event without a status change (e.g. 'ingested', 'needs_manual'). */
    async record(
      videoId: string,
      action: string,
      status: VideoStatus,
      notes: string | null,
      actorId: string | null = null,
    ): Promise<void> {
      await db.insert(videoEvents).values({
        videoId,
        actorId,
        action,
        fromStatus: status,
        toStatus: status,
        notes: clipNotes(notes),
      });
    },

    /** Videos never ingested (the enqueue after upload was lost): 'uploaded', no duration, no stills. */
    async findNeverIngested(uploadedBefore: Date, limit = 100): Promise<string[]> {
      const rows = await db
        .select({ id: videos.id })
        .from(videos)
        .where(
          and(
            eq(videos.processingStatus, 'uploaded'),
            isNull(videos.duration),
            isNull(videos.thumbnailUrl),
            lt(videos.uploadedAt, uploadedBefore),
          ),
        )
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Retired media whose grace period is over (the housekeeping deletes the files, then forgets them). */
    async dueRetired(now: Date, limit = 100): Promise<string[]> {
      const rows = await db
        .select({ prefix: retiredMedia.prefix })
        .from(retiredMedia)
        .where(lt(retiredMedia.deleteAfter, now))
        .limit(limit);
      return rows.map((r) => r.prefix);
    },

    async forgetRetired(prefix: string): Promise<void> {
      await db.delete(retiredMedia).where(eq(retiredMedia.prefix, prefix));
    },

    async events(videoId: string) {
      return db
        .select()
        .from(videoEvents)
        .where(eq(videoEvents.videoId, videoId))
        .orderBy(videoEvents.createdAt);
    },
  };
}

export type MediaRepository = ReturnType<typeof mediaRepository>;
