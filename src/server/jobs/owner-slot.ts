import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { videos } from '../db/schema/videos';
import type { ActiveJob } from './queue';

/** How long a heavy job of an owner who already has one running waits before it is offered again. */
export const OWNER_BUSY_DELAY_SECONDS = 20;

export const OWNER_BUSY_MESSAGE =
  'waiting: another enhance or package job of the same owner is running';

/** Decides whether a fetched heavy job may run now (false: it has been put back in the queue). */
export type HeavyJobGate = (job: ActiveJob) => Promise<boolean>;

/**
 * One heavy job (enhance or package) per owner at a time, across every worker process: a fetched
 * heavy job runs only when no other heavy job of the same owner is active; otherwise it goes back
 * to the queue (not counted as an attempt) and is offered again after `delaySeconds`, so one
 * owner's uploads cannot hold every heavy slot. The check and the hand-back run in one transaction
 * under a per-owner advisory lock: two workers that fetched two jobs of one owner at once decide
 * one after the other; the first sees the second active and steps back, then the second finds the
 * owner free. (Both jobs are already 'active' when fetched, so neither can be missed.)
 */
export function ownerHeavySlot(db: Db, delaySeconds = OWNER_BUSY_DELAY_SECONDS): HeavyJobGate {
  return (job) =>
    db.transaction(async (tx) => {
      const [video] = await tx
        .select({ ownerId: videos.userId })
        .from(videos)
        .where(eq(videos.id, job.data.videoId))
        .limit(1);
      // A deleted video: the job finds nothing to do and completes at once.
      if (!video) return true;
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`heavy-job:${video.ownerId}`}))`,
      );
      const busy = await tx.execute(sql`
        select 1 from pgboss.job j
        join ${videos} v on v.id::text = j.data->>'videoId'
        where j.name in ('enhance', 'package') and j.state = 'active'
          and v.user_id = ${video.ownerId} and j.id <> ${job.id}::uuid
        limit 1`);
      if ((busy as { rows: unknown[] }).rows.length === 0) return true;
      // Back to 'retry' without counting the attempt; when a job for the same video is already
      // waiting (the queue allows one), that one does the work and this one is done.
      await tx.execute(sql`
        with dup as (
          select exists (
            select 1 from pgboss.job o, pgboss.job me
            where me.name = ${job.name} and me.id = ${job.id}::uuid
              and o.name = me.name and o.singleton_key = me.singleton_key
              and o.state in ('created', 'retry') and o.id <> me.id
          ) as yes
        )
        update pgboss.job j set
          state = (case when dup.yes then 'completed' else 'retry' end)::pgboss.job_state,
          completed_on = case when dup.yes then now() end,
          started_on = null,
          start_after = now() + make_interval(secs => ${delaySeconds}::double precision),
          output = jsonb_build_object('message', ${OWNER_BUSY_MESSAGE}::text)
        from dup
        where j.name = ${job.name} and j.id = ${job.id}::uuid and j.state = 'active'`);
      return false;
    });
}
