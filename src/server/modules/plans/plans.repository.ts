import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planChanges, type PlanChangeRow } from '../../db/schema/billing';
import { users, type UserRow } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';

export interface RecordedChange {
  userId: string;
  fromPlan: string;
  toPlan: string;
  /** The new plan's video limit: the change only applies while the owner has at most this many videos. */
  videoLimit: number;
  provider: string;
  amountCents: number;
  externalRef: string | null;
}

export function plansRepository(db: Db) {
  return {
    /** Every video row of the owner, whatever its status (the upload quota counts the same way). */
    async countVideos(ownerId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(videos).where(eq(videos.userId, ownerId));
      return row?.n ?? 0;
    },

    async lastChange(userId: string): Promise<PlanChangeRow | undefined> {
      const [row] = await db
        .select()
        .from(planChanges)
        .where(eq(planChanges.userId, userId))
        .orderBy(desc(planChanges.createdAt))
        .limit(1);
      return row;
    },

    async listChanges(userId: string): Promise<PlanChangeRow[]> {
      return db
        .select()
        .from(planChanges)
        .where(eq(planChanges.userId, userId))
        .orderBy(planChanges.createdAt);
    },

    /**
     * Sets the plan and records the change in one transaction. The owner's row is locked first
     * (the same lock an upload takes before it counts), then the videos are counted: an upload
     * landing in between cannot leave the owner above the new limit.
     * Answers the updated user, or undefined when the owner now has too many videos.
     */
    async applyChange(change: RecordedChange): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, change.userId))
          .for('update');
        const [counted] = await tx
          .select({ n: count() })
          .from(videos)
          .where(eq(videos.userId, change.userId));
        if ((counted?.n ?? 0) > change.videoLimit) return undefined;
        const [updated] = await tx
          .update(users)
          .set({ plan: change.toPlan, updatedAt: new Date() })
          .where(eq(users.id, change.userId))
          .returning();
        if (!updated) return undefined;
        await tx.insert(planChanges).values({
          userId: change.userId,
          fromPlan: change.fromPlan,
          toPlan: change.toPlan,
          provider: change.provider,
          amountCents: change.amountCents,
          externalRef: change.externalRef,
        });
        return updated;
      });
    },
  };
}

export type PlansRepository = ReturnType<typeof plansRepository>;
