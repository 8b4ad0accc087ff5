import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { videos } from '../../db/schema/videos';

export function accountRepository(db: Db) {
  return {
    /** The owner's videos' metadata for the data export: no storage keys, no file URLs. */
    async listVideoMetadata(ownerId: string) {
      return db
        .select({
          id: videos.id,
          title: videos.title,
          description: videos.description,
          originalFileName: videos.originalFileName,
          fileSize: videos.fileSize,
          duration: videos.duration,
          processingStatus: videos.processingStatus,
          processingNotes: videos.processingNotes,
          replaceBackground: videos.replaceBackground,
          backgroundDescription: videos.backgroundDescription,
          addLogo: videos.addLogo,
          enhancementNotes: videos.enhancementNotes,
          width: videos.width,
          height: videos.height,
          uploadedAt: videos.uploadedAt,
          enhancedAt: videos.enhancedAt,
        })
        .from(videos)
        .where(eq(videos.userId, ownerId))
        .orderBy(asc(videos.uploadedAt), asc(videos.id));
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
