import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retiredMedia, videos } from '../../db/schema/videos';

/** What serving a video's media files needs to know about the video. */
export type VideoMediaRow = Pick<
  typeof videos.$inferSelect,
  | 'id'
  | 'userId'
  | 'processingStatus'
  | 'thumbnailUrl'
  | 'previewUrl'
  | 'enhancedKey'
  | 'hlsUrl'
  | 'originalFileName'
  | 'title'
>;

/** The reads behind the media file routes. */
export function videoMediaRepository(db: Db) {
  return {
    async find(videoId: string): Promise<VideoMediaRow | undefined> {
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
