import { topRungFor } from '@shared/plan-features';
import { ladderTopFor } from '../../media/hls-args';
import type { MediaJobs } from '../../jobs/media-jobs';
import type { LadderUpgradeRepository } from './ladder-upgrade.repository';

/** A plan change as the plans module reports it (plan ids as stored). */
export interface PlanChange {
  userId: string;
  from: string;
  to: string;
}

/**
 * Whether a class of `width` x `height` (the original's size: the kept enhanced file has it) gets a
 * taller top rung under the new plan than under the old one. A class whose size is not known is
 * re-packaged when the plan's top rises (the job finds out, and stops when there is nothing to add).
 */
export function gainsRung(
  size: { width: number | null; height: number | null },
  change: Pick<PlanChange, 'from' | 'to'>,
): boolean {
  const from = topRungFor(change.from);
  const to = topRungFor(change.to);
  if (to <= from) return false;
  if (!size.width || !size.height) return true;
  return ladderTopFor(size.width, size.height, to) > ladderTopFor(size.width, size.height, from);
}

/**
 * Quality per plan (issue #18): after an upgrade, each of the owner's streamed classes whose kept
 * file can give the new plan's taller rung is packaged again in the low band (after new uploads'
 * work), from the kept enhanced file; riders play the current ladder until the new one is
 * published, and the replaced one stays readable for its grace period. A downgrade queues nothing:
 * the media route stops listing the rungs above the plan at once.
 */
export function ladderUpgradeService(deps: {
  repo: LadderUpgradeRepository;
  jobs: Pick<MediaJobs, 'repackage'> | undefined;
}) {
  return {
    /** Answers how many re-packages were queued. */
    async planChanged(change: PlanChange): Promise<number> {
      const { jobs } = deps;
      if (!jobs || topRungFor(change.to) <= topRungFor(change.from)) return 0;
      const classes = await deps.repo.listStreamed(change.userId);
      const gaining = classes.filter((c) => gainsRung(c, change));
      for (const c of gaining) await jobs.repackage(c.id);
      return gaining.length;
    },
  };
}

export type LadderUpgradeService = ReturnType<typeof ladderUpgradeService>;
