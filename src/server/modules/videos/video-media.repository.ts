import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retiredMedia, videos } from '../../db/schema/videos';

/** The reads behind the media file routes (which reach them through videosService). */
export function videoMediaRepository(db: Db) {
  return {
    /** The video's columns in VideoMediaRow (videos.service), or undefined. */
    async find(videoId: string) {
      const [row] = await db
        .select({
          id: videos.id,
          userId: videos.userId,
          processingStatus: videos.processingStatus,
          thumbnailUrl: videos.thumbnailUrl,
          previewUrl: videos.previewUrl,
          enhancedKey: videos.enhancedKey,
          hlsUrl: videos.hlsUrl,
          originalFileName: videos.originalFileName,
          title: videos.title,
          // Only whether the A/B clips belong to the current enhancement, not the whole report.
          hasAudioClips: sql<boolean>`(${videos.enhancementReport} -> 'audioClip') is not null`,
        })
        .from(videos)
        .where(eq(videos.id, videoId))
        .limit(1);
      return row;
    },

    /** A replaced ladder still inside its grace period (riders who started it ride on). */
    async isRetiring(videoId: string, version: string): Promise<boolean> {
      const [row] = await db
        .select({ prefix: retiredMedia.prefix })
        .from(retiredMedia)
        .where(
          and(
            eq(retiredMedia.videoId, videoId),
            eq(retiredMedia.version, version),
            gt(retiredMedia.deleteAfter, new Date()),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

export type VideoMediaRepository = ReturnType<typeof videoMediaRepository>;
