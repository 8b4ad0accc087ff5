import { BACKGROUND_MESSAGES, type BuiltInBackgroundId } from '@shared/backgrounds.contract';
import type { VideoRow } from '../../db/schema/videos';
import type { MediaJobs } from '../../jobs/media-jobs';
import { planIncludes } from '@shared/plan-features';
import { ENHANCEMENT_LOCKS } from '@shared/videos.contract';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import {
  isReenhancing,
  TransitionRefusedError,
  type Actor,
  type VideoLifecycle,
} from './lifecycle';
import type { VideosRepository } from './videos.repository';
import { VIDEO_NOT_FOUND } from './videos.service';

interface Deps {
  repo: Pick<VideosRepository, 'find'>;
  lifecycle: VideoLifecycle;
  /** The media pipeline's queue; none when this process runs no pipeline. */
  jobs?: Pick<MediaJobs, 'enhance'>;
  label: (id: BuiltInBackgroundId) => string;
  now: () => number;
}

/**
 * The owner's re-run of enhancement with a built-in background (issue #15 part 2, decision 0027):
 * checked here in the owner's words, made by the lifecycle (which re-checks under the row lock),
 * then the enhance job is queued; the class stays 'enhanced' and playable throughout.
 */
export function reenhanceService({ repo, lifecycle, jobs, label, now }: Deps) {
  return {
    async reenhance(
      user: Pick<UserRow, 'id' | 'plan'>,
      videoId: string,
      backgroundId: BuiltInBackgroundId,
    ): Promise<VideoRow> {
      const userId = user.id;
      const row = await repo.find(userId, videoId);
      if (!row) throw new NotFoundError(VIDEO_NOT_FOUND);
      if (!planIncludes(user.plan, 'premiumEnhancement'))
        throw new ForbiddenError(ENHANCEMENT_LOCKS.background);
      if (row.processingStatus !== 'enhanced' || !row.originalKey)
        throw new ConflictError(BACKGROUND_MESSAGES.notEnhanced);
      if (!row.replaceBackground) throw new ConflictError(BACKGROUND_MESSAGES.noBackground);
      if (isReenhancing(row)) throw new ConflictError(BACKGROUND_MESSAGES.alreadyRunning);
      if (!jobs) throw new ConflictError(BACKGROUND_MESSAGES.noPipeline);

      const by: Actor = { kind: 'owner', userId };
      let moved: VideoRow;
      try {
        moved = await lifecycle.requestReenhance(videoId, {
          by,
          backgroundId,
          notes: `Enhancing again with the ${label(backgroundId)} background (chosen by the owner).`,
          at: new Date(now()),
        });
      } catch (error) {
        // Another request won the race, or the video moved meanwhile.
        if (error instanceof TransitionRefusedError)
          throw new ConflictError(BACKGROUND_MESSAGES.alreadyRunning);
        throw error;
      }
      try {
        await jobs.enhance(videoId);
      } catch (error) {
        // Not queued: nothing would ever finish the re-run, so it is not left pending.
        await lifecycle.abandonReenhance(videoId, {
          notes: 'Enhancing again could not be queued. Please try again.',
        });
        throw error;
      }
      return moved;
    },
  };
}

export type ReenhanceService = ReturnType<typeof reenhanceService>;
