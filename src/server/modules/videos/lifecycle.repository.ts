import { and, desc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { PROCESSING_NOTES_MAX } from '@shared/admin.contract';
import type { VideoEventAction, VideoStatus } from '@shared/videos.contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { retiredMedia, videoEvents, videos, type VideoRow } from '../../db/schema/videos';
import { hlsVersionOf, mediaKeys } from '../../media/media-paths';

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
    | 'previewState'
    | 'hlsUrl'
    | 'enhancedKey'
    | 'enhancedFileUrl'
    | 'enhancedAt'
    | 'enhancementReport'
    | 'progress'
    | 'processingNotes'
    | 'backgroundId'
    | 'reenhanceRequestedAt'
  >
>;

/** The audit action to record for each status a video may move from; any other status refuses. */
export type ActionsFrom = Partial<Record<VideoStatus, VideoEventAction>>;

export interface StatusChange {
  from: ActionsFrom;
  to: VideoStatus;
  /** For processingNotes and the audit row; null leaves processingNotes as they are. */
  notes: string | null;
  patch?: VideoPatch;
  /** Who acted (a user); null for the system. Recorded in video_events. */
  actorId: string | null;
  /** The lifecycle's rule on the locked row beyond its status; false refuses the change. */
  allowed?: (row: VideoRow) => boolean;
}

/** A status change made (the row before and after), or refused (the status found; null: no video). */
export type ChangeResult =
  | { changed: true; before: VideoRow; row: VideoRow; event: RecordedEvent }
  | { changed: false; current: VideoStatus | null };

/** The video_events row a change wrote. */
export interface RecordedEvent {
  id: string;
  action: VideoEventAction;
}

/**
 * A patch as written: clearing hlsUrl clears offlineBytes too (the offline file belongs to the
 * ladder's version folder, decision 0047).
 */
function withOffline(patch: VideoPatch): VideoPatch & { offlineBytes?: null } {
  return 'hlsUrl' in patch && !patch.hlsUrl ? { ...patch, offlineBytes: null } : patch;
}

/** processingNotes and video_events.notes hold at most 500 characters (product.md §9). */
export function clipNotes(notes: string | null): string | null {
  if (notes === null) return null;
  return notes.length <= PROCESSING_NOTES_MAX
    ? notes
    : `${notes.slice(0, PROCESSING_NOTES_MAX - 1)}…`;
}

/**
 * A video's status, media fields and audit trail, by video id alone (the media jobs act for the
 * system, the admin desk across owners). Which status changes are allowed is the lifecycle's rule
 * (lifecycle.ts): a change here checks the current status under a row lock against what the
 * lifecycle allows and writes the video_events row in the same transaction.
 */
export function lifecycleRepository(db: Db) {
  return {
    async find(videoId: string): Promise<VideoRow | undefined> {
      const [row] = await db.select().from(videos).where(eq(videos.id, videoId)).limit(1);
      return row;
    },

    /** The video's owner's plan now (what enhancement and packaging may give it); null: gone. */
    async ownerPlan(videoId: string): Promise<string | null> {
      const [row] = await db
        .select({ plan: users.plan })
        .from(videos)
        .innerJoin(users, eq(users.id, videos.userId))
        .where(eq(videos.id, videoId))
        .limit(1);
      return row?.plan ?? null;
    },

    async update(videoId: string, patch: VideoPatch): Promise<VideoRow | undefined> {
      const values =
        'processingNotes' in patch
          ? { ...withOffline(patch), processingNotes: clipNotes(patch.processingNotes ?? null) }
          : withOffline(patch);
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

    async transition(videoId: string, c: StatusChange): Promise<ChangeResult> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(videos).where(eq(videos.id, videoId)).for('update');
        const action = before ? c.from[before.processingStatus] : undefined;
        if (!before || !action || (c.allowed && !c.allowed(before)))
          return { changed: false, current: before?.processingStatus ?? null };
        const notes = clipNotes(c.notes);
        const [row] = await tx
          .update(videos)
          .set({
            ...withOffline(c.patch ?? {}),
            processingStatus: c.to,
            ...(notes === null ? {} : { processingNotes: notes }),
            updatedAt: new Date(),
          })
          .where(eq(videos.id, videoId))
          .returning();
        const [event] = await tx
          .insert(videoEvents)
          .values({
            videoId,
            actorId: c.actorId,
            action,
            fromStatus: before.processingStatus,
            toStatus: c.to,
            notes,
          })
          .returning({ id: videoEvents.id });
        return { changed: true, before, row: row!, event: { id: event!.id, action } };
      });
    },

    /**
     * Points the video at a new HLS ladder, only while it is in a status `from` allows and still
     * enhanced from the same file (a newer enhanced file brings its own packaging). The ladder it
     * replaces is retired (kept playable until `retireAt`); processingNotes stay as they are.
     * `offlineBytes`: the size of the new folder's offline file, null when it has none.
     */
    async publishHls(
      videoId: string,
      p: {
        from: ActionsFrom;
        enhancedKey: string;
        hlsUrl: string;
        offlineBytes: number | null;
        notes: string;
        retireAt: Date;
        actorId: string | null;
      },
    ): Promise<ChangeResult> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(videos).where(eq(videos.id, videoId)).for('update');
        const action = before ? p.from[before.processingStatus] : undefined;
        if (!before || !action || before.enhancedKey !== p.enhancedKey)
          return { changed: false, current: before?.processingStatus ?? null };
        const [row] = await tx
          .update(videos)
          .set({
            hlsUrl: p.hlsUrl,
            offlineBytes: p.offlineBytes,
            progress: null,
            updatedAt: new Date(),
          })
          .where(eq(videos.id, videoId))
          .returning();
        // The ladder it replaces stays playable for riders who already started it.
        const old = hlsVersionOf(before.hlsUrl);
        if (old && old !== hlsVersionOf(p.hlsUrl)) {
          await tx
            .insert(retiredMedia)
            .values({
              prefix: mediaKeys.hls(videoId, old),
              videoId,
              version: old,
              deleteAfter: p.retireAt,
            })
            .onConflictDoNothing();
        }
        const [event] = await tx
          .insert(videoEvents)
          .values({
            videoId,
            actorId: p.actorId,
            action,
            fromStatus: before.processingStatus,
            toStatus: row!.processingStatus,
            notes: clipNotes(p.notes),
          })
          .returning({ id: videoEvents.id });
        return { changed: true, before, row: row!, event: { id: event!.id, action } };
      });
    },

    /**
     * Records the offline file made later for the published ladder `hlsUrl` (the worker's sweep),
     * only while the video is still enhanced and still points at that ladder; undefined otherwise.
     */
    async publishOffline(
      videoId: string,
      p: { hlsUrl: string; bytes: number },
    ): Promise<VideoRow | undefined> {
      const [row] = await db
        .update(videos)
        .set({ offlineBytes: p.bytes, updatedAt: new Date() })
        .where(
          and(
            eq(videos.id, videoId),
            eq(videos.processingStatus, 'enhanced'),
            eq(videos.hlsUrl, p.hlsUrl),
          ),
        )
        .returning();
      return row;
    },

    /** Streamed classes packaged before the offline file existed (newest first): the sweep's work. */
    async findWithoutOffline(limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: videos.id })
        .from(videos)
        .where(
          and(
            eq(videos.processingStatus, 'enhanced'),
            isNotNull(videos.enhancedKey),
            isNotNull(videos.hlsUrl),
            isNull(videos.offlineBytes),
          ),
        )
        .orderBy(desc(videos.uploadedAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** An event without a status change (e.g. 'ingested', 'original_downloaded'). */
    async record(
      videoId: string,
      e: {
        action: VideoEventAction;
        status: VideoStatus;
        notes: string | null;
        actorId: string | null;
      },
    ): Promise<RecordedEvent> {
      const [event] = await db
        .insert(videoEvents)
        .values({
          videoId,
          actorId: e.actorId,
          action: e.action,
          fromStatus: e.status,
          toStatus: e.status,
          notes: clipNotes(e.notes),
        })
        .returning({ id: videoEvents.id });
      return { id: event!.id, action: e.action };
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

export type LifecycleRepository = ReturnType<typeof lifecycleRepository>;
