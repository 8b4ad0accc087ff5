import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  billingAccounts,
  billingEvents,
  planChanges,
  type BillingAccountRow,
  type PlanChangeRow,
} from '../../db/schema/billing';
import { users, type UserRow } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';

export interface RecordedChange {
  userId: string;
  toPlan: string;
  /**
   * The new plan's video limit: the change only applies while the owner has at most this many
   * videos. Null: applies whatever the count (Stripe ended the subscription, an admin granted it):
   * nothing is deleted or hidden, new uploads are refused until the owner is within the limit.
   */
  videoLimit: number | null;
  provider: string;
  /** checkout, portal, webhook, admin or owner (plan_changes.source). */
  source: string;
  /** The admin who granted it (source 'admin'). */
  actorId?: string;
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
     * Sets the plan and records the change (from the plan the row has now) in one transaction. The
     * owner's row is locked first (the same lock an upload takes before it counts), then the videos
     * are counted: an upload landing in between cannot leave the owner above the new limit. An owner
     * already on the plan is answered as is and nothing is recorded (a webhook and the owner's own
     * change may both apply the same plan).
     * Answers the user, or undefined when the owner now has too many videos.
     */
    async applyChange(change: RecordedChange): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(users)
          .where(eq(users.id, change.userId))
          .for('update');
        if (!locked) return undefined;
        if (locked.plan === change.toPlan) return locked;
        const [counted] = await tx
          .select({ n: count() })
          .from(videos)
          .where(eq(videos.userId, change.userId));
        if (change.videoLimit !== null && (counted?.n ?? 0) > change.videoLimit) return undefined;
        const [updated] = await tx
          .update(users)
          .set({ plan: change.toPlan, updatedAt: new Date() })
          .where(eq(users.id, change.userId))
          .returning();
        if (!updated) return undefined;
        await tx.insert(planChanges).values({
          userId: change.userId,
          fromPlan: locked.plan,
          toPlan: change.toPlan,
          provider: change.provider,
          amountCents: change.amountCents,
          externalRef: change.externalRef,
          source: change.source,
          actorId: change.actorId ?? null,
        });
        return updated;
      });
    },

    async findUser(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },

    async findAccount(userId: string): Promise<BillingAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.userId, userId));
      return row;
    },

    async findAccountByCustomer(customerId: string): Promise<BillingAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.customerId, customerId));
      return row;
    },

    /** Keeps the owner's first customer: a second one created in a race is not stored. */
    async insertAccount(userId: string, customerId: string): Promise<BillingAccountRow> {
      await db.insert(billingAccounts).values({ userId, customerId }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.userId, userId));
      return row!;
    },

    async updateAccount(
      userId: string,
      set: Partial<
        Pick<
          BillingAccountRow,
          'subscriptionId' | 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'graceUntil'
        >
      >,
    ): Promise<void> {
      await db
        .update(billingAccounts)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(billingAccounts.userId, userId));
    },

    /** Records a webhook event id; false when it was already recorded (a replay). */
    async claimEvent(eventId: string, type: string): Promise<boolean> {
      const rows = await db
        .insert(billingEvents)
        .values({ eventId, type })
        .onConflictDoNothing()
        .returning({ eventId: billingEvents.eventId });
      return rows.length === 1;
    },

    /** Forgets an event whose handling failed, so that Stripe's retry is handled. */
    async releaseEvent(eventId: string): Promise<void> {
      await db.delete(billingEvents).where(eq(billingEvents.eventId, eventId));
    },
  };
}

export type PlansRepository = ReturnType<typeof plansRepository>;
