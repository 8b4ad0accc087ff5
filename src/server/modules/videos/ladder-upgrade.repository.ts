import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { videos } from '../../db/schema/videos';

/** The reads behind a plan upgrade's re-packaging (ladder-upgrade.service). */
export function ladderUpgradeRepository(db: Db) {
  return {
    /** The owner's classes riders stream (enhanced, with a ladder), with the original's size. */
    async listStreamed(ownerId: string) {
      return db
        .select({ id: videos.id, width: videos.width, height: videos.height })
        .from(videos)
        .where(
          and(
            eq(videos.userId, ownerId),
            eq(videos.processingStatus, 'enhanced'),
            isNotNull(videos.hlsUrl),
          ),
        );
    },
  };
}

export type LadderUpgradeRepository = ReturnType<typeof ladderUpgradeRepository>;
