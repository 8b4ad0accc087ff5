import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { playbackSessions, type PlaybackSessionRow } from '../../db/schema/playback';
import { gymLocations, videoLocations } from '../../db/schema/locations';
import { users } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';

export interface PlaybackVideo {
  id: string;
  ownerId: string;
  ownerSlug: string | null;
  processingStatus: string;
  hlsUrl: string | null;
  duration: string | null;
  /** When the class was uploaded: nobody rode it before. */
  uploadedAt: Date;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Reads and writes within one beacon's transaction (the session row is locked). */
function sessionTx(tx: Tx) {
  return {
    /** The session, locked until the transaction ends; created first when new (idempotent). */
    async lockOrCreate(row: {
      id: string;
      videoId: string;
      ownerId: string;
      viewerId: string;
      at: Date;
      /** The further location whose page it was played from; null: the gym's own page. */
      locationId: string | null;
    }): Promise<PlaybackSessionRow> {
      // One viewer's beacons for one video go one at a time: two sessions (two tabs) cannot both
      // count a view within the hour.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`view:${row.viewerId}:${row.videoId}`}))`,
      );
      await tx
        .insert(playbackSessions)
        .values({
          id: row.id,
          videoId: row.videoId,
          ownerId: row.ownerId,
          viewerId: row.viewerId,
          startedAt: row.at,
          lastSeenAt: row.at,
          locationId: row.locationId,
        })
        .onConflictDoNothing({ target: playbackSessions.id });
      const [session] = await tx
        .select()
        .from(playbackSessions)
        .where(eq(playbackSessions.id, row.id))
        .for('update');
      return session!;
    },

    /**
     * The viewer's counted view of the video (in any session) nearest the moment `at`, before or
     * after it: a beacon sent late (decision 0051) may land before a view already counted.
     */
    async nearestCountedView(viewerId: string, videoId: string, at: Date): Promise<Date | null> {
      const [row] = await tx
        .select({ at: playbackSessions.viewCountedAt })
        .from(playbackSessions)
        .where(
          and(
            eq(playbackSessions.videoId, videoId),
            eq(playbackSessions.viewerId, viewerId),
            isNotNull(playbackSessions.viewCountedAt),
          ),
        )
        .orderBy(
          sql`abs(extract(epoch from ${playbackSessions.viewCountedAt} - ${at.toISOString()}::timestamptz))`,
        )
        .limit(1);
      return row?.at ?? null;
    },

    async update(
      id: string,
      patch: Pick<
        PlaybackSessionRow,
        'lastSeenAt' | 'watchedSeconds' | 'lastPosition' | 'furthestPosition'
      > &
        Partial<Pick<PlaybackSessionRow, 'viewCountedAt'>>,
    ): Promise<void> {
      await tx.update(playbackSessions).set(patch).where(eq(playbackSessions.id, id));
    },
  };
}

export type PlaybackSessionTx = ReturnType<typeof sessionTx>;

/** The playback_sessions table (decision 0005) and the video facts a beacon is checked against. */
export function playbackRepository(db: Db) {
  return {
    async findVideo(videoId: string): Promise<PlaybackVideo | undefined> {
      const [row] = await db
        .select({
          id: videos.id,
          ownerId: videos.userId,
          ownerSlug: users.companySlug,
          processingStatus: videos.processingStatus,
          hlsUrl: videos.hlsUrl,
          duration: videos.duration,
          uploadedAt: videos.uploadedAt,
        })
        .from(videos)
        .innerJoin(users, eq(users.id, videos.userId))
        .where(eq(videos.id, videoId))
        .limit(1);
      return row;
    },

    /** The owner's further location with this slug that offers the video, or null. */
    async locationOffering(ownerId: string, slug: string, videoId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: gymLocations.id })
        .from(gymLocations)
        .innerJoin(videoLocations, eq(videoLocations.locationId, gymLocations.id))
        .where(
          and(
            eq(gymLocations.ownerId, ownerId),
            eq(gymLocations.slug, slug),
            eq(videoLocations.videoId, videoId),
          ),
        )
        .limit(1);
      return row?.id ?? null;
    },

    inSession<T>(work: (tx: PlaybackSessionTx) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(sessionTx(tx)));
    },

    /** This viewer's most recent session of the video (the resume index). */
    async latestSession(
      viewerId: string,
      videoId: string,
    ): Promise<Pick<PlaybackSessionRow, 'lastPosition' | 'lastSeenAt'> | undefined> {
      const [row] = await db
        .select({
          lastPosition: playbackSessions.lastPosition,
          lastSeenAt: playbackSessions.lastSeenAt,
        })
        .from(playbackSessions)
        .where(and(eq(playbackSessions.viewerId, viewerId), eq(playbackSessions.videoId, videoId)))
        .orderBy(desc(playbackSessions.startedAt))
        .limit(1);
      return row;
    },
  };
}

export type PlaybackRepository = ReturnType<typeof playbackRepository>;
